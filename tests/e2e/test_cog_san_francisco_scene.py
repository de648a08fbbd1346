"""/sfscene through the simulated Discord: in a San Francisco Scene thread a member types part
of a space's name, picks the suggestion and reads privately who owns it now; a Cable Car card
is found by a word of its text; the owners, the Public Fund and the worth summaries answer from
this game, shared with the thread when asked; a bad name gets a sentence."""

from __future__ import annotations

from bot.games import registry

from .driver import is_turn_post, press
from .observer import Database

pytest_plugins = ["tests.discord_sim.plugin"]

GAME_ID = "san-francisco-scene"
GAME = registry.game(GAME_ID)
SEED = 10  # Bob rolls first and lands on Chinatown (see test_san_francisco_scene)


async def test_look_ups_and_summaries_in_a_game(discord_sim, marquee, db_path, alice, bob):
    async with marquee(seed=SEED):
        await (await alice.slash("game new", game=GAME_ID)).reply()
        thread = await discord_sim.default_channel.wait_for_thread()
        lobby = await thread.wait_for_message(lambda m: "Join" in m.button_labels)
        await (await bob.click("Join", message=lobby)).response()
        await (await alice.click("Start", message=lobby)).reply()
        db = Database(db_path, GAME)
        post = await thread.wait_for_message(is_turn_post)
        roller = next(m for m in (alice, bob) if f"<@{m.id}>" in post.text)
        await press(discord_sim, db, roller, post, "roll", roller.name)
        state = db.game()[1]
        seat, seated = next((seat, name) for seat, (uid, name) in db.seats().items() if uid == roller.id)
        here = state["seats"][seat]["space"]
        name = GAME.board.spaces[here].name

        offered = await alice.autocomplete("sfscene space", "name", name[:4].lower(), channel=thread)
        assert here in [choice["value"] for choice in offered]
        answer = await (await alice.slash("sfscene space", channel=thread, name=here)).reply()
        assert answer.ephemeral and answer.recipient is alice and answer not in thread.messages
        assert answer.text.startswith(f"**{name}** — ")
        assert f"Standing here: **{seated}**" in answer.text

        fog = await bob.autocomplete("sfscene card", "text", "fog", channel=thread)
        assert [choice["value"] for choice in fog] == ["fog-rolls-in"]
        card = await (await bob.slash("sfscene card", channel=thread, text="fog-rolls-in")).reply()
        assert card.ephemeral and "> The fog rolls in: drive onto the Golden Gate Bridge." in card.text

        shared = await (await bob.slash("sfscene owners", channel=thread, share=True)).reply()
        assert not shared.ephemeral and shared.text.startswith("**Who owns what**")
        fund = await (await alice.slash("sfscene fund", channel=thread)).reply()
        assert fund.ephemeral and fund.text.startswith(f"**Public Fund:** ${state['fund']:,}")
        worth = await (await alice.slash("sfscene worth", channel=thread)).reply()
        assert worth.text.startswith("**Worth**") and "after round 20" in worth.text

        refused = await (await bob.slash("sfscene space", channel=thread, name="Boardwalk")).reply()
        assert refused.ephemeral and "I know no space called “Boardwalk”" in refused.text
        elsewhere = await (await bob.slash("sfscene owners")).reply()
        assert elsewhere.text.startswith("Use `/sfscene owners` in the thread")
        await discord_sim.settle()
