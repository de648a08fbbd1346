"""Amounts and subsets on Discord, through the simulated Discord, with the toy game "Lots"
(tests/decisions_game.py): a pick of 1–3 of 30 lots is two selects kept in the message and
a Confirm button; a sealed bid is a button opening a form, and a bad amount is answered with
a sentence and a button to try again."""

from __future__ import annotations

import sqlite3

from bot.table.service import Member
from tests import decisions_game
from tests.discord_sim.model import walk_components

pytest_plugins = ["tests.discord_sim.plugin"]

SEED = 7


def actions(db_path) -> list[tuple[int, str, int | None]]:
    db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        return db.execute("SELECT seat, action, user_id FROM actions ORDER BY game_id, move").fetchall()
    finally:
        db.close()


def picked(message) -> list[str]:
    return [o["value"] for c in walk_components(message.components) if c.get("type") == 3
            for o in c["options"] if o.get("default")]


async def start_lots(sim, bot, alice, bob):
    """A game of Lots for Alice and Bob, posting in the server's first channel."""
    ann, ben = Member(alice.id, "Alice"), Member(bob.id, "Bob")
    table = await bot.tables.create(decisions_game.GAME_ID, ann, {}, guild_id=sim.guild.id,
                                    channel_id=sim.default_channel.id)
    await bot.tables.join(table.id, ben)
    await bot.tables.start(table.id, ann)
    return table, ann


async def test_a_pick_over_two_selects_is_kept_in_the_message_and_confirmed(
    discord_sim, marquee, db_path, alice, bob
):
    async with marquee(seed=SEED) as bot:
        table, _ = await start_lots(discord_sim, bot, alice, bob)
        post = await discord_sim.default_channel.wait_for_message(lambda m: len(m.selects) == 2)
        first, second = (s["custom_id"] for s in post.selects)
        assert (first, second) == (f"mq:u:{table.id}:1:0:pick:{{}}", f"mq:u:{table.id}:1:1:pick:{{}}")
        assert [len(s["options"]) for s in post.selects] == [25, 5]
        assert "Confirm: Pick lots" in post.button_labels and "Pick nothing" in post.button_labels

        # Only the player the choice belongs to may pick: Bob's pick leaves the message as it is.
        refused = await (await bob.select(first, ["Lot 2"], message=post)).reply()
        assert refused.ephemeral and refused.text.startswith("That choice is not open to you now.")
        assert picked(post) == []

        # Alice's picks on either select are marked in the message, each redraw keeping the other's.
        await (await alice.select(first, ["Lot 1", "Lot 6"], message=post)).reply()
        assert picked(post) == ["0", "5"]
        await (await alice.select(second, ["Lot 28", "Lot 30"], message=post)).reply()
        assert picked(post) == ["0", "5", "27", "29"]

        too_many = await (await alice.click("Confirm: Pick lots", message=post)).reply()
        assert too_many.ephemeral and too_many.text == "Pick 1 to 3; you have picked 4."
        assert actions(db_path) == []

        await (await alice.select(first, ["Lot 1"], message=post)).reply()  # one lot fewer
        assert picked(post) == ["0", "27", "29"]
        confirm = await alice.click("Confirm: Pick lots", message=post)
        await confirm.response()
        await discord_sim.wait_for(lambda: actions(db_path), what="the pick to be made")
        assert actions(db_path) == [(0, "pick:0,27,29", alice.id)]
        # Alice's turn goes on, so its post says what she picked and offers what comes next.
        await discord_sim.wait_for(lambda: "picks lots 1, 28, 30" in post.text, what="the post to tell the pick")
        await discord_sim.wait_for(lambda: not post.selects and post.buttons, what="the post's next controls")


async def test_a_bad_amount_is_explained_and_the_form_opens_again(discord_sim, marquee, db_path, alice, bob):
    async with marquee(seed=SEED) as bot:
        table, ann = await start_lots(discord_sim, bot, alice, bob)
        await bot.tables.act(table.id, ann, "pick:0")
        await bot.tables.act(table.id, ann, "skip")  # now both bid, sealed, by DM
        bot.dispatcher.wake()
        dm = await alice.wait_for_dm(lambda m: "Bid for the bonus lot…" in m.button_labels)
        assert [b["custom_id"] for b in dm.buttons] == [f"mq:a:{table.id}:3:bid:{{}}"]

        modal = await (await alice.click("Bid for the bonus lot…", message=dm)).modal()
        assert modal.custom_id == f"mq:A:{table.id}:3:bid:{{}}" and modal.title == "Bid for the bonus lot"
        assert [f["label"] for f in modal.fields] == ["Bid for the bonus lot ($0–$100, steps of 5)"]

        bad = await (await modal.submit(amount="12,345")).reply()
        assert bad.ephemeral
        assert bad.text == "The amount goes from $0 to $100 in steps of 5; $12,345 is not one of them."
        assert bad.button_labels == ["Try again"]
        assert actions(db_path) == [(0, "pick:0", alice.id), (0, "skip", alice.id)]

        again = await (await alice.click("Try again", message=bad)).modal()
        done = await (await again.submit(amount="$ 45")).reply()
        assert done.id == bad.id and done.text.startswith("✓ Done.")  # the same message, refreshed
        assert actions(db_path)[-1] == (0, "bid:45", alice.id)

        # Bob's bid closes the auction; his form reads the bounds of his own money.
        dm = await bob.wait_for_dm(lambda m: "Bid for the bonus lot…" in m.button_labels)
        await (await (await (await bob.click("Bid for the bonus lot…", message=dm)).modal()).submit(
            amount="50")).response()
        await discord_sim.default_channel.wait_for_message(lambda m: "Bids: **Alice** $45, **Bob** $50" in m.text)
