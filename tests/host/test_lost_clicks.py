"""Clicks answered before their move was made (cogs/clicks.py): kept in the store (V15) until
the move is made, and told to press again by the next process when one stopped in between —
only those whose move is not in the log, left over a minute before (a process still running
finishes its own), only within Discord's 15 minutes, once."""
from __future__ import annotations

from bot.store.base import DeferredClick
from bot.table.service import Member, Tables
from cogs.clicks import FOLLOW_UP_SECONDS, tell_lost_clicks
from tests.toy_game import GAME_ID

ANN, BEN = Member(1, "Ann"), Member(2, "Ben")
NOW = 1_000_000.0


async def test_only_lost_clicks_of_stopped_processes_are_told_once(store):
    tables = Tables(store)
    table = await tables.create(GAME_ID, ANN)
    await tables.join(table.id, BEN)
    table = await tables.start(table.id, ANN)
    drawn = table.record.version
    await tables.act(table.id, ANN, "add:3")  # Ann's click was made before her process stopped

    def click(n: int, user: Member, holder: str = "gone", at: float = NOW) -> DeferredClick:
        return DeferredClick(n, f"token-{n}", table.id, user.id, drawn, holder, at)

    await store.defer_click(click(1, ANN))                      # made: nothing to say
    await store.defer_click(click(2, BEN))                      # lost: told
    await store.defer_click(click(3, BEN, at=NOW - FOLLOW_UP_SECONDS - 1))  # too old to answer
    await store.defer_click(click(4, BEN, holder="me"))         # this process's own, in flight
    await store.defer_click(click(5, BEN))
    await store.forget_click(5)                                 # its move was made, or refused
    await store.defer_click(click(6, BEN, at=NOW + 100))        # maybe still being made elsewhere
    sent: list[tuple[int, str, str]] = []

    async def send(application_id: int, token: str, text: str) -> None:
        sent.append((application_id, token, text))

    assert await tell_lost_clicks(store, "me", 77, send, now=NOW + 120) == 1
    told = (f"Your last click in game #{table.id} was not made: I restarted before it went through. "
            "Press the button again.")
    assert sent == [(77, "token-2", told)]
    assert await tell_lost_clicks(store, "me", 77, send, now=NOW + 120) == 0  # claimed once
    assert [c.interaction_id for c in await store.claim_clicks("another", before=NOW + 101)] == [4, 6]
