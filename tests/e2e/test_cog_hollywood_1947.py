"""/hw1947 through the simulated Discord: in a running game's thread Alice types part of a
job's name, picks the suggestion, and reads privately what it does and who holds it now;
shared, the same answer is posted in the thread for everyone. No ERROR is logged (the
harness fails the test on one)."""

from __future__ import annotations

from bot.games import registry
from bot.table.service import name_seats

from .observer import Database

pytest_plugins = ["tests.discord_sim.plugin"]

GAME_ID = "hollywood-1947"
SEED = 12


async def test_a_job_looked_up_in_a_game_thread(discord_sim, marquee, db_path, alice):
    async with marquee(seed=SEED):
        await (await alice.slash("game new", game=GAME_ID)).reply()
        thread = await discord_sim.default_channel.wait_for_thread()
        lobby = await thread.wait_for_message(lambda m: "Join" in m.button_labels)
        for _ in range(4):
            await (await alice.click("Add bot", message=lobby)).reply()
        await (await alice.click("Start", message=lobby)).reply()
        db = Database(db_path, registry.game(GAME_ID))
        await discord_sim.wait_for(db.quiet, what="the bots to wait for Alice")

        offered = await alice.autocomplete("hw1947 job", "name", "gaf", channel=thread)
        assert [(c["name"], c["value"]) for c in offered] == [("Gaffer (4)", "4")]
        answer = await (await alice.slash("hw1947 job", channel=thread, name=offered[0]["value"])).reply()
        assert answer.ephemeral and answer.recipient is alice and answer not in thread.messages
        holder = db.game()[1]["jobs"]["4"]
        names = [name for _uid, name in db.seats().values()]
        where = "in the center" if holder is None else name_seats(f"held by {{p{holder}}}", names)
        assert answer.text.startswith("**Gaffer (4)** — Re-roll dice") and f"Now: {where}" in answer.text

        shared = await (await alice.slash("hw1947 job", channel=thread, name="4", share=True)).reply()
        assert not shared.ephemeral and shared in thread.messages and shared.text == answer.text
        await discord_sim.settle()
