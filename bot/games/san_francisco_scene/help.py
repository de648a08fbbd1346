"""The /game rules text for San Francisco Scene (Markdown, under 4000 characters); the die
table of the Bay crossings is written from the board's data."""
from __future__ import annotations

from .content import Board

CROSSINGS = "<crossings>"

RULES = """\
**San Francisco Scene** — 2–6 players, the Bay Area in 1977. Buy, develop, make deals; the last \
player standing wins, or the richest at the agreed limit (cash + half of each card's price + \
half of each development's cost, less a Wells Crocker loan owed; ties stay ties).

**Start.** $1,800,000 each. An opening roll hands out the interest groups: highest the \
Politician (City Hall), then the Membership Chairman (Union Pacific Club), the Attorney \
(Browbeat, Phlogger and Harass), lowest the Labor Leader (Bay Area Labor Council); ties roll \
again. 2 players: two each, the higher roller Politician and Attorney, the other Membership \
Chairman and Labor Leader; 3: no Labor Leader; 5–6: the lowest rollers hold none. Tokens start \
on their first Home Base (no group: City Hall); the Politician rolls first, play passes left.

**Moving.** Two dice clockwise; doubles roll again; three doubles in a row: San Quentin. \
Passing or reaching City Hall pays $100,000, also on a Cable Car card.

**Crossing the Bay.** From a bridge your next turn throws one die, stopping you where \
marked: <crossings>. Alcatraz, Angel Island and Yerba Buena Island draw a Cable Car card; from \
them your next turn is two dice, counted from the far bridge. A card drawn in the Bay moves you \
straight across the water, passing nothing ($100,000 only if sent to City Hall).

**Buying.** Land on an unowned card's space: buy it, or auction it — bids open at half the \
price, in $10,000 steps, open to all (you too), up to your cash; it closes when all but \
the high bidder pass, or when its countdown (restarted by each bid) runs out.

**Rent.** Owed only if the owner claims it before the next player rolls (your own doubles \
do not end it: two landings, two claims), at the rent due when the token landed. Lobby \
option: collected by itself. Public Fund cards earn nothing, even on an earlier claim. Spacific \
Telephone doubles when its owner also owns the Public Utilities Commission.

**Developing** (before your roll; up to 4 a card): you need Connection Cards of two interest \
groups you do not hold: buy one from another player's Home Base when you land there (a price \
you negotiate, or $100,000 by lobby option), or pay $100,000 to the Public Fund for one from the \
player of your choice after doubles twice in a row or on Stanford or University of California. \
Starred properties need both beside their corner. Substandard Oil's owner builds Gas Stations \
($100,000) on Chevron properties, whoever owns them, and collects $100,000 from each visitor. \
With 5–6 players, one without a group may take one over at a university.

**San Quentin.** Out by rolling doubles (you move by them) or paying $80,000 to the Public \
Fund; after three failed turns, pay and leave. You come out at the Richmond–San Rafael Bridge.

**Public Fund.** Payments to it pile up (cards too); the Unemployment Office takes them all. \
**Wells Crocker Bank:** land to borrow $500,000 (a Debtor); land again to repay $700,000.

**Trades** (before your roll, one proposal a turn): a player, the cards you give, the cards you \
ask, the cash (negative: you ask). No loans between players: a card changes hands. Cards go \
with their developments. Offers are private: accept, decline or counter (3 rounds at most).

**Debts.** Pay in cash; then developments go back to the Bank at half cost, cheapest first; \
then cards go to the creditor at half price, least valuable first. Who still cannot pay is \
bankrupt: the creditor takes the money and then the cards (into the Fund, or back to the \
Bank for sale, when owed to them).

**Limits.** Lobby options: rounds (5–30, or none) and days from the start (the turn in \
progress is finished). **Turn clock:** out of time, you roll, auction \
the card, pass or decline.
"""


def rules_text(board: Board) -> str:
    """The rules, with each bridge's die table: "Golden Gate Bridge — 1 Alcatraz, …"."""
    tables = []
    for route in board.routes.values():
        faces = ", ".join(f"{face} {board.spaces[space].name}"
                          for face, space in enumerate(route.faces, start=1))
        tables.append(f"{route.name.removesuffix(' crossing')} — {faces}")
    return RULES.replace(CROSSINGS, "; ".join(tables))
