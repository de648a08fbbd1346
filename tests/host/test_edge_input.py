"""Input is checked at the edge: lobby options typed into /game new, the settings the bot
starts with, and display names put into Markdown posts."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from discord import app_commands

from bot.settings import ROOT, Settings, SettingsError
from bot.table.service import TableError, name_seats
from bot.text import NAME_LIMIT, markdown_name, plain_name
from cogs.games import Games
from cogs.lobby import MAX_OPTIONS_LENGTH, LobbyOptions, OptionError, offered_game, parse_options
from tests.host.conftest import SETTINGS

BOULEVARD = "hollywood-boulevard"  # one option: rounds, 4, 6 or 8
H1947 = "hollywood-1947"  # five yes/no options

# --- lobby options -----------------------------------------------------------------------

REFUSED = [
    # (game, typed, what the sentence must say)
    (BOULEVARD, "rounds=²", "`rounds` is 4, 6 or 8; not “²”."),
    (BOULEVARD, "rounds=--4", "`rounds` is 4, 6 or 8; not `--4`."),
    (BOULEVARD, "rounds=-4", "`rounds` is 4, 6 or 8; not `-4`."),
    (BOULEVARD, "rounds=08", "`rounds` is 4, 6 or 8; not `08`."),
    (BOULEVARD, "rounds=８", "`rounds` is 4, 6 or 8; not “８”."),  # full-width eight
    (BOULEVARD, "rounds=٨", "`rounds` is 4, 6 or 8; not “٨”."),  # Arabic-Indic eight: int() takes it
    (BOULEVARD, "rounds=4.0", "`rounds` is 4, 6 or 8; not `4.0`."),
    (BOULEVARD, "rounds=1e1", "`rounds` is 4, 6 or 8; not `1e1`."),
    (BOULEVARD, "rounds=5", "`rounds` is 4, 6 or 8; not `5`."),
    (BOULEVARD, "rounds=", "`rounds` is 4, 6 or 8; not nothing."),
    (BOULEVARD, "rounds=" + "9" * 150, "`rounds` is 4, 6 or 8; not “999"),
    (BOULEVARD, "rounds=" + "9" * 5000, "Lobby options are at most 200 characters; yours are 5,007."),
    (BOULEVARD, "x" * (MAX_OPTIONS_LENGTH + 1), "Lobby options are at most 200 characters; yours are 201."),
    (BOULEVARD, "roundz=4", "Hollywood Boulevard has no option called `roundz`; its options are rounds, clock, takebacks, coach."),
    (BOULEVARD, "rounds=4 rounds=6", "`rounds` is given twice; give each option once."),
    (BOULEVARD, "rounds=4, Rounds=4", "`rounds` is given twice"),
    (BOULEVARD, "rounds", "Write each option as name=value, like `rounds=6`; `rounds` has no “=”."),
    (BOULEVARD, "8", "has no “=”."),
    (BOULEVARD, "**rounds**=4", "has no option called “\\*\\*rounds\\*\\*”"),  # echoed, not styling the reply
    (BOULEVARD, "@everyone=4", "has no option called “@\u200beveryone”"),
    (BOULEVARD, "rounds=<@&5>", "not “\\<@\u200b&5>”."),
    (H1947, "union_strike=maybe", "`union_strike` is yes or no; not `maybe`."),
    (H1947, "union_strike=ｙｅｓ", "`union_strike` is yes or no; not “ｙｅｓ”."),
    (H1947, "speed=9", ("Hollywood 1947 has no option called `speed`; its options are handpick_jobs, "
                       "justice_served, random_loyalties, studio_order, union_strike, clock, takebacks, coach.")),
    ("advance-to-boardwalk", "speed=9", "Advance to Boardwalk has no option called `speed`; its options are clock, takebacks, coach."),
    ("chess", "rounds=4", "`chess` is not a game I host; choose one of: "),
    ("x" * 5000, "rounds=4", "is not a game I host"),
    (None, "rounds=4", "is not a game I host"),
]


@pytest.mark.parametrize(("game", "typed", "sentence"), REFUSED)
def test_every_bad_option_is_refused_with_a_sentence(game, typed, sentence):
    with pytest.raises(OptionError) as refused:
        parse_options(game, typed)
    said = str(refused.value)
    assert sentence in said
    # A sentence for a person: one line, short, ends like one, and shows what they typed safely.
    assert "\n" not in said and len(said) <= 300 and said.endswith(".")
    assert isinstance(refused.value, TableError)  # the guarded handlers answer it as a sentence


def test_good_options_parse_into_the_games_values():
    assert parse_options(BOULEVARD, None) == {}
    assert parse_options(BOULEVARD, "  ") == {}
    assert parse_options(BOULEVARD, "rounds=8") == {"rounds": 8}
    assert parse_options(BOULEVARD, "Rounds = 4") == {"rounds": 4}
    assert parse_options(H1947, "union-strike=YES, studio_order=off") == {"union_strike": True,
                                                                          "studio_order": False}


def test_a_forged_game_is_refused_before_anything_else():
    with pytest.raises(OptionError, match="is not a game I host"):
        offered_game("chess")
    with pytest.raises(OptionError) as refused:
        offered_game("**x** " * 1000)
    assert len(str(refused.value)) < 300 and "\\*\\*x\\*\\*" in str(refused.value)
    assert offered_game(BOULEVARD).name == "Hollywood Boulevard"


def _interaction(game: str | None) -> SimpleNamespace:
    return SimpleNamespace(namespace=SimpleNamespace(game=game))


async def test_the_transformer_reads_the_game_chosen_in_the_same_command():
    assert await LobbyOptions().transform(_interaction(BOULEVARD), "rounds=8") == {"rounds": 8}
    with pytest.raises(OptionError, match="has no option called `rounds`"):
        await LobbyOptions().transform(_interaction(H1947), "rounds=8")


async def test_discord_py_passes_the_refusal_on_unwrapped():
    """A transformer's plain exception becomes a TransformerError, which the tree's handler
    would answer as "something went wrong"; an OptionError (an AppCommandError) goes through."""
    options = Games.new._params["options"]
    assert await options.transform(_interaction(BOULEVARD), "rounds=6") == {"rounds": 6}
    with pytest.raises(OptionError, match="not “²”"):
        await options.transform(_interaction(BOULEVARD), "rounds=²")
    assert issubclass(OptionError, app_commands.AppCommandError)


def test_discord_bounds_the_options_text_and_still_suggests_options():
    schema = {o["name"]: o for o in Games.new.to_dict(None)["options"]}
    assert schema["options"]["max_length"] == MAX_OPTIONS_LENGTH
    assert schema["options"]["autocomplete"] is True
    assert "advance-to-boardwalk" in [c["value"] for c in schema["game"]["choices"]]


# --- settings ----------------------------------------------------------------------------





def test_good_settings_are_read(env):
    env(DISCORD_TOKEN="MTk4NjIyNDgzNDcxOTI1MjQ4.Cl2FMQ.ZnCjm1XVW7vRze4b7Cq4se7kKWs",
        MARQUEE_DB="var/test.sqlite", DEV_GUILD_ID="123456789012345678", REMINDER_HOURS="0.5",
        LOG_LEVEL="debug", MARQUEE_GUILD_READY_TIMEOUT="0.05")
    settings = Settings.from_env()
    assert settings.database == ROOT / "var" / "test.sqlite"
    assert (settings.dev_guild_id, settings.reminder_hours, settings.log_level) == (123456789012345678, 0.5, "DEBUG")
    assert settings.guild_ready_timeout == 0.05


def test_defaults_when_nothing_is_set(env):
    settings = Settings.from_env()
    assert settings.token is None and settings.database == ROOT / "var" / "marquee.sqlite"
    assert (settings.dev_guild_id, settings.reminder_hours, settings.log_level) == (None, 12.0, "INFO")


@pytest.mark.parametrize(("url", "path"), [("sqlite:///var/x.sqlite", ROOT / "var" / "x.sqlite"),
                                           ("sqlite:////tmp/x.sqlite", Path("/tmp/x.sqlite"))])
def test_an_sqlite_url_is_a_path(env, url, path):
    env(MARQUEE_DB=url)
    assert Settings.from_env().database == path


def test_every_bad_setting_is_named_at_once(env):
    env(DISCORD_TOKEN="Bot abc", MARQUEE_DB="mysql://marquee:hunter2@db/marquee",
        DEV_GUILD_ID="my server", REMINDER_HOURS="soon", LOG_LEVEL="LOUD",
        MARQUEE_GUILD_READY_TIMEOUT="-1")
    with pytest.raises(SettingsError) as bad:
        Settings.from_env()
    assert bad.value.problems == [
        "DISCORD_TOKEN is the token alone, without “Bot ” in front.",
        ("MARQUEE_DB=mysql://… : mysql databases are not supported; use an SQLite file path or a "
         "postgresql:// URL."),
        ("DEV_GUILD_ID must be a server id, 17 to 20 digits (in Discord: right-click the server, "
        "Copy Server ID); got 'my server'."),
        "LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR; got 'LOUD'.",
        "REMINDER_HOURS must be a number of hours (more than 0, at most 8760), like 12; got 'soon'.",
        "MARQUEE_GUILD_READY_TIMEOUT must be a number of seconds (0 or more, at most 600), like 2; got '-1'.",
    ]
    assert "hunter2" not in str(bad.value)  # a URL's password is never echoed


@pytest.mark.parametrize(("name", "value", "said"), [
    ("DISCORD_TOKEN", "a client secret with spaces", "does not look like a bot token"),
    ("DISCORD_TOKEN", "abcdefghijklmnopqrstuvwxyz012345", "does not look like a bot token"),
    ("MARQUEE_DB", "sqlserver://u@h/d", "MARQUEE_DB=sqlserver://… : sqlserver databases are not"),
    ("MARQUEE_SHARDS", "0-3", "MARQUEE_SHARDS must be shard numbers joined by commas, like 0,1"),
    ("MARQUEE_SHARDS", "0,1/1", "MARQUEE_SHARDS names a shard twice ('0,1/1')"),
    ("MARQUEE_SHARDS", "0,1", "MARQUEE_SHARDS needs MARQUEE_SHARD_COUNT"),
    ("MARQUEE_SHARD_COUNT", "0", "MARQUEE_SHARD_COUNT must be a whole number of shards, 1 to 4096"),
    ("MARQUEE_LEASE_SECONDS", "long", "MARQUEE_LEASE_SECONDS must be a number of seconds"),
    ("MARQUEE_DB", "mysql://u@h/d", "MARQUEE_DB=mysql://… : mysql databases are not supported"),
    ("MARQUEE_DB", "bot", "MARQUEE_DB=bot is a folder; name an SQLite file in it, like bot/marquee.sqlite."),
    ("DEV_GUILD_ID", "12", "DEV_GUILD_ID must be a server id"),
    ("DEV_GUILD_ID", "99999999999999999999", "DEV_GUILD_ID must be a server id"),  # past 2**64
    ("DEV_GUILD_ID", "１２３４５６７８９０１２３４５６７８", "DEV_GUILD_ID must be a server id"),
    ("REMINDER_HOURS", "0", "REMINDER_HOURS must be a number of hours (more than 0, at most 8760), like 12; got '0'."),
    ("REMINDER_HOURS", "-3", "REMINDER_HOURS must be a number of hours"),
    ("REMINDER_HOURS", "inf", "REMINDER_HOURS must be a number of hours"),
    ("REMINDER_HOURS", "nan", "REMINDER_HOURS must be a number of hours"),
    ("REMINDER_HOURS", "١٢", "REMINDER_HOURS must be a number of hours"),  # float() would take it
    ("REMINDER_HOURS", "9" * 400, "REMINDER_HOURS must be a number of hours"),  # float() gives inf
    ("MARQUEE_GUILD_READY_TIMEOUT", "soon", "must be a number of seconds"),
    ("MARQUEE_API_BASE", "127.0.0.1:80", "MARQUEE_API_BASE must be a URL starting http:// or https://"),
])
def test_a_bad_setting_says_what_it_should_be(env, name, value, said):
    env(**{name: value})
    with pytest.raises(SettingsError) as bad:
        Settings.from_env()
    assert len(bad.value.problems) == 1 and said in bad.value.problems[0]
    if name == "DISCORD_TOKEN":
        assert value not in bad.value.problems[0]  # a token is a secret, even a wrong one


#: Each numeric setting, and what it makes of "²", "-1", "0", "1e3" and "" (None: refused in a
#: sentence naming it; the empty string is the setting left unset).
NUMERIC = {
    "REMINDER_HOURS": (None, None, None, None, 12.0),
    "MARQUEE_GUILD_READY_TIMEOUT": (None, None, 0.0, None, None),
    "MARQUEE_SHARD_COUNT": (None, None, None, None, None),
    "MARQUEE_LEASE_SECONDS": (None, None, None, None, 30.0),
    "MARQUEE_DRAWING_WORKERS": (None, None, None, None, None),
    "MARQUEE_STRONG_BOTS": (None, None, 0, None, 2),
    "DEV_GUILD_ID": (None, None, None, None, None),
    "MARQUEE_HTTP_PORT": (None, None, None, None, None),
}
FIELDS = {"REMINDER_HOURS": "reminder_hours", "MARQUEE_GUILD_READY_TIMEOUT": "guild_ready_timeout",
          "MARQUEE_SHARD_COUNT": "shard_count", "MARQUEE_LEASE_SECONDS": "lease_seconds",
          "MARQUEE_DRAWING_WORKERS": "drawing_workers", "MARQUEE_STRONG_BOTS": "strong_bots",
          "DEV_GUILD_ID": "dev_guild_id",
          "MARQUEE_HTTP_PORT": "http_port"}


@pytest.mark.parametrize("name", sorted(NUMERIC))
@pytest.mark.parametrize(("index", "value"), list(enumerate(["²", "-1", "0", "1e3", ""])))
def test_a_numeric_setting_is_plain_digits_within_bounds(env, name, index, value):
    env(**{name: value})
    expected = NUMERIC[name][index]
    if expected is None and value:
        with pytest.raises(SettingsError) as bad:
            Settings.from_env()
        assert len(bad.value.problems) == 1 and bad.value.problems[0].startswith(f"{name} must be ")
        assert repr(value) in bad.value.problems[0]
    else:
        assert getattr(Settings.from_env(), FIELDS[name]) == expected


@pytest.mark.parametrize("value", ["²", "-1", "1e3", "0,²", "0/4096"])
def test_shard_numbers_are_plain_digits(env, value):
    env(MARQUEE_SHARDS=value, MARQUEE_SHARD_COUNT="2")
    with pytest.raises(SettingsError) as bad:
        Settings.from_env()
    assert bad.value.problems[0].startswith("MARQUEE_SHARDS must be shard numbers")


def test_a_lease_long_enough_to_renew_calmly(env):
    env(MARQUEE_LEASE_SECONDS="4.5")
    with pytest.raises(SettingsError, match=r"MARQUEE_LEASE_SECONDS must be a number of seconds \(5 or more"):
        Settings.from_env()
    env(MARQUEE_LEASE_SECONDS="5")
    assert Settings.from_env().lease_seconds == 5.0


def test_python_m_bot_with_bad_settings_exits_2_with_one_line_each(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in SETTINGS}
    env.update(MARQUEE_DB="mysql://marquee@db/marquee", REMINDER_HOURS="soon", LOG_LEVEL="LOUD",
               DEV_GUILD_ID="abc", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert "Traceback" not in done.stderr and done.stdout == ""
    assert lines[1:] == [
        ("MARQUEE_DB=mysql://… : mysql databases are not supported; use an SQLite file path or a "
         "postgresql:// URL."),
        ("DEV_GUILD_ID must be a server id, 17 to 20 digits (in Discord: right-click the server, "
        "Copy Server ID); got 'abc'."),
        "LOG_LEVEL must be one of DEBUG, INFO, WARNING, ERROR; got 'LOUD'.",
        "REMINDER_HOURS must be a number of hours (more than 0, at most 8760), like 12; got 'soon'.",
    ]
    # Nothing was created for the URL taken as a path (SQLite's folder "mysql:").
    assert not list(tmp_path.iterdir()) and not (ROOT / "mysql:").exists()


def test_a_postgresql_url_is_kept_as_given(env):
    env(MARQUEE_DB="postgresql://marquee:secret@db:5432/marquee")
    assert Settings.from_env().database == "postgresql://marquee:secret@db:5432/marquee"


def test_shard_groups_name_each_process_s_shards(env):
    env(MARQUEE_SHARDS="0,1/2/3", MARQUEE_SHARD_COUNT="4", MARQUEE_LEASE_SECONDS="5", MARQUEE_DRAWING_WORKERS="1")
    settings = Settings.from_env()
    assert settings.shard_groups == ((0, 1), (2,), (3,)) and settings.shard_count == 4
    assert settings.shard_ids is None and settings.lease_seconds == 5.0  # a launcher's: no one group
    assert settings.drawing_workers == 1
    env(MARQUEE_SHARDS="2", MARQUEE_SHARD_COUNT="4")
    assert Settings.from_env().shard_ids == (2,)
    env(MARQUEE_SHARDS="4", MARQUEE_SHARD_COUNT="4")
    with pytest.raises(SettingsError) as bad:
        Settings.from_env()
    assert bad.value.problems == [("MARQUEE_SHARDS names shard 4, but shards are numbered 0 to 3 "
                                  "(MARQUEE_SHARD_COUNT=4).")]


# --- names in Markdown -------------------------------------------------------------------

NASTY = "**Bold** @everyone <@1> `x` [link](http://x)"


@pytest.mark.parametrize(("name", "shown"), [
    ("**Bold**", "\\*\\*Bold\\*\\*"),
    ("__u__ ~~s~~ ||spoiler||", "\\_\\_u\\_\\_ \\~\\~s\\~\\~ \\|\\|spoiler\\|\\|"),
    ("`code`", "\\`code\\`"),
    ("[link](http://x)", "\\[link\\](http\\://x)"),
    ("@everyone @here", "@\u200beveryone @\u200bhere"),
    ("<@123456789012345678>", "\\<@\u200b123456789012345678>"),
    ("<@!1> <@&5> <#7>", "\\<@\u200b!1> \\<@\u200b&5> \\<#7>"),
    ("# Big", "\\# Big"),
    ("-# small", "\\-# small"),
    ("> quote", "\\> quote"),
    ("- item", "\\- item"),
    ("1. first", "1\\. first"),
    ("back\\slash", "back\\\\slash"),
    ("two\nlines", "two lines"),
    ("Alice (bot)", "Alice (bot)"),
    ("Zoë 🎲", "Zoë 🎲"),
])
def test_a_name_is_made_safe_for_markdown(name, shown):
    assert markdown_name(name) == shown


def test_names_are_one_clipped_line():
    assert plain_name("a\nb\tc\u202ed\x00e") == "a b cd e"  # no line breaks, no right-to-left override
    long = plain_name("x" * 100)
    assert len(long) == NAME_LIMIT and long.endswith("…")
    assert plain_name(NASTY) == NASTY[:NAME_LIMIT - 1] + "…"  # labels are plain text: raw, but clipped


def test_seat_names_in_messages_are_escaped_and_in_labels_plain():
    names = ["Alice", NASTY]
    text = name_seats("{p1} pays {p0} $3.", names)
    assert text == f"**{markdown_name(NASTY)}** pays **Alice** $3."
    assert "@everyone" not in text and "<@1>" not in text and "**Bold**" not in text
    assert name_seats("Pay {p1}", names, bold=False) == f"Pay {plain_name(NASTY)}"
