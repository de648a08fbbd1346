"""A simulated Discord on loopback for driving an unmodified discord.py bot in tests.

See README.md in this folder. The entry points::

    from tests.discord_sim import DiscordSim, BotProcess
"""

from .errors import BotError, InteractionFailed, SimTimeout, SimUsageError, Violation
from .guilds import SimGuild
from .interactions import InitialResponse, SimInteraction, SimModal
from .members import SimMember
from .model import SimAttachment, SimChannel, SimMessage, SimRole, SimUser
from .process import BotProcess
from .server import BotMark, DiscordSim, Limits
from .shards import shard_of
from .stats import SimStats

__all__ = [
    "BotError",
    "BotMark",
    "BotProcess",
    "DiscordSim",
    "InitialResponse",
    "InteractionFailed",
    "Limits",
    "SimAttachment",
    "SimChannel",
    "SimGuild",
    "SimInteraction",
    "SimMember",
    "SimMessage",
    "SimModal",
    "SimRole",
    "SimStats",
    "SimTimeout",
    "SimUsageError",
    "SimUser",
    "Violation",
    "shard_of",
]
