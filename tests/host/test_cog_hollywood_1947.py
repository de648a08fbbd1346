"""/hw1947: the commands register, look-ups autocomplete and resolve names, answers in a
game's thread come from its public view, and no answer gives a secret away.

The game is a seven-seat Hollywood 1947 (Ann, Ben, Cid and four bots) played through the
real table service on a temporary store until the second movie is being made. Commands are
called on the cog with a small fake interaction that records the replies.
"""
from __future__ import annotations

import json
import random
import re
from types import SimpleNamespace

import pytest

from bot.app import extensions
from bot.engine import new_game, play
from bot.games import registry
from bot.games.hollywood_1947 import lookup
from bot.table.service import Member, TableError, Tables
from cogs.titles.hollywood_1947 import NOT_A_GAME, Hollywood1947Cog
from tests.host.cog_fakes import FakeInteraction, Said, described_commands, registered_group
from tests.postgres import open_test_store

GAME_ID = "hollywood-1947"
GAME = registry.game(GAME_ID)
CX = GAME.content
THREAD, ELSEWHERE = 4242, 777
ANN, BEN, CID = Member(1, "Ann"), Member(2, "Ben"), Member(3, "Cid")
SPECTATOR = Member(99, "Spy")
PRIVATE_LINE = "-# Only you see this"
CARD_ID = re.compile(r"\b[a-z]+-\d+\b")
LOYALTY = "(patriot|communist|rising star)"
LOOKUPS = {"job": lookup.job_entries(CX), "card": lookup.card_entries(CX),
           "poster": lookup.poster_entries(CX), "loyalty": lookup.loyalty_entries()}


# ---------------------------------------------------------------- a fake interaction

async def ask(cog: Hollywood1947Cog, command: str, *, user: Member = SPECTATOR, channel: int = THREAD,
              **options: object) -> Said:
    """Run ``/hw1947 <command>`` as ``user``; a refusal is answered as the bot's error
    handler answers it (privately, the sentence as it is)."""
    interaction = FakeInteraction(channel, user.id)
    try:
        await getattr(cog, command).callback(cog, interaction, **options)
    except TableError as refusal:
        return Said(str(refusal), True)
    assert interaction.said, f"/hw1947 {command} said nothing"
    return Said("\n".join(s.text for s in interaction.said), interaction.said[0].ephemeral)


# ------------------------------------------------------------------------- a game

@pytest.fixture
async def tables(store_kind, tmp_path):
    store = await open_test_store(store_kind, tmp_path)
    yield Tables(store, seed_source=lambda: 7)
    await store.close()


@pytest.fixture
async def game(tables):
    """A seven-seat game in THREAD, played until movie 2's production is under way (a
    premiere has been revealed, some jobs performed)."""
    table = await tables.create(GAME_ID, ANN)
    for member in (BEN, CID):
        await tables.join(table.id, member)
    for _ in range(4):
        await tables.add_bot(table.id, ANN)
    await tables.store.set_places(table.id, thread_id=THREAD)
    await tables.start(table.id, ANN)
    policy, members = registry.kit(GAME_ID).bot, {0: ANN, 1: BEN, 2: CID}
    for move in range(300):
        state = (await tables.table(table.id)).record.state
        if (state["round"], state["phase"], state["step"]) == (2, "production", None) \
                and len(state["performed"]) >= 2:
            return table.id
        seat = min(GAME.pending(state))  # bots have moved already: a member is pending
        await tables.act(table.id, members[seat], policy.choose(state, seat, random.Random(move)))
    raise AssertionError("the game did not reach movie 2's production")


@pytest.fixture
def cog(tables):
    return Hollywood1947Cog(SimpleNamespace(tables=tables))


# ----------------------------------------------------------------------- commands

def test_commands_register_with_descriptions(tmp_path):
    assert "cogs.titles.hollywood_1947" in extensions()  # the bot loads it by itself
    payload = registered_group(tmp_path, "cogs.titles.hollywood_1947", "hw1947")
    assert payload["description"] == "Hollywood 1947: jobs, cards and loyalties"
    commands = described_commands(payload, {c: "name" for c in ("card", "job", "loyalty", "poster")})
    assert sorted(commands) == ["card", "job", "jobs", "loyalty", "poster"]


async def test_autocomplete_by_prefix_and_by_any_word(cog):
    interaction = FakeInteraction(THREAD, SPECTATOR.id)

    async def names(command: str, typed: str) -> list[str]:
        return [c.name for c in await getattr(cog, f"{command}_names")(interaction, typed)]

    assert (await names("job", "gaf")) == ["Gaffer (4)"]
    assert (await names("job", "ACT")) == ["Actress (6)", "Actor (7)"]
    assert (await names("card", "red"))[0] == "Red Dawn Montage"
    assert (await names("card", "montage")) == ["Red Dawn Montage"]  # any word
    assert (await names("card", "star")) == ["Star-Spangled Finale"]
    assert (await names("card", "spangled")) == ["Star-Spangled Finale"]  # a word after a hyphen
    assert (await names("poster", "noir")) == ["Film Noir"]
    assert (await names("loyalty", "star")) == ["Rising Star"]
    assert len(await names("card", "")) == len(LOOKUPS["card"]) == 13  # one per printed card
    suggestions = await cog.card_names(interaction, "shake")
    assert [(c.name, c.value) for c in suggestions] == [("Shake Up", "shakeup")]


async def test_bad_names_are_sentences(cog, game):
    unknown = await ask(cog, "job", name="Plumber")
    assert unknown.ephemeral and unknown.text.startswith("I know no job called “Plumber”")
    several = await ask(cog, "job", name="act")
    assert several.text.startswith("Several jobs start with “act”: Actress (6), Actor (7)")
    assert (await ask(cog, "card", name="Second Chance")).text.startswith(
        "I know no propaganda card called")
    assert (await ask(cog, "loyalty", name="")).text.startswith("I know no loyalty called")
    assert (await ask(cog, "jobs", channel=ELSEWHERE)) == Said(NOT_A_GAME, True)


async def test_names_typed_in_full_or_by_number_resolve(cog):
    by_number = await ask(cog, "job", channel=ELSEWHERE, name="4")
    assert by_number.text.startswith("**Gaffer (4)**")
    assert (await ask(cog, "job", channel=ELSEWHERE, name="gaffer")) == by_number
    card = await ask(cog, "card", channel=ELSEWHERE, name="shake up")
    assert card.text.startswith("**Shake Up** — ☭☭") and "4 of the 60" in card.text
    assert "every job" in card.text


async def test_outside_a_game_answers_from_the_content_alone(cog, game):
    job = await ask(cog, "job", user=ANN, channel=ELSEWHERE, name="9")
    assert job.ephemeral and "Now:" not in job.text and "Ann" not in job.text
    loyalty = await ask(cog, "loyalty", user=ANN, channel=ELSEWHERE, name="communist")
    assert "At this table" not in loyalty.text and PRIVATE_LINE not in loyalty.text


async def test_answers_in_a_game_use_its_public_state(cog, tables, game):
    table = await tables.table(game)
    view = GAME.view(table.record.state, None)
    for entry in view["jobs"]:
        answer = await ask(cog, "job", name=str(entry["number"]))
        holder = "in the center" if entry["holder"] is None else f"held by **{table.names()[entry['holder']]}**"
        assert f"Now: {holder}" in answer.text
        assert ("performed this movie" in answer.text) == entry["performed"]
    jobs = await ask(cog, "jobs")
    assert jobs.ephemeral and jobs.text.startswith("**Movie 2** · production, ")
    assert len(jobs.text.splitlines()) == 1 + len(view["jobs"])
    shared = await ask(cog, "jobs", share=True)
    assert not shared.ephemeral and shared.text == jobs.text
    revealed = {face["name"] for face in view["premiere"]["cards"]}
    for value, name in LOOKUPS["card"]:
        answer = await ask(cog, "card", name=value)
        assert ("The last premiere (movie 1) revealed" in answer.text) == (name in revealed)
    shown = view["films"][0]["poster"]["name"]
    assert "Movie 1's poster" in (await ask(cog, "poster", name=shown)).text
    loyalty = await ask(cog, "loyalty", name="Communist")
    assert "At this table (7 players): 2." in loyalty.text


async def test_own_secrets_only_privately(cog, tables, game):
    state = (await tables.table(game)).record.state
    for seat, member in enumerate((ANN, BEN, CID)):
        mine = GAME.view(state, seat)["you"]
        loyalty = await ask(cog, "loyalty", user=member, name="patriot")
        assert loyalty.ephemeral and f"you are a {mine['loyalty_name']}." in loyalty.text
        held = [face["name"] for face in mine["hand"]]
        card = await ask(cog, "card", user=member, name=held[0])
        assert f"you hold {held.count(held[0])}." in card.text
        for command, value in (("loyalty", "patriot"), ("card", held[0])):
            shared = await ask(cog, command, user=member, share=True, name=value)
            assert not shared.ephemeral and PRIVATE_LINE not in shared.text
            assert shared == Said((await ask(cog, command, name=value)).text, False)


def scrambled(state: dict) -> dict:
    """The same public table with every secret changed: loyalties, every hidden card (hands,
    deck order, discards, movie, ghosts), the poster deck and the rejected poster, notes."""
    state, rng = json.loads(json.dumps(state)), random.Random(1)
    state["loyalty"] = state["loyalty"][1:] + state["loyalty"][:1]
    holders = [*state["hands"], state["deck"], state["discard"], state["movie"]]
    hidden = [card for cards in holders for card in cards] + [g["card"] for g in state["ghosts"] if g["card"]]
    rng.shuffle(hidden)
    for cards in holders:
        cards[:] = [hidden.pop() for _ in cards]
    for ghost in state["ghosts"]:
        ghost["card"] = hidden.pop() if ghost["card"] else None
    state["posters"] = rng.sample(state["posters"], len(state["posters"]))
    if state["rejected"]:  # the Screenwriter's rejected poster swaps with one in the deck
        seat, rejected = state["rejected"]
        state["rejected"], state["posters"][0] = [seat, state["posters"][0]], rejected
        state["posters_out"] = [p if p != rejected else state["rejected"][1] for p in state["posters_out"]]
    state["notes"] = state["notes"][1:] + state["notes"][:1]
    return state


async def every_answer(cog: Hollywood1947Cog, user: Member, share: bool) -> dict[tuple[str, str], str]:
    answers = {("jobs", ""): (await ask(cog, "jobs", user=user, share=share)).text}
    for command, entries in LOOKUPS.items():
        for value, _ in entries:
            answers[command, value] = (await ask(cog, command, user=user, share=share, name=value)).text
    return answers


def public_part(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith(PRIVATE_LINE))


async def test_no_answer_gives_a_secret_away(cog, tables, game):
    table = await tables.table(game)
    state = table.record.state
    askers = [(SPECTATOR, False), *((m, True) for m in (ANN, BEN, CID)), *((m, False) for m in (ANN, BEN, CID))]
    before = {(m.name, share): await every_answer(cog, m, share) for m, share in askers}

    # By value: no card id, no player named next to a loyalty, no player named where a card,
    # poster or loyalty is described, and the asker's own line only where nobody else reads.
    names = "|".join(table.names())
    for (asker, share), answers in before.items():
        for (command, value), text in answers.items():
            assert not CARD_ID.search(text), text
            assert not re.search(rf"({names})\W{{0,4}}{LOYALTY}|{LOYALTY}\W{{0,4}}\**({names})",
                                 text, re.IGNORECASE), text
            if command in ("card", "poster", "loyalty"):
                assert not re.search(names, public_part(text)), text
            assert (PRIVATE_LINE in text) == (not share and asker != "Spy" and command in ("card", "loyalty"))

    # Everything secret changes; what anyone may see does not, and neither does any answer
    # (but the asker's own line).
    secret = scrambled(state)
    assert secret["loyalty"] != state["loyalty"] and secret["hands"] != state["hands"]
    assert secret["deck"] != state["deck"] and GAME.view(secret, None) == GAME.view(state, None)
    assert await tables.store.commit(game, table.record.version, status="running", state=secret)
    assert (await tables.table(game)).record.state == secret
    for (name, share), answers in before.items():
        asker = next(m for m, _ in askers if m.name == name)
        after = await every_answer(cog, asker, share)
        assert {k: public_part(v) for k, v in after.items()} == {k: public_part(v) for k, v in answers.items()}
        if share or asker is SPECTATOR:
            assert after == answers


def test_what_a_small_or_finished_game_shows():
    two = GAME.view(new_game(GAME, 2, {}, 3), None)
    assert "Not in this game (2 players)." in lookup.describe_card(CX, "reddawn", two)
    assert "Not in this game (2 players)." in lookup.describe_poster(CX, "horror", two)
    assert "no Producer in 1–3 player games" in lookup.describe_job(CX, 2, two)
    hidden = GAME.view(new_game(GAME, 5, {"random_loyalties": True}, 3), None)
    assert "nobody knows how many" in lookup.describe_loyalty(CX, "communist", hidden)

    state, policy, rng = new_game(GAME, 4, {}, 5), registry.kit(GAME_ID).bot, random.Random(5)
    while GAME.result(state) is None:
        seat = min(GAME.pending(state))
        state, _ = play(GAME, state, seat, policy.choose(state, seat, rng))
    over = GAME.view(state, None)  # the loyalties are public once the game is over
    communists = [f"{{p{s}}}" for s, team in enumerate(state["loyalty"]) if team == "communist"]
    assert f"This game's: {', '.join(communists)}." in lookup.describe_loyalty(CX, "communist", over)
