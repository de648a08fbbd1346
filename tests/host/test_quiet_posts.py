"""A quiet, exact table: one post per decision, pings only for whom the game newly waits on,
one status message for a simultaneous decision, and no control left live once its moves are
not legal. Played through the real table service, store and dispatcher with a small game made
for it, into a transport that keeps messages by id as Discord does (edits, nonces, controls)."""
from __future__ import annotations

import asyncio
import itertools
from dataclasses import dataclass, field, replace

import pytest

from bot.delivery.dispatcher import Dispatcher
from bot.delivery.outgoing import Outgoing, Posted
from bot.engine import Choice, Event, Result
from bot.games import registry
from bot.store import Store
from bot.table.service import Member, Tables
from bot.table.thinking import Thinking
from cogs.transport import mentions, post_text, turn_rows
from rendering.kit import canvas, draw_text, to_png

GAME_ID = "quiet-test"
ANN, BEN, CAT = Member(1, "Ann"), Member(2, "Ben"), Member(3, "Cat")


class BuildAndVote:
    """Each seat in turn builds up to three units, one click each, then ends the turn; after
    a round everyone votes at once, in private. Two rounds."""

    id = GAME_ID
    name = "Build and vote"
    min_players, max_players = 1, 4
    options = ()

    def setup(self, players, options, rng):
        return {"players": players, "round": 1, "phase": "build", "turn": 0, "built": 0,
                "votes": {}, "over": False}

    def pending(self, state):
        if state["over"]:
            return set()
        if state["phase"] == "vote":
            return {s for s in range(state["players"]) if str(s) not in state["votes"]}
        return {state["turn"]}

    def legal(self, state, seat):
        if seat not in self.pending(state):
            return []
        if state["phase"] == "vote":
            return [Choice("vote:yes", "Yes", private=True), Choice("vote:no", "No", private=True)]
        build = [Choice("build", "Build")] if state["built"] < 3 else []
        return [*build, Choice("end", "End turn")]

    def apply(self, state, seat, action, rng):
        if action == "build":
            state["built"] += 1
            return [Event(f"{{p{seat}}} builds unit {state['built']}.")]
        if action == "end":
            state["turn"], state["built"] = (seat + 1) % state["players"], 0
            if state["turn"] == 0:
                state["phase"] = "vote"
                return [Event(f"{{p{seat}}} ends the turn."), Event("Everyone votes.", image="ballot")]
            return [Event(f"{{p{seat}}} ends the turn.")]
        state["votes"][str(seat)] = action
        events = [Event(f"{{p{seat}}} has voted.")]
        if len(state["votes"]) == state["players"]:
            yes = sum(v == "vote:yes" for v in state["votes"].values())
            events.append(Event(f"The vote is in: {yes} yes."))
            state["votes"], state["phase"], state["round"] = {}, "build", state["round"] + 1
            state["over"] = state["round"] > 2
        return events

    def view(self, state, seat):
        return {"round": state["round"], "phase": state["phase"]}

    def result(self, state):
        return Result((0,), {}, "{p0} wins.") if state["over"] else None

    def prompt(self, state, seat):
        return "Vote." if state["phase"] == "vote" else "Build or end your turn."

    def status(self, state):
        return f"Round {state['round']}, {state['phase']}."

    def rules_summary(self):
        return "Build, then vote."


class FirstChoice:
    def choose(self, state, seat, rng):
        return GAME.legal(state, seat)[0].action


def render(view, image="board"):
    picture, draw = canvas(120, 40)
    draw_text(draw, (4, 4), f"{image} {view['round']}", 20)
    return to_png(picture)


GAME = BuildAndVote()


@dataclass
class Message:
    channel: str  # "thread" or "dm:<user>"
    text: str
    files: list[str]
    live: bool
    pings: list[int]
    versions: int = 1
    drawn: int = 0  # the game version its controls carry


@dataclass
class Discordish:
    """Keeps messages by id as Discord does: edits change them, a nonce seen before returns
    the first message, a deleted message cannot be edited."""

    messages: dict[int, Message] = field(default_factory=dict)
    log: list[tuple[str, int]] = field(default_factory=list)  # (post | edit | clear | dm, message)
    nonces: dict[str, Posted] = field(default_factory=dict)
    ids: itertools.count = field(default_factory=lambda: itertools.count(100))

    async def post(self, table, message: Outgoing) -> Posted:
        if message.key in self.nonces:
            return self.nonces[message.key]
        live = bool(turn_rows(message))
        pings = [user.id for user in mentions(message).users]
        posted = self._new("thread", post_text(message), [n for n, _ in message.images], live, pings)
        self.nonces[message.key] = posted
        self.log.append(("post", posted.message_id))
        return posted

    async def edit(self, table, posted: Posted, message: Outgoing) -> Posted | None:
        target = self.messages.get(posted.message_id)
        if target is None:
            return None
        target.text, target.live = post_text(message), bool(turn_rows(message))
        target.versions += 1
        self.log.append(("edit", posted.message_id))
        return Posted(posted.channel_id, posted.message_id, 1, target.live)

    async def clear_controls(self, table, posted: Posted) -> None:
        if posted.message_id in self.messages:
            self.messages[posted.message_id].live = False
            self.log.append(("clear", posted.message_id))

    async def send_private(self, table, seat, message: Outgoing) -> Posted | bool:
        posted = self._new(f"dm:{seat.user_id}", message.text, [], bool(message.turn), [])
        self.messages[posted.message_id].drawn = message.version
        self.log.append(("dm", posted.message_id))
        return posted if message.turn else True

    async def controls_version(self, table, posted: Posted) -> int | None:
        message = self.messages.get(posted.message_id)
        return message.drawn if message is not None and message.live else None

    async def notice(self, table, text):
        self._new("thread", text, [], False, [])

    def _new(self, channel, text, files, live, pings) -> Posted:
        message_id = next(self.ids)
        self.messages[message_id] = Message(channel, text, files, live, pings)
        return Posted(1 if channel == "thread" else 2, message_id, 1, live)

    # --- reading ---------------------------------------------------------------------------
    def thread(self) -> list[Message]:
        return [m for m in self.messages.values() if m.channel == "thread"]

    def live(self) -> list[int]:
        return [i for i, m in self.messages.items() if m.live]

    def since(self, mark: int) -> list[tuple[str, int]]:
        return self.log[mark:]


@pytest.fixture(autouse=True)
def quiet_game(monkeypatch):
    monkeypatch.setitem(registry._EXTRA, GAME_ID, registry.GameKit(game=GAME, bot=FirstChoice(), render=render))


class Game:
    """A table of members and the dispatcher delivering its moves into ``discord``."""

    def __init__(self, store: Store, discord: Discordish, members: list[Member],
                 options: dict | None = None, *, thinking: Thinking | None = None,
                 strong_bots: int = 0) -> None:
        self.options = options or {}
        self.tables = Tables(store, thinking=thinking)
        self.strong_bots = strong_bots
        self.dispatcher = Dispatcher(store, discord)
        self.discord = discord
        self.members = members
        self.id = 0

    async def start(self) -> Game:
        table = await self.tables.create(GAME_ID, self.members[0], self.options)
        for member in self.members[1:]:
            await self.tables.join(table.id, member)
        for _ in range(self.strong_bots):
            await self.tables.add_bot(table.id, self.members[0], registry.STRONG)
        await self.tables.start(table.id, self.members[0])
        self.id = table.id
        await self.dispatcher.flush()
        return self

    async def move_delivered(self) -> list[tuple[str, int]]:
        """What delivering the moves made since the last delivery did on Discord."""
        mark = len(self.discord.log)
        await self.dispatcher.flush()
        return self.discord.since(mark)

    async def move(self, member: Member, action: str, *, in_place: str = "") -> list[tuple[str, int]]:
        """One click, delivered; what it did on Discord. ``in_place``: clicked in the member's
        newest DM ("dm"), which the click refreshes with what they can do now (as the bot's
        handler does), or in their ephemeral panel ("panel"), which leaves the DM as it was."""
        mark = len(self.discord.log)
        table = await self.tables.act(self.id, member, action, in_place=bool(in_place))
        if in_place == "dm":
            seat = table.seat_of(member.id)
            dm = [m for m in self.discord.messages.values() if m.channel == f"dm:{member.id}"][-1]
            dm.live, dm.drawn = bool(GAME.legal(table.record.state, seat)), table.record.version
        await self.dispatcher.flush()
        return self.discord.since(mark)


async def test_a_seats_moves_in_one_turn_edit_one_post_and_ping_nobody(store):
    discord = Discordish()
    game = await Game(store, discord, [ANN, BEN]).start()
    [turn_post] = [i for kind, i in discord.log if kind == "post"]
    first = discord.messages[turn_post]
    assert first.files == ["board-1.png"] and first.pings == [ANN.id]

    for unit in (1, 2, 3):  # Ann builds unit by unit: the same post, edited
        assert await game.move(ANN, "build") == [("edit", turn_post)]
        assert f"**Ann** builds unit {unit}." in first.text
    assert first.text.count("builds unit") == 3 and first.files == ["board-1.png"]  # drawn once
    assert first.live and first.versions == 4

    did = await game.move(ANN, "end")  # the turn passes: a new post with the board, for Ben
    assert [kind for kind, _ in did] == ["post", "clear"] and did[1] == ("clear", turn_post)
    ben_post = discord.messages[did[0][1]]
    assert "**Ann** ends the turn." in ben_post.text and "builds unit" not in ben_post.text
    assert ben_post.files == ["board-5.png"] and ben_post.pings == [BEN.id]
    assert discord.live() == [did[0][1]]  # only the newest post offers moves


async def test_the_mover_is_not_pinged_and_a_simultaneous_decision_is_one_status_message(store):
    discord = Discordish()
    game = await Game(store, discord, [ANN, BEN, CAT]).start()
    await game.move(ANN, "end")
    await game.move(BEN, "end")
    did = await game.move(CAT, "end")  # the vote opens: Cat's own click pings the others only
    opening = [m for kind, m in did if kind == "post"]
    assert len(opening) == 1
    vote = discord.messages[opening[0]]
    assert vote.pings == [ANN.id, BEN.id] and "<@3>" in vote.text  # Cat is asked, not pinged
    assert vote.files == ["ballot-4.png", "board-4.png"]
    ballots = {m.channel: i for kind, i in did if kind == "dm" for m in [discord.messages[i]]}
    assert set(ballots) == {"dm:1", "dm:2", "dm:3"} and all(discord.messages[i].live for i in ballots.values())

    # Answers, clicked in the DMs (refreshed in place): the status message is edited, no ping.
    assert await game.move(BEN, "vote:yes", in_place="dm") == [("edit", opening[0])]
    assert "✅ 1 of 3 has decided." in vote.text and "has voted" not in vote.text
    assert await game.move(ANN, "vote:no", in_place="dm") == [("edit", opening[0])]
    assert "✅ 2 of 3 have decided." in vote.text and "<@1>" not in vote.text and "<@3>" in vote.text
    assert len(discord.thread()) == 4  # one per turn (three) and the vote: no post per answer

    did = await game.move(CAT, "vote:yes", in_place="dm")  # the last answer resolves the vote
    [resolved] = [m for kind, m in did if kind == "post"]
    assert "The vote is in: 2 yes." in discord.messages[resolved].text
    assert discord.messages[resolved].pings == [ANN.id]  # round 2: Ann builds first
    assert ("clear", opening[0]) in did
    assert discord.live() == [resolved]  # each ballot was refreshed by its own click


class SlowThinker(Thinking):
    """Strong bots that think until let go (``let``, a move at a time, or ``go``), then
    make their first choice."""

    def __init__(self) -> None:
        super().__init__(limit=2)
        self.moves = asyncio.Semaphore(0)

    def would_think(self, kit_) -> bool:
        return self.thinking < self.limit  # (the test game has no search of its own)

    def go(self) -> None:
        for _ in range(1_000):
            self.moves.release()

    async def choose(self, game_type, state, seat, seed, salt, *, strong):
        assert strong
        self.thinking += 1
        try:
            await self.moves.acquire()
        finally:
            self.thinking -= 1
        return GAME.legal(state, seat)[0].action


async def one_bot_move(game: Game, thinker: SlowThinker) -> None:
    before = (await game.tables.table(game.id)).record.version
    thinker.moves.release()
    while (await game.tables.table(game.id)).record.version == before:
        await asyncio.sleep(0)


async def test_strong_bots_think_after_the_thread_shows_the_move_they_answer(store):
    discord = Discordish()
    thinker = SlowThinker()
    game = await Game(store, discord, [ANN], thinking=thinker, strong_bots=2).start()
    [ann_post] = [i for kind, i in discord.log if kind == "post"]
    await game.move(ANN, "build")

    # Ann ends her turn: her click is done with while the bots think, and the thread shows
    # her move at once, by an edit of her turn's post (no new post, no ping).
    moved = await game.tables.table(game.id)
    did = await game.move(ANN, "end")
    assert did == [("edit", ann_post)]
    shown = discord.messages[ann_post]
    assert "**Ann** ends the turn." in shown.text and shown.pings == [ANN.id]  # (from its posting)
    table = await game.tables.table(game.id)
    assert table.record.version == moved.record.version + 1  # the bots have not moved yet

    # Delivered while they think, the bots' moves edit the same post: the game is still theirs.
    await one_bot_move(game, thinker)
    assert await game.move_delivered() == [("edit", ann_post)]
    assert "**Bot Ada ★** builds unit 1." in shown.text and len(discord.thread()) == 1

    # The move that asks Ann again makes the next post, which puts the vote to her without
    # pinging her: she handed the game to the bots, as when they answer at once.
    thinker.go()
    await game.tables.bots_settled()
    [reply] = [i for kind, i in await game.move_delivered() if kind == "post"]
    text = discord.messages[reply].text
    assert "**Bot Bix ★** ends the turn." in text
    assert "**Ann** ends" not in text and "**Bot Ada ★** builds unit 1." not in text  # said above
    assert discord.messages[reply].pings == []
    assert len(discord.thread()) == 2  # one post a round, as ever


async def test_a_move_answered_later_offers_no_undo_and_a_restart_makes_the_bots_move(store):
    thinker = SlowThinker()
    game = await Game(store, Discordish(), [ANN], thinking=thinker, strong_bots=1).start()
    moved = await game.tables.act(game.id, ANN, "end", in_place=True)
    assert not moved.undoable  # a strong bot is about to answer it
    await game.tables.stop_answering()  # the process stops while the bot thinks
    assert (await game.tables.table(game.id)).record.version == moved.record.version

    thinker.go()  # the next process resumes the game: the bot answers
    again = Tables(store, thinking=thinker)
    await again.resume()
    await again.bots_settled()
    table = await again.table(game.id)
    assert table.record.version > moved.record.version and 0 in GAME.pending(table.record.state)


async def test_every_control_comes_off_when_the_game_ends(store):
    discord = Discordish()
    game = await Game(store, discord, [ANN, BEN]).start()
    for member in (ANN, BEN):
        await game.move(member, "end")
    ballots = [i for kind, i in discord.log if kind == "dm" and discord.messages[i].live]
    for member, ballot in zip((ANN, BEN), ballots):
        # Voted elsewhere than in the ballot (a command, say): it is not refreshed by the click,
        # so the dispatcher takes its controls off, the move having made them stale.
        assert ("clear", ballot) in await game.move(member, "vote:yes")
        assert not discord.messages[ballot].live
    for member in (ANN, BEN):
        await game.move(member, "end")
    await game.move(ANN, "vote:no", in_place="dm")
    did = await game.move(BEN, "vote:no", in_place="dm")
    table = await game.tables.table(game.id)
    assert table.record.status == "finished"
    assert "🏆 **Game over.**" in discord.messages[did[0][1]].text
    assert discord.live() == [], [discord.messages[i] for i in discord.live()]
    posts = [kind for kind, _ in discord.log if kind in ("post", "edit")]
    boards = sum(f.startswith("board-") for m in discord.thread() for f in m.files)
    assert boards == posts.count("post")  # one board per post; edits draw none


async def test_an_edit_after_a_restart_finds_the_post_and_a_deleted_post_is_replaced(store):
    discord = Discordish()
    game = await Game(store, discord, [ANN, BEN]).start()
    [turn_post] = [i for kind, i in discord.log if kind == "post"]
    game.dispatcher = Dispatcher(store, discord)  # a new process: only the store remembers
    assert await game.move(ANN, "build") == [("edit", turn_post)]

    del discord.messages[turn_post]  # someone deleted the post
    did = await game.move(ANN, "build")
    assert [kind for kind, _ in did] == ["post"]
    replacement = discord.messages[did[0][1]]
    assert "unit 1." in replacement.text and "unit 2." in replacement.text  # the turn so far
    assert replacement.pings == [] and replacement.files == ["board-3.png"]
    assert await game.move(ANN, "build") == [("edit", did[0][1])]  # and the turn goes on there


async def test_a_post_repeated_after_a_crash_is_recorded_once(store, monkeypatch):
    """The post reached Discord but the process died before the outbox knew: the same items
    go again with the same nonce, Discord returns the first message, and it is the turn's."""
    discord = Discordish()
    game = await Game(store, discord, [ANN, BEN]).start()
    await game.tables.act(game.id, ANN, "end")
    save = store.save_post

    async def crash(*args, **kwargs):
        raise ConnectionError("the process died here")

    monkeypatch.setattr(store, "save_post", crash)
    with pytest.raises(ConnectionError):
        await game.dispatcher.flush()
    monkeypatch.setattr(store, "save_post", save)
    posted = [i for kind, i in discord.log if kind == "post"]
    await game.dispatcher.flush()
    assert [i for kind, i in discord.log if kind == "post"] == posted  # nothing posted twice
    assert await game.move(BEN, "build") == [("edit", posted[-1])]  # and it is Ben's turn's post


async def test_a_ballot_answered_in_the_panel_loses_its_controls_and_one_answered_in_it_keeps_none(store):
    discord = Discordish()
    game = await Game(store, discord, [ANN, BEN, CAT]).start()
    for member in (ANN, BEN, CAT):
        await game.move(member, "end")
    ballots = {discord.messages[i].channel: i for kind, i in discord.log
               if kind == "dm" and discord.messages[i].live}

    # Ben votes in his panel: his ballot still offers a vote he has made, so it is cleared.
    did = await game.move(BEN, "vote:yes", in_place="panel")
    assert ("clear", ballots["dm:2"]) in did and not discord.messages[ballots["dm:2"]].live
    # Ann votes in her ballot, which the click redrew without controls: nothing to clear.
    did = await game.move(ANN, "vote:no", in_place="dm")
    assert ("clear", ballots["dm:1"]) not in did and not discord.messages[ballots["dm:1"]].live
    assert discord.messages[ballots["dm:3"]].live  # Cat has yet to vote
    assert [m.channel for m in map(discord.messages.get, discord.live())] == ["thread", "dm:3"]


class ShowOfHands(BuildAndVote):
    """The same game voting by a show of hands: everyone sees each vote as it is cast."""

    def legal(self, state, seat):
        return [replace(choice, private=False) for choice in super().legal(state, seat)]


async def test_answers_made_in_the_open_are_shown_as_they_come(store, monkeypatch):
    monkeypatch.setitem(registry._EXTRA, GAME_ID,
                        registry.GameKit(game=ShowOfHands(), bot=FirstChoice(), render=render))
    discord = Discordish()
    game = await Game(store, discord, [ANN, BEN, CAT]).start()
    for member in (ANN, BEN, CAT):
        did = await game.move(member, "end")
    [opening] = [m for kind, m in did if kind == "post"]
    assert await game.move(BEN, "vote:yes") == [("edit", opening)]  # still one post, no ping
    vote = discord.messages[opening]
    assert "**Ben** has voted." in vote.text and "✅ 1 of 3 has decided." in vote.text
    await game.move(ANN, "vote:no")
    assert "**Ann** has voted." in vote.text and "**Ben** has voted." in vote.text
