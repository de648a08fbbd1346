"""A tiny discord.py bot that uses every Discord feature the harness simulates, so the
self-tests can check the harness against an unmodified discord.py client.

Run as a subprocess (``python -m tests.sim_selftest.tiny_bot``) it honours the same
environment as Marquee: MARQUEE_API_BASE, MARQUEE_GATEWAY_URL, DISCORD_TOKEN, MARQUEE_DB,
DEV_GUILD_ID (empty: sync the commands globally), MARQUEE_GUILD_READY_TIMEOUT, and
MARQUEE_SHARDS / MARQUEE_SHARD_COUNT (an AutoShardedBot running those shards; only the
process running shard 0 syncs the commands)."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import os
import sqlite3
import struct
import zlib

import discord
import yarl
from discord import app_commands
from discord.ext import commands

FILMS = ["Casablanca", "Metropolis", "Nosferatu", "Vertigo", "Rashomon", "Stalker"]


def tiny_png(width: int = 4, height: int = 3) -> bytes:
    """A valid PNG without Pillow: grey pixels."""

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    raw = b"".join(b"\x00" + b"\x80\x80\x80" * width for _ in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw))
        + chunk(b"IEND", b"")
    )


class Store:
    """Who joined which game, in sqlite, so a restarted process remembers."""

    def __init__(self, path: str) -> None:
        self.db = sqlite3.connect(path)
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS joins (game INTEGER, user INTEGER, UNIQUE (game, user))"
        )
        self.db.execute(
            "CREATE TABLE IF NOT EXISTS games"
            " (id INTEGER PRIMARY KEY AUTOINCREMENT, thread INTEGER)"
        )
        self.db.commit()

    def new_game(self, thread_id: int) -> int:
        cur = self.db.execute("INSERT INTO games (thread) VALUES (?)", (thread_id,))
        self.db.commit()
        return int(cur.lastrowid)

    def join(self, game: int, user: int) -> int:
        self.db.execute("INSERT OR IGNORE INTO joins VALUES (?, ?)", (game, user))
        self.db.commit()
        return self.db.execute("SELECT COUNT(*) FROM joins WHERE game = ?", (game,)).fetchone()[0]


class JoinButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tiny:join:(?P<game>\d+)"):
    def __init__(self, game: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Join", style=discord.ButtonStyle.primary, custom_id=f"tiny:join:{game}"
            )
        )
        self.game = game

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        count = interaction.client.store.join(self.game, interaction.user.id)
        view = discord.ui.View(timeout=None).add_item(JoinButton(self.game))
        await interaction.response.edit_message(
            content=f"Game {self.game}: {count} joined "
            f"(last: {interaction.user.name}, pid {os.getpid()})",
            view=view,
        )


class FilmSelect(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(
        placeholder="Pick a film",
        custom_id="tiny:film",
        row=0,
        options=[discord.SelectOption(label=f, value=f.lower()) for f in FILMS[:4]],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(
            content=f"{interaction.user.name} picked {select.values[0]}", view=None
        )

    @discord.ui.button(label="Refresh", custom_id="tiny:refresh", row=1)
    async def refresh(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()  # a deferred update: nothing visible yet
        await interaction.edit_original_response(
            content=f"Which film? (refreshed by {interaction.user.name})"
        )


class RevealView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Reveal", custom_id="tiny:reveal")
    async def reveal(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        where = type(interaction.channel).__name__
        await interaction.response.send_message(f"revealed to {interaction.user.name} in {where}")


def running_shards(client: discord.Client) -> list[int]:
    """The gateway shards this client runs (an unsharded client runs shard 0)."""
    if isinstance(client, discord.AutoShardedClient):
        return sorted(client.shards)
    return [client.shard_id or 0]


class WhereView(discord.ui.View):
    """A button that says which process (and which shards) answered the click."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Who answers?", custom_id="tiny:where")
    async def where(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        shards = running_shards(interaction.client)
        await interaction.response.send_message(f"answered by pid {os.getpid()} shards {shards}")


class BidModal(discord.ui.Modal, title="Your bid"):
    amount = discord.ui.TextInput(label="Amount", custom_id="tiny:amount", max_length=6)
    note = discord.ui.TextInput(label="Note", required=False, style=discord.TextStyle.paragraph)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            f"Bid {self.amount.value} ({self.note.value or 'no note'})", ephemeral=True
        )


demo = app_commands.Group(name="demo", description="Harness self-test commands")


@demo.command(description="Start a game in a new thread")
@app_commands.describe(name="Thread name", seats="How many seats", private="Invite-only thread")
async def start(
    interaction: discord.Interaction,
    name: str,
    seats: app_commands.Range[int, 2, 6] = 4,
    private: bool = False,
) -> None:
    kind = discord.ChannelType.private_thread if private else discord.ChannelType.public_thread
    thread = await interaction.channel.create_thread(name=name, type=kind)
    if private:
        await thread.add_user(interaction.user)
    game = interaction.client.store.new_game(thread.id)
    view = discord.ui.View(timeout=None).add_item(JoinButton(game))
    await thread.send(f"Game {game}: 0 joined ({seats} seats)", view=view)
    await interaction.response.send_message(f"Started game {game} in {thread.mention}")


@demo.command(description="Get a secret by DM")
async def secret(interaction: discord.Interaction) -> None:
    try:
        await interaction.user.send("psst: the secret is 42", view=RevealView())
        note = "Sent you a DM."
    except discord.Forbidden as exc:
        note = f"I couldn't DM you (code {exc.code}) — your DMs are closed."
    await interaction.response.send_message(note, ephemeral=True)


@demo.command(description="Say which process and shard answer here")
async def where(interaction: discord.Interaction) -> None:
    shards = running_shards(interaction.client)
    guild = interaction.guild
    here = f"guild {guild.id} is on shard {guild.shard_id}" if guild else "a DM"
    await interaction.response.send_message(f"answered by pid {os.getpid()} shards {shards}; {here}")
    with contextlib.suppress(discord.Forbidden):  # and a button to click in a DM
        await interaction.user.send(f"sent by pid {os.getpid()} shards {shards}", view=WhereView())


@demo.command(description="A picture, after thinking")
async def picture(interaction: discord.Interaction) -> None:
    await interaction.response.defer(thinking=True)
    embed = discord.Embed(title="The board").set_image(url="attachment://board.png")
    await interaction.followup.send(
        embed=embed, file=discord.File(io.BytesIO(tiny_png()), "board.png")
    )


@demo.command(description="Walk through the channel, thread and webhook routes")
async def tour(interaction: discord.Interaction) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    channel = interaction.channel
    async with channel.typing():
        topic = await channel.send("Topic of the day")
    await topic.add_reaction("\N{GAME DIE}")
    await topic.pin()
    await topic.edit(content="Topic of the day (edited)")
    thread = await topic.create_thread(name="Topic thread")
    await thread.add_user(interaction.user)
    scratch = await thread.send("scratch")
    await scratch.delete()
    history = [m async for m in channel.history(limit=10)]
    fetched = await channel.fetch_message(topic.id)
    members = await thread.fetch_members()
    await thread.edit(archived=True, locked=True)
    await interaction.edit_original_response(
        content=f"tour: {len(history)} in history, fetched {fetched.content!r}, "
        f"{len(members)} in thread"
    )
    extra = await interaction.followup.send("extra", ephemeral=True, wait=True)
    await extra.edit(content="extra (edited)")
    gone = await interaction.followup.send("gone soon", wait=True)
    await gone.delete()


@demo.command(description="Answer, then take it back")
async def vanish(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("now you see me")
    await interaction.delete_original_response()


@demo.command(description="Pick a film")
async def pick(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("Which film?", view=FilmSelect())


@demo.command(description="Make a bid")
async def bid(interaction: discord.Interaction) -> None:
    await interaction.response.send_modal(BidModal())


@demo.command(description="Find a film")
async def find(interaction: discord.Interaction, film: str) -> None:
    await interaction.response.send_message(f"Found {film}", ephemeral=True)


@find.autocomplete("film")
async def find_film(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    return [
        app_commands.Choice(name=f, value=f) for f in FILMS if f.lower().startswith(current.lower())
    ]


@demo.command(description="Send a broken message (for the validator)")
@app_commands.choices(
    flaw=[
        app_commands.Choice(name="long custom_id", value="custom_id"),
        app_commands.Choice(name="long content", value="content"),
    ]
)
async def broken(interaction: discord.Interaction, flaw: app_commands.Choice[str]) -> None:
    view = discord.ui.View()
    content = "broken"
    if flaw.value == "custom_id":
        view.add_item(discord.ui.Button(label="Bad", custom_id="x" * 101))
    else:
        content = "y" * 2001
    try:
        await interaction.channel.send(content, view=view)
        note = "sent"
    except discord.HTTPException as exc:
        note = f"rejected: {exc.status} {exc.code}"
    await interaction.response.send_message(note, ephemeral=True)


@demo.command(description="Checks Manage Server when run")
@app_commands.checks.has_permissions(manage_guild=True)
async def admin(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("admin ok", ephemeral=True)


@app_commands.command(description="Hidden from members without Manage Server")
@app_commands.default_permissions(manage_guild=True)
async def moderate(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("moderation ok", ephemeral=True)


@demo.command(description="Answer after a pause")
async def slow(interaction: discord.Interaction, seconds: float) -> None:
    await asyncio.sleep(seconds)
    await interaction.response.send_message("done")


table = app_commands.Group(name="table", description="Seats and invitations", parent=demo)


@table.command(description="Take a seat")
async def seat(interaction: discord.Interaction, number: app_commands.Range[int, 1, 6]) -> None:
    await interaction.response.send_message(
        f"{interaction.user.name} sits at {number}", ephemeral=True
    )


@table.command(description="Invite someone")
async def invite(
    interaction: discord.Interaction,
    who: discord.Member,
    where: discord.TextChannel,
    role: discord.Role | None = None,
) -> None:
    role_text = f" as {role.name}" if role else ""
    await interaction.response.send_message(
        f"{who.display_name} (joined {who.joined_at:%Y}) "
        f"invited to #{where.name} ({where.id}){role_text}"
    )


class Tiny(commands.Bot):
    def __init__(
        self,
        *,
        db_path: str = ":memory:",
        guild_id: int | None = None,
        sync: bool = True,
        **options,
    ) -> None:
        intents = discord.Intents.default()
        intents.members = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, **options)
        self.store = Store(db_path)
        self.guild_id = guild_id
        self.sync = sync  # of several processes, only one syncs the commands
        self.guilds_seen: list[tuple[int, int]] = []  # (guild id, shard id) as each came
        self.resumed = 0
        self.messages_seen: list[discord.Message] = []

    async def setup_hook(self) -> None:
        self.add_dynamic_items(JoinButton)
        self.add_view(FilmSelect())
        self.add_view(RevealView())
        self.add_view(WhereView())
        self.tree.add_command(demo)
        self.tree.add_command(moderate)
        self.tree.on_error = self.on_app_command_error
        if not self.sync:
            return
        if self.guild_id:
            guild = discord.Object(self.guild_id)
            self.tree.copy_global_to(guild=guild)
            self.tree.clear_commands(guild=None)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        if isinstance(error, app_commands.MissingPermissions):
            await interaction.response.send_message("You need Manage Server.", ephemeral=True)
            return
        await app_commands.CommandTree.on_error(self.tree, interaction, error)  # logs at ERROR

    async def before_identify_hook(self, shard_id, *, initial: bool = False) -> None:
        return None  # no 5 s pause before re-identifying: this bot only ever talks to the simulator

    async def on_resumed(self) -> None:
        self.resumed += 1

    async def on_guild_available(self, guild: discord.Guild) -> None:
        self.guilds_seen.append((guild.id, guild.shard_id))
        logging.getLogger("tiny").info("guild %s available on shard %s", guild.id, guild.shard_id)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        await self.on_guild_available(guild)

    async def on_message(self, message: discord.Message) -> None:
        self.messages_seen.append(message)


class ShardedTiny(Tiny, commands.AutoShardedBot):
    """The same bot running some of the gateway shards (``shard_ids``, ``shard_count``)."""


def main() -> None:
    discord.http.Route.BASE = os.environ["MARQUEE_API_BASE"]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["MARQUEE_GATEWAY_URL"])
    discord.utils.setup_logging(level=logging.INFO)
    options = {
        "db_path": os.environ["MARQUEE_DB"],
        "guild_id": int(os.environ.get("DEV_GUILD_ID") or 0) or None,
        "guild_ready_timeout": float(os.environ.get("MARQUEE_GUILD_READY_TIMEOUT", "2")),
    }
    if os.environ.get("MARQUEE_SHARDS"):
        shard_ids = [int(s) for s in os.environ["MARQUEE_SHARDS"].split(",")]
        bot: Tiny = ShardedTiny(
            shard_ids=shard_ids,
            shard_count=int(os.environ["MARQUEE_SHARD_COUNT"]),
            sync=0 in shard_ids,
            **options,
        )
    else:
        bot = Tiny(**options)
    asyncio.run(bot.start(os.environ["DISCORD_TOKEN"]))


if __name__ == "__main__":
    main()
