"""/boulevard through the simulated Discord. Alice and Bob place their markers on stars; on
Alice's film pick she looks up a film of the array by its suggestion, then asks what she can
afford: the private answer carries this game's own select (``mq:hb:…``), and picking a film
there is her move — the thread's next post announces it, as for a click on the thread's post.
The select of an older summary is refused as from an earlier moment; someone not playing is
refused as well. No ERROR is logged (the harness fails the test on one)."""

from __future__ import annotations

from bot.games import registry

from .driver import TURN_LINE, controls_of, is_turn_post, press
from .observer import Database

pytest_plugins = ["tests.discord_sim.plugin"]

GAME_ID = "hollywood-boulevard"
GAME = registry.game(GAME_ID)
SEED = 3


def film_pick_select(message) -> dict:
    return next(s for s in message.selects if s["custom_id"].startswith("mq:hb:"))


async def test_a_look_up_and_a_film_picked_from_the_summary(discord_sim, marquee, db_path, alice, bob, carol):
    async with marquee(seed=SEED):
        await (await alice.slash("game new", options={"game": GAME_ID, "options": "rounds=4"})).reply()
        thread = await discord_sim.default_channel.wait_for_thread()
        lobby = await thread.wait_for_message(lambda m: "Join" in m.button_labels)
        await (await bob.click("Join", message=lobby)).response()
        await (await alice.click("Start", message=lobby)).reply()
        db = Database(db_path, GAME)
        members = {member.id: member for member in (alice, bob)}

        # Markers on stars (no secret rolls); Bob stops picking at once, so Alice picks.
        while True:
            await discord_sim.wait_for(db.quiet, what="the game to settle")
            post = [m for m in thread.messages if is_turn_post(m)][-1]
            member = members[int(TURN_LINE.search(post.text).group(1))]
            actions = [c.action for c in controls_of(post)]
            if member is alice and any(a.startswith("pick:") for a in actions):
                break
            action = "done" if "done" in actions else next(a for a in actions if a.startswith("place:star:"))
            await press(discord_sim, db, member, post, action, member.name)
        state = db.game()[1]

        # A look-up: the array comes first among the suggestions; the answer is Alice's alone.
        offered = await alice.autocomplete("boulevard film", "title", "", channel=thread)
        assert [c["value"] for c in offered[:len(state["array"])]] == state["array"]
        film = GAME.content.films[next(a for a in actions if a.startswith("pick:")).removeprefix("pick:")]
        typed = await alice.autocomplete("boulevard film", "title", film.title[:4].lower(), channel=thread)
        assert film.id in [c["value"] for c in typed]
        answer = await (await alice.slash("boulevard film", channel=thread, title=film.id)).reply()
        assert answer.ephemeral and answer.recipient is alice and answer not in thread.messages
        assert answer.text.startswith(f"**{film.title}** ({film.year})")
        assert "In this round's array, not picked yet." in answer.text and "You can pick it now." in answer.text

        # The summary, twice: the first one's select makes the pick.
        older = await (await alice.slash("boulevard affordable", channel=thread)).reply()
        summary = await (await alice.slash("boulevard affordable", channel=thread)).reply()
        assert summary.ephemeral and "It is your pick" in summary.text
        select = film_pick_select(summary)
        picked = [o["value"] for o in select["options"]]
        assert picked == [a.removeprefix("pick:") for a in actions if a.startswith("pick:")]
        before = db.game()[0]
        handle = await alice.select(select["custom_id"], [film.id], message=summary)
        done = await handle.reply()  # the same private message, now her panel
        assert done.id == summary.id and done.text.startswith("✓ Done.")
        await thread.wait_for_message(lambda m: f"**Alice** picks *{film.title}*" in m.text, after=post,
                                      what="the pick announced in the thread")
        await discord_sim.wait_for(db.quiet, what="the game to settle")
        version = db.game()[0]
        assert version == before + 1 and db.log()[-1] == (0, f"pick:{film.id}", alice.id)

        # The older summary's select is from an earlier moment: refused, nothing moves.
        other = next(value for value in picked if value != film.id)
        stale = await alice.select(film_pick_select(older)["custom_id"], [other], message=older)
        refusal = await stale.reply()  # refused before any answer: the refusal is the answer
        assert refusal.ephemeral and "earlier moment" in refusal.text
        # Someone not at the table gets the usual sentence (a select planted where Carol sees it).
        planted = discord_sim.create_message(thread, discord_sim.bot_user, {
            "content": "A film pick", "components": [{"type": 1, "components": [
                {"type": 3, "custom_id": f"mq:hb:{db.query('SELECT id FROM games')[0][0]}:{version}",
                 "options": [{"label": "A film", "value": other}]}]}]}, [])
        foreign = await (await carol.select(film_pick_select(planted)["custom_id"], [other],
                                            message=planted)).reply()
        assert foreign.ephemeral and "You are not playing in this game" in foreign.text
        await discord_sim.settle()
        assert db.game()[0] == version
