"""/billboard through the simulated Discord: in a game's thread a member picks a district from
the suggestions and reads privately who holds what there; the player who looked at a contract
through a partnership reads it in their private agency answer, and a shared answer (posted in
the thread) leaves it out; prices and scoring answer with this game's figures; a bad name gets
a sentence; a member whose Discord speaks Polish is answered in Polish; and the group is synced
with its Polish names and descriptions."""

from __future__ import annotations

import random

from bot.games import registry
from bot.table.service import Member

from .driver import is_turn_post
from .observer import Database

pytest_plugins = ["tests.discord_sim.plugin"]

GAME_ID = "billboard"
KIT = registry.kit(GAME_ID)
SEED = 21


def live_peek(state: dict) -> tuple[str, dict] | None:
    return next(((a_id, p) for a_id, a in state["agencies"].items() for p in a["peeks"]
                 if p["card"] in a["pile"]), None)


async def test_look_ups_in_a_game_thread(discord_sim, marquee, db_path, alice, bob, carol):
    async with marquee(seed=SEED) as bot:
        await (await alice.slash("game new", options={"game": GAME_ID})).reply()
        thread = await discord_sim.default_channel.wait_for_thread()
        lobby = await thread.wait_for_message(lambda m: "Join" in m.button_labels)
        for member in (bob, carol):
            await (await member.click("Join", message=lobby)).response()
        await (await alice.click("Start", message=lobby)).reply()
        await thread.wait_for_message(is_turn_post)
        db = Database(db_path, KIT.game)

        # The game's own bot plays for the three of them until someone has peeked.
        members = {m.id: Member(m.id, m.name) for m in (alice, bob, carol)}
        game_id, rng = db.query("SELECT id FROM games")[0][0], random.Random(SEED)
        for _ in range(300):
            state = db.game()[1]
            if live_peek(state) is not None and state["phase"] == "turn":
                break
            seat = min(KIT.game.pending(state))
            await bot.tables.act(game_id, members[db.humans()[seat]], KIT.bot.choose(state, seat, rng))
        bot.dispatcher.wake()
        await discord_sim.wait_for(db.quiet, what="the game to settle")
        state, names = db.game()[1], {seat: name for seat, (_, name) in db.seats().items()}
        agency_id, peek = live_peek(state)
        peeker = next(m for m in (alice, bob, carol) if m.id == db.humans()[peek["seat"]])

        # A district from the suggestions: who holds what there, privately.
        offered = await bob.autocomplete("billboard district", "name", "kaz", channel=thread)
        assert [c["name"] for c in offered] == ["Kazimierz"]
        district = await (await bob.slash("billboard district", channel=thread,
                                          name=offered[0]["value"])).reply()
        assert district.ephemeral and district.recipient is bob and district not in thread.messages
        assert district.text.startswith("**Kazimierz** — 10 billboards worth")
        holders = {state["owner"][b.id] for b in KIT.game.content.district("kazimierz").billboards}
        for seat in holders - {None}:
            if isinstance(seat, int):
                assert f"**{names[seat]}**" in district.text

        # The peek: in the peeker's private answer, never in a shared one.
        private = await (await peeker.slash("billboard agency", channel=thread, name=agency_id)).reply()
        assert private.ephemeral and "Only you see this:" in private.text
        shared = await (await peeker.slash("billboard agency", channel=thread, name=agency_id,
                                           share=True)).reply()
        assert not shared.ephemeral and shared in thread.messages
        assert "Only you see this" not in shared.text and "**Loyalty:**" in shared.text

        # This game's prices and round.
        prices = await (await carol.slash("billboard prices", channel=thread, value=3, count=2)).reply()
        assert f"**Value 3** costs {state['prices'][2]}k each." in prices.text
        scoring = await (await carol.slash("billboard scoring", channel=thread)).reply()
        assert "- IV, 3 players:" in scoring.text and "**This round (" in scoring.text

        refused = await (await bob.slash("billboard company", channel=thread, name="Wawel")).reply()
        assert refused.ephemeral and "I know no company called “Wawel”" in refused.text

        # The asker's language: Carol's Discord switched to Polish, and so do her answers.
        carol.locale = "pl"
        polish = await (await carol.slash("billboard district", channel=thread, name="kazimierz")).reply()
        assert polish.text.startswith("**Kazimierz** — 10 billboardów o łącznej wartości")
        refused = await (await carol.slash("billboard company", channel=thread, name="Wawel")).reply()
        assert refused.ephemeral and "Nie znam spółki o nazwie „Wawel”" in refused.text
        await discord_sim.settle()

    # The group went to Discord with its Polish names and descriptions (and Discord took them).
    synced = next(c for c in discord_sim.commands.all() if c["name"] == "billboard")
    assert synced["description_localizations"]["pl"] == "Billboard: dzielnice, agencje, spółki, ceny i punktacja"
    commands = {c["name"]: c for c in synced["options"]}
    assert {c["name_localizations"]["pl"] for c in commands.values()} == {
        "dzielnica", "agencja", "spółka", "ceny", "punktacja"}
    assert [o["name_localizations"]["pl"] for o in commands["prices"]["options"]] == [
        "wartość", "liczba", "udostępnij"]
