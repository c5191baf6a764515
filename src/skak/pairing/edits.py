"""A round the arbiter edited, checked against its pairing system's absolute criteria.

An arbiter may change a round the system paired (a colour swapped by agreement, two
opponents exchanged, a late arrival paired): the rules that no pairing may break are checked
here, and each one broken is a :class:`Breach` the arbiter must confirm with a reason
(``docs/interpretations.md``, "Editing a round"). Pure: a function of the tournament before
the round and the edited round.

Which criteria are absolute, by system (the Swiss systems; a round robin's table and a
knock-out's draw are not edited):

* every Swiss system: no rematch (FIDE C.04.1 b, C.04.3 C1; DSU 4.9.1), no forbidden
  pairing (kept as if the two had met), and no pairing-allocated bye for a player who had
  one or a forfeit win (C.04.1 d, C.04.3 C2; Monrad: nobody gets the bye twice);
* the FIDE systems (Dutch, Dutch 1998, Dubov) also the colour limits (C.04.1 f–g, C.04.3
  C3): no colour difference beyond ±2 and no third colour in a row, except for topscorers
  in the last round. Monrad and Dansk Schweizer give colours by preference only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from skak.messages import N_
from skak.model.games import colour_history, entries_by_player, have_met, pairing_score
from skak.model.results import Colour, Result
from skak.model.tournament import Pairing, Round, Tournament
from skak.pairing.base import PairingSystem
from skak.pairing.engine import honours_bans

__all__ = [
    "BREACH_RULES",
    "Breach",
    "breach_text",
    "colour_limits",
    "round_breaches",
    "rule_name",
]

#: The rules an edit may break, by code (stored in the event that confirms a breach).
BREACH_RULES = ("rematch", "forbidden", "bye-again", "colour-difference", "colour-repeat")

_COLOUR_SYSTEMS = frozenset({"dutch", "dutch1998", "dubov"})


@dataclass(frozen=True, slots=True)
class Breach:
    """One absolute criterion an edited round breaks: ``rule`` (one of :data:`BREACH_RULES`)
    and the players it concerns (two for a pair, one for a colour or the bye)."""

    rule: str
    players: tuple[int, ...]


def colour_limits(system: PairingSystem) -> bool:
    """Whether ``system`` holds the colour limits absolute (the FIDE systems)."""
    return system.name in _COLOUR_SYSTEMS


def round_breaches(
    before: Tournament,
    system: PairingSystem,
    rnd: Round,
    boards: Iterable[Pairing] | None = None,
) -> tuple[Breach, ...]:
    """The breaches of ``rnd`` (round ``before.next_round``) on ``boards`` (default: all).

    ``before`` is the tournament without the round; the arbiter's new and changed boards are
    passed as ``boards``, so a criterion the system itself relaxed (a topscorer's colours)
    is not asked about again on a board the arbiter left alone.
    """
    number = rnd.number
    out: list[Breach] = []
    bans = [b for b in before.pairing_bans() if b.applies(number)] if honours_bans(system) else []
    for p in rnd.pairings if boards is None else boards:
        if p.black is None:
            if _had_bye(before, p.white):
                out.append(Breach("bye-again", (p.white,)))
            continue
        pair = (p.white, p.black)
        if have_met(before, p.white, p.black):
            out.append(Breach("rematch", pair))
        if any({p.white, p.black} <= b.players for b in bans):
            out.append(Breach("forbidden", pair))
        if colour_limits(system):
            for n, colour in ((p.white, Colour.WHITE), (p.black, Colour.BLACK)):
                if _topscorer(before, n, number):
                    continue
                history = (*colour_history(before, n), colour)
                whites = sum(1 for c in history if c is Colour.WHITE)
                if abs(2 * whites - len(history)) > 2:
                    out.append(Breach("colour-difference", (n,)))
                elif len(history) >= 3 and len(set(history[-3:])) == 1:
                    out.append(Breach("colour-repeat", (n,)))
    return tuple(out)


def _had_bye(t: Tournament, n: int) -> bool:
    """A pairing-allocated bye, or a win by forfeit, in an earlier round (C.04.1 d)."""
    for e in entries_by_player(t).get(n, ()):
        if e.result is Result.PAIRING_BYE:
            return True
        if (e.colour is Colour.WHITE and e.result is Result.WHITE_FORFEIT_WIN) or (
            e.colour is Colour.BLACK and e.result is Result.BLACK_FORFEIT_WIN
        ):
            return True
    return False


def _topscorer(t: Tournament, n: int, number: int) -> bool:
    """In the last round, a player with more than half the maximum score (C.04.3 A.7)."""
    if t.number_of_rounds is None or number != t.number_of_rounds:
        return False
    top = Fraction(number - 1) * max(t.scoring.win, t.scoring.draw) / 2
    return pairing_score(t, n, pending_as_draw=True) > top


def breach_text(b: Breach, t: Tournament) -> str:
    """The breach in words, with its rule (a message, said in Danish by a face)."""
    names = [f"{t.player(n).name} ({n})" if t.has_player(n) else str(n) for n in b.players]
    match b.rule:
        case "rematch":
            return N_(
                "{a} and {b} have met already (no rematch: FIDE C.04.1 b, C.04.3 C1; DSU 4.9.1)",
                a=names[0],
                b=names[1],
            )
        case "forbidden":
            return N_(
                "{a} and {b} are a forbidden pairing (kept apart as if they had met)",
                a=names[0],
                b=names[1],
            )
        case "bye-again":
            return N_(
                "{player} has had a pairing-allocated bye or a forfeit win already (no second "
                "bye: FIDE C.04.1 d, C.04.3 C2)",
                player=names[0],
            )
        case "colour-difference":
            return N_(
                "{player} would have a colour difference beyond ±2 (FIDE C.04.1 f, C.04.3 C3)",
                player=names[0],
            )
        case "colour-repeat":
            return N_(
                "{player} would have the same colour three times in a row (FIDE C.04.1 g, "
                "C.04.3 C3)",
                player=names[0],
            )
    return N_("{rule}: {players}", rule=b.rule, players=", ".join(names))


def rule_name(rule: str) -> str:
    """A breached rule's short name (a message)."""
    names = {
        "rematch": N_("no rematch"),
        "forbidden": N_("forbidden pairing"),
        "bye-again": N_("no second bye"),
        "colour-difference": N_("colour difference beyond ±2"),
        "colour-repeat": N_("three colours in a row"),
    }
    return names.get(rule, rule)
