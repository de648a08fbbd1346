"""A Polish server through the simulated Discord: the commands sync with Polish names and
descriptions (as Discord takes them), a lobby opened there speaks Polish without the host
asking, and each player's own messages follow their Discord client's language.

The game is tests/polish_game.py ("Market"), which speaks English and Polish."""

from __future__ import annotations

import re

from tests import polish_game

pytest_plugins = ["tests.discord_sim.plugin"]

#: Discord's rule for the names of commands, options and choices' keys (lowercase where cased).
NAME = re.compile(r"[-_\w]{1,32}")


def localizations(command: dict) -> list[tuple[str, str, int]]:
    """Every Polish localization in a synced command: (what, text, its limit)."""
    found = []
    for key, limit in (("name_localizations", 32), ("description_localizations", 100)):
        text = (command.get(key) or {}).get("pl")
        if text is not None:
            found.append((key, text, limit))
    for option in command.get("options") or []:
        found += localizations(option)
    for choice in command.get("choices") or []:
        text = (choice.get("name_localizations") or {}).get("pl")
        if text is not None:
            found.append(("choice", text, 100))
    return found


async def test_a_polish_server_gets_polish_commands_and_a_polish_lobby(discord_sim, marquee, alice, bob):
    discord_sim.guild.preferred_locale = "pl"
    alice.locale = "pl"  # Bob's Discord speaks English (the simulator's default)
    async with marquee():
        synced = discord_sim.commands.scopes[discord_sim.guild.id]
        game = next(command for command in synced if command["name"] == "game")
        assert game["name_localizations"]["pl"] == "gra"
        new = next(option for option in game["options"] if option["name"] == "new")
        assert new["name_localizations"]["pl"] == "nowa"
        assert new["description_localizations"]["pl"] == "Otwórz lobby gry w nowym wątku na tym kanale"
        found = [entry for command in synced for entry in localizations(command)]
        assert len(found) > 40, "names, descriptions, parameters and choices are all in Polish"
        for what, text, limit in found:
            assert 1 <= len(text) <= limit, (what, text)
            if what == "name_localizations":
                assert NAME.fullmatch(text) and text == text.lower(), text

        reply = await (await alice.slash("game new", game=polish_game.GAME_ID)).reply()
        assert reply.ephemeral and reply.text.startswith("Twój stół czeka w")
        thread = await discord_sim.default_channel.wait_for_thread()
        lobby = await thread.wait_for_message(lambda m: "Dołącz" in m.button_labels)
        assert "Opcje: language = pl" in lobby.text and "**Miejsca (1/4)**" in lobby.text
        await (await bob.click("Dołącz", message=lobby)).response()
        started = await (await alice.click("Rozpocznij", message=lobby)).reply()
        assert "Gra się zaczęła." in started.text

        first = await thread.wait_for_message(lambda m: "Zaczyna się **Market**" in m.text)
        assert "Moja ręka i opcje" in first.button_labels
        assert "Zatwierdź: Wybierz działki" in first.button_labels
        mine = await alice.wait_for_dm(lambda m: "Masz" in m.text)
        assert "**Market**, gra nr 1. Masz 100 $." in mine.text
        theirs = await bob.wait_for_dm(lambda m: "You have" in m.text)
        assert "**Market**, game #1. You have $100." in theirs.text

        # Alone, each reads their own language; the thread reads the table's.
        polish = await (await alice.slash("game status", channel=thread)).reply()
        assert polish.ephemeral and "Czekamy na ruch: **Alice**" in polish.text
        english = await (await bob.slash("game status", channel=thread)).reply()
        assert english.ephemeral and "Waiting on **Alice**" in english.text
        refused = await (await bob.slash("game start", channel=thread)).reply()
        assert refused.text == "This game is already running."
