"""Around the games: statistics, leaderboards, following a game by DM, and how a member
hears that a game waits on them. The /game group declares these commands (``cogs/games.py``);
what they do is here, over the table service's ``community`` (``bot/community/``).
"""
from __future__ import annotations

import discord
from discord import app_commands

from bot.community import stats as community
from bot.engine.language import Words
from bot.games import registry
from bot.table import notify
from bot.table.model import Table, TableError
from bot.text import markdown_name, plain_name
from cogs.answers import reply
from cogs.protocols import GameBot
from cogs.speech import client_language, host_words, words_at
from rendering import kit


async def notify_settings(bot: GameBot, interaction: discord.Interaction, how: str | None,
                          quiet: str | None, timezone: str | None, next_up: bool | None = None) -> None:
    """How the member hears a game waits on them, and their quiet hours, and whether they hear
    when they are next: shown, or changed."""
    said = host_words(client_language(interaction))  # about no one table: the member's own language
    user_id = interaction.user.id
    current = await bot.tables.notify_settings(user_id)
    try:
        hours = (current.quiet_from, current.quiet_to) if quiet is None else notify.parse_quiet_hours(quiet, said)
        zone = current.zone if timezone is None else notify.check_zone(timezone, said)
    except ValueError as error:
        raise TableError.verbatim(str(error)) from None
    if how not in (None, notify.THREAD, notify.DM, notify.BOTH):
        raise TableError.verbatim(said.t("Choose how from the list: the thread, a DM, or both."))
    chosen = notify.NotifySettings(how or current.where, *(hours or (None, None)), zone,
                                   current.next_up if next_up is None else next_up)
    if chosen != current:
        await bot.tables.set_notify_settings(user_id, chosen)
    unchanged = chosen == current and not (how or quiet or timezone) and next_up is None
    await reply(interaction, chosen.describe(said) + (
        " " + said.t("Change it with the options of `/game notify`.") if unchanged else ""))


def notify_zones(current: str) -> list[app_commands.Choice[str]]:
    """Time zones matching what is typed (a few common ones before anything is)."""
    typed = current.strip().lower()
    found = [z for z in notify.zones() if typed in z.lower()] if typed else ["UTC", "Europe/Warsaw",
                                                                             "Europe/London", "America/New_York"]
    return [app_commands.Choice(name=z, value=z) for z in found[:25]]


async def stats(bot: GameBot, interaction: discord.Interaction, member: discord.User | None = None) -> None:
    """A member's statistics on this server (in a DM: one's own, on every server)."""
    said = host_words(client_language(interaction))
    who = member or interaction.user
    everywhere = interaction.guild_id is None  # in a DM: one's own games on every server
    if everywhere and who.id != interaction.user.id:
        raise TableError("In a direct message, `/game stats` shows only your own games.")
    await interaction.response.defer(ephemeral=True, thinking=True)
    found = await bot.tables.community.member_stats(who.id, interaction.guild_id, everywhere=everywhere)
    await interaction.followup.send(embed=stats_embed(said, found, who.display_name, everywhere),
                                    ephemeral=True)


async def leaderboard(bot: GameBot, interaction: discord.Interaction, game: str | None = None) -> None:
    """This server's players by rating, over one title or all."""
    said = host_words(client_language(interaction))
    if interaction.guild_id is None:
        raise TableError("Leaderboards are kept per server: use `/game leaderboard` in one.")
    if game is not None and game not in registry.available():
        raise TableError("“{game}” is not a game I host. Try one of: {offered}.",
                         game=game, offered=", ".join(registry.available()))
    await interaction.response.defer(ephemeral=True, thinking=True)
    board = await bot.tables.community.leaderboard(interaction.guild_id, game, reader=interaction.user.id)
    if not board.standings:
        title = registry.game(game).name if game else None
        await interaction.followup.send(said.t(
            "No finished game of {game} on this server yet.", game=title) if title else said.t(
            "No finished game on this server yet."), ephemeral=True)
        return
    await interaction.followup.send(embed=leaderboard_embed(said, board, interaction.user.id), ephemeral=True)


def title_suggestions(current: str) -> list[app_commands.Choice[str]]:
    """The hosted titles matching what is typed, by id or name."""
    typed = current.strip().lower()
    return [app_commands.Choice(name=registry.game(gid).name, value=gid) for gid in registry.available()
            if typed in gid or typed in registry.game(gid).name.lower()][:25]


async def follow(bot: GameBot, interaction: discord.Interaction, table: Table) -> None:
    """Follow ``table``'s game by DM, for a member not playing in it."""
    reading = bot.tables.reader_language(table, client_language(interaction))
    await bot.tables.community.follow(table, interaction.user.id, reading)
    await reply(interaction, words_at(interaction, table).t(
        "You follow **{game}** #{number} now: after each turn I send you a DM of what happened. "
        "`/game unfollow` stops it.", game=registry.game(table.record.game_type).name, number=table.id))


async def unfollow(bot: GameBot, interaction: discord.Interaction, game_id: int) -> None:
    """Stop the DMs of a game the member follows."""
    await bot.tables.community.unfollow(game_id, interaction.user.id)
    await reply(interaction, host_words(client_language(interaction)).t(
        "You no longer follow game #{number}.", number=game_id))


#: The leaderboard's colour: the kit's gold (rendering/kit.py), as the board pictures use it.
GOLD = discord.Colour.from_rgb(*kit.GOLD)
#: How many places a leaderboard shows (the reader's own is added when further down).
PLACES_SHOWN = 15


def stats_embed(said: Words, found: community.MemberStats, name: str, everywhere: bool) -> discord.Embed:
    """A member's statistics: the totals, their streak, favourite title and rating, then by title."""
    lines = [said.t("On every server.") if everywhere else said.t("On this server.")]
    if not found.played:
        lines.append(said.t("No finished games yet."))
    lines += [said.tn("**{game}**: {count} game, {won} won", "**{game}**: {count} games, {won} won",
                      title.played, game=registry.game(title.game_type).name, won=title.won)
              for title in found.titles[:20]]
    embed = discord.Embed(title=f"📊 {markdown_name(plain_name(name))}", description="\n".join(lines), colour=GOLD)
    if not found.played:
        return embed
    embed.add_field(name=said.t("Played"), value=said.number(found.played))
    embed.add_field(name=said.t("Won"), value=said.t("{count} ({share}%)", count=said.number(found.won),
                                                     share=said.number(round(100 * found.won / found.played))))
    if found.streak > 0:
        streak = said.tn("{count} win in a row", "{count} wins in a row", found.streak)
    else:
        streak = said.tn("{count} loss in a row", "{count} losses in a row", -found.streak)
    embed.add_field(name=said.t("Current streak"), value=streak)
    if found.favourite:
        embed.add_field(name=said.t("Favourite game"), value=registry.game(found.favourite).name)
    if found.rating is not None:
        embed.add_field(name=said.t("Rating"), value=said.t(
            "{rating} (place {place} of {count})", rating=said.number(round(found.rating.ordinal, 1)),
            place=found.place, count=found.rated))
    return embed


def leaderboard_embed(said: Words, board: community.Leaderboard, reader: int) -> discord.Embed:
    """The places, best first, each with its rating, games and wins; how the rating works below."""

    def line(standing: community.Standing) -> str:
        rating = standing.rating
        return f"`{standing.place:>2}.` **{markdown_name(standing.name)}** · " + said.tn(
            "{rating} · {count} game, {wins} won", "{rating} · {count} games, {wins} won", rating.games,
            rating=said.number(round(rating.ordinal, 1)), wins=rating.wins)

    lines = [line(standing) for standing in board.standings[:PLACES_SHOWN]]
    own = next((s for s in board.standings[PLACES_SHOWN:] if s.member_id == reader), None)
    if own is not None:
        lines += ["…", line(own)]
    title = registry.game(board.game_type).name if board.game_type else said.t("all games")
    embed = discord.Embed(title=said.t("🏆 Leaderboard: {game}", game=title), description="\n".join(lines),
                          colour=GOLD)
    embed.set_footer(text="\n".join([
        said.t("Rating: Weng–Lin (openskill), shown as μ − 3σ, the skill you almost surely have; "
               "it rises with wins over strong players and as your games add up."),
        said.tn("From {count} finished game on this server; bots play in them but are not ranked.",
                "From {count} finished games on this server; bots play in them but are not ranked.",
                board.games)]))
    return embed
