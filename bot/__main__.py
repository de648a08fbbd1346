from bot.cli import main

# Guarded: the drawing pool's worker processes import the main module as ``__mp_main__``
# (multiprocessing does, to find the jobs' functions), and must not start a second bot.
if __name__ == "__main__":
    raise SystemExit(main())
