# Conveniences over tasks.py, which needs only Python (make is optional).
.PHONY: bot test check lock bench demo
bot:
	python3 tasks.py bot
test:
	python3 tasks.py test
check:
	python3 tasks.py check
lock:
	python3 tasks.py lock
bench:
	python3 tasks.py bench
demo:
	python3 tasks.py bot demo advance-to-boardwalk --players 4 --seed 1 --out out/demo
