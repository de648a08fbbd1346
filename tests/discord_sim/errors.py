"""What can go wrong in a simulated-Discord test, as exception and record types."""

from __future__ import annotations

from dataclasses import dataclass


class SimUsageError(Exception):
    """The test asked a member to do something Discord's client would not let a person do
    (click a button that is not there, pick an option a select does not offer, skip a
    required command option). Raised at once, in the test, with what was available."""


class InteractionFailed(AssertionError):
    """The member's interaction reached no bot (no gateway session serves its guild's shard,
    or shard 0 for a DM): Discord shows the member "This interaction failed" and keeps
    nothing for later. Raised by the interaction handle's waits."""


class SimTimeout(AssertionError):
    """A wait for something the bot should have done ran out of time."""


class BotError(AssertionError):
    """The bot logged an ERROR (or printed a traceback) while a test was waiting on it."""


@dataclass(frozen=True)
class Violation:
    """A request the bot sent that real Discord would reject or that breaks a documented rule.

    ``route`` is the method and the path template (``POST /channels/{channel_id}/messages``),
    ``rule`` names the rule in a few words, ``detail`` says where in the body and why."""

    route: str
    rule: str
    detail: str

    def __str__(self) -> str:
        return f"{self.route}: {self.rule} — {self.detail}"
