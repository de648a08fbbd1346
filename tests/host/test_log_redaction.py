"""Logs a host can share (issue 35): at DEBUG, discord.py writes request bodies (a DM with a
hand of cards), its answers, gateway events (an interaction's token, the message clicked) and
routes carrying interaction tokens, and aiosqlite each call with its values (an outbox item
is a DM's text). The redactor on the bot's log handlers keeps each line, without them.

The lines here are written with discord.py's and aiosqlite's own format strings and argument
types; tests/e2e/test_shareable_logs.py reads a whole game's log from the real bot."""
from __future__ import annotations

import functools
import io
import json
import logging
import sqlite3

import pytest

from bot.watch.logs import HIDDEN, TEXT_FORMAT, JsonFormatter, Redactor

BOT_TOKEN = "MTk4NjIyNDgzNDcxOTI1MjQ4.Cl2FMQ.ZnCjm1XVW7vRze4b7Cq4se7kKWs"  # Discord's example token
SIM_TOKEN = "sim.Zx8y_unlike-any.real1"  # not shaped like Discord's: hidden because it was named
INTERACTION_TOKEN = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OkFCQ0RFRkdISUpL"
DM = "Your Fortune cards (2): *Lucky Break*, *Tax Refund*"
API = "https://discord.com/api/v10"


@pytest.fixture
def written():
    """What the loggers of discord.py, aiosqlite and the bot write at DEBUG through a handler
    with the redactor, as text; ``written.json()`` the same handler's lines as JSON."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter(TEXT_FORMAT))
    redactor = Redactor()
    redactor.secrets.add(SIM_TOKEN)
    handler.addFilter(redactor)
    loggers = [logging.getLogger(name) for name in ("discord", "aiosqlite", "bot")]
    levels = [(logger.level, logger.propagate) for logger in loggers]
    for logger in loggers:
        logger.addHandler(handler)
        logger.setLevel(logging.DEBUG)
        logger.propagate = False  # pytest's own capture would redact nothing of these lines
    yield stream, handler
    for logger, (level, propagate) in zip(loggers, levels, strict=True):
        logger.removeHandler(handler)
        logger.setLevel(level)
        logger.propagate = propagate


def test_discord_http_lines_keep_the_route_and_status_but_no_token_or_body(written):
    stream, _ = written
    http = logging.getLogger("discord.http")
    body = json.dumps({"content": DM, "components": [{"type": 1}]})
    callback = f"{API}/interactions/1183/{INTERACTION_TOKEN}/callback"
    http.debug("%s %s with %s has returned %s", "POST", callback, body, 204)
    http.debug("%s %s has received %s", "PATCH", f"{API}/webhooks/77/{INTERACTION_TOKEN}/messages/@original",
               {"id": "5", "content": DM})
    http.debug("%s %s has received %s", "GET", f"{API}/channels/9/messages", [{"content": DM}])
    http.debug("%s %s with %s has returned %s", "POST", f"{API}/channels/9/messages", body.encode(), 200)
    logging.getLogger("discord.webhook.async_").debug(
        "Webhook ID %s with %s %s has returned status code %s", 77, "POST", f"{API}/webhooks/77/{INTERACTION_TOKEN}",
        200)
    text = stream.getvalue()
    assert INTERACTION_TOKEN not in text and DM not in text and "Lucky Break" not in text
    lines = text.splitlines()
    assert len(lines) == 5  # every line kept
    assert f"POST {API}/interactions/1183/{HIDDEN}/callback with «a body of {len(body)} characters» has " \
           "returned 204" in lines[0]
    assert f"{API}/webhooks/77/{HIDDEN}/messages/@original has received «a payload of" in lines[1]
    assert f"GET {API}/channels/9/messages has received «a payload of" in lines[2]
    assert f"with «a body of {len(body)} characters» has returned 200" in lines[3]
    assert lines[4].endswith(f"POST {API}/webhooks/77/{HIDDEN} has returned status code 200")


def test_a_gateway_event_keeps_its_name_but_not_its_token_or_message(written):
    stream, _ = written
    event = {"op": 0, "s": 42, "t": "INTERACTION_CREATE",
             "d": {"id": "1183", "token": INTERACTION_TOKEN, "type": 3,
                   "message": {"content": DM, "components": []}, "data": {"custom_id": "mq:m:1:2:3:play:7"}}}
    logging.getLogger("discord.gateway").debug("For Shard ID %s: WebSocket Event: %s", 0, event)
    line = stream.getvalue()
    assert INTERACTION_TOKEN not in line and DM not in line and "play:7" not in line
    assert "For Shard ID 0: WebSocket Event: {op: 0, t: INTERACTION_CREATE, s: 42, d: «" in line


def test_a_database_call_keeps_its_name_but_not_its_values(written):
    stream, _ = written
    call = functools.partial(sqlite3.connect(":memory:").execute, "INSERT INTO outbox VALUES (?)", (DM,))
    logging.getLogger("aiosqlite").debug("executing %s", call)
    logging.getLogger("aiosqlite").debug("operation %s completed", call)
    text = stream.getvalue()
    assert DM not in text and "INSERT" not in text
    assert "executing «Connection.execute(…)»" in text and "operation «Connection.execute(…)» completed" in text


def test_tokens_are_hidden_wherever_they_stand(written):
    stream, _ = written
    log = logging.getLogger("bot.somewhere")
    log.debug("logged in with %s", BOT_TOKEN)
    log.info("the simulated Discord's token: %s", SIM_TOKEN)
    log.warning("a payload printed by hand: {'token': '%s', \"token\": \"%s\"}", INTERACTION_TOKEN, INTERACTION_TOKEN)
    log.warning("Authorization: Bot " + BOT_TOKEN)  # no arguments: the message itself is cleaned
    text = stream.getvalue()
    for secret in (BOT_TOKEN, SIM_TOKEN, INTERACTION_TOKEN):
        assert secret not in text
    assert text.count(HIDDEN) == 5 and len(text.splitlines()) == 4


def test_a_traceback_loses_its_tokens_too_as_text_and_as_json(written):
    stream, handler = written
    log = logging.getLogger("bot.somewhere")
    try:
        raise ConnectionError(f"cannot reach {API}/interactions/1183/{INTERACTION_TOKEN}/callback")
    except ConnectionError:
        log.exception("answering a click failed")
        handler.setFormatter(JsonFormatter())
        log.exception("answering a click failed")
    text = stream.getvalue()
    assert INTERACTION_TOKEN not in text
    assert f"/interactions/1183/{HIDDEN}/callback" in text
    entry = json.loads(text.splitlines()[-1])
    assert entry["message"] == "answering a click failed" and "Traceback" in entry["exception"]


def test_our_own_lines_read_as_they_did(written):
    stream, _ = written
    log = logging.getLogger("bot.delivery.leases")
    log.info("shards of %d held: %s (taken %s, let go %s)", 4, [0, 1], [1], [])
    log.info("%s dropped: the game's thread is gone (%s)", "thread post 12 of game 3", "404 Not Found")
    assert stream.getvalue().splitlines()[0].endswith("shards of 4 held: [0, 1] (taken [1], let go [])")
    assert stream.getvalue().splitlines()[1].endswith("thread post 12 of game 3 dropped: the game's thread is gone "
                                                      "(404 Not Found)")


def test_a_line_that_does_not_fit_its_format_is_kept_not_raised(written):
    stream, _ = written
    logging.getLogger("discord.client").debug("two %s %s", "only one")  # noqa: PLE1206 - the point
    assert "two %s %s ('only one',)" in stream.getvalue()
