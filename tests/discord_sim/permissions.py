"""Permission arithmetic: role bits, owner and Administrator override (no channel overwrites).

discord.py's Permissions flags provide the name → bit table, so the names tests use are the
ones a bot author already knows (``manage_guild``, ``send_messages``…)."""

from __future__ import annotations

from collections.abc import Iterable

import discord

ALL = discord.Permissions.all().value
ADMINISTRATOR = discord.Permissions(administrator=True).value

# What a fresh server's @everyone role may do (the parts that matter to a game bot).
EVERYONE_DEFAULT = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    create_private_threads=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    read_message_history=True,
    use_application_commands=True,
    use_external_emojis=True,
    change_nickname=True,
    create_instant_invite=True,
).value


def bits(*names: str) -> int:
    """``bits("manage_guild", "kick_members")`` → the integer with those permissions set."""
    unknown = [n for n in names if n not in discord.Permissions.VALID_FLAGS]
    if unknown:
        raise ValueError(f"unknown permission name(s): {', '.join(unknown)}")
    return discord.Permissions(**{n: True for n in names}).value


def effective(role_bits: Iterable[int], *, is_owner: bool) -> int:
    total = 0
    for value in role_bits:
        total |= value
    if is_owner or total & ADMINISTRATOR:
        return ALL
    return total


def missing(have: int, need: int) -> list[str]:
    """Names of the permissions in ``need`` that ``have`` lacks."""
    lacking = need & ~have
    return [name for name, value in discord.Permissions(lacking) if value]
