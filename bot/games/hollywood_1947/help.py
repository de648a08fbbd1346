"""The rules help shown by /game rules (Markdown, under 4000 characters)."""

RULES_SUMMARY = """\
**Hollywood 1947** — 1–9 players. Patriots want four movies with a patriot majority; the \
secret communists want four with a communist majority (ties are theirs; three with 3 players). \
The Rising Star (4, 6–9 players) wins alone if a seventh movie is tied or won by one symbol.

**Setup** Each player gets a job face up (two in 1–3 player games, no Producer), a secret \
loyalty, three propaganda cards and a die (★ on half its faces). Communists learn each other.

**Production** From the lowest job number, clockwise, each player either:
• **performs their job** (once a round per job); • **swaps** it for a center job (not with 9 \
players; the new job waits for the next round); • **rerolls** one or two different dice; or \
• **passes**.
1 Screenwriter — first turn only: draw two posters, reveal one; only the other's corner \
symbol may be discussed. Otherwise the top poster is revealed.
2 Producer — swap any two jobs. Swapped your own with a player's? Perform your new job now if \
still unperformed. Jobs already performed stay spent for whoever gets them.
3 Director — give a token (nobody gets one two rounds running); all out? move one.
4 Gaffer — three rerolls, the same die again if you like.
5 Cinematographer — a player discards their hand and draws three.
6 Actress / 7 Actor — draw two, then discard two (possibly those).
8 Composer — draw two random cards, add one to the movie (no deck card in Post).
9 Editor — declare you will edit (you edit even if you lose the job).

**Post** Everyone with a star adds one card face down (two with two stars). Token holders may \
then spend tokens, one card each, in turn order. Unless the Composer added, the top deck card \
goes in. The movie is shuffled and one card is cut unseen — or the Editor looks at it and cuts \
it or puts it back (then one is cut at random).

**Premiere** Count symbols on the cards plus the poster's corner: majority wins, ties to the \
communists. A **Congressional Hearing** rerolls every die; a **Shake Up** reshuffles and \
re-deals every job, center included. Everyone draws back to three. Discards return only when \
the deck runs out.

**1–3 players** Two dice and two jobs each, two passes around the table (solo: two turns). \
Ghost cards (3/2/1) each with a die: a star puts the card in the movie (a ghost with a token \
spends it when it has no star) and a new ghost card is dealt; ghost dice are rerolled every \
round and may be chosen for rerolls; spend a turn to see the ghost cards. 3 players: \
communists need three. 2 players: no Monster, Horror or plain double-communist cards; a tie \
counts for both, and both reaching four at once is a tie.

**Variants** *Handpick Jobs*: the first seat removes jobs (one per player must stay). \
*Justice Served*: in the 7th movie no deck card and no random cut. *Random Loyalties*: \
loyalties from all nine cards. *Studio Order*: turns follow job numbers; a later center job \
gives a second turn at its number and is performed only then (one whose number has passed \
waits for the next round), a player whose later job the Producer took gets none, and \
the Producer's offer to perform a taken job at once is that job's only turn (so no job is \
performed twice). *Union Strike*: under a neutral poster, players with stars add 0–3 cards \
as they like.

**Our calls** Solo: you are a patriot against the deck. The Screenwriter needs two posters \
left. Rejected posters are known only to the Screenwriter. Swapping two center jobs is allowed \
(it changes nothing). With Random Loyalties a close seventh movie with no Rising Star dealt is \
scored normally.

**Turn clock** (if the table has one): out of time, you pass your turn, end it rather than \
perform a new job, stop after one reroll, keep your tokens, add no more cards (Union Strike); \
the Editor puts the card back; the jobs are dealt as they stand. A forced choice (a poster, a \
card to add or discard, whom to pick) is made by the bot.
"""
