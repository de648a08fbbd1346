"""Serving an aiohttp application on a port, as the health and metrics endpoints and the
game pages (bot/web) both do."""
from __future__ import annotations

from aiohttp import web


async def listen(app: web.Application, host: str, port: int) -> tuple[web.AppRunner, int]:
    """Serve ``app`` on ``host``:``port`` (0: any free port); the runner, to clean up when
    done, and the port taken. Nothing is left behind when the port cannot be had."""
    runner = web.AppRunner(app, access_log=None, handle_signals=False)
    await runner.setup()
    try:
        await web.TCPSite(runner, host, port).start()
    except BaseException:
        await runner.cleanup()
        raise
    return runner, runner.addresses[0][1]
