# Conveniences over tasks.py, which needs only Python (make is optional).
.PHONY: bot test bench demo
bot:
	python3 tasks.py bot
test:
	python3 tasks.py test
bench:
	python3 tasks.py bench
demo:
	python3 tasks.py bot demo advance-to-boardwalk --players 4 --seed 1 --out out/demo
