"""The /game rules text for Billboard (Markdown, under 4000 characters in each language)."""
from __future__ import annotations

from bot.engine.language import Words


def rules_summary(words: Words) -> str:
    return "\n\n".join([
        words.t("**Billboard** — Kraków, 2009. 2–6 players run billboard networks and win "
                "advertising contracts. Eight rounds; most points wins (a tie: more billboard "
                "value; still tied: shared). Money is in thousands."),
        words.t("**Draft.** Everyone has 15. From the first player, in turn, take one billboard "
                "at its starting price (price = value) until you pass or cannot pay; the first "
                "pick is compulsory. The pink, grey, orange and purple companies own their "
                "printed billboards."),
        words.t("**Your turn:** up to two actions — at most one sell and one buy, in any order — "
                "or pass.\n"
                "• *Sell billboards* (sell): any number of one value from one district, to the "
                "bank, at market or lower. Below market, your price becomes the market price; at "
                "market it falls by one per billboard after the first. Billboards carrying an ad "
                "this round cannot be sold.\n"
                "• *Buy billboards* (buy): the bank's, at market or higher; above market your price "
                "becomes the market, at market it rises by one per billboard after the first. "
                "You may not buy and sell one value in one district in the same turn.\n"
                "• *Sell ad space* (sell): reveal the top contract of an agency's pile.\n"
                "• *Bid for a company* (buy): raise a neutral company's price; the money stays "
                "locked while your bid stands. Others may outbid you with their buy action. If "
                "your bid still stands at the start of your next turn, the company and its "
                "billboards are yours and the money goes to the bank.\n"
                "• *Partnership* (buy): +1 loyalty with an agency and a secret look at one card of "
                "its pile, at a place you choose; the others learn only the place. Only while its "
                "pile has a card."),
        words.t("**Prices.** Values 1–6 always cost strictly more by value; a change pushes the "
                "neighbours to keep that order. A price is at least the billboard's value and at "
                "most 20: a chosen price that would break this is refused, a market change stops "
                "at the bound."),
        words.t("**Contracts.** Each card pays an amount for ads in an area (everywhere, some "
                "districts, some values). The others, in turn order, offer billboards in the area "
                "that carry no ad this round (whole billboards, at least one, value openly "
                "stated), each once; the drawer answers last. To beat an offer you offer more — "
                "unless you lead that bidder in loyalty with the agency: a lead of 1 wins by "
                "matching, a lead of 2 or more with one less. The winner's billboards carry the "
                "ad for the round, the bank pays, the agency advances by the value used, and a "
                "drawer who wins gains a loyalty point. No offers: the card is discarded. A seat "
                "that cannot reach what it needs with all its billboards in the area is skipped, "
                "and the table is told. A seat that does not answer in time passes."),
        words.t("**Rounds.** Round 1 has three piles of two cards. When the last face-down card is "
                "settled, that player finishes the turn and the round is scored: the most "
                "contracts score the round track (ties all score); rounds IV and VIII also score "
                "the billboard value you sold for ads by a table (round IV by player count). "
                "Then, from that player, each gives one of the bank's billboards to a neutral "
                "company (raising its value and price; with no neutral company or no bank "
                "billboard left, nobody does, and the table is told), the next deck is dealt by "
                "the agency track — the leading agency gets the most cards — and the track is "
                "reset."),
        words.t("**Turn clock** (if set): when your time runs out you pass — the turn ends, "
                "actions already taken stand; a contract is passed on; in the draft you keep the "
                "rest as money. A compulsory choice (the first pick, a billboard for a company) "
                "is made by the bot."),
    ])
