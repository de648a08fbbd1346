"""Members playing Advance to Boardwalk through the simulated Discord, as people would.

A member reads the newest turn post in the game's thread: the ``▶ @someone: …`` line says
who must act, and the post's buttons and selects are that player's public choices. The
pending player clicks the first one offered. At the end of a turn (only "End turn" is
public) they open **My hand & options** (an ephemeral panel) and play the first Fortune card
it offers; a card's targets then arrive by DM with their own controls (or, for a member whose
DMs are closed, in the ephemeral panel the click answers with).
"""

from __future__ import annotations

import re
import statistics
import time
from dataclasses import dataclass, field

from tests.discord_sim import DiscordSim, SimMember
from tests.discord_sim.model import SimChannel, SimMessage, walk_components

TURN_LINE = re.compile(r"^▶ <@(\d+)>: (.*)$", re.MULTILINE)
GAME_OVER = "🏆 **Game over.**"
PANEL = "My hand & options"


def is_turn_post(message: SimMessage) -> bool:
    """A post that says who acts next, or that the game is over."""
    return message.from_bot and (GAME_OVER in message.text or bool(TURN_LINE.search(message.text)))


def moment(message: SimMessage) -> tuple:
    """What a turn post shows now: the bot edits the turn's post while the same decision
    goes on, so "the next post" may be this one, changed."""
    return message.id, message.text, tuple(c.get("custom_id") for c in walk_components(message.components))


def move_controls(message: SimMessage) -> list[tuple[dict, str | None]]:
    """The message's move controls in order: (button, None) or (select, its first value)."""
    found: list[tuple[dict, str | None]] = []
    for comp in walk_components(message.components):
        custom_id = comp.get("custom_id", "")
        if comp.get("type") == 2 and custom_id.startswith("mq:m:"):
            found.append((comp, None))
        elif comp.get("type") == 3 and custom_id.startswith("mq:s:"):
            found.append((comp, comp["options"][0]["value"]))
    return found


def action_of(control: tuple[dict, str | None]) -> str:
    comp, value = control
    return value if value is not None else comp["custom_id"].split(":", 4)[4]


@dataclass
class Table:
    """The members at one game's thread, and what they did there."""

    sim: DiscordSim
    thread: SimChannel
    members: list[SimMember]
    clicks: int = 0  # moves made by clicking (each accepted by the bot)
    cards_played: dict[str, int] = field(default_factory=dict)  # member name → cards
    private_clicks: dict[str, int] = field(default_factory=dict)  # member name → DM/panel moves
    post_latencies: list[float] = field(default_factory=list)  # click → next turn post, seconds
    edit_latencies: list[float] = field(default_factory=list)  # click → the turn's post edited, seconds
    seen: tuple | None = None  # the newest turn post's moment when a member last clicked

    # --- reading ------------------------------------------------------------------------
    def latest(self) -> SimMessage:
        posts = [m for m in self.thread.messages if is_turn_post(m)]
        assert posts, "no turn post in the thread yet"
        return posts[-1]

    def pending(self, post: SimMessage) -> SimMember:
        match = TURN_LINE.search(post.text)
        assert match, f"no ▶ line in {post.text!r}"
        user_id = int(match.group(1))
        return next(m for m in self.members if m.id == user_id)

    async def next_post(self, after: SimMessage, timeout: float | None = None,
                        seen: tuple | None = None) -> SimMessage:
        """The turn post showing what the last click led to: a newer post, or the same post
        edited (new lines, new controls). ``seen``: how it looked before (by default, when
        a member last clicked through this driver)."""
        seen = seen or self.seen or moment(after)

        def changed() -> SimMessage | None:
            post = self.latest()
            # A click on the post takes its controls off at once; the bot's edit gives the
            # controls of the next moment (the panel button at least, until the game is over).
            ready = post.buttons or post.selects or GAME_OVER in post.text
            return post if ready and moment(post) != seen else None

        return await self.sim.wait_for(changed, timeout=timeout, what="the next turn post")

    # --- playing ------------------------------------------------------------------------
    async def play_to_end(self, max_steps: int = 400) -> SimMessage:
        """Play until the thread says the game is over; returns that post."""
        await self.thread.wait_for_message(is_turn_post, what="the first turn post")
        for _ in range(max_steps):
            post = self.latest()
            if GAME_OVER in post.text:
                return post
            await self.step(post)
        raise AssertionError(f"the game did not end within {max_steps} steps")

    async def step(self, post: SimMessage) -> SimMessage:
        """The pending member makes one decision on ``post``; returns the next turn post."""
        member = self.pending(post)
        controls = move_controls(post)
        started = time.perf_counter()
        if "is deciding in private" in post.text or not controls:
            await self._private_step(member, post)
        elif [action_of(c) for c in controls] == ["end"]:
            await self._end_of_turn(member, post, controls[0])
        else:
            await self.click(member, post, controls[0])
        nxt = await self.next_post(post)
        (self.edit_latencies if nxt is post else self.post_latencies).append(time.perf_counter() - started)
        return nxt

    async def click(self, member: SimMember, message: SimMessage, control: tuple[dict, str | None]):
        """Press a move control and wait for the bot's acknowledgement. Counted as a move: the
        scenarios check the action log agrees, so a refused click would not go unnoticed."""
        comp, value = control
        self.seen = moment(self.latest())
        if value is None:
            handle = await member.click(comp["custom_id"], message=message)
        else:
            handle = await member.select(comp["custom_id"], [value], message=message)
        response = await handle.response()
        self.clicks += 1
        return handle, response

    async def open_panel(self, member: SimMember, message: SimMessage) -> SimMessage:
        panel = await (await member.click(PANEL, message=message)).reply()
        assert panel.ephemeral and panel.recipient is member
        return panel

    async def _end_of_turn(
        self, member: SimMember, post: SimMessage, end: tuple[dict, str | None]
    ) -> None:
        panel = await self.open_panel(member, post)
        cards = [c for c in move_controls(panel) if action_of(c).startswith("card:")]
        if not cards:
            await self.click(member, post, end)
            return
        self.cards_played[member.name] = self.cards_played.get(member.name, 0) + 1
        await self._private_moves(member, post, panel, cards[0])

    async def _private_step(self, member: SimMember, post: SimMessage) -> None:
        shown = moment(post)
        for attempt in range(4):
            panel = await self.open_panel(member, post)
            targets = [c for c in move_controls(panel) if action_of(c) != "back"]
            if targets:
                await self._private_moves(member, post, panel, targets[0])
                return
            # On a busy machine the panel (read from the store) can be ahead of a post whose
            # edit is still on its way: let the thread catch up, then follow the newer post.
            await self.sim.settle(quiet=0.25 * (attempt + 1))
            if moment(self.latest()) != shown:
                return
        raise AssertionError(f"{member.name} is pending but the panel offers nothing: {panel.text!r}")

    async def _private_moves(self, member: SimMember, post: SimMessage, message: SimMessage,
                             control: tuple[dict, str | None]) -> None:
        """Click ``control`` privately, then each next private step (a card's targets) as it
        comes. A click in a private message (the ephemeral panel or a DM) is answered in place:
        that same message is refreshed with the next step's controls, and no new DM is sent."""
        while True:
            # The thread shows each private step as it is made (the turn's post is edited):
            # let it catch up, so the next post is told from the one this click leads to.
            await self.sim.settle(quiet=0.05)
            last_dm = member.dms[-1].id if member.dms else 0
            handle, _ = await self.click(member, message, control)
            self.private_clicks[member.name] = self.private_clicks.get(member.name, 0) + 1
            if message.ephemeral or message.channel.is_dm:
                done = await handle.reply()  # the same message, refreshed after the move
                assert done.id == message.id and done.text.startswith("✓ Done."), done.text
                message = done
            else:
                def next_step(last_dm: int = last_dm) -> SimMessage | str | None:
                    if any(m.id > post.id and is_turn_post(m) for m in self.thread.messages):
                        return "posted"  # the card resolved: the table has the outcome
                    dms = [m for m in member.dms if m.id > last_dm and move_controls(m)]
                    return dms[0] if dms else None

                found = await self.sim.wait_for(next_step, what=f"{member.name}'s next step")
                if found == "posted":
                    return
                message = found
            targets = [c for c in move_controls(message) if action_of(c) != "back"]
            if not targets:
                return
            control = targets[0]

    # --- figures ------------------------------------------------------------------------
    @property
    def median_post_ms(self) -> float:
        return statistics.median(self.post_latencies) * 1000

    @property
    def median_edit_ms(self) -> float:
        return statistics.median(self.edit_latencies) * 1000


async def open_table(
    sim: DiscordSim, host: SimMember, players: list[SimMember]
) -> tuple[SimChannel, SimMessage]:
    """``/game new`` by ``host``, the others click Join, the host clicks Start.
    Returns the thread and its lobby message."""
    reply = await (await host.slash("game new", game="advance-to-boardwalk")).reply()
    assert reply.ephemeral and "Your table is ready" in reply.text
    thread = await sim.default_channel.wait_for_thread()
    lobby = await thread.wait_for_message(lambda m: "Join" in m.button_labels)
    for member in players:
        if member is not host:
            await (await member.click("Join", message=lobby)).response()
    started = await (await host.click("Start", message=lobby)).reply()
    assert "The game has started." in started.text and not started.buttons
    return thread, lobby


@dataclass(frozen=True)
class Control:
    """One move a message offers: a button, or one option of a select."""

    action: str
    custom_id: str
    select: bool


def controls_of(message: SimMessage) -> list[Control]:
    found = []
    for comp in walk_components(message.components):
        custom_id = comp.get("custom_id", "")
        if comp.get("type") == 2 and custom_id.startswith("mq:m:"):
            found.append(Control(custom_id.split(":", 4)[4], custom_id, False))
        elif comp.get("type") == 3 and custom_id.startswith("mq:s:"):
            found += [Control(option["value"], custom_id, True) for option in comp["options"]]
    return found


async def press(sim: DiscordSim, db, member: SimMember, message: SimMessage, action: str, who: str):
    """Click the control for ``action`` and wait until the move is made and announced (the
    bot's database moved on and went quiet). A click on a public post must not be refused."""
    control = next(c for c in controls_of(message) if c.action == action)
    before = db.game()[0]
    if control.select:
        handle = await member.select(control.custom_id, [action], message=message)
    else:
        handle = await member.click(control.custom_id, message=message)
    answer = await handle.response()
    if not (message.ephemeral or message.channel.is_dm):  # a refusal is its answer, or a follow-up
        said = [m for m in [answer.message, *handle.followups] if m is not None and m.ephemeral]
        assert not said, f"{action} was refused: {said[0].text}"
    await sim.wait_for(lambda: db.game()[0] > before and db.quiet(),
                       what=f"{who}'s {action} to be made and announced")
    if not (message.ephemeral or message.channel.is_dm):
        assert not handle.followups, f"{action} was refused: {handle.followups[0].text}"
    return handle
