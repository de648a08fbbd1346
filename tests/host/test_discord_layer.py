"""The Discord layer without Discord: commands register, controls fit Discord's limits."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot import controls
from bot.app import MarqueeBot
from bot.dispatch import Outgoing
from bot.settings import Settings
from bot.tables import TableError
from cogs.lobby import parse_options
from cogs.transport import split_text, turn_rows


def test_game_commands_register(tmp_path):
    async def main():
        bot = MarqueeBot(Settings(token=None, database=tmp_path / "x.sqlite", dev_guild_id=None, log_level="INFO"))
        await bot.load_extension("cogs.games")
        group = bot.tree.get_command("game")
        names = sorted(c.name for c in group.commands)
        payload = group.to_dict(bot.tree)
        await bot.close()
        return names, payload

    import asyncio

    names, payload = asyncio.run(main())
    assert names == sorted(["new", "join", "leave", "start", "status", "hand", "rules", "history", "abandon",
                            "substitute"])
    new = next(o for o in payload["options"] if o["name"] == "new")
    offered = [c["value"] for c in new["options"][0]["choices"]]
    assert "advance-to-boardwalk" in offered
    assert all(len(o["description"]) <= 100 for o in payload["options"])


choice_sets = st.lists(
    st.fixed_dictionaries({
        "action": st.text("abcdefghijklmnopqrstuvwxyz:-0123456789", min_size=1, max_size=64),
        "label": st.text(min_size=1, max_size=120),
        "group": st.sampled_from(["", "build", "cards", "zone", "a", "b", "c", "d", "e", "f"]),
    }),
    min_size=0, max_size=300, unique_by=lambda c: c["action"],
)


@settings(max_examples=200, deadline=None)
@given(choice_sets, st.integers(0, 2**40), st.integers(0, 10**9), st.integers(2, 5))
def test_layout_always_fits_discord(choices, game_id, version, rows):
    laid, pages = controls.layout(game_id, version, choices, rows=rows)
    assert len(laid) <= rows
    seen = set()
    offered = set()
    for page in range(pages):
        laid, _ = controls.layout(game_id, version, choices, rows=rows, page=page)
        for row in laid:
            if isinstance(row, controls.Select):
                assert 1 <= len(row.options) <= 25
                assert len(row.custom_id) <= 100 and len(row.placeholder) <= 150
                offered.update(value for value, _, _ in row.options)
                assert all(len(label) <= 100 for _, label, _ in row.options)
                ids = [row.custom_id]
            else:
                assert 1 <= len(row) <= 5
                assert all(len(b.label) <= 80 for b in row)
                offered.update(b.custom_id.split(":", 4)[4] for b in row if b.custom_id.startswith("mq:m:"))
                ids = [b.custom_id for b in row]
            for custom_id in ids:
                assert len(custom_id) <= 100
                if page == 0 or not custom_id.startswith("mq:g:"):
                    assert (page, custom_id) not in seen
                    seen.add((page, custom_id))
    if pages <= 5:  # up to five page buttons fit in the navigation row
        assert offered == {c["action"] for c in choices}, "every choice is reachable on some page"


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
    with pytest.raises(TableError, match="don't understand"):
        parse_options("advance-to-boardwalk", "speed=9")


def test_lobby_options_are_suggested_as_you_type():
    from cogs.lobby import option_suggestions

    assert option_suggestions("hollywood-boulevard", "") == ["rounds=4", "rounds=6", "rounds=8"]
    assert option_suggestions("hollywood-boulevard", "rounds=8 ") == []
    assert option_suggestions("hollywood-1947", "stu") == ["studio_order=no", "studio_order=yes"]
    assert option_suggestions("hollywood-1947", "studio_order=yes uni") == [
        "studio_order=yes union_strike=no", "studio_order=yes union_strike=yes"]
    assert option_suggestions("chess", "") == []
    for suggestion in option_suggestions("hollywood-1947", "handpick_jobs=yes "):
        assert parse_options("hollywood-1947", suggestion)  # every suggestion parses
