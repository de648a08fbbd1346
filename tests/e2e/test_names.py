"""What members type reaches the bot's posts only made safe: a nickname with Markdown and
mention text reads as itself and pings nobody; bad lobby options get a sentence back."""

from __future__ import annotations

import pytest

from bot.text import markdown_name
from tests.discord_sim import SimUsageError
from tests.discord_sim.interactions import APPLICATION_COMMAND
from tests.discord_sim.model import SimMessage, text_of

from .driver import Table, is_turn_post, open_table

pytest_plugins = ["tests.discord_sim.plugin"]

SEED = 156  # Alice (the host, seat 1) moves first
NICK = "**Bold** @everyone <@1> `x` [link](http://x)"
BOB_NICK = "# Big -# <@&5> @here ||x||"


@pytest.fixture
def bodies(monkeypatch) -> list[tuple[SimMessage, dict]]:
    """Every message body the simulated Discord applied (creates and edits), with its message:
    the message keeps only what it shows, the body also says whom it may ping."""
    applied: list[tuple[SimMessage, dict]] = []
    apply = SimMessage.apply

    def recording(message: SimMessage, body: dict, new_files, *, editing: bool) -> None:
        apply(message, body, new_files, editing=editing)
        applied.append((message, body))

    monkeypatch.setattr(SimMessage, "apply", recording)
    return applied


def is_public(message: SimMessage) -> bool:
    return message.from_bot and not message.ephemeral and not message.channel.is_dm


async def test_nicknames_with_markdown_and_mentions_are_escaped_everywhere(discord_sim, marquee, alice, bob,
                                                                          carol, bodies):
    alice.nick, bob.nick = NICK, BOB_NICK
    for member in (alice, bob):
        member.close_dms()  # so the table is told, by name, that their DMs are closed
        discord_sim.member_updated(member)
    shown, bob_shown = markdown_name(NICK), markdown_name(BOB_NICK)
    async with marquee(seed=SEED):
        thread, lobby = await open_table(discord_sim, alice, [alice, bob, carol])
        assert f"1. {shown}\n2. {bob_shown}\n" in lobby.text
        table = Table(discord_sim, thread, [alice, bob, carol])
        post = await thread.wait_for_message(is_turn_post)
        for _ in range(6):  # Alice builds, the others answer, Alice again
            post = await table.step(post)
        await discord_sim.settle()

    public = [m for m in {id(m): m for m, _ in bodies}.values() if is_public(m)]
    said = "\n".join(m.text for m in public)
    assert f"**{shown}** builds" in said
    assert f"I can't send direct messages to **{shown}** (their DMs are closed)" in said  # the dispatcher
    assert f"I can't send direct messages to **{bob_shown}**. They can" in said  # joining
    for message in public:
        for text in [message.text, *(text_of(old) for old in message.history)]:
            for raw in (NICK, BOB_NICK, "**Bold**", "[link](", "@everyone", "@here", "<@1>", "<@&5>"):
                assert raw not in text, f"{raw!r} in {text!r}"
    for message, body in bodies:
        if is_public(message) and text_of(body):
            allowed = body.get("allowed_mentions")
            assert allowed is not None, f"no allowed_mentions (so all of them) on {text_of(body)!r}"
            assert not {"everyone", "roles"} & set(allowed.get("parse", [])), allowed
            assert not allowed.get("roles"), allowed


def game_new(member, typed: str):
    """``/game new game:Hollywood Boulevard options:<typed>`` (an option named like slash()'s own)."""
    return member.slash("game new", options={"game": "hollywood-boulevard", "options": typed})


async def test_bad_lobby_options_are_answered_with_a_sentence(discord_sim, marquee, alice):
    async with marquee():
        reply = await (await game_new(alice, "rounds=²")).reply()
        assert reply.ephemeral and reply.text == "`rounds` is 4, 6 or 8; not “²”."
        reply = await (await game_new(alice, "roundz=4")).reply()
        assert reply.ephemeral and reply.text == ("Hollywood Boulevard has no option called `roundz`; "
                                                  "its options are rounds, clock, takebacks, coach.")

        # Discord's client stops a text longer than the command's max_length...
        with pytest.raises(SimUsageError, match="0–200 characters"):
            await game_new(alice, "rounds=4 " * 30)
        # ...and a game not among the choices can only be forged: it gets a sentence too.
        data = alice._command_data("game new", {"game": "hollywood-boulevard", "options": "rounds=4"},
                                   discord_sim.default_channel, focused=None)
        for option in data["options"][0]["options"]:
            if option["name"] == "game":
                option["value"] = "chess"
        forged = discord_sim.start_interaction(APPLICATION_COMMAND, alice, discord_sim.default_channel, data)
        reply = await forged.reply()
        assert reply.ephemeral and reply.text.startswith("`chess` is not a game I host; choose one of: ")
        del data["options"][0]["options"][1]  # without options, the command itself refuses it
        forged = discord_sim.start_interaction(APPLICATION_COMMAND, alice, discord_sim.default_channel, data)
        assert (await forged.reply()).text.startswith("`chess` is not a game I host")

        assert not discord_sim.default_channel.threads, "no refused command opened a table"
        ready = await (await game_new(alice, "rounds = 4")).reply()
        assert "Your table is ready" in ready.text
