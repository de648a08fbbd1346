"""Persistence: SQLite through aiosqlite (the embedded default)."""
from .sqlite import GameRecord, OutboxItem, SeatRecord, Store

__all__ = ["GameRecord", "OutboxItem", "SeatRecord", "Store"]
