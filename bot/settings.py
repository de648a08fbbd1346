"""Settings from the environment (and a .env file beside the project, if present).

Every setting is checked when the bot starts: a bad one is named in a sentence that says
what it should look like, all bad ones at once (``SettingsError``), rather than failing
later as a traceback or, for a database URL, as an SQLite file in a folder named "postgresql:".
"""
from __future__ import annotations

import ipaddress
import math
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv

ROOT = Path(__file__).resolve().parents[1]
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
#: More shards than any bot has (Discord asks for one per 1,000 to 2,500 servers).
MOST_SHARDS = 4096
LOG_FORMATS = ("text", "json")
#: Settings only the test suite sets: each is refused unless the bot talks to the simulated
#: Discord (MARQUEE_API_BASE), so none can change a real bot's behaviour by accident.
TEST_PREFIX = "MARQUEE_TEST_"
#: Whose X-Forwarded-For the game pages believe, unless MARQUEE_TRUSTED_PROXIES says otherwise:
#: this machine alone, where the README's proxies run. A wider default (the private ranges)
#: would let anything on a shared network or container bridge claim any address.
LOOPBACK = (ipaddress.ip_network("127.0.0.0/8"), ipaddress.ip_network("::1/128"))
Network = ipaddress.IPv4Network | ipaddress.IPv6Network

# A bot token is base64url parts joined by dots (the simulated Discord's has two parts).
_TOKEN = re.compile(r"[A-Za-z0-9_-]{2,}(\.[A-Za-z0-9_-]{2,}){1,2}")
_SNOWFLAKE = re.compile(r"[0-9]{17,20}")
# Numbers in plain ASCII digits only: str.isdigit(), int() and float() also take "²", "١٢"
# and "1_0", which nobody means in a setting.
_NUMBER = re.compile(r"[0-9]+(\.[0-9]+)?|\.[0-9]+")
_DIGITS = re.compile(r"[0-9]+")
_URL_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*)://")
_PORT = re.compile(r"[0-9]{1,5}")
_LABEL = r"[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?"  # of a host name, between its dots
_HOST_NAME = re.compile(rf"{_LABEL}(\.{_LABEL})*")


class SettingsError(Exception):
    """Settings the bot cannot start with; ``problems`` has one sentence for each."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class Settings:
    token: str | None
    database: Path | str  # an SQLite file, or a postgresql:// URL (never logged: it may hold a password)
    dev_guild_id: int | None
    log_level: str
    reminder_hours: float = 12.0
    # Set only by the simulated Discord in tests: where the REST API and gateway are.
    api_base: str | None = None
    gateway_url: str | None = None
    guild_ready_timeout: float | None = None
    # Several processes (bot/launcher.py): each runs one group of the gateway's shards, all
    # against one PostgreSQL database. None: one process, every shard Discord recommends.
    shard_groups: tuple[tuple[int, ...], ...] | None = None
    shard_count: int | None = None
    lease_seconds: float = 30.0
    drawing_workers: int | None = None  # processes drawing boards; one per CPU unless set
    strong_bots: int = 2  # strong bots' decisions thought at once (0: they play at the normal level)
    # Watching the bot (bot/watch/health.py): /healthz and /metrics on this port, off unless set
    # (0, only in tests: any free port); on loopback unless another address is given.
    http_port: int | None = None
    http_host: str = "127.0.0.1"
    log_format: str = "text"  # or "json": one JSON object a line (bot/watch/logs.py)
    # A page for every game (bot/web): the address players open (behind a reverse proxy with
    # TLS, say), and the port the bot serves the pages on. Off unless a public address is set.
    public_url: str | None = None
    web_port: int = 8080
    web_host: str = "127.0.0.1"
    # The reverse proxies whose X-Forwarded-For names the reader (bot/web/server.py); empty:
    # none, every reader is its peer's address.
    trusted_proxies: tuple[Network, ...] = LOOPBACK
    # Discord's privileged members intent, opted into: a member who leaves the server has their
    # seats handed to bots at once. Off, a silent seat is handed over by its turn clock instead.
    members_intent: bool = False
    # Test-only: the outbox's first retry delay, in seconds (the real one is 10), so a test
    # of an outage takes seconds. Refused outside the simulated Discord (TEST_PREFIX).
    test_outbox_base_delay: float | None = None

    @property
    def shard_ids(self) -> tuple[int, ...] | None:
        """This process's shards (the one group it runs; the launcher starts one per group)."""
        return self.shard_groups[0] if self.shard_groups and len(self.shard_groups) == 1 else None

    @classmethod
    def from_env(cls) -> Settings:
        """The settings in the environment; ``SettingsError`` names every one that is bad."""
        load_dotenv(ROOT / ".env")
        problems: list[str] = []

        def setting(name: str, check, default=None):
            raw = os.environ.get(name, "").strip()
            if not raw:
                return default
            value, problem = check(name, raw)
            if problem:
                problems.append(problem)
            return value

        settings = cls(
            token=setting("DISCORD_TOKEN", _token),
            database=setting("MARQUEE_DB", _database, ROOT / "var" / "marquee.sqlite"),
            dev_guild_id=setting("DEV_GUILD_ID", _snowflake),
            log_level=setting("LOG_LEVEL", _log_level, "INFO"),
            reminder_hours=setting("REMINDER_HOURS", _amount("hours", 12, above=0, most=24 * 365), 12.0),
            api_base=setting("MARQUEE_API_BASE", _url("http://", "https://")),
            gateway_url=setting("MARQUEE_GATEWAY_URL", _url("ws://", "wss://")),
            guild_ready_timeout=setting("MARQUEE_GUILD_READY_TIMEOUT", _amount("seconds", 2, least=0, most=600)),
            shard_groups=setting("MARQUEE_SHARDS", _shard_groups),
            shard_count=setting("MARQUEE_SHARD_COUNT", _whole("shards", least=1, most=MOST_SHARDS)),
            # A lease renews three times a lifetime: shorter than a few seconds, renewals are
            # all the database hears (and a busy moment hands shards over for nothing).
            lease_seconds=setting("MARQUEE_LEASE_SECONDS", _amount("seconds", 30, least=5, most=3600), 30.0),
            drawing_workers=setting("MARQUEE_DRAWING_WORKERS", _whole("worker processes", least=1, most=64)),
            strong_bots=setting("MARQUEE_STRONG_BOTS", _whole("decisions", least=0, most=64), 2),
            http_port=setting("MARQUEE_HTTP_PORT", _port),
            http_host=setting("MARQUEE_HTTP_HOST", _host, "127.0.0.1"),
            log_format=setting("MARQUEE_LOG_FORMAT", _log_format, "text"),
            public_url=setting("MARQUEE_PUBLIC_URL", _public_url),
            web_port=setting("MARQUEE_WEB_PORT", _port, 8080),
            web_host=setting("MARQUEE_WEB_HOST", _host, "127.0.0.1"),
            members_intent=setting("MARQUEE_MEMBERS_INTENT", _flag, False),
            trusted_proxies=setting("MARQUEE_TRUSTED_PROXIES", _networks, LOOPBACK),
            # At least 50 ms: at 0 the outbox would look for work ~1,900 times a second.
            test_outbox_base_delay=setting("MARQUEE_TEST_OUTBOX_BASE_DELAY",
                                           _amount("seconds", 1, least=0.05, most=60)),
        )
        problems += _sharding_problems(settings)
        problems += _test_hook_problems(settings)
        if problems:
            raise SettingsError(problems)
        return settings


def child_environment(changes: Mapping[str, str]) -> dict[str, str]:
    """The environment for a process the bot starts (bot/launcher.py): this one's, which its
    settings were read from (.env included), with ``changes``."""
    return {**os.environ, **changes}


def _test_hook_problems(settings: Settings) -> list[str]:
    """A sentence for each test-only setting given to a bot that talks to the real Discord."""
    if settings.api_base is not None:
        return []
    return [f"{name} is for the test suite's simulated Discord only (with MARQUEE_API_BASE); unset it."
            for name, value in sorted(os.environ.items()) if name.startswith(TEST_PREFIX) and value.strip()]


# Each check takes the setting's name and raw text, and returns (value, None) or
# (None, a sentence saying what is wrong).

def _shown(raw: str) -> str:
    return repr(raw if len(raw) <= 40 else raw[:39] + "…")


def _token(name: str, raw: str) -> tuple[str | None, str | None]:
    if raw.lower().startswith("bot "):
        return None, f"{name} is the token alone, without “Bot ” in front."
    if not _TOKEN.fullmatch(raw):  # never echoed: a token is a secret, even a mistyped one
        return None, (f"{name} does not look like a bot token (parts of letters and digits joined by "
                      "dots): copy it from your application's Bot page (Reset Token), not its client secret.")
    return raw, None


def _database(name: str, raw: str) -> tuple[Path | str | None, str | None]:
    if raw.startswith("sqlite:///"):  # SQLAlchemy's spelling: sqlite:///relative, sqlite:////absolute
        raw = raw[len("sqlite:///"):]
    elif scheme := _URL_SCHEME.match(raw):
        kind = scheme[1].lower()
        if kind in ("postgres", "postgresql"):
            return raw, None
        # Only the scheme is echoed: the rest of a URL may carry a password.
        return None, (f"{name}={kind}://… : {kind} databases are not supported; use an SQLite file "
                      "path or a postgresql:// URL.")
    path = Path(raw).expanduser()
    path = path if path.is_absolute() else ROOT / path
    if path.is_dir():
        return None, f"{name}={raw} is a folder; name an SQLite file in it, like {Path(raw) / 'marquee.sqlite'}."
    return path, None


def _snowflake(name: str, raw: str) -> tuple[int | None, str | None]:
    if _SNOWFLAKE.fullmatch(raw) and int(raw) < 2**64:
        return int(raw), None
    return None, (f"{name} must be a server id, 17 to 20 digits (in Discord: right-click the server, "
                  f"Copy Server ID); got {_shown(raw)}.")


def _log_level(name: str, raw: str) -> tuple[str | None, str | None]:
    if raw.upper() in LOG_LEVELS:
        return raw.upper(), None
    return None, f"{name} must be one of {', '.join(LOG_LEVELS)}; got {_shown(raw)}."


def _log_format(name: str, raw: str) -> tuple[str | None, str | None]:
    if raw.lower() in LOG_FORMATS:
        return raw.lower(), None
    return None, f"{name} must be {' or '.join(LOG_FORMATS)}; got {_shown(raw)}."


def _flag(name: str, raw: str) -> tuple[bool | None, str | None]:
    if raw.lower() in ("1", "true", "yes", "on"):
        return True, None
    if raw.lower() in ("0", "false", "no", "off"):
        return False, None
    return None, f"{name} must be 1 (on) or 0 (off); got {_shown(raw)}."


def _port(name: str, raw: str) -> tuple[int | None, str | None]:
    if _PORT.fullmatch(raw) and 1 <= int(raw) <= 65535:
        return int(raw), None
    return None, f"{name} must be a port number, 1 to 65535, like 9100; got {_shown(raw)}."


def _host(name: str, raw: str) -> tuple[str | None, str | None]:
    """An address to listen on: an IPv4 or IPv6 address, or a host name."""
    try:
        return str(ipaddress.ip_address(raw)), None
    except ValueError:
        pass
    if raw.isascii() and len(raw) <= 253 and _HOST_NAME.fullmatch(raw):
        return raw, None
    return None, (f"{name} must be an address to listen on, like 127.0.0.1 (this machine only), "
                  f"0.0.0.0 or :: (every network), or a host name; got {_shown(raw)}.")


def _amount(unit: str, example: int, *, least: float | None = None, above: float | None = None,
            most: float):
    """A number of ``unit`` from ``least`` (or more than ``above``) to ``most``."""
    floor = f"{least:g} or more" if least is not None else f"more than {above:g}"

    def check(name: str, raw: str) -> tuple[float | None, str | None]:
        value = _number(raw)
        if (value is None or value > most or least is not None and value < least
                or above is not None and value <= above):
            return None, (f"{name} must be a number of {unit} ({floor}, at most {most:g}), like {example}; "
                          f"got {_shown(raw)}.")
        return value, None

    return check


def _whole(unit: str, *, least: int, most: int):
    """A whole number of ``unit``, ``least`` to ``most``."""
    def check(name: str, raw: str) -> tuple[int | None, str | None]:
        if _DIGITS.fullmatch(raw) and least <= int(raw) <= most:
            return int(raw), None
        return None, f"{name} must be a whole number of {unit}, {least} to {most}; got {_shown(raw)}."

    return check


def _number(raw: str) -> float | None:
    """A finite number written in plain ASCII digits (float() also takes "١٢", "inf", "1_0")."""
    if not _NUMBER.fullmatch(raw):
        return None
    value = float(raw)
    return value if math.isfinite(value) else None


def _shard_groups(name: str, raw: str) -> tuple[tuple[tuple[int, ...], ...] | None, str | None]:
    groups = [group.split(",") for group in raw.replace(" ", "").split("/")]
    if not all(_DIGITS.fullmatch(part) and int(part) < MOST_SHARDS for group in groups for part in group):
        return None, (f"{name} must be shard numbers joined by commas, like 0,1, or groups of them "
                      f"joined by slashes for a process each, like 0,1/2/3; got {_shown(raw)}.")
    found = tuple(tuple(int(part) for part in group) for group in groups)
    every = [shard for group in found for shard in group]
    if len(every) != len(set(every)):
        return None, f"{name} names a shard twice ({_shown(raw)}): each shard is run by one process."
    return found, None


def _sharding_problems(settings: Settings) -> list[str]:
    if settings.shard_groups is None:
        return []
    if settings.shard_count is None:
        return [("MARQUEE_SHARDS needs MARQUEE_SHARD_COUNT, the number of shards of the whole bot "
                "(every process's together), like 4.")]
    beyond = sorted(s for group in settings.shard_groups for s in group if s >= settings.shard_count)
    if beyond:
        return [(f"MARQUEE_SHARDS names shard {beyond[0]}, but shards are numbered 0 to "
                f"{settings.shard_count - 1} (MARQUEE_SHARD_COUNT={settings.shard_count}).")]
    return []


def _public_url(name: str, raw: str) -> tuple[str | None, str | None]:
    """The address players open a game's page at: http(s), a host, perhaps a path; no query."""
    if _URL_SCHEME.match(raw) and raw.lower().startswith(("http://", "https://")) \
            and "?" not in raw and "#" not in raw and len(raw.split("://", 1)[1].strip("/")) > 0:
        return raw.rstrip("/"), None
    return None, (f"{name} must be the address players open the game pages at, starting http:// or "
                  f"https://, like https://marquee.example.org; got {_shown(raw)}.")


def _url(*schemes: str):
    def check(name: str, raw: str) -> tuple[str | None, str | None]:
        if raw.startswith(schemes):
            return raw, None
        return None, f"{name} must be a URL starting {' or '.join(schemes)}; got {_shown(raw)}."

    return check


def _networks(name: str, raw: str) -> tuple[tuple[Network, ...] | None, str | None]:
    """Addresses and CIDR ranges joined by commas (an address is a range of one), or "none"."""
    if raw.lower() == "none":
        return (), None
    found = []
    for part in (part.strip() for part in raw.split(",")):
        try:
            network = ipaddress.ip_network(part)
        except ValueError:
            return None, _bad_network(name, part)
        found.append(network)
    return tuple(found), None


def _bad_network(name: str, part: str) -> str:
    try:
        meant = ipaddress.ip_network(part, strict=False)  # an address with a prefix: 10.0.0.7/8
    except ValueError:
        return (f"{name} must be addresses or ranges of the proxies in front of the game pages, joined by "
                f"commas, like 127.0.0.1,10.0.0.0/8,fd00::/8 (or none); {_shown(part)} is neither.")
    return (f"{name} names the range {_shown(part)}, whose address has bits past its /{meant.prefixlen}: "
            f"write {meant} for the whole range, or the address alone for one proxy.")
