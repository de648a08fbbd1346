"""Offers and deadlines through the simulated Discord, with the real bot and the toy game "Lots"
(tests/decisions_game.py), whose turn is: pick lots, maybe offer money for another seat's best
lot (accept / decline / counter, all private), then a sealed auction that closes by itself
after ``auction_seconds``.

1. Alice offers Bob money through a form on her public turn post; Bob is asked by DM and
   accepts there; the table sees the outcome (with the terms, which Lots makes public on
   acceptance) and never the offer while it stood.
2. Carol, whose DMs are closed, answers in the **My hand & options** panel with a counter;
   the roles swap (Alice is asked by DM) and Alice declines: nothing of the haggling is public.
3. An auction's deadline comes while the bot process is dead (SIGKILL): on restart the
   auction closes once — one system move, one post — and the game goes on.

The last test shows a gap (it fails today): when an offer waits on a player whose DMs are
closed, nothing public tells them so.
"""

from __future__ import annotations

import asyncio
import sys
import time

from bot.engine import SYSTEM_SEAT
from bot.table.service import Member
from tests import decisions_game
from tests.discord_sim.model import SimMessage

from .leaks import public_texts
from .observer import Database

pytest_plugins = ["tests.discord_sim.plugin"]

SEED = 7
PANEL = "My hand & options"
PRICE, COUNTER = 37, 60  # no other amount of these games is either
ANSWERS = ["Accept", "Decline", "Counter…"]
#: ``python -m bot`` with Lots registered (a test game, so the plain bot does not host it).
LOTS_BOT = [sys.executable, "-c",
            "import tests.decisions_game; from bot.cli import main; raise SystemExit(main([]))"]


def haggling(sim, *prices: int) -> list[tuple[SimMessage | None, str]]:
    """Every public text — each version of each public message, components and file names
    included, and thread names — that shows one of ``prices`` or speaks of offers/counters."""
    needles = [f"${p}" for p in prices] + ["offers", "counter"]
    return [(message, text) for message, text in public_texts(sim)
            if any(needle in text.lower() for needle in needles)]


def db_of(db_path) -> Database:
    return Database(db_path, decisions_game.GAME)


async def quiet(sim, db: Database) -> None:
    """Everything the bot had to send is sent, and nothing has happened for a moment."""
    await sim.wait_for(db.quiet, what="an empty outbox")
    await sim.settle(quiet=0.2)


async def to_the_offer(sim, bot, members) -> tuple[int, SimMessage]:
    """Set up through the table service: each seat takes a turn (Alice picks lot 1, the last
    seat lot 30, the others nothing; nobody offers; everyone bids $0); then Alice picks lot 2.
    Returns the game and Alice's public turn post, which offers the last seat money."""
    seated = [Member(m.id, m.name.capitalize()) for m in members]
    table = await bot.tables.create(decisions_game.GAME_ID, seated[0], {"rounds": 2}, guild_id=sim.guild.id,
                                    channel_id=sim.default_channel.id)
    for member in seated[1:]:
        await bot.tables.join(table.id, member)
    await bot.tables.start(table.id, seated[0])
    for n, member in enumerate(seated):
        await bot.tables.act(table.id, member, "pick:0" if n == 0 else "pick:29" if member is seated[-1] else "pass")
        await bot.tables.act(table.id, member, "skip")
        for bidder in seated:
            await bot.tables.act(table.id, bidder, "bid:0")
    await bot.tables.act(table.id, seated[0], "pick:1")
    bot.dispatcher.wake()
    label = f"Offer {seated[-1].name} money for their best lot…"
    post = await sim.default_channel.wait_for_message(lambda m: label in m.button_labels, what="Alice's offer button")
    return table.id, post


async def make_offer(sim, db, alice, post: SimMessage, to: str) -> tuple[int, float]:
    """Alice clicks "Offer <to> money…" on her turn post and types the price in the form.
    Returns the interactions it took and when the form was sent."""
    label = f"Offer {to} money for their best lot…"
    form = await (await alice.click(label, message=post)).modal()
    assert [f["label"] for f in form.fields] == [f"{label[:-1]} (1–100)"]
    sent = time.perf_counter()
    await (await form.submit(amount=str(PRICE))).response()
    await sim.wait_for(lambda: db.game()[1]["phase"] == "answer", what="the offer to be made")
    await sim.wait_for(lambda: not (post.buttons or post.selects), what="the turn post's controls to go with the click")
    return 2, sent


async def test_an_offer_is_accepted_by_dm_and_only_the_outcome_is_public(
    discord_sim, marquee, db_path, alice, bob, report_figures
):
    db = db_of(db_path)
    async with marquee(seed=SEED) as bot:
        game_id, post = await to_the_offer(discord_sim, bot, [alice, bob])
        clicks, sent = await make_offer(discord_sim, db, alice, post, "Bob")

        # Bob is asked privately, by DM, with the three answers.
        dm = await bob.wait_for_dm(lambda m: m.button_labels == ANSWERS)
        to_dm = time.perf_counter() - sent
        assert f"**Alice** offers you ${PRICE} for lot 30." in dm.text
        assert f"▶ **Alice** offers ${PRICE} for lot 30: accept, decline or counter." in dm.text
        version = db.game()[0]
        assert [b["custom_id"] for b in dm.buttons] == [
            f"mq:m:{game_id}:{version}:offer:accept", f"mq:m:{game_id}:{version}:offer:decline",
            f"mq:a:{game_id}:{version}:offer:counter:{{}}"]
        assert not any(str(PRICE) in m.text for m in alice.dms), "the offerer gets no copy by DM"

        # While the offer stands, nothing public shows it.
        await quiet(discord_sim, db)
        assert haggling(discord_sim, PRICE) == []

        answered = time.perf_counter()
        done = await (await bob.click("Accept", message=dm)).reply()
        clicks += 1
        assert done.id == dm.id and done.text.startswith("✓ Done."), done.text  # the same DM, refreshed
        outcome = await discord_sim.default_channel.wait_for_message(
            lambda m: "accepts" in m.text, after=post, what="the outcome")
        to_outcome = time.perf_counter() - answered
        assert outcome.text.startswith(f"**Bob** accepts: **Alice** buys lot 30 from **Bob** for ${PRICE}.")
        await quiet(discord_sim, db)

    # The terms went public with the acceptance, in that one post; the offer itself never did.
    assert {message for message, _ in haggling(discord_sim, PRICE)} == {outcome}
    assert [m for m in discord_sim.default_channel.messages if "accepts" in m.text] == [outcome]
    assert db.log()[-2:] == [(0, f"offer:1:{PRICE}", alice.id), (1, "offer:accept", bob.id)]
    state = db.game()[1]
    assert state["owner"][29] == 0 and state["money"] == [100 - PRICE, 100 + PRICE]
    report_figures("offer_clicks", clicks)
    report_figures("offer_to_dm_s", round(to_dm, 3))
    report_figures("accept_to_outcome_post_s", round(to_outcome, 3))


async def test_a_counter_from_the_panel_swaps_the_roles_and_the_table_sees_only_the_outcome(
    discord_sim, marquee, db_path, alice, bob, carol, report_figures
):
    carol.close_dms()
    db = db_of(db_path)
    async with marquee(seed=SEED) as bot:
        _, post = await to_the_offer(discord_sim, bot, [alice, bob, carol])
        clicks, _ = await make_offer(discord_sim, db, alice, post, "Carol")
        await quiet(discord_sim, db)
        assert not carol.dms and carol in discord_sim.dm_refusals  # the DM with the answers failed

        # Carol answers in her panel: the newest public post that has its button.
        started = time.perf_counter()
        panel = await (await carol.click(PANEL)).reply()
        assert panel.ephemeral and panel.recipient is carol
        assert f"▶ **Alice** offers ${PRICE} for lot 30: accept, decline or counter." in panel.text
        assert panel.button_labels == ANSWERS
        form = await (await carol.click("Counter…", message=panel)).modal()
        assert [f["label"] for f in form.fields] == ["Counter… (1–100)"]  # what Alice can pay
        done = await (await form.submit(amount=str(COUNTER))).reply()
        clicks += 3
        assert done.id == panel.id and done.text.startswith("✓ Done."), done.text
        assert "Nothing for you to do right now." in done.text

        # The roles swap: now Alice is asked, privately, by DM.
        dm = await alice.wait_for_dm(lambda m: m.button_labels == ANSWERS)
        to_dm = time.perf_counter() - started
        assert f"**Carol** counters: ${COUNTER} for lot 30." in dm.text
        assert f"▶ **Carol** offers ${COUNTER} for lot 30: accept, decline or counter." in dm.text
        await quiet(discord_sim, db)
        assert haggling(discord_sim, PRICE, COUNTER) == []

        done = await (await alice.click("Decline", message=dm)).reply()
        clicks += 1
        assert done.id == dm.id and done.text.startswith("✓ Done."), done.text
        outcome = await discord_sim.default_channel.wait_for_message(
            lambda m: "declines" in m.text, after=post, what="the outcome")
        assert outcome.text.startswith("**Alice** declines **Carol**'s offer.")
        await quiet(discord_sim, db)

    assert haggling(discord_sim, PRICE, COUNTER) == [], "the haggling stays private"
    assert not any(f"${PRICE}" in m.text or f"${COUNTER}" in m.text for m in bob.dms), "Bob was not part of it"
    assert db.log()[-3:] == [(0, f"offer:2:{PRICE}", alice.id), (2, f"offer:counter:{COUNTER}", carol.id),
                             (0, "offer:decline", alice.id)]
    state = db.game()[1]
    assert state["owner"][29] == 2 and state["money"] == [100, 100, 100] and state["phase"] == "auction"
    report_figures("counter_clicks", clicks)
    report_figures("panel_to_counter_dm_s", round(to_dm, 3))


async def test_a_deadline_that_passed_while_the_bot_was_down_fires_once_on_restart(
    discord_sim, bot_process, db_path, alice, bob, report_figures
):
    db = db_of(db_path)
    proc = await bot_process(LOTS_BOT)  # python -m bot, with Lots in /game new's menu
    await (await alice.slash("game new", options={"game": decisions_game.GAME_ID,
                                                  "options": "auction_seconds=2"})).reply()
    thread = await discord_sim.default_channel.wait_for_thread()
    lobby = await thread.wait_for_message(lambda m: "Join" in m.button_labels)
    assert "auction_seconds = 2" in lobby.text
    await (await bob.click("Join", message=lobby)).response()
    await (await alice.click("Start", message=lobby)).reply()
    post = await thread.wait_for_message(lambda m: "Pick nothing" in m.button_labels)
    await (await alice.click("Pick nothing", message=post)).response()
    # Alice's next step in the same turn edits that post (one post a turn).
    post = await thread.wait_for_message(lambda m: "Make no offer" in m.button_labels, after=lobby)
    await (await alice.click("Make no offer", message=post)).response()  # the auction opens

    # Both are asked by DM; Bob bids, Alice does not. The bot dies before the two seconds are up.
    alices_dm = await alice.wait_for_dm(lambda m: "Bid for the bonus lot…" in m.button_labels)
    dm = await bob.wait_for_dm(lambda m: "Bid for the bonus lot…" in m.button_labels)
    form = await (await bob.click("Bid for the bonus lot…", message=dm)).modal()
    await (await form.submit(amount="25")).reply()
    (key, due), = db.query("SELECT key, due_at FROM timers WHERE key LIKE 'deadline:%'")  # beside the turn clocks
    await proc.kill()
    killed = time.time()
    assert key == "deadline:auction-2"
    assert killed < due, f"the bot was killed {killed - due:.2f} s after the deadline; the scenario needs it before"
    assert db.log()[-1] == (1, "bid:25", bob.id) and db.game()[1]["phase"] == "auction"

    await asyncio.sleep(due - time.time() + 0.3)  # the deadline passes with no bot running
    restarted = time.perf_counter()
    await proc.start(commands=False)
    closed = await thread.wait_for_message(lambda m: "auction closes" in m.text, after=post,
                                           what="the auction to close")
    to_close = time.perf_counter() - restarted
    down = time.time() - killed
    assert closed.text.startswith("The auction closes; **Alice** did not bid.\n"
                                  "Bids: **Alice** $0, **Bob** $25. **Bob** wins a bonus lot.")
    assert f"▶ <@{bob.id}>: Pick one to three free lots." in closed.text

    # Alice's bid button, sent before the crash, is from an earlier moment now.
    late = await (await alice.click("Bid for the bonus lot…", message=alices_dm)).reply()
    assert late.ephemeral and late.text.startswith("That control is from an earlier moment"), late.text

    # The game goes on: Bob picks.
    await (await bob.click("Pick nothing", message=closed)).response()
    await thread.wait_for_message(lambda m: "**Bob** picks nothing." in m.text, after=lobby)
    await quiet(discord_sim, db)

    system = [row for row in db.log() if row[0] == SYSTEM_SEAT]
    assert system == [(SYSTEM_SEAT, "auction:close", None)], "the deadline's move, made once"
    assert db.log()[-2:] == [(SYSTEM_SEAT, "auction:close", None), (1, "pass", bob.id)]
    assert db.query("SELECT key FROM timers WHERE key LIKE 'deadline:%'") == []
    assert [m for m in thread.messages if "auction closes" in m.text] == [closed], "announced once"
    assert not any("$25" in m.text for m in thread.messages if m.id < closed.id), "the sealed bid stayed sealed"
    state = db.game()[1]
    assert state["log"] == [1] and state["money"] == [100, 75] and state["phase"] == "trade"
    assert discord_sim.gateway.identify_count == 2
    report_figures("seconds_bot_down", round(down, 2))
    report_figures("restart_to_close_post_s", round(to_close, 3))


async def test_a_player_with_closed_dms_is_pinged_when_an_offer_waits_on_them(
    discord_sim, marquee, db_path, alice, bob, carol
):
    """Carol's DMs are closed, so the DM with the answers fails. A wholly private decision is
    announced in public as "▶ @Carol: is deciding in private." with the panel button (as for a
    sealed bid), naming no terms; without it Carol learns of the offer only from the idle
    reminder, hours later. Today the post is dropped: the answer's thread item has no text and
    no public choice, and bot/delivery/dispatcher.py ``_compose_post`` skips such items as "a private step"."""
    carol.close_dms()
    db = db_of(db_path)
    async with marquee(seed=SEED) as bot:
        _, post = await to_the_offer(discord_sim, bot, [alice, bob, carol])
        await make_offer(discord_sim, db, alice, post, "Carol")
        await quiet(discord_sim, db)
        assert db.game()[1]["phase"] == "answer" and not carol.dms
        after = [m for m in discord_sim.default_channel.messages if m.id > post.id]
        pings = [m for m in after if f"<@{carol.id}>" in m.text and PANEL in m.button_labels]
        assert pings, ("nothing public tells Carol (DMs closed) that the game waits on her; posted since "
                       f"the offer: {[m.text for m in after]}")
        assert haggling(discord_sim, PRICE) == []
