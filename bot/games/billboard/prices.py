"""The market price of billboards of each value, and how a trade moves it.

Prices of values 1..6 always rise strictly (a 5 always costs more than a 4). Setting one
price pushes its neighbours just far enough to keep that order: raising value 3 to 7 lifts
4, 5 and 6 to at least 8, 9 and 10; lowering value 4 to 5 drops value 3 to at most 4.
Every price stays between its value and the maximum (20), so value v can be set between
v and ``maximum - (6 - v)``: above that the sixes would be pushed past the maximum.
"""
from __future__ import annotations

HIGHEST_VALUE = 6


def highest(value: int, maximum: int) -> int:
    """The dearest price value ``value`` may be set to: room must stay above it."""
    return maximum - (HIGHEST_VALUE - value)


def set_price(prices: list[int], value: int, price: int, maximum: int) -> list[int]:
    """Prices after value ``value`` is set to ``price``, neighbours pushed. A price out of
    bounds is a programming error here: callers refuse (chosen) or clamp (traded) first."""
    if not value <= price <= highest(value, maximum):
        raise ValueError(f"value {value} cannot cost {price}")
    new = list(prices)
    index = value - 1
    new[index] = price
    for above in range(index + 1, len(new)):
        new[above] = max(new[above], price + above - index)
    for below in range(index - 1, -1, -1):
        new[below] = min(new[below], price - (index - below))
    return new


def clamp(value: int, price: int, maximum: int) -> int:
    """A price the market formula gives, kept inside the bounds (never refused)."""
    return max(value, min(price, highest(value, maximum)))


def after_sale(market: int, count: int, price: int) -> int:
    """The new price after selling ``count`` at ``price``: a price below market is the new
    price; at market it falls by one for each billboard after the first."""
    return price if price < market else market - count + 1


def after_purchase(market: int, count: int, price: int) -> int:
    """The mirror of ``after_sale``: above market sets it; at market it rises by count − 1."""
    return price if price > market else market + count - 1
