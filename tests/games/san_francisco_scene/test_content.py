"""The board and the Cable Car cards load, and say what the contract and the sheet need."""
import pytest

from bot.games.san_francisco_scene.content import ContentError, load_board

from .helpers import board


def test_the_loop_has_forty_spaces_with_the_home_bases_in_the_corners():
    b = board()
    assert len(b.loop) == 40
    assert [b.loop[i].id for i in (0, 10, 20, 30)] == [
        "city-hall", "union-pacific-club", "attorneys", "labor-council"]
    assert b.loop[20].name == "Browbeat, Phlogger and Harass"
    assert {b.groups[g].home for g in b.groups} == {"city-hall", "union-pacific-club", "attorneys",
                                                    "labor-council"}


def test_the_spaces_the_sheet_names_are_there():
    b = board()
    for space_id in ("golden-gate-bridge", "bay-bridge", "richmond-bridge", "san-mateo-bridge",
                     "stanford", "university-of-california", "unemployment-office",
                     "wells-crocker-bank", "substandard-oil", "spacific-telephone",
                     "public-utilities-commission", "alcatraz", "angel-island", "san-quentin",
                     "yerba-buena-island"):
        assert space_id in b.spaces
    assert sum(space.kind == "cable-car" for space in b.loop) == 4
    assert b.spaces["bay-bridge"].name == "San Francisco–Oakland Bay Bridge"


def test_starred_pairs_sit_beside_the_corners_and_hayward_goes_with_walnut_creek():
    b = board()
    assert b.partner["hayward"] == "walnut-creek" and b.partner["walnut-creek"] == "hayward"
    assert len(b.partner) == 8
    for space_id, partner in b.partner.items():
        corner = round(b.spaces[space_id].index / 10) * 10 % 40
        assert {b.spaces[space_id].index % 40, b.spaces[partner].index % 40} == {
            (corner - 1) % 40, corner + 1}


def test_the_routes_run_from_their_bridges_through_their_stops():
    b = board()
    golden, bay = b.routes["golden-gate"], b.routes["bay-bridge"]
    assert (golden.bridge, golden.exit) == ("golden-gate-bridge", "richmond-bridge")
    assert golden.stops == ("alcatraz", "angel-island", "san-quentin")
    assert golden.faces[:4] == (*golden.stops, "richmond-bridge")
    assert (bay.bridge, bay.exit) == ("bay-bridge", "san-mateo-bridge")
    assert bay.stops == ("yerba-buena-island",) and bay.faces[:2] == ("yerba-buena-island", "san-mateo-bridge")
    assert {b.spaces[s].kind for s in golden.stops + bay.stops} == {"island", "prison"}


def test_cable_car_cards_in_play_and_blank_ones_kept_out():
    b = board()
    blanks = [card for card in b.cards.values() if card.blank]
    assert len(blanks) >= 2 and not {c.id for c in blanks} & set(b.deck)
    assert len(b.deck) >= 24
    effects = {b.cards[c].effect for c in b.deck}
    assert {"move_to", "lose_turns", "go_to_jail", "pay_fund", "pay_bank", "pay_each"} <= effects


def test_prices_in_the_hundreds_of_thousands_and_rents_rising_with_development():
    for space in board().for_sale:
        assert 100_000 <= space.price <= 500_000
        if space.developable:
            assert len(space.rent) == 5 and list(space.rent) == sorted(space.rent)


def test_a_broken_board_is_refused():
    import tomllib

    from bot.games.content import DATA_DIR

    def raw():
        return {name: tomllib.loads((DATA_DIR / "san-francisco-scene" / f"{name}.toml").read_text())
                for name in ("board", "cable_cars")}

    content = raw()
    content["board"]["space"][1]["starred"] = False
    with pytest.raises(ContentError, match="starred"):
        load_board(content)
    content = raw()
    content["cable_cars"]["card"][0]["space"] = "atlantis"
    with pytest.raises(ContentError, match="atlantis"):
        load_board(content)
    content = raw()
    content["board"]["route"][0]["faces"][2] = "richmond-bridge"  # San Quentin out of reach
    with pytest.raises(ContentError, match="san-quentin"):
        load_board(content)
    content = raw()
    content["board"]["route"][0]["faces"].reverse()
    with pytest.raises(ContentError, match="crossing order"):
        load_board(content)
    content = raw()
    del content["board"]["space"][5]
    with pytest.raises(ContentError, match="39 spaces"):
        load_board(content)
