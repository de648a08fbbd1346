"""The /game rules text for Hollywood Boulevard (Markdown, under 4000 characters)."""

RULES = """\
**Hollywood Boulevard** — 2–6 theatre owners, 1954. Most money after 4, 6 or 8 rounds wins.
Start: $25,000 and 6 Insider Tips each. The start player is drawn at random (the sheet's \
"who saw a film last" has no Discord equivalent); later rounds start with the least cash \
(a tie: high-die roll-off).

**1. Place markers** (start player first, clockwise). Preview House, Advertising Agency and \
Distribution Agency hold one marker each; Amenity Boxes and stars hold any number. Every \
marker must move to a new spot each round. A manager places in a second pass; your two \
markers may not swap. On your turn you may first remove chips (repaying a loan removes its chip).
• Preview House: secret 2d6 genre roll now, told only to you until the screens come down \
(snake eyes: pick any genre).
• Advertising Agency: secret d6 now; that box pays its winner two dice.
• Distribution Agency: first film pick.
• Hire Manager $10,000: a second marker from now on. • Credit Union: $25,000 loan.
• Running Time 1–4 chips: +15 min each. • Reroll 1–4 chips: each rerolls one rolled 1, once.
• 3-D / CinemaScope / Anamorphic Lenses (SuperScope, VistaVision; second deck only): buy the \
equipment at the board price. • Parties $3,000: 2 tips a round (one drawn at once).
• Parking Lot 1–2, Concessions 1–3, Air Conditioning 1: $1,000 a chip, +1 die a week each.
• A star: a Popularity Cube there at once.
Every chip costs $1,000 a round at upkeep; chips stay until removed.

**2. Pick films** from the 24-film array: the Distribution Agency holder first (else the start \
player), one film a pick, clockwise, until nobody can or will take another. You need the cash, \
the screen time (3h + Running Time chips) and, for 3-D/CinemaScope/VistaVision/SuperScope, the \
equipment. Without a Preview House holder the genre dice are rolled openly now (snake eyes: \
the marker stays).

**3. Advertising**, all at once in secret: 0–6 pips ($1,000 each) on each of six boxes, total \
up to your cash; play Insider Tips; confirm (you may change your bids until the last player has \
confirmed). When all have confirmed the screens come down: \
everyone pays their bids; the highest bid on each box wins a die (tie: roll-off; a Press Agent \
tip wins a tie); the Agency's box pays two. No Agency holder: its die is rolled openly now.

**4. Payout.** Roll: each film's dice, +1 if it is the trending genre, +1 per Popularity Cube \
on its ☆ names, + tips; plus your advertising and amenity dice (only if you screen a film). \
Reroll chips reroll 1s. $1,000 a pip.
**Blockbuster:** the highest income (ties: all) picks one of their films and puts a cube on \
each of its ☆ names (not after the last round).
**Upkeep:** $1,000 + $1,000 a chip. *House rule (the sheet is silent):* who cannot pay takes \
a $25,000 Credit Union loan first.
Then unscreened and screened films are discarded, a new array is dealt, everyone draws a tip \
(two with Parties). After half the rounds (3 of 6, 2 of 4, 4 of 8) the second film deck \
replaces the first.

**Insider Tips:** most add dice to a film of some kind; Sneak Preview, Studio Discount and \
Late Show are played during film picks; Press Agent with the bids. One of each kind a round \
(Cartoon Shorts excepted); no hand limit; the discards are reshuffled when the deck runs out.

**End:** after the last upkeep: cash − loans + $2,000 per unplayed tip. Ties are ties.

**Turn clock** (if the table has one): out of time, you stop picking films, your screen comes \
down with the bids and tips already set, and the Preview House roll is noted (snake eyes: the \
genre marker stays where it is). Placing a marker and the Blockbuster's film are left to the bot.
"""
