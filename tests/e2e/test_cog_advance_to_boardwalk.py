"""/boardwalk through the simulated Discord: a member types a property's name, picks the
suggestion, and reads privately who holds it in this game; a bad name gets a sentence."""

from __future__ import annotations

from .driver import Table, is_turn_post, open_table

pytest_plugins = ["tests.discord_sim.plugin"]

SEED = 156  # as in test_commands: Alice's first turn builds in the Red zone


async def test_property_look_up_with_autocomplete_in_a_game(discord_sim, marquee, alice, bob, carol):
    async with marquee(seed=SEED):
        thread, _ = await open_table(discord_sim, alice, [alice, bob, carol])
        table = Table(discord_sim, thread, [alice, bob, carol])
        await table.step(await thread.wait_for_message(is_turn_post))  # Alice builds once

        offered = await bob.autocomplete("boardwalk property", "name", "red", channel=thread)
        assert offered[0]["name"].startswith("Red zone") and len(offered) == 6
        zone = await (await bob.slash("boardwalk property", channel=thread, name=offered[0]["value"])).reply()
        assert zone.ephemeral and zone.text.startswith("**Red zone (The Inlet)**")
        assert "**Alice**" in zone.text, "Alice's first unit is in the Red zone"

        refused = await (await bob.slash("boardwalk card", channel=thread, name="Free Parking")).reply()
        assert refused.ephemeral and "I know no Fortune card called “Free Parking”" in refused.text

        shared = await (await carol.slash("boardwalk holdings", channel=thread, share=True)).reply()
        assert not shared.ephemeral and shared.text.startswith("**Who holds what**")
        await discord_sim.settle()
