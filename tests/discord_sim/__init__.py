"""A simulated Discord on loopback for driving an unmodified discord.py bot in tests.

See README.md in this folder. The entry points::

    from tests.discord_sim import DiscordSim, BotProcess
"""

from .errors import BotError, SimTimeout, SimUsageError, Violation
from .interactions import InitialResponse, SimInteraction, SimModal
from .members import SimMember
from .model import SimAttachment, SimChannel, SimMessage, SimRole, SimUser
from .process import BotProcess
from .server import BotMark, DiscordSim, Limits
from .stats import SimStats

__all__ = [
    "BotError",
    "BotMark",
    "BotProcess",
    "DiscordSim",
    "InitialResponse",
    "Limits",
    "SimAttachment",
    "SimChannel",
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
]
