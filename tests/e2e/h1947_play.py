"""Members at a Hollywood 1947 table in the simulated Discord, and what the bot's file says.

A member reads the newest turn post in the thread: its ``▶ @someone: …`` lines say whom the
game waits for, its buttons and selects are that player's public choices. A player whose
decision is wholly private (a card to add face down, the Screenwriter's poster, the Editor's
cut) takes it where they prefer: ``by_dm`` members in the DM the bot sent with its controls,
the others in the ephemeral **My hand & options** panel; a token to spend is only ever in the
panel (the thread offers "Keep your tokens"). Every click in a DM or a panel is answered by
refreshing that same message, and the member goes on from there.
"""

from __future__ import annotations

from collections import Counter

from tests.discord_sim import DiscordSim, SimMember
from tests.discord_sim.model import SimChannel, SimMessage

from .driver import GAME_OVER, PANEL, TURN_LINE, controls_of, is_turn_post, press
from .h1947_plan import GAME, choose, private_kind
from .observer import Database

PRIVATE_PROMPT = "is deciding in private."
TOKEN_PROMPT = "spend one to add a card"
PRIVATE_VERBS = ("poster", "compose", "discard", "add", "token", "edit")


def seat_name(member: SimMember) -> str:
    """The name the bot seats a member under (their display name: "Alice")."""
    return member.user.global_name


class Players:
    """The members at the thread: they read the newest turn post and click."""

    def __init__(self, sim: DiscordSim, thread: SimChannel, db: Database, members: list[SimMember],
                 by_dm: set[str]) -> None:
        self.sim, self.thread, self.db = sim, thread, db
        self.members = {member.id: member for member in members}
        self.by_dm = by_dm
        self.clicks = 0
        self.panels_opened = 0
        self.private: Counter = Counter()  # (member, "DM"/"panel", decision kind) → clicks
        self.refreshed: dict[int, SimMessage] = {}  # member id → the DM their last click redrew
        self.mark: dict[int, int] = {}  # member id → newest DM id when they last clicked in one

    # --- reading ----------------------------------------------------------------------------
    def latest(self) -> SimMessage:
        return [m for m in self.thread.messages if is_turn_post(m)][-1]

    def waiting(self, post: SimMessage) -> list[tuple[SimMember, str]]:
        return [(self.members[int(uid)], prompt) for uid, prompt in TURN_LINE.findall(post.text)]

    def pending_members(self) -> set[int]:
        _version, state, _status = self.db.game()
        seats = self.db.seats()
        return {seats[s][0] for s in GAME.pending(state) if seats[s][0] is not None}

    # --- acting -----------------------------------------------------------------------------
    async def press(self, member: SimMember, message: SimMessage, action: str):
        self.clicks += 1
        return await press(self.sim, self.db, member, message, action, seat_name(member))

    async def play(self, hook=None, max_steps: int = 300) -> SimMessage:
        """Play until the game is over. ``hook(players, post)`` may look around (or act) before
        each decision; when it returns True the newest post is read again."""
        await self.sim.wait_for(self.db.quiet, what="the game to settle")
        for _ in range(max_steps):
            post = self.latest()
            if GAME_OVER in post.text:
                return post
            if hook is not None and await hook(self, post):
                continue
            named = self.waiting(post)
            # The newest post names exactly the members the game waits on (a sealed add says
            # who is done, so the list shrinks as they add).
            assert {m.id for m, _prompt in named} == self.pending_members(), post.text
            member, prompt = named[0]
            if prompt == PRIVATE_PROMPT:
                await self.decide_in_private(member, post)
            elif TOKEN_PROMPT in prompt:
                await self.in_panel(member, post)
            else:
                actions = [c.action for c in controls_of(post)]
                await self.press(member, post, choose(actions))
        raise AssertionError(f"the game did not end in {max_steps} steps")

    async def decide_in_private(self, member: SimMember, post: SimMessage) -> None:
        if seat_name(member) not in self.by_dm:
            await self.in_panel(member, post)
            return
        # The newest DM with controls since the member last clicked in one; else the DM that
        # click refreshed (it already shows their next private choices).
        mark = self.mark.get(member.id, 0)
        fresh = [m for m in member.dms if m.id > mark and controls_of(m)]
        message = fresh[-1] if fresh else self.refreshed.get(member.id)
        assert message is not None and controls_of(message), \
            f"{seat_name(member)} must decide in private but has no DM with controls"
        await self.click_privately(member, message, "DM")

    async def in_panel(self, member: SimMember, post: SimMessage) -> None:
        panel = await (await member.click(PANEL, message=post)).reply()
        assert panel.ephemeral and panel.recipient is member
        self.panels_opened += 1
        await self.click_privately(member, panel, "panel")

    async def click_privately(self, member: SimMember, message: SimMessage, where: str) -> None:
        action = choose([c.action for c in controls_of(message)])
        if where == "DM":
            self.mark[member.id] = max((m.id for m in member.dms), default=0)
        handle = await self.press(member, message, action)
        refreshed = await handle.reply()  # the same message, redrawn after the move
        assert refreshed.id == message.id and refreshed.text.startswith("✓ Done."), refreshed.text
        if where == "DM":
            self.refreshed[member.id] = refreshed
        verb = action.partition(":")[0]
        kind = private_kind(action) if verb in PRIVATE_VERBS else action
        self.private[(seat_name(member), where, kind)] += 1
