"""``python -m bot``: run the bot, or the offline demo when there is no token.

    python -m bot                      run on Discord (DISCORD_TOKEN from .env or the environment)
    python -m bot demo GAME [options]  play a whole game with bots offline (see --help)
    python -m bot outbox [retry ID…|--all]  list the posts and DMs the bot gave up on; retry them
    python -m bot sync                 sync the slash commands to Discord now (DEV_GUILD_ID's server, or global)
    python -m bot check [--offline]    check the settings, migrate the database, ask Discord about the token

    python -m bot --shards 0,1 --shard-count 4       run shards 0 and 1 of 4 in this process
    python -m bot --shards 0,1/2/3 --shard-count 4   a process per group (bot/launcher.py)
(the same as MARQUEE_SHARDS and MARQUEE_SHARD_COUNT; several processes share a PostgreSQL MARQUEE_DB)
"""
from __future__ import annotations

import os
import sys

from bot import demo
from bot.delivery.parked import outbox_command
from bot.settings import Settings, SettingsError
from bot.watch import logs

NO_TOKEN = """\
No DISCORD_TOKEN is set, so Marquee cannot connect to Discord.

To get one:
  1. Open https://discord.com/developers/applications and create an application.
  2. Under "Bot", reset the token and copy it.
  3. Copy .env.example to .env and set DISCORD_TOKEN=<your token> (and DEV_GUILD_ID=<your
     server id> for instant slash commands while developing).
  4. Invite the bot with the OAuth2 URL generator: scopes "bot" and "applications.commands";
     permissions Send Messages, Create Public Threads, Send Messages in Threads, Attach Files,
     Embed Links.

Meanwhile, here is the offline demo: a whole game played by bots.
"""


#: Command-line options that stand for settings (they win over the environment and .env).
OPTIONS = {"--shards": "MARQUEE_SHARDS", "--shard-count": "MARQUEE_SHARD_COUNT"}


def _options(argv: list[str]) -> list[str] | None:
    """Put leading ``--option value`` pairs in the environment; the rest of ``argv``, or None
    when an option lacks its value."""
    while argv and argv[0].split("=")[0] in OPTIONS:
        name, _, value = argv[0].partition("=")
        if not value:
            if len(argv) < 2:
                return None
            value, argv = argv[1], argv[1:]
        os.environ[OPTIONS[name]] = value
        argv = argv[1:]
    return argv


def main(argv: list[str] | None = None) -> int:
    argv = _options(sys.argv[1:] if argv is None else argv)
    if argv is None:
        print(__doc__)
        return 2
    try:
        settings = Settings.from_env()
    except SettingsError as error:  # a sentence per bad setting, no traceback
        print("Marquee cannot start until these settings are fixed (in .env or the environment):",
              *error.problems, sep="\n", file=sys.stderr)
        return 2
    logs.configure(settings.log_level, settings.log_format)
    if argv and argv[0] == "demo":
        return demo.main(argv[1:])
    if argv and argv[0] == "check":
        from bot import preflight

        return preflight.main(settings, argv[1:])
    if argv and argv[0] == "outbox":
        return outbox_command(argv[1:], settings.database)
    if argv == ["sync"]:
        if settings.token is None:
            print(NO_TOKEN.split("\n\nMeanwhile")[0], file=sys.stderr)
            return 2
        from bot.app import (
            sync,  # a start syncs only changed commands; this syncs whatever the state
        )

        return sync(settings)
    if argv:
        print(__doc__)
        return 2
    if settings.token is None:
        print(NO_TOKEN)
        return demo.main(["advance-to-boardwalk", "--players", "3", "--out", "out/demo"])
    if settings.shard_groups and len(settings.shard_groups) > 1:
        from bot.launcher import launch

        return launch(settings.shard_groups, settings.shard_count or 1)
    from bot.app import run  # imported here so the demo needs no Discord client

    return run(settings)
