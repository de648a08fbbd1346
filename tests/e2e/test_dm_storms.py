"""A quiet table: a private click answers in place, never with a DM of its own.

Alice (bidding in her DMs) and Bob (in his ephemeral panel) play the four-round Hollywood
Boulevard game of ``test_hollywood_boulevard.py`` with its driver. Every bid, tip and
confirmation refreshes the message clicked with what the move told its player; a DM comes only
with what its member does not already see: a new private decision, or a secret someone else's
move told them. After each bid the member picks the same bid again: refused, nothing written.

Measured before the change (same seed, same clicks): Alice 26 DMs, Bob 23 (with "You joined"),
27 of them echoes of the member's own private clicks; after: Alice 12, Bob 10, no echo.
"""

from __future__ import annotations

from tests.discord_sim import SimMember
from tests.discord_sim.model import SimMessage

from .driver import controls_of
from .observer import Database
from .test_hollywood_boulevard import GAME, SEED, Players, open_table

pytest_plugins = ["tests.discord_sim.plugin"]

ALREADY = "That is already your choice."


def sent_dms(member: SimMember) -> list[SimMessage]:
    """The DMs the bot sent this member of its own accord (not answers to their clicks)."""
    return [m for m in member.dms if m.from_bot and m.interaction is None and m.webhook_id is None]


class QuietPlayers(Players):
    """The driver of test_hollywood_boulevard.py, watching what each private click brings."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.decisions: dict[str, int] = {}  # private decisions put to each member
        self.private_clicks: dict[str, int] = {}
        self.echoes: list[str] = []  # DMs that arrived while the member's own private click was handled
        self.refused = 0

    async def decide_in_private(self, member: SimMember, post: SimMessage) -> None:
        self.decisions[member.name] = self.decisions.get(member.name, 0) + 1
        await super().decide_in_private(member, post)

    async def press(self, member: SimMember, message: SimMessage, action: str):
        if not (message.ephemeral or message.channel.is_dm):
            return await super().press(member, message, action)
        before = len(sent_dms(member))
        handle = await super().press(member, message, action)
        self.private_clicks[member.name] = self.private_clicks.get(member.name, 0) + 1
        refreshed = await handle.reply()
        if action.startswith("bid:"):
            pips = action.rsplit(":", 1)[1]
            assert f": {pips} pip" in refreshed.text.split("\n")[1], refreshed.text  # what the bid told them
            await self.choose_again(member, refreshed, action)
        self.echoes += [m.text for m in sent_dms(member)[before:]]
        return handle

    async def choose_again(self, member: SimMember, message: SimMessage, action: str) -> None:
        """Pick the bid just made (now ticked) again: refused, and nothing is written or sent."""
        version, moves = self.db.game()[0], len(self.db.log())
        outbox = self.db.query("SELECT COUNT(*) FROM outbox")[0][0]
        control = next(c for c in controls_of(message) if c.action == action)
        handle = await (member.select(control.custom_id, [action], message=message) if control.select
                        else member.click(control.custom_id, message=message))
        answer = await handle.reply()  # refused before any answer: the refusal is the answer
        assert answer.ephemeral and answer.text == ALREADY, answer.text
        assert (self.db.game()[0], len(self.db.log())) == (version, moves)
        assert self.db.query("SELECT COUNT(*) FROM outbox")[0][0] == outbox
        self.refused += 1


async def test_a_private_click_answers_in_place_without_a_dm(
    discord_sim, marquee, db_path, alice, bob, report_figures
):
    async with marquee(seed=SEED):
        thread = await open_table(discord_sim, alice, bob)
        db = Database(db_path, GAME)
        players = QuietPlayers(discord_sim, thread, db, [alice, bob], by_dm=alice)
        result = await players.play()
        await discord_sim.settle()

    assert "Final holdings" in result.text and db.game()[2] == "finished"
    assert not players.echoes, players.echoes
    assert players.refused == 8  # one bid a round each, picked twice
    for member in (alice, bob):
        dms = sent_dms(member)
        asked = [m for m in dms if controls_of(m)]
        # One DM per decision at most; the rest are secrets others' moves told them (a die
        # behind the screen, a trend) or their own public clicks did (Insider Tips drawn).
        assert len(asked) <= players.decisions[member.name], [m.text for m in asked]
        assert all(not m.text.startswith(("You have confirmed", "Behind your screen:")) for m in dms)
        report_figures(f"{member.name}_dms", len(dms))
        report_figures(f"{member.name}_decisions", players.decisions[member.name])
        report_figures(f"{member.name}_private_clicks", players.private_clicks[member.name])
    report_figures("refused_rechoices", players.refused)
