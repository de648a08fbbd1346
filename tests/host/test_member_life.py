"""A member who leaves the server (issue 26, point 5), at the table service: their running
seats go to bots as `/game leave` does, with the way back said; they leave lobbies they joined;
a lobby they host stays theirs. The opt-in setting that lets the bot hear it is checked."""
from __future__ import annotations

import pytest

from bot.settings import Settings, SettingsError
from bot.table.service import Member, Tables
from tests.toy_game import GAME_ID

ANN, BEN, CAT = Member(1, "Ann"), Member(2, "Ben"), Member(3, "Cat")
GUILD = 42


async def test_a_member_who_leaves_hands_over_their_seats_and_leaves_their_lobbies(tables: Tables):
    tables.autoplay_bots = False  # the hand-over alone
    running = await tables.create(GAME_ID, ANN, guild_id=GUILD)
    await tables.join(running.id, BEN)
    await tables.start(running.id, ANN)
    joined = await tables.create(GAME_ID, CAT, guild_id=GUILD)
    await tables.join(joined.id, BEN)
    hosted = await tables.create(GAME_ID, BEN, guild_id=GUILD)
    elsewhere = await tables.create(GAME_ID, CAT, guild_id=GUILD + 1)
    await tables.join(elsewhere.id, BEN)

    changed = await tables.member_gone(GUILD, BEN.id)
    assert [lobby.id for lobby in changed] == [joined.id]
    seat = (await tables.table(running.id)).seats[1]
    assert (seat.name, seat.is_bot, seat.former_user_id) == ("Ben (bot)", True, BEN.id)
    said = [p["text"] for _, p in await tables.store.thread_items(running.id, 0, 10 ** 9)
            if "left the server" in p.get("text", "")]
    assert len(said) == 1 and "**Ben** left the server" in said[0] and "`/game rejoin`" in said[0]
    assert (await tables.table(joined.id)).names() == ["Cat"]
    assert (await tables.table(hosted.id)).names() == ["Ben"], "their own lobby is theirs to close"
    assert (await tables.table(elsewhere.id)).names() == ["Cat", "Ben"], "another server's stays"
    await tables.rejoin(running.id, BEN)  # back on the server: the way back works
    assert (await tables.table(running.id)).seat_of(BEN.id) == 1


@pytest.mark.parametrize("raw, read", [("1", True), ("on", True), ("0", False), ("", False)])
def test_the_members_intent_is_opted_into(env, raw, read):
    env(MARQUEE_MEMBERS_INTENT=raw)
    assert Settings.from_env().members_intent is read


def test_a_bad_members_intent_setting_is_named(env):
    env(MARQUEE_MEMBERS_INTENT="maybe")
    with pytest.raises(SettingsError) as bad:
        Settings.from_env()
    assert bad.value.problems == ["MARQUEE_MEMBERS_INTENT must be 1 (on) or 0 (off); got 'maybe'."]
