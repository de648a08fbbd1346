"""Pure game machinery: the protocol every game implements and the runner that drives it."""
from .protocol import (
    MAX_ACTION_LENGTH,
    BotPolicy,
    Choice,
    Event,
    Game,
    IllegalMove,
    Option,
    Result,
    State,
    View,
)
from .runner import new_game, play, replay, resolve_options, rng_for

__all__ = [
    "MAX_ACTION_LENGTH", "BotPolicy", "Choice", "Event", "Game", "IllegalMove", "Option",
    "Result", "State", "View", "new_game", "play", "replay", "resolve_options", "rng_for",
]
