"""The documented limits and the spec checker, on payloads built by hand (no server needed)."""

from __future__ import annotations

from tests.discord_sim import rules
from tests.discord_sim.spec import load_spec


def button(cid: str, label: str = "b") -> dict:
    return {"type": 2, "style": 1, "label": label, "custom_id": cid}


def row(*components: dict) -> dict:
    return {"type": 1, "components": list(components)}


def select(cid: str, n: int, **extra) -> dict:
    return {
        "type": 3,
        "custom_id": cid,
        "options": [{"label": str(i), "value": str(i)} for i in range(n)],
        **extra,
    }


def rule_names(problems) -> list[str]:
    return [rule for rule, _ in problems]


def test_a_good_message_has_no_problems():
    body = {
        "content": "x" * 2000,
        "embeds": [{"title": "t", "fields": [{"name": "a", "value": "b"}]}],
        "components": [row(*(button(f"b{i}") for i in range(5))), row(select("s", 25))],
    }
    assert rules.message_problems(body) == []
    assert (
        load_spec().body_errors(load_spec().operation("POST", "/channels/1/messages"), body) == []
    )


def test_rows_buttons_and_selects():
    six_rows = {"components": [row(button(f"b{i}")) for i in range(6)]}
    assert rule_names(rules.message_problems(six_rows)) == ["at most 5 action rows"]
    six_buttons = {"components": [row(*(button(f"b{i}") for i in range(6)))]}
    assert rule_names(rules.message_problems(six_buttons)) == ["at most 5 buttons per row"]
    crowded = {"components": [row(select("s", 3), button("b"))]}
    assert rule_names(rules.message_problems(crowded)) == ["a select is alone in its row"]
    too_many = {"components": [row(select("s", 26))]}
    assert rule_names(rules.message_problems(too_many)) == ["a select has 1–25 options"]
    none = {"components": [row(select("s", 0))]}
    assert "a select has 1–25 options" in rule_names(rules.message_problems(none))
    greedy = {"components": [row(select("s", 3, max_values=4))]}
    assert rule_names(rules.message_problems(greedy)) == [
        "min_values ≤ max_values ≤ number of options"
    ]


def test_custom_ids_are_bounded_and_unique():
    dup = {"components": [row(button("same")), row(button("same"))]}
    [(rule, detail)] = rules.message_problems(dup)
    assert rule == "custom_id unique within a message" and "components[1].components[0]" in detail
    long = {"components": [row(button("x" * 101))]}
    assert rule_names(rules.message_problems(long)) == ["custom_id is 1–100 characters"]
    link = {
        "components": [
            row({"type": 2, "style": 5, "label": "l", "url": "https://x.y", "custom_id": "c"})
        ]
    }
    assert rule_names(rules.message_problems(link)) == ["a link button has a url and no custom_id"]


def test_content_and_embeds():
    assert rule_names(rules.message_problems({"content": "x" * 2001})) == [
        "content ≤ 2000 characters"
    ]
    assert rule_names(rules.message_problems({"embeds": [{"title": "t"}] * 11})) == [
        "at most 10 embeds"
    ]
    fields = [{"name": "n", "value": "v"}] * 26
    assert rule_names(rules.message_problems({"embeds": [{"fields": fields}]})) == [
        "at most 25 fields per embed"
    ]
    big = {"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}
    assert rule_names(rules.message_problems(big)) == ["embeds total ≤ 6000 characters"]
    field = {"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]}
    assert rule_names(rules.message_problems(field)) == ["embed fields[0].value ≤ 1024 characters"]


def test_modals_choices_and_commands():
    modal = {
        "custom_id": "m",
        "title": "t" * 46,
        "components": [row({"type": 4, "custom_id": "a", "label": "A", "style": 1})],
    }
    assert rule_names(rules.modal_problems(modal)) == ["a modal title is 1–45 characters"]
    assert rule_names(rules.choices_problems({"choices": [{"name": "a", "value": "a"}] * 26})) == [
        "at most 25 autocomplete choices"
    ]
    command = {
        "name": "Game",
        "description": "d",
        "options": [
            {"name": "opt", "description": "o", "type": 3},
            {"name": "req", "description": "r", "type": 3, "required": True},
        ],
    }
    assert rule_names(rules.command_problems([command])) == [
        "names are 1–32 lowercase letters, digits, - or _",
        "required options come before optional ones",
    ]


def test_spec_reports_the_field_and_the_limit():
    spec = load_spec()
    op = spec.operation("POST", "/interactions/1/abc/callback")
    assert op.route == "POST /interactions/{interaction_id}/{interaction_token}/callback"
    errors = spec.body_errors(op, {"type": 4, "data": {"components": [row(select("s", 26))]}})
    assert errors == ["body.data.components[0].components[0].options has 26 items (maxItems 25)"]
    assert spec.operation("GET", "/users/@me").template == "/users/@me"
    assert spec.operation("GET", "/users/42").template == "/users/{user_id}"
    assert spec.operation("PATCH", "/webhooks/1/t/messages/@original").template.endswith(
        "/@original"
    )
    assert spec.operation("GET", "/nope") is None and spec.operation("POST", "/users/@me") is None


def test_embed_images_must_name_a_file_sent_with_them():
    from tests.discord_sim.http_util import Upload, _upload_problems

    embed = {"embeds": [{"image": {"url": "attachment://board.png"}}]}
    [(rule, detail)] = _upload_problems(embed, [Upload(0, "hand.png", b"x", None)])
    assert rule == "an embed's attachment:// names a file sent with it"
    assert detail == "embeds[0].image names 'board.png'; files: ['hand.png']"
    assert _upload_problems(embed, [Upload(0, "board.png", b"x", None)]) == []
    callback = {"type": 4, "data": embed}  # interaction replies carry the message under "data"
    assert len(_upload_problems(callback, [])) == 1
