"""The Discord layer without Discord: commands register, controls fit Discord's limits."""
from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import discord
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot import controls, i18n
from bot.app import MarqueeBot
from bot.delivery.outgoing import Outgoing
from bot.engine.language import ENGLISH
from bot.settings import Settings
from bot.table.notices import choice_payload
from bot.table.service import TableError
from cogs import play as ui
from cogs.lobby import parse_options
from cogs.transport import split_text, turn_rows
from tests.games.billboard.helpers import GAME as BILLBOARD
from tests.games.billboard.helpers import board

ROOT = Path(__file__).resolve().parents[2]
POLISH = i18n.words(i18n.HOST, "pl")


def test_game_commands_register(tmp_path):
    async def main():
        bot = MarqueeBot(Settings(token=None, database=tmp_path / "x.sqlite", dev_guild_id=None, log_level="INFO"))
        await bot.load_extension("cogs.games")
        group = bot.tree.get_command("game")
        names = sorted(c.name for c in group.commands)
        payload = group.to_dict(bot.tree)
        await bot.close()
        return names, payload

    names, payload = asyncio.run(main())
    assert names == sorted(["new", "join", "leave", "start", "status", "hand", "rules", "history", "board", "abandon",
                            "substitute", "rejoin", "notify", "stats", "leaderboard", "follow", "unfollow", "undo", "resume",
                            "learn", "hint"])
    new = next(o for o in payload["options"] if o["name"] == "new")
    offered = [c["value"] for c in new["options"][0]["choices"]]
    assert "advance-to-boardwalk" in offered
    assert all(len(o["description"]) <= 100 for o in payload["options"])


ACTION_CHARS = "abcdefghijklmnopqrstuvwxyz:-0123456789"
GROUPS = st.sampled_from(["", "build", "cards", "zone", "a", "b", "c", "d", "e", "f"])
plain_choices = st.fixed_dictionaries({
    "action": st.text(ACTION_CHARS, min_size=1, max_size=64),
    "label": st.text(min_size=1, max_size=120),
    "group": GROUPS,
})
# A template: "{}" once, the whole at most 64 characters, as the engine allows.
templates = st.tuples(st.text(ACTION_CHARS, max_size=40), st.text(ACTION_CHARS, max_size=22)).map(
    lambda parts: parts[0] + "{}" + parts[1])


@st.composite
def amount_choices(draw):
    low = draw(st.integers(-10**6, 10**6))
    step = draw(st.integers(1, 1000))
    amount = {"min": low, "max": low + step * draw(st.integers(0, 10**4)), "step": step,
              "unit": draw(st.sampled_from(["", "$", "k"])), "describe": "",
              "scale": draw(st.sampled_from(["", "k", "M", "\xa0tys.\xa0zł"]))}
    return {"action": draw(templates), "label": draw(st.text(min_size=1, max_size=120)),
            "group": draw(GROUPS), "amount": amount}


@st.composite
def subset_choices(draw):
    values = draw(st.lists(st.text(ACTION_CHARS, min_size=1, max_size=100), max_size=130, unique=True))
    most = draw(st.integers(0, len(values)))
    subset = {"options": [[value, draw(st.text(min_size=1, max_size=120))] for value in values],
              "min": draw(st.integers(0, most)), "max": most}
    return {"action": draw(templates), "label": draw(st.text(min_size=1, max_size=120)),
            "group": draw(GROUPS), "subset": subset}


choice_sets = st.lists(
    st.one_of(plain_choices, plain_choices, amount_choices(), subset_choices()),
    min_size=0, max_size=300, unique_by=lambda c: c["action"],
)


def offered_by(custom_id: str, select: controls.Select | None) -> set[str]:
    """The actions (or templates) a control makes reachable, read back through its kind."""
    kinds = [kind for kind in ui.COMPONENTS if kind.__discord_ui_compiled_template__.fullmatch(custom_id)]
    assert len(kinds) == 1, f"{custom_id!r} is taken by {kinds}: exactly one kind must dispatch it"
    match = kinds[0].__discord_ui_compiled_template__.fullmatch(custom_id)
    fields = match.groupdict()
    if kinds[0] is ui.MoveSelect:
        return {value for value, _, _ in select.options}
    return {fields.get("action") or fields.get("template")} - {None}


@settings(max_examples=200, deadline=None)
@given(choice_sets, st.integers(1, 2**40), st.integers(0, 10**9), st.integers(2, 5))
def test_layout_always_fits_discord(choices, game_id, version, rows):
    laid, pages = controls.layout(game_id, version, choices, rows=rows)
    offered = set()
    for page in range(pages):
        laid, _ = controls.layout(game_id, version, choices, rows=rows, page=page)
        assert len(laid) <= rows
        ids = []
        for row in laid:
            if isinstance(row, controls.Select):
                assert 1 <= len(row.options) <= 25
                assert 0 <= row.min_values <= row.max_values <= len(row.options) and row.max_values >= 1
                assert len({value for value, _, _ in row.options}) == len(row.options)
                assert len(row.placeholder) <= 150
                assert all(len(label) <= 100 and len(value) <= 100 for value, label, _ in row.options)
                ids.append(row.custom_id)
                offered |= offered_by(row.custom_id, row)
            else:
                assert 1 <= len(row) <= 5
                assert all(1 <= len(b.label) <= 80 for b in row)
                ids += [b.custom_id for b in row]
                for b in row:
                    offered |= offered_by(b.custom_id, None)
        assert all(len(custom_id) <= 100 for custom_id in ids)
        assert len(ids) == len(set(ids)), "custom ids are unique in a message"
        assert ui.build_view(laid) is not None or not laid  # every control builds as its typed item
    if pages <= 5:  # up to five page buttons fit in the navigation row
        assert offered >= {c["action"] for c in choices}, "every choice is reachable on some page"


@settings(max_examples=100, deadline=None)
@given(amount_choices())
def test_an_amount_form_fits_discord_and_takes_what_the_game_allows(choice):
    form = controls.amount_form(choice)
    assert 1 <= len(form.title) <= 45 and 1 <= len(form.label) <= 45 and len(form.placeholder) <= 100
    amount = choice["amount"]
    for number in (amount["min"], amount["max"], amount["min"] + amount["step"]):
        if number <= amount["max"]:
            unit = amount["unit"]
            written = f"{'-' if number < 0 else ''}{unit}{abs(number):,}"
            assert controls.read_amount(written, amount) == number
            assert controls.read_amount(f" {number} ", amount) == number
    with pytest.raises(ValueError, match="not one of them"):
        controls.read_amount(str(amount["max"] + 1), amount)
    with pytest.raises(ValueError, match="not a whole number"):
        controls.read_amount("twelve", amount)
    for words in (ENGLISH, POLISH):  # as the form writes an amount, in either language
        for number in (amount["min"], amount["max"]):
            assert controls.read_amount(controls.written(amount, number, words), amount, words) == number


def test_amount_sentences_say_what_is_allowed():
    bid = {"min": 0, "max": 12000, "step": 500, "unit": "$", "describe": ""}
    form = controls.amount_form({"label": "Your bid", "amount": bid})
    assert form.label == "Your bid ($0–$12,000, steps of 500)"
    long = controls.amount_form({"label": "Bid for the right to premiere the film first", "amount": bid})
    assert long.label == "Amount ($0–$12,000, steps of 500)"
    assert controls.read_amount("$ 4,500", bid) == 4500
    with pytest.raises(ValueError) as refused:
        controls.read_amount("12,345", bid)
    assert str(refused.value) == "The amount goes from $0 to $12,000 in steps of 500; $12,345 is not one of them."
    with pytest.raises(ValueError, match="^“lots” is not a whole number"):
        controls.read_amount("lots", bid)
    with pytest.raises(ValueError, match="^That is not a whole number"):  # not echoed: could be markup
        controls.read_amount("<@123> **x**", bid)
    with pytest.raises(ValueError):
        controls.read_amount("٣٠٠", bid)  # digits, but not ASCII ones


def test_an_amount_is_typed_as_the_form_writes_it_and_nothing_else():
    """Billboard writes money in thousands ("15k", Polish "15 tys. zł"), San Francisco Scene
    with a dollar sign grouped as the reader's language groups digits."""
    bids = {language: next(c for c in BILLBOARD.legal(board(language=language, cash=25), 0)
                           if c.action.startswith("company:"))
            for language in ("en", "pl")}
    english = choice_payload(bids["en"], [])
    for typed in ("15k", "15 K", " 15 ", "15"):
        assert controls.read_amount(typed, english["amount"]) == 15, typed
    assert controls.amount_form(english).label == english["label"] == "Bid for Lajkonik (15k–25k)"
    assert controls.amount_form(english).placeholder == "A whole number, like 20k"
    for typed in ("15 tys.", "15kk", "1,5k", "k15"):
        with pytest.raises(ValueError, match="is not a whole number: write one from 15k to 25k"):
            controls.read_amount(typed, english["amount"])
    polish = choice_payload(bids["pl"], [], POLISH)
    form = controls.amount_form(polish, POLISH)
    assert form.label == "Kwota (15\xa0tys.\xa0zł–25\xa0tys.\xa0zł)"
    assert form.title == "Licytuj spółkę Lajkonik"  # the bounds left to the label: it fits whole
    for typed in ("15 tys. zł", "15\xa0tys.\xa0zł", "15 tys.", "15tys.", "15"):
        assert controls.read_amount(typed, polish["amount"], POLISH) == 15, typed
    for typed in ("15 zł", "15 tys. zł tys.", "1,5 tys."):
        with pytest.raises(ValueError, match="^„.*” to nie liczba całkowita|^To nie jest liczba"):
            controls.read_amount(typed, polish["amount"], POLISH)
    with pytest.raises(ValueError) as refused:
        controls.read_amount("26 tys.", polish["amount"], POLISH)
    assert str(refused.value) == ("Dozwolona kwota: od 15\xa0tys.\xa0zł do 25\xa0tys.\xa0zł; "
                                  "26\xa0tys.\xa0zł się nie mieści.")

    cash = {"min": 0, "max": 12000, "step": 500, "unit": "$", "describe": ""}
    assert controls.read_amount("$4,500", cash) == controls.read_amount("4 500 $", cash, POLISH) == 4500
    assert controls.read_amount("-0", cash) == 0
    for typed, words in (("4,500", POLISH), ("4,50,0", ENGLISH), ("$4,500$", ENGLISH), ("4.500", ENGLISH)):
        with pytest.raises(ValueError):
            controls.read_amount(typed, cash, words)


def test_a_subset_of_thirty_is_two_selects_and_a_confirm_button():
    lots = {"options": [[str(n), f"Lot {n + 1}"] for n in range(30)], "min": 1, "max": 3}
    choices = [{"action": "pick:{}", "label": "Pick lots", "group": "pick", "subset": lots},
               {"action": "pass", "label": "Pick nothing", "group": "pick"}]
    rows, _ = controls.layout(7, 3, choices, rows=4)
    first, second, confirm, other = rows
    assert (first.custom_id, len(first.options), first.min_values, first.max_values) == ("mq:u:7:3:0:pick:{}", 25, 0, 3)
    assert (second.custom_id, len(second.options), second.min_values, second.max_values) == ("mq:u:7:3:1:pick:{}", 5, 0, 3)
    assert [b.custom_id for b in confirm] == ["mq:c:7:3:pick:{}"] and [b.label for b in other] == ["Pick nothing"]
    # With no room for its selects, the subset is a button that opens them in a message of their own.
    crowded = choices + [{"action": f"x{n}", "label": "x", "group": f"g{n}"} for n in range(6)]
    rows, _ = controls.layout(7, 3, crowded, rows=4)
    assert "mq:k:7:3:pick:{}" in [b.custom_id for row in rows if isinstance(row, list) for b in row]
    single = controls.subset_rows(7, 3, {"action": "d:{}", "label": "Discard", "subset": {
        "options": [["a", "A"], ["b", "B"], ["c", "C"]], "min": 2, "max": 2}})
    assert (single[0].min_values, single[0].max_values) == (2, 2)  # one select takes the size itself
    assert controls.subset_problem(4, lots) == "Pick 1 to 3; you have picked 4."
    assert controls.subset_problem(0, lots) == "Pick 1 to 3; you have picked none."
    assert controls.subset_problem(2, lots) is None


FORGED = [
    "mq:m:x:1:a", "mq:m:1:²:a", "mq:m:١:1:a", "mq:l:1:explode", "mq:g:1:1:-1", "mq:p:", "mq:p:0",
    "mq:m:1:1:" + "a" * 65, "mq:m:" + "9" * 19 + ":1:a", "mq:m:1:1:a b", "mq:s:1:1:1:2",
    "mq:a:1:1:bid", "mq:a:1:1:bid:{}{}", "mq:u:1:1:4:pick:{}", "mq:c:1:1:{", "mq:m:1:1:a\n",
    "mq:x:1:1:a", "mq:M:1:1:a", "", "mq:A:1:1:bid:{}",
]


@pytest.mark.parametrize("custom_id", FORGED)
def test_a_malformed_custom_id_is_taken_by_no_kind(custom_id):
    assert ui.kind_of(custom_id) is None


def test_each_kind_takes_its_own_ids():
    assert ui.kind_of(controls.move_id(1, 0, "build:r3")) is ui.MoveButton
    assert ui.kind_of(controls.select_id(1, 2, 3)) is ui.MoveSelect
    assert ui.kind_of(controls.amount_id(1, 2, "bid:{}")) is ui.AmountButton
    assert ui.kind_of(controls.subset_id(1, 2, 1, "pick:{}")) is ui.SubsetSelect
    assert ui.kind_of(controls.confirm_id(1, 2, "pick:{}")) is ui.ConfirmButton
    assert ui.kind_of(controls.picker_id(1, 2, "pick:{}")) is ui.PickerButton
    assert ui.kind_of(controls.panel_id(10**17)) is ui.PanelButton
    assert ui.kind_of(controls.page_id(1, 2, 3)) is ui.PageButton
    assert all(ui.kind_of(controls.lobby_id(1, what)) is ui.LobbyButton for what in controls.LOBBY_STEPS)
    assert ui.AmountFormModal.template.fullmatch(controls.amount_form_id(1, 2, "bid:{}"))


def test_the_bot_asks_for_the_guilds_intent_only_and_reads_no_messages(tmp_path):
    bot = MarqueeBot(Settings(token=None, database=tmp_path / "x.sqlite", dev_guild_id=None, log_level="INFO"))
    assert bot.intents == discord.Intents(guilds=True)
    assert not bot.intents.message_content and not bot.intents.members

    async def main():
        called = []
        bot.process_commands = lambda message: called.append(message)  # what Bot.on_message does
        await bot.on_message(object())
        return called

    assert asyncio.run(main()) == []


def test_the_cogs_import_without_the_bot_module():
    """The bot imports the cogs; the cogs never import bot/app.py (they type it by a Protocol)."""
    code = ("import sys, cogs.play, cogs.answers, cogs.forms, cogs.games, cogs.lobby, cogs.protocols; "
            "assert 'bot.app' not in sys.modules, sorted(m for m in sys.modules if m.startswith('bot'))")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_split_text_respects_the_message_limit():
    text = "\n".join("x" * 150 for _ in range(40)) + "\n" + "y" * 4500
    chunks = split_text(text)
    assert all(len(c) <= 2000 for c in chunks)
    assert "".join(chunks).replace("\n", "") == text.replace("\n", "")


def test_public_controls_show_one_players_public_choices_and_a_panel_button():
    choices = [{"action": f"build:{i}", "label": f"Build {i}", "group": "build"} for i in range(3)]
    message = Outgoing(7, "toy", 12, "", turn=[{"seat": 0, "user_id": 5, "is_bot": False,
                                               "prompt": "Build", "choices": choices}])
    rows = turn_rows(message)
    assert [b.custom_id for b in rows[0]] == ["mq:m:7:12:build:0", "mq:m:7:12:build:1", "mq:m:7:12:build:2"]
    assert rows[-1][0].custom_id == "mq:p:7"
    simultaneous = Outgoing(7, "toy", 12, "", turn=[{"seat": s, "user_id": s, "is_bot": False,
                                                     "prompt": "Bid", "choices": []} for s in range(3)])
    assert turn_rows(simultaneous) == [[controls.Button("mq:p:7", "My hand & options", "primary")]]


def test_lobby_options_are_parsed_into_the_games_types():
    assert parse_options("advance-to-boardwalk", "") == {}
    with pytest.raises(TableError, match="has no option called `speed`; its options are clock"):
        parse_options("advance-to-boardwalk", "speed=9")
    assert parse_options("advance-to-boardwalk", "clock=24") == {"clock": 24}  # the host's, for every game


def test_lobby_options_are_suggested_as_you_type():
    from cogs.lobby import option_suggestions

    assert option_suggestions("hollywood-boulevard", "ro") == ["rounds=4", "rounds=6", "rounds=8"]
    assert option_suggestions("hollywood-boulevard", "rounds=8 c")[0] == "rounds=8 clock=0"
    assert option_suggestions("hollywood-1947", "stu") == ["studio_order=no", "studio_order=yes"]
    assert option_suggestions("hollywood-1947", "studio_order=yes uni") == [
        "studio_order=yes union_strike=no", "studio_order=yes union_strike=yes"]
    assert option_suggestions("chess", "") == []
    for suggestion in option_suggestions("hollywood-1947", "handpick_jobs=yes "):
        assert parse_options("hollywood-1947", suggestion)  # every suggestion parses
