"""A game page's address: ``<MARQUEE_PUBLIC_URL>/g/<game id>-<HMAC of the id>``.

Unguessable and unforgeable: the tag is an HMAC-SHA256 of the game id with a secret only the
bot knows, so knowing one game's link says nothing of another's, and no page lists games.
The secret is made once and kept in the store's meta table, so every process of a several-
process deployment makes and checks the same links, and links outlive restarts.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets

from bot.store.base import Store

#: The store's meta key the secret is kept under.
SECRET_KEY = "web_link_secret"
#: Characters of the tag: 22 of base64url, 132 bits.
TAG_LENGTH = 22
_TOKEN = re.compile(rf"([1-9][0-9]{{0,17}})-([A-Za-z0-9_-]{{{TAG_LENGTH}}})")


async def stored_secret(store: Store) -> bytes:
    """The store's secret, made the first time it is asked for (by whichever process asks
    first: the others read the same one)."""
    made = base64.urlsafe_b64encode(secrets.token_bytes(32)).decode()
    return base64.urlsafe_b64decode(await store.first_meta(SECRET_KEY, made))


class Links:
    """Makes and checks the game pages' addresses."""

    def __init__(self, secret: bytes, base_url: str) -> None:
        self._secret = secret
        self.base_url = base_url.rstrip("/")

    def _tag(self, game_id: int) -> str:
        digest = hmac.new(self._secret, f"game:{game_id}".encode(), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest).decode()[:TAG_LENGTH]

    def token(self, game_id: int) -> str:
        return f"{game_id}-{self._tag(game_id)}"

    def url(self, game_id: int) -> str:
        return f"{self.base_url}/g/{self.token(game_id)}"

    def game_of(self, token: str) -> int | None:
        """The game a token is the link of; None for a tampered or made-up one."""
        match = _TOKEN.fullmatch(token)
        if match is None:
            return None
        game_id = int(match[1])
        return game_id if hmac.compare_digest(match[2], self._tag(game_id)) else None
