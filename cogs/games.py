"""The /game commands.

The cog is glue: it turns a slash command into a call on the table service
(bot/table/service.py) and the answer into a reply. Buttons and selects are handled in
cogs/play.py, the lobby's message and options in cogs/lobby.py. What a
game allows lives in its rules; how a move is stored and announced lives in the
table service and the dispatcher.
"""
from __future__ import annotations

import io
import logging
from typing import Any, cast

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot import i18n
from bot.community.practice import COACH
from bot.engine.language import Words
from bot.games import registry
from bot.table import clock as timers
from bot.table import describe, notify, practice
from bot.table.coach import table_mark, tour
from bot.table.service import Member, Table, TableError, name_seats
from bot.text import markdown_name
from cogs import coach, community, held, threads
from cogs.answers import member_of, reply
from cogs.cooldowns import limited
from cogs.hint import HintButton, ask_for_hint
from cogs.history import HistoryPage, history_page, show_board
from cogs.lobby import (
    LobbyOptions,
    lobby_text,
    offered_game,
    option_suggestions,
    redraw_lobby,
)
from cogs.play import check_dms, is_card, lobby_card, lobby_message, send_panel, taken_back
from cogs.protocols import GameBot
from cogs.speech import host_words, words_at, words_for_game
from cogs.translator import command_name
from cogs.transport import split_text

log = logging.getLogger(__name__)

GAME_CHOICES = [app_commands.Choice(name=registry.game(gid).name, value=gid) for gid in registry.available()][:25]


class Games(commands.Cog):
    """Hosting: /game new, join, leave, start, status, hand, rules, history, abandon, substitute."""

    game = app_commands.Group(name=command_name("game"),
                              description=locale_str("Host and play board games in threads"))

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        # the history pager, and the coach's 💡 Hint on turn posts
        self.bot.add_dynamic_items(HistoryPage, HintButton)  # type: ignore[attr-defined]

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(HistoryPage, HintButton)  # type: ignore[attr-defined]

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.thread_gone(payload.thread_id, payload.parent_id)

    @commands.Cog.listener()
    async def on_raw_member_remove(self, payload: discord.RawMemberRemoveEvent) -> None:
        """A member left the server or was removed (only with MARQUEE_MEMBERS_INTENT): bots
        take their seats, and the lobbies they sat in show them gone."""
        for lobby in await self.bot.tables.member_gone(payload.guild_id, payload.user.id):
            await self._refresh_lobby(lobby)
        self.bot.dispatcher.wake()

    async def thread_gone(self, thread_id: int, parent_id: int | None) -> None:
        """A game's thread was deleted (Discord said so, or a post found it gone): the game
        ends as abandoned (counted for nobody), and the host is told in the parent channel,
        when the bot may still post there."""
        table = await self.bot.tables.thread_deleted(thread_id)
        if table is None or parent_id is None:
            return
        log.info("game %s abandoned: its thread %s was deleted", table.id, thread_id)
        said = host_words(table.language)
        game = registry.game(table.record.game_type)
        text = said.t("<@{host}>, the thread of game #{number} ({game}) was deleted, so the game ended "
                      "as abandoned; it counts for nobody. `/game new` opens another.",
                      host=table.record.host_id, number=table.id, game=game.name)
        channel = self.bot.get_channel(parent_id)
        try:
            channel = channel or await self.bot.fetch_channel(parent_id)
            await channel.send(text, allowed_mentions=discord.AllowedMentions(
                everyone=False, roles=False, users=[discord.Object(table.record.host_id)]))
        except (discord.HTTPException, AttributeError) as error:
            log.info("could not tell the host of game %s in channel %s: %s", table.id, parent_id, error)

    async def _table_here(self, interaction: discord.Interaction) -> Table:
        return await self.bot.tables.table_in_thread(interaction.channel_id)

    @game.command(name=command_name("new"), description=locale_str("Open a lobby for a game in a new thread here"))
    @app_commands.rename(game=command_name("game"), options=command_name("options"))
    @app_commands.describe(game=locale_str("Which game to play"),
                           options=locale_str("Lobby options as name=value, e.g. rounds=8 (see /game rules)"))
    @app_commands.choices(game=GAME_CHOICES)
    @limited("new")
    async def new(self, interaction: discord.Interaction, game: str,
                  options: app_commands.Transform[dict[str, Any], LobbyOptions] | None = None) -> None:
        # Discord offers only GAME_CHOICES, but a forged command may name any game
        rules = offered_game(game, words_for_game(interaction, game))
        channel = self._thread_parent(interaction)
        await self.bot.tables.lobby_room(interaction.user.id, channel.id, interaction.guild_id)  # at once
        await interaction.response.defer(ephemeral=True, thinking=True)
        member = member_of(interaction)
        options = dict(options or {})
        if options.pop(COACH, False):  # the coach let in: an unrated table (bot/community/practice.py)
            table = await practice.open_unrated(self.bot.tables, game, member, options, {COACH: True},
                                                guild_id=interaction.guild_id, channel_id=channel.id,
                                                guild_locale=interaction.guild_locale)
        else:
            table = await self.bot.tables.create(game, member, options, guild_id=interaction.guild_id,
                                                 channel_id=channel.id, guild_locale=interaction.guild_locale)
        thread = await self._lobby_thread(channel, table, rules.name, member)
        await interaction.followup.send(words_at(interaction, table).t(
            "Your table is ready in {thread}. Invite players to join there.", thread=thread.mention), ephemeral=True)

    @game.command(name=coach.LEARN, description=coach.LEARN_DESCRIPTION)
    @app_commands.rename(game=command_name("game"))
    @app_commands.describe(game=coach.LEARN_GAME)
    @app_commands.choices(game=GAME_CHOICES)
    @limited("new")
    async def learn(self, interaction: discord.Interaction, game: str) -> None:
        rules = offered_game(game, words_for_game(interaction, game))
        channel = self._thread_parent(interaction)
        await self.bot.tables.lobby_room(interaction.user.id, channel.id, interaction.guild_id)  # at once
        await interaction.response.defer(ephemeral=True, thinking=True)
        member = member_of(interaction)
        table = await practice.open_practice(self.bot.tables, game, member, guild_id=interaction.guild_id,
                                             channel_id=channel.id, guild_locale=interaction.guild_locale)
        thread = await self._lobby_thread(channel, table, rules.name, member)
        if shown := tour(game, rules.name, table.language):  # the board's areas, before the first post
            await thread.send(shown, allowed_mentions=discord.AllowedMentions.none())
        # Nobody else is to join: deal at once (the bots' first moves may take a moment).
        table = await self.bot.tables.start(table.id, member)
        await redraw_lobby(self.bot.tables, table.id, self._refresh_lobby)
        self.bot.dispatcher.wake()
        await interaction.followup.send(coach.practice_ready(words_at(interaction, table).language, thread.mention,
                                                            len(table.seats) - 1), ephemeral=True)

    def _thread_parent(self, interaction: discord.Interaction) -> discord.TextChannel:
        """The text channel a new game's thread opens in, if the member may open threads there."""
        channel = interaction.channel
        if isinstance(channel, discord.Thread):
            channel = channel.parent
        if not isinstance(channel, discord.TextChannel):
            raise TableError("Use `/game new` in a server text channel: each game gets its own thread there.")
        may = interaction.permissions
        if not (may.create_public_threads and may.send_messages_in_threads):
            raise TableError("You can't open threads in this channel, and each game is played in one: "
                             "use a channel where you can, or ask for Create Public Threads here.")
        return channel

    async def _lobby_thread(self, channel: discord.TextChannel, table: Table, title: str,
                            member: Member) -> discord.Thread:
        """The lobby's thread, with the lobby's card posted in it (no thread: the lobby is closed)."""
        try:
            thread = await threads.open_thread(self.bot, channel, f"{title} #{table.id}")
        except (discord.HTTPException, TableError):
            await self.bot.tables.abandon(table.id, member)  # no thread, no table: close the lobby
            raise
        await self.bot.tables.set_places(table.id, thread_id=thread.id)
        message = await thread.send(view=lobby_card(table, strong=self.bot.tables.thinking.strong_bots),
                                     allowed_mentions=discord.AllowedMentions.none())
        await self.bot.tables.set_places(table.id, lobby_message_id=message.id)
        return thread

    @new.autocomplete("options")
    async def new_options(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Suggest the chosen game's lobby options as name=value, keeping what is typed."""
        return [app_commands.Choice(name=text, value=text)
                for text in option_suggestions(getattr(interaction.namespace, "game", None), current)]

    async def _lobby_change(self, interaction: discord.Interaction, step) -> Table:
        """Make a lobby change; answer with the lobby as it is after it, and redraw its message."""
        table = await self._table_here(interaction)
        table = await step(table.id, member_of(interaction))
        await interaction.response.send_message(view=lobby_card(table, buttons=False),
                                                allowed_mentions=discord.AllowedMentions.none())
        await redraw_lobby(self.bot.tables, table.id, self._refresh_lobby)
        self.bot.dispatcher.wake()
        return table

    async def _refresh_lobby(self, table: Table) -> None:
        if not (table.record.thread_id and table.record.lobby_message_id):
            return
        try:
            thread = self.bot.get_channel(table.record.thread_id) or await self.bot.fetch_channel(table.record.thread_id)
            # Read first: a lobby posted before cards is edited as it was made.
            message = await thread.fetch_message(table.record.lobby_message_id)
            await message.edit(**lobby_message(table, card=is_card(message), strong=self.bot.tables.thinking.strong_bots),
                               allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.info("could not refresh the lobby of game %s: %s", table.id, error)

    @game.command(name=command_name("join"), description=locale_str("Take a seat at this thread's game"))
    @limited("lobby")
    async def join(self, interaction: discord.Interaction) -> None:
        table = await self._lobby_change(interaction, self.bot.tables.join)
        await check_dms(interaction, table)

    @game.command(name=command_name("leave"),
                  description=locale_str("Give up your seat (once the game has started, a bot takes it over)"))
    @limited("seat")
    async def leave(self, interaction: discord.Interaction) -> None:
        table = await self._table_here(interaction)
        if table.record.status == "running":
            await interaction.response.defer(ephemeral=True, thinking=True)  # bots may move at once
            await self.bot.tables.hand_to_bot(table.id, member_of(interaction))
            await interaction.followup.send(words_at(interaction, table).t(
                "You have left this game; a bot plays your seat from now on. "
                "`/game rejoin` takes it back while the game runs."))
            return
        await self._lobby_change(interaction, self.bot.tables.leave)

    @game.command(name=command_name("substitute"),
                  description=locale_str("Let a bot play a quiet player's seat (host or Manage Server)"))
    @app_commands.rename(seat=command_name("seat"))
    @app_commands.describe(seat=locale_str("The seat number to hand to a bot (see /game status)"))
    @limited("seat")
    async def substitute(self, interaction: discord.Interaction, seat: app_commands.Range[int, 1, 9]) -> None:
        table = await self._table_here(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)  # bots may move at once
        await self.bot.tables.hand_to_bot(table.id, member_of(interaction), seat - 1)
        await interaction.followup.send(words_at(interaction, table).t("Seat {seat} is now played by a bot.",
                                                                       seat=seat))

    @game.command(name=command_name("rejoin"), description=locale_str("Take back your seat from the bot that plays it"))
    @limited("seat")
    async def rejoin(self, interaction: discord.Interaction) -> None:
        table = await self._table_here(interaction)
        await self.bot.tables.rejoin(table.id, member_of(interaction))
        await reply(interaction, words_at(interaction, table).t(
            "Your seat is yours again. The **My hand & options** button shows what you can do."))
        self.bot.dispatcher.wake()

    @game.command(name=command_name("start"), description=locale_str("Start this thread's game (host only)"))
    @limited("lobby")
    async def start(self, interaction: discord.Interaction) -> None:
        table = await self._table_here(interaction)
        # Starting lets bot seats make their opening moves, which can outlast Discord's
        # 3 seconds: acknowledge first. The lobby message and the thread say it publicly.
        await interaction.response.defer(ephemeral=True, thinking=True)
        table = await self.bot.tables.start(table.id, member_of(interaction))
        await interaction.followup.send(words_at(interaction, table).t(
            "The game has started: the first moves are in the thread."), ephemeral=True)
        await redraw_lobby(self.bot.tables, table.id, self._refresh_lobby)
        self.bot.dispatcher.wake()

    @game.command(name=command_name("status"), description=locale_str("Where this thread's game stands, with the board"))
    @limited("status")
    async def status(self, interaction: discord.Interaction) -> None:
        table = await self._table_here(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        said = words_at(interaction, table)
        game_kit = registry.kit(table.record.game_type)
        if table.record.state is None:
            await interaction.followup.send(lobby_text(table, said), ephemeral=True)
            return
        state = table.state
        view = {**game_kit.game.view(state, None), "names": table.names()}
        png = await self.bot.dispatcher.drawing.draw(game_kit.render, view, "board")  # never on the loop
        seats = " · ".join(f"{s.seat + 1}. {markdown_name(s.name)}" for s in table.seats)
        mark = table_mark(table.record.settings, said.language)
        text = "\n".join([name_seats(game_kit.game.status(state), table.names()),
                          *await self._clock_lines(table, said), "-# " + said.t("Seats: {seats}", seats=seats),
                          *([f"-# {mark}"] if mark else [])])
        if table.record.result:
            text = said.t("Game over. {summary}",
                          summary=name_seats(table.record.result.get("summary", ""), table.names()))
        if self.bot.tables.page_link is not None:
            text += "\n" + said.t("🌐 The board, the whole story and a replay: {link}",
                                   link=f"<{self.bot.tables.page_link(table.id)}>")
        described = describe.of_state(game_kit.game, state, table.names(), host_words(table.language),
                                      title=f"{game_kit.game.name} #{table.id}",
                                      move=max(table.record.version - 1, 0), news=())
        await interaction.followup.send(text, file=discord.File(io.BytesIO(png), "board.png", description=described),
                                        ephemeral=True)

    @game.command(name=command_name("hand"), description=locale_str("Your secrets and choices in this game (only you see it)"))
    @limited("panel")
    async def hand(self, interaction: discord.Interaction) -> None:
        table = await self._table_here(interaction)
        # At a table with the coach, the panel opens with what each of the seat's choices does.
        await send_panel(interaction, game_id=table.id, preface=coach.seat_explanations(
            table, interaction.user.id, words_at(interaction, table).language))

    @game.command(name=coach.HINT, description=coach.HINT_DESCRIPTION)
    @limited("lookup")
    async def hint(self, interaction: discord.Interaction) -> None:
        await ask_for_hint(interaction, await self._table_here(interaction))

    @game.command(name=command_name("undo"),
                  description=locale_str("Take back your last move, while nobody has moved since"))
    @limited("undo")
    async def undo(self, interaction: discord.Interaction) -> None:
        table = await self._table_here(interaction)
        after = await self.bot.tables.take_back(table.id, member_of(interaction), in_place=True)
        self.bot.dispatcher.wake()
        await send_panel(interaction, game_id=table.id, preface=taken_back(interaction, after))

    async def _clock_lines(self, table: Table, said: Words) -> list[str]:
        """Whom the game waits on and since when, and what closes by itself."""
        countdowns = await self.bot.tables.countdowns(table.id)
        return timers.waiting_lines(registry.game(table.record.game_type), table, countdowns, said)

    @game.command(name=command_name("notify"),
                  description=locale_str("How you hear that a game waits on you, and your quiet hours"))
    @app_commands.rename(how=command_name("how"), quiet=command_name("quiet"), timezone=command_name("timezone"),
                         next_up=command_name("next"))
    @app_commands.describe(
        how=locale_str("A ping in the game's thread, a DM, or both"),
        quiet=locale_str("Hours with no pings, like 23:00-07:30 (held until they end), or off"),
        timezone=locale_str("Your time zone for quiet hours, like Europe/Warsaw"),
        next_up=locale_str("Also tell me when I am next, the same way"))
    @app_commands.choices(how=[app_commands.Choice(name=locale_str("Ping me in the thread"), value=notify.THREAD),
                               app_commands.Choice(name=locale_str("DM me"), value=notify.DM),
                               app_commands.Choice(name=locale_str("Both"), value=notify.BOTH)])
    @limited("settings")
    async def notify_settings(self, interaction: discord.Interaction, how: str | None = None,
                              quiet: app_commands.Range[str, 1, 20] | None = None,
                              timezone: app_commands.Range[str, 1, 64] | None = None,
                              next_up: bool | None = None) -> None:
        await community.notify_settings(self.bot, interaction, how, quiet, timezone, next_up)

    @notify_settings.autocomplete("timezone")
    async def notify_zones(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return community.notify_zones(current)

    # -- around the games: statistics, leaderboards, followers (cogs/community.py) --------

    @game.command(name=command_name("stats"),
                  description=locale_str("Games played and won, by title, and the current streak"))
    @app_commands.rename(member=command_name("member"))
    @app_commands.describe(member=locale_str("Whose statistics (default: yours)"))
    @limited("stats")
    async def stats(self, interaction: discord.Interaction, member: discord.User | None = None) -> None:
        await community.stats(self.bot, interaction, member)

    @game.command(name=command_name("leaderboard"),
                  description=locale_str("This server's players by rating, over one game or all of them"))
    @app_commands.rename(game=command_name("game"))
    @app_commands.describe(game=locale_str("One game's leaderboard (default: all games together)"))
    @limited("leaderboard")
    async def leaderboard(self, interaction: discord.Interaction,
                          game: app_commands.Range[str, 1, 100] | None = None) -> None:
        await community.leaderboard(self.bot, interaction, game)

    @leaderboard.autocomplete("game")
    async def leaderboard_games(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        return community.title_suggestions(current)

    @game.command(name=command_name("follow"),
                  description=locale_str("Get a DM after each turn of this thread's game (for those not playing)"))
    @limited("settings")
    async def follow(self, interaction: discord.Interaction) -> None:
        await community.follow(self.bot, interaction, await self._table_here(interaction))

    @game.command(name=command_name("unfollow"), description=locale_str("Stop the DMs of a game you follow"))
    @app_commands.rename(number=command_name("number"))
    @app_commands.describe(number=locale_str("The game's number, as in its DMs (default: this thread's game)"))
    @limited("settings")
    async def unfollow(self, interaction: discord.Interaction,
                       number: app_commands.Range[int, 1, 2**53 - 1] | None = None) -> None:
        game_id = number if number is not None else (await self._table_here(interaction)).id
        await community.unfollow(self.bot, interaction, game_id)

    @game.command(name=command_name("resume"),
                  description=locale_str("Continue a game paused because I could not post in its thread"))
    @app_commands.rename(number=command_name("number"))
    @app_commands.describe(number=locale_str("The game's number, as in the notice (default: this thread's game)"))
    @limited("seat")
    async def resume(self, interaction: discord.Interaction,
                     number: app_commands.Range[int, 1, 2**53 - 1] | None = None) -> None:
        table = (await self.bot.tables.table(number) if number is not None
                 else await self._table_here(interaction))
        await held.resume(self.bot, interaction, table)

    @game.command(name=command_name("rules"), description=locale_str("The rules of this thread's game, or of any game"))
    @app_commands.rename(game=command_name("game"))
    @app_commands.describe(game=locale_str("A game to read about (default: this thread's)"))
    @app_commands.choices(game=GAME_CHOICES)
    @limited("rules")
    async def rules(self, interaction: discord.Interaction, game: str | None = None) -> None:
        if game:
            game_type, said = game, words_for_game(interaction, game)
        else:
            table = await self._table_here(interaction)
            game_type, said = table.record.game_type, words_at(interaction, table)
        rules = registry.game(game_type)
        options = "\n".join(said.t("- `{name}` ({choices}; default {default}): {description}", name=o.name,
                                   choices=", ".join(map(str, o.choices)), default=o.default,
                                   description=i18n.lookup(said.language, o.description) or o.description)
                            for o in (*rules.options, *timers.HOST_OPTIONS))
        # A game that speaks several languages tells its rules in the reader's.
        summary = (rules.rules_summary(said.language)  # type: ignore[call-arg]  # such a game's takes one
                   if getattr(rules, "languages", ()) else rules.rules_summary())
        heading = said.t("**Lobby options** (`/game new options:`)")
        options += "\n" + coach.coach_option_line(said.language)
        text = summary + f"\n\n{heading}\n{options}"
        first, *more = split_text(text)  # at line ends, so no rule is cut in half
        await reply(interaction, first)
        for chunk in more:
            await interaction.followup.send(chunk, ephemeral=True)

    @game.command(name=command_name("history"),
                  description=locale_str("Everything that happened in this game, page by page (newest last)"))
    @limited("history")
    async def history(self, interaction: discord.Interaction) -> None:
        table = await self._table_here(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)  # it replays the whole game
        text, view = await history_page(self.bot, interaction, table, None)
        extra: dict[str, Any] = {"view": view} if view else {}
        await interaction.followup.send(text, **extra, ephemeral=True)

    @game.command(name=command_name("board"),
                  description=locale_str("The board as it stood after a move (numbered as in /game history)"))
    @app_commands.rename(move=command_name("move"))
    @app_commands.describe(move=locale_str("The move's number: 0 is the deal"))
    @limited("board")
    async def board(self, interaction: discord.Interaction, move: app_commands.Range[int, 0, 999_999]) -> None:
        table = await self._table_here(interaction)
        await show_board(self.bot, interaction, table, move)

    @game.command(name=command_name("abandon"),
                  description=locale_str("End this thread's game without a result (host or Manage Server)"))
    @limited("seat")
    async def abandon(self, interaction: discord.Interaction) -> None:
        table = await self._table_here(interaction)
        table = await self.bot.tables.abandon(table.id, member_of(interaction))
        # In the thread, for everyone: the table's language.
        await interaction.response.send_message(host_words(table.language).t("This game has been abandoned."))
        await self._refresh_lobby(table)
        self.bot.dispatcher.wake()


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Games(cast("GameBot", bot)))  # the bot loading this is a MarqueeBot
