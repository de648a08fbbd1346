"""The /game rules text for San Francisco Scene (Markdown, under 4000 characters)."""

RULES = """\
**San Francisco Scene** — 2–6 players, the Bay Area in 1977. Buy, develop, make deals; the last \
player standing wins, or the richest at the agreed limit (cash + half of each card's price + \
half of each development's cost, less a Wells Crocker loan owed; ties stay ties).

**Start.** $1,800,000 each. An opening roll hands out the interest groups: highest the \
Politician (City Hall), then the Membership Chairman (Union Pacific Club), the Attorney \
(Browbeat, Phlogger and Harass), lowest the Labor Leader (Bay Area Labor Council); ties roll \
again. 2 players: two groups each; 3: no Labor Leader; 5–6: the lowest rollers hold none. \
Tokens start on their own Home Base (no group: City Hall); the Politician rolls first, then \
play passes left.

**Moving.** Two dice clockwise; doubles roll again; three doubles in a row: San Quentin. \
Passing or reaching City Hall pays $100,000, also on a Cable Car card. From the Golden Gate \
Bridge or the Bay Bridge you sail next turn, one die a turn: the die moves you over the \
sailboats but you halt at each marked stop — Alcatraz, Angel Island, San Quentin, then the \
Richmond–San Rafael Bridge; or Yerba Buena Island, then the San Mateo Bridge. Alcatraz, Angel \
Island and Yerba Buena Island draw a Cable Car card.

**Buying.** Land on an unowned card's space: buy it, or auction it — bids open at half the \
price, in $10,000 steps, open to all (you too), never above your cash. The auction closes when \
all but the high bidder have passed, or when its countdown (restarted by each bid) runs out. \
No bid: the Bank keeps it.

**Rent.** Owed only if the owner claims it before the next player rolls (your own doubles roll \
does not end it: two landings, two claims), at the rent due when the token landed (lobby \
option: collected by itself). Cards held by the Public Fund earn nothing, a claim made before \
included. Spacific Telephone charges double when its owner also owns the Public Utilities \
Commission.

**Developing** (before your roll; up to 4 per property): you need Connection Cards from two \
interest groups you do not hold. Get one by landing on another player's Home Base and buying it \
at a price you negotiate (or the fixed $100,000 if the table chose so), by rolling doubles twice \
in a row, or by landing on Stanford or University of California — those two cost $100,000 to \
the Public Fund, from the player of your choice. Starred properties beside a corner need both \
of that corner. Substandard Oil is never developed: its owner builds a Gas Station ($100,000) \
on any Chevron property, whoever owns it, and collects $100,000 from each visitor.

**Colleges.** With 5–6 players, a player without a group landing there may take one over.

**San Quentin.** Out by rolling doubles (you move by them) or paying $80,000 to the Public \
Fund; after three failed turns, pay and leave. You come out at the Richmond–San Rafael Bridge.

**Public Fund.** Payments to it pile up (cards too); the Unemployment Office takes them all.

**Wells Crocker Bank.** Land there to borrow $500,000 (you become a Debtor); land again and \
repay $700,000.

**Trades** (before your roll, one proposal a turn): choose a player, the cards you give, the \
cards you ask, then the cash (negative: you ask for cash). No loans between players: at least \
one card changes hands. Developed cards go with their developments. Offers are private until \
answered: accept, decline, or counter (up to 3 rounds); unanswered ones expire.

**Debts.** Pay in cash; then developments go back to the Bank at half cost, cheapest first; \
then cards go to the creditor at half price, least valuable first. Whoever cannot pay even so \
is bankrupt: the creditor takes the money and then the cards (into the Fund when it is owed; \
back to the Bank for sale only when the Bank is).

**Limits.** Lobby options: rounds (10–30) and days from the start (the turn in progress is \
finished).
"""
