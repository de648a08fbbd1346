"""Issue 4: Hollywood Boulevard through the simulated Discord.

Alice and Bob (and a bot seat) play a four-round game by clicking what the bot shows them:
placements, film picks and Blockbuster cubes on the thread post; bids and Insider Tips behind
the screen — Alice in her DMs, Bob in his ephemeral "My hand & options" panel. In round 1
Alice confirms, takes her bids back while Bob is still bidding, and confirms again: the screens
stay up until she has, and the thread counts who has decided in one message, edited. Afterwards
every public message (each version of it, its components and file names) is checked against what
was only ever shown privately, version by version: the state behind each post is rebuilt by
replaying the bot's own action log.
"""

from __future__ import annotations

import json
import re
import time

from bot.games import registry
from bot.store import SQLiteStore
from bot.table.service import Member, Tables
from tests.discord_sim import DiscordSim, SimMember
from tests.discord_sim.model import SimChannel, SimMessage, walk_components
from tests.discord_sim.model import text_of as shown_text

from .driver import GAME_OVER, PANEL, TURN_LINE, controls_of, is_turn_post, press
from .leaks import message_strings
from .observer import Database

pytest_plugins = ["tests.discord_sim.plugin"]

GAME_ID = "hollywood-boulevard"
SEED = 3
GAME = registry.game(GAME_ID)
BOXES = [box.id for box in GAME.content.boxes.values()]
BOX_NAMES = "|".join(box.name for box in GAME.content.boxes.values())
ROUND = re.compile(r"^-# Round (\d+)/\d+", re.MULTILINE)
BOARD = re.compile(r"^board-(\d+)\.png$")
DRAWN_AT = re.compile(r"^mq:[a-z]:\d+:(\d+)")  # the version a move control was drawn at
TOP = ("place:preview", "place:agency", "place:distribution")
#: Phrases only a seat's own secrets are told in (a bid, a screen, a secret roll).
PRIVATE_ONLY = [re.compile(pattern) for pattern in (
    rf"\b({BOX_NAMES}):? [1-6] pips?\b", r"Behind your screen", r"advertise for \$", r"\(secret\)",
    r"you rolled", r"will trend", r"will pay two dice", r"your die shows")]
#: All the thread may add to its post while the screens are up.
WHILE_BIDDING = re.compile(
    r"^(✅ \d of [23] (has|have) decided\.|\*\*[^*]+\*\* is changing their advertising\.|"
    r"-# Round \d/4 — advertising behind the screens; waiting for .+|"
    r"▶ <@\d+>: is deciding in private\.)$")
DECIDED = re.compile(r"^✅ (\d) of [23] (?:has|have) decided\.$", re.MULTILINE)


def layout_of(message: SimMessage) -> str:
    """How a message's controls look, for the printed tour of the phases."""
    rows = []
    for row in [c for c in walk_components(message.components) if c.get("type") == 1]:  # a card's rows
        parts = []
        for comp in walk_components(row.get("components")):
            if comp.get("type") == 2:
                parts.append(f"[{comp.get('label')}]")
            elif comp.get("type") == 3:
                parts.append(f"<{comp.get('placeholder')} {len(comp['options'])} options>")
        rows.append(" ".join(parts))
    return " / ".join(rows)


class Players:
    """Alice and Bob at the thread: they read the newest turn post and click."""

    def __init__(self, sim: DiscordSim, thread: SimChannel, db: Database, members: list[SimMember],
                 by_dm: SimMember) -> None:
        self.sim, self.thread, self.db = sim, thread, db
        self.members = {member.id: member for member in members}
        self.by_dm = by_dm  # decides in private by DM; the other in the ephemeral panel
        self.done: set[tuple[str, int, str]] = set()  # (member, round, step) already taken
        self.last_dm: dict[str, SimMessage | None] = {m.name: None for m in members}
        self.clicks = 0
        self.tour: dict[str, str] = {}  # what each kind of decision looked like

    # --- reading ----------------------------------------------------------------------------
    def latest(self) -> SimMessage:
        return [m for m in self.thread.messages if is_turn_post(m)][-1]

    def pending(self, post: SimMessage) -> list[tuple[SimMember, str]]:
        return [(self.members[int(uid)], prompt) for uid, prompt in TURN_LINE.findall(post.text)]

    @staticmethod
    def round_of(post: SimMessage) -> int:
        return int(ROUND.search(post.text).group(1))

    # --- acting -----------------------------------------------------------------------------
    async def press(self, member: SimMember, message: SimMessage, action: str):
        self.clicks += 1
        return await press(self.sim, self.db, member, message, action, member.name)

    async def play(self, hook=None, max_steps: int = 300) -> SimMessage:
        await self.sim.wait_for(self.db.quiet, what="the game to settle")
        for _ in range(max_steps):
            post = self.latest()
            if GAME_OVER in post.text:
                return post
            _version, state, _status = self.db.game()
            waiting = {member.id for member, _prompt in self.pending(post)}
            humans = self.db.humans()
            assert waiting == {humans[seat] for seat in GAME.pending(state) if seat in humans}, \
                "the newest turn post does not name the players the game waits on"
            if hook is not None and await hook(self, post):
                continue
            member, prompt = self.pending(post)[0]
            if prompt == "is deciding in private.":
                await self.decide_in_private(member, post)
            else:
                await self.move_in_public(member, post)
        raise AssertionError(f"the game did not end in {max_steps} steps")

    async def move_in_public(self, member: SimMember, post: SimMessage) -> None:
        actions = [c.action for c in controls_of(post)]
        rnd = self.round_of(post)
        picks = [a for a in actions if a.startswith("pick:")]
        if any(a.startswith("place:") for a in actions):
            self.tour.setdefault("placement (thread post)", layout_of(post))
            action = next((a for a in actions if a in TOP), None) or next(
                a for a in actions if a.startswith("place:star:"))
        elif picks and (member.name, rnd, "pick") not in self.done:
            self.tour.setdefault("film pick (thread post)", layout_of(post))
            self.done.add((member.name, rnd, "pick"))
            action = picks[0]
        elif "done" in actions:
            action = "done"
        else:
            self.tour.setdefault("other public decision", layout_of(post))
            action = actions[0]
        await self.press(member, post, action)

    def private_choice(self, member: SimMember, rnd: int, actions: list[str]) -> tuple[str, bool]:
        """(action, whether it ends the decision): a genre; or a 1-pip bid, a tip, then Done."""
        genres = [a for a in actions if a.startswith("genre:")]
        if genres:
            return genres[0], True
        if "bids:confirm" not in actions:
            raise AssertionError(f"{member.name} has an unexpected private decision: {actions}")
        steps = {
            "bid": [f"bid:{BOXES[(rnd + len(member.name)) % 6]}:1"],
            "tip": [a for a in actions if a.startswith("tip:") and not a.startswith("tip:press")],
        }
        for step, options in steps.items():
            if (member.name, rnd, step) not in self.done:
                self.done.add((member.name, rnd, step))
                if options and options[0] in actions:
                    return options[0], False
        return "bids:confirm", True

    async def decide_in_private(self, member: SimMember, post: SimMessage) -> None:
        rnd = self.round_of(post)
        # The decision arrives by DM (or the member opens the panel); each click refreshes
        # that same message with the next step, so one decision stays one message.
        if member is self.by_dm:
            message = await self.next_dm(member)
            where = f"private decision by DM ({member.name})"
        else:
            message = await (await member.click(PANEL, message=post)).reply()
            where = f"private decision in the panel ({member.name})"
        while True:
            self.tour.setdefault(where, layout_of(message))
            action, final = self.private_choice(member, rnd, [c.action for c in controls_of(message)])
            handle = await self.press(member, message, action)
            refreshed = await handle.reply()
            assert refreshed.id == message.id and refreshed.text.startswith("✓ Done."), refreshed.text
            message = refreshed
            if final:
                return

    async def next_dm(self, member: SimMember) -> SimMessage:
        """The newest DM with controls that this member has not used yet."""
        after = self.last_dm[member.name]
        await member.wait_for_dm(lambda m: bool(controls_of(m)), after=after)
        dm = [m for m in member.dms if controls_of(m) and (after is None or m.id > after.id)][-1]
        self.last_dm[member.name] = dm
        return dm


async def open_table(sim: DiscordSim, alice: SimMember, bob: SimMember) -> SimChannel:
    new = await alice.slash("game new", options={"game": GAME_ID, "options": "rounds=4"})
    reply = await new.reply()
    assert reply.ephemeral and "Your table is ready" in reply.text
    thread = await sim.default_channel.wait_for_thread()
    lobby = await thread.wait_for_message(lambda m: "Join" in m.button_labels)
    await (await bob.click("Join", message=lobby)).response()
    await (await alice.click("Add bot", message=lobby)).reply()
    started = await (await alice.click("Start", message=lobby)).reply()
    assert "The game has started." in started.text and "3. Bot Ada 🤖" in started.text
    return thread


def decided(post: SimMessage) -> int:
    found = DECIDED.search(post.text)
    return int(found.group(1)) if found else 0


async def change_bids_while_bob_bids(players: Players, post: SimMessage) -> bool:
    """Round 1, once Alice has confirmed: she reopens her screen, Bob confirms, the screens stay
    up until Alice confirms again; the DM where she had confirmed loses its "Change my bids"
    button the moment it no longer applies."""
    alice = players.by_dm
    screens_up = "advertising behind the screens" in post.text
    if players.round_of(post) != 1 or ("Alice", 1, "edit") in players.done or not screens_up \
            or alice in [m for m, _prompt in players.pending(post)]:
        return False
    players.done.add(("Alice", 1, "edit"))
    bob, prompt = players.pending(post)[0]
    assert bob is not alice and prompt == "is deciding in private."
    panel = await (await alice.click(PANEL, message=post)).reply()
    assert "**Advertising (confirmed):** Behind your screen:" in panel.text
    players.tour["a confirmed seat's panel (Alice)"] = layout_of(panel)
    assert [c.action for c in controls_of(panel)] == ["bids:edit"]
    old_dm = players.last_dm[alice.name]  # where she confirmed: now offers "Change my bids"
    assert [c.action for c in controls_of(old_dm)] == ["bids:edit"]
    handle = await players.press(alice, panel, "bids:edit")
    screen = await handle.reply()  # her screen is back in the same panel, bids ticked
    reopened = players.latest()  # news for the table: a post of its own, pinging nobody
    assert reopened is not post and "**Alice** is changing their advertising." in reopened.text
    assert [m for m, _prompt in players.pending(reopened)] == [alice, bob]
    assert not controls_of(old_dm) and "bids:edit" in json.dumps(old_dm.history)  # taken off
    assert not controls_of(post)

    await players.decide_in_private(bob, reopened)
    waiting = players.latest()
    assert waiting is reopened and decided(waiting) == 1  # Bob, of the two deciding again
    assert [m for m, _prompt in players.pending(waiting)] == [alice]
    assert not any("Screens down" in m.text for m in players.thread.messages)  # the reveal waits

    assert screen.id == panel.id and "bids:confirm" in [c.action for c in controls_of(screen)]
    screen = await (await players.press(alice, screen, "bid:magazines:2")).reply()
    await players.press(alice, screen, "bids:confirm")
    reveal = next(m for m in players.thread.messages if "Screens down" in m.text)
    record = json.loads(players.db.game()[1]["reveal"])
    assert record["round"] == 1 and record["bids"][0].get("magazines") == 2  # her changed bids
    assert f"Advertising: **Alice** ${record['spent'][0]:,}" in reveal.text
    assert any(a.filename.startswith("bids-") for a in reveal.attachments)

    assert not controls_of(old_dm) and not controls_of(reopened)  # nothing stale left to click
    return True


def check_secrets(
    sim: DiscordSim, thread: SimChannel, db: Database, humans: list[SimMember]
) -> tuple[int, int]:
    """No public message shows what only a seat knew at its moment, and while the screens are
    up the thread says only how many are done. Returns (strings checked, updates while bidding)."""
    states = db.states()
    shown = "\n".join(text for member in humans for m in [*member.dms, *member.ephemerals]
                      for version in [*m.history, m.payload()] for text in message_strings(version))
    for pattern in PRIVATE_ONLY[:4]:  # bids, screens and a secret roll were really shown privately
        assert pattern.search(shown), pattern.pattern
    tips = GAME.content.tips
    text_of = {kind.name: kind.text for kind in tips.values()}
    held = {kind for state in states.values() for hand in state["hands"][:2] for kind in hand}
    assert any(tips[kind].name in shown and tips[kind].text in shown for kind in held)

    # Tip kinds made public by each version: "played" names this round's played cards, the
    # reveal record the cards that came out from behind the screens.
    public_by: dict[int, set[str]] = {}
    gone: set[str] = set()
    for version in sorted(states):
        view = GAME.view(states[version], None)
        gone |= {name for names in view["played"] for name in names}
        gone |= {name for names in (view["reveal"] or {}).get("tips", []) for name in names}
        public_by[version] = set(gone)

    checks, bidding_updates, version = 0, 0, 0
    for message in [m for m in sim.all_messages() if not m.channel.is_dm and not m.ephemeral]:
        for attachment in message.attachments:  # every thread post carries board-<version>.png
            if BOARD.match(attachment.filename):
                version = int(BOARD.match(attachment.filename).group(1))
        posted = states.get(version)
        first = set(message.text.splitlines())
        if message.history:
            first = set(shown_text(message.history[0]).splitlines())
        # The turn's post is edited as its decision goes on: an edit shows the moment its
        # controls were drawn at (else the one before it).
        moment = version
        for payload in [*message.history, message.payload()]:
            drawn = [int(m.group(1)) for c in walk_components(payload.get("components"))
                     if (m := DRAWN_AT.match(c.get("custom_id") or ""))]
            moment = max([moment, *drawn])
            state = states.get(moment)
            secret = set()
            if state is not None:
                held_now = {tips[kind].name for hand in state["hands"] for kind in hand}
                secret = held_now - public_by[moment]
            for text in message_strings(payload):
                for pattern in PRIVATE_ONLY:
                    assert not pattern.search(text), f"{pattern.pattern!r} in public: {text!r}"
                for name in secret:
                    for needle in (name, text_of[name]):
                        assert needle not in text, f"{needle!r} (in a hand) in public: {text!r}"
                checks += 1
            added = [line for line in shown_text(payload).splitlines() if line not in first]
            if message.channel is thread and posted is not None and posted["phase"] == "screen" and added:
                bidding_updates += 1
                for line in added:
                    assert WHILE_BIDDING.match(line), f"said more than how many are done: {line!r}"
                first |= set(added)
    return checks, bidding_updates


async def test_two_members_and_a_bot_play_hollywood_boulevard_by_clicks(
    discord_sim, marquee, db_path, alice, bob, report_figures
):
    started = time.perf_counter()
    async with marquee(seed=SEED):
        thread = await open_table(discord_sim, alice, bob)
        db = Database(db_path, GAME)
        for member in (alice, bob):  # each hand arrived by DM, cards named and explained
            hand = await member.wait_for_dm(lambda m: "**Insider Tips** (6" in m.text)
            assert "**Cash:** $25,000" in hand.text
        opening = await thread.wait_for_message(lambda m: "draws the Start Player Token" in m.text)
        assert [a.filename for a in opening.attachments] == ["array-1.png", "board-1.png"]

        players = Players(discord_sim, thread, db, [alice, bob], by_dm=alice)
        result = await players.play(hook=change_bids_while_bob_bids)
        assert ("Alice", 1, "edit") in players.done, "the round-1 change of bids never happened"

    assert "Final holdings (cash − loans + tips)" in result.text and result.attachments
    version, state, status = db.game()
    assert status == "finished" and state["round"] == 4
    by_user = dict(db.query("SELECT user_id, COUNT(*) FROM actions GROUP BY user_id"))
    assert by_user[alice.id] + by_user[bob.id] == players.clicks and by_user[None] > 0

    posts = [m for m in thread.messages if m.from_bot]
    files = [a.filename.split("-")[0] for m in posts for a in m.attachments]
    reveals = [m for m in posts if "Screens down" in m.text]
    def pictures(message: SimMessage) -> set[str]:
        return {a.filename.split("-")[0] for a in message.attachments}

    assert len(reveals) == 4 and all("bids" in pictures(m) for m in reveals)
    assert all("payout" in pictures(m) for m in posts if "Payout:" in m.text)
    assert all("array" in pictures(m) for m in posts if "Pick Films:" in m.text)
    checks, bidding_updates = check_secrets(discord_sim, thread, db, [alice, bob])
    assert bidding_updates >= 6  # per round: Alice done; in round 1 also her change and Bob done

    elapsed = time.perf_counter() - started
    for kind, look in players.tour.items():
        print(f"{kind}: {look}")
    report_figures("clicks", players.clicks)
    report_figures("moves", version - 1)
    report_figures("thread_posts", len(posts))
    report_figures("images", {name: files.count(name) for name in sorted(set(files))})
    report_figures("public_strings_checked", checks)
    report_figures("updates_while_bidding", bidding_updates)
    report_figures("seconds", round(elapsed, 1))


async def test_a_confirmed_bidder_gets_change_my_bids_by_dm(tmp_path):
    store = await SQLiteStore.open(tmp_path / "host.sqlite3")
    try:
        tables = Tables(store, seed_source=lambda: SEED)
        ann, ben = Member(1, "Ann"), Member(2, "Ben")
        table = await tables.create(GAME_ID, ann, {"rounds": 4})
        await tables.join(table.id, ben)
        await tables.start(table.id, ann)
        state = (await tables.table(table.id)).record.state
        while state["phase"] != "screen":  # place on the first star offered; pick no film
            seat = min(GAME.pending(state))
            actions = [c.action for c in GAME.legal(state, seat)]
            stars = [a for a in actions if a.startswith("place:star:")]
            action = "done" if "done" in actions else stars[0]
            state = (await tables.act(table.id, (ann, ben)[seat], action)).record.state
        await store.mark_sent([item.id for item in await store.unsent()])
        await tables.act(table.id, ann, "bids:confirm")
        to_ann = [item.payload for item in await store.unsent() if item.kind == "private"
                  and item.payload["seat"] == 0]
        offered = [c["action"] for payload in to_ann
                   for turn in payload.get("turn", []) for c in turn["choices"]]
        assert offered == ["bids:edit"]
    finally:
        await store.close()
