"""What one seat knows privately, for its DMs and the "My hand & options" panel: its money
and network, its loyalty, and the contracts it looked at through partnerships."""
from __future__ import annotations

from .content import Content
from .views import holdings_line, private_view
from .wording import contract_text, money, seat_words

State = dict


def private_summary(content: Content, state: State, player: int) -> str:
    words = seat_words(content, state, player)
    lines = [words.t("**Money:** {money} (held by bids: {locked}).",
                     money=money(words, state["money"][player]),
                     locked=money(words, state["locked"][player])),
             words.t("**Billboards:** {line}.", line=holdings_line(content, state, player, words)),
             words.t("**Loyalty:** {agencies}.", agencies=", ".join(
                 f"{a.name} {words.number(state['loyalty'][a.id][player])}" for a in content.agencies))]
    peeks = private_view(content, state, player)["peeks"]
    if peeks:
        lines.append(words.t("**Contracts you looked at:**"))
        for peek in peeks:
            agency = content.agency(peek["agency"])
            lines.append(words.t("• {agency}, {position} from the top: {contract}",
                                 agency=agency.name, position=peek["position"],
                                 contract=contract_text(words, content,
                                                        content.contracts[peek["contract"]["id"]])))
    return "\n".join(lines)
