"""JSON as the stores write it (a state, an outbox item's payload): compact UTF-8 text.

orjson writes a move's state and notifications about five times faster than the standard
library, and that is on every move's path. An integer beyond 64 bits, which orjson refuses,
is written by the standard library, whose text is otherwise the same JSON. Reading stays with
the standard library: orjson would read such an integer back as a float.
"""
from __future__ import annotations

import json
from typing import Any

import orjson

_OPTIONS = orjson.OPT_NON_STR_KEYS  # {1: …} is written {"1": …}, as json.dumps does


def dumps(value: Any) -> str:
    try:
        return orjson.dumps(value, option=_OPTIONS).decode()
    except TypeError:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False)
