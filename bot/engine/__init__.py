"""Pure game machinery: the protocol every game implements and the runner that drives it."""
from .protocol import (
    MAX_ACTION_LENGTH,
    MAX_FILLED_ACTION_LENGTH,
    SYSTEM_SEAT,
    Amount,
    BadOption,
    BotPolicy,
    Choice,
    Deadline,
    EngineRefusal,
    Event,
    Game,
    IllegalMove,
    NotOffered,
    Option,
    Result,
    State,
    Subset,
    Tally,
    View,
    offered,
)
from .runner import SEAT_LANGUAGES, deadlines, new_game, play, replay, resolve_options, rng_for

__all__ = [
    "MAX_ACTION_LENGTH", "MAX_FILLED_ACTION_LENGTH", "SEAT_LANGUAGES", "SYSTEM_SEAT", "Amount", "BadOption",
    "BotPolicy", "Choice", "Deadline", "EngineRefusal", "Event", "Game", "IllegalMove", "NotOffered", "Option", "Result", "State", "Subset", "Tally", "View",
    "deadlines", "new_game", "offered", "play", "replay", "resolve_options", "rng_for",
]
