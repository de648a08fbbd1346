"""Fair bots: a policy decides from what its seat knows, never from the state.

The host holds the real state; ``FairBot`` turns it into the seat's ``SeatKnowledge`` (its
legal choices and a state it cannot tell from the real one, the hidden things dealt again
by the title's ``determinize``) and asks the policy. ``redeal`` and ``fresh_seed`` are the
pieces every title's ``determinize`` is built from.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from .protocol import BotPolicy, Choice, Game, SeatKnowledge, State
from .runner import SEED_KEY, copy_state

#: ``determinize(state, seat, rng) -> State``: a copy of ``state`` in which everything
#: ``seat`` cannot know is dealt again from what it has not seen. Its result must depend
#: only on what the seat knows and on ``rng``, never on the hidden things themselves.
Determinize = Callable[[State, int, random.Random], State]


def sample_rng(rng: random.Random) -> random.Random:
    """A generator for the sample, derived from ``rng`` without drawing from it, so a
    policy's own draws (and so its choices) stay what they were before it was made fair."""
    _, words, _ = rng.getstate()  # the Mersenne Twister's words: ints, hashed alike everywhere
    return random.Random(hash(words))


def knowledge_of(game: Game, determinize: Determinize, state: State, seat: int,
                 rng: random.Random) -> SeatKnowledge:
    legal = tuple(game.legal(state, seat))
    return SeatKnowledge(seat, determinize(state, seat, sample_rng(rng)), legal)


class FairBot:
    """Moves a bot seat for the host (``SeatBot``): the policy sees only the seat's knowledge."""

    def __init__(self, game: Game, policy: BotPolicy, determinize: Determinize) -> None:
        self.game = game
        self.policy = policy
        self.determinize = determinize
        # The host asks ``volunteer`` only of bots that have one.
        self.volunteer: Callable[[State, int, random.Random], str | None] | None = (
            self._volunteer if hasattr(policy, "volunteer") else None)

    def knowledge(self, state: State, seat: int, rng: random.Random) -> SeatKnowledge:
        return knowledge_of(self.game, self.determinize, state, seat, rng)

    def choose(self, state: State, seat: int, rng: random.Random) -> str:
        return self.policy.decide(self.knowledge(state, seat, rng), rng)

    def _volunteer(self, state: State, seat: int, rng: random.Random) -> str | None:
        if not self.game.legal(state, seat):
            return None
        volunteer: Callable[[SeatKnowledge, random.Random], str | None] = getattr(self.policy, "volunteer")  # noqa: B009
        return volunteer(self.knowledge(state, seat, rng), rng)


def fresh_seed(state: State, rng: random.Random) -> None:
    """Future dice and shuffles come from the game's seed: a sample gets its own."""
    state[SEED_KEY] = rng.getrandbits(62)


def redeal(slots: Sequence[list[Any]], rng: random.Random,
           kind: Callable[[Any], Hashable] | None = None) -> None:
    """Deal the items of ``slots`` (lists: hands, a deck, a face-down pile) again, each list
    keeping its length (and, with ``kind``, each position an item of the same kind): what a
    seat that has seen none of them believes. The items are sorted first, so the deal
    depends on which items are unseen, never on where they really are."""
    groups: dict[Hashable, list[tuple[int, int]]] = {}
    for s, slot in enumerate(slots):
        for i, item in enumerate(slot):
            groups.setdefault(kind(item) if kind else None, []).append((s, i))
    for places in groups.values():
        items = [slots[s][i] for s, i in places]
        items.sort(key=None if all(isinstance(item, str) for item in items) else repr)
        items = shuffled(items, rng)
        for (s, i), item in zip(places, items, strict=True):
            slots[s][i] = item


def shuffled(items: list[Any], rng: random.Random) -> list[Any]:
    """``items`` in a random order: as ``rng.shuffle`` deals, at a fraction of its cost (a bot
    deals its samples at every decision)."""
    keys = [rng.random() for _ in items]
    return [item for _, item in sorted(zip(keys, items, strict=True), key=lambda pair: pair[0])]


def copied(state: State) -> State:
    return copy_state(state)


def plain_actions(legal: Sequence[Choice]) -> list[str]:
    """The legal actions that need nothing filled in, in the game's order."""
    return [choice.action for choice in legal if not choice.template]
