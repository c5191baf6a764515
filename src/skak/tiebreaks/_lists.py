"""DSU's staged corrections, names for the codes, and the recommended tie-break lists."""

from __future__ import annotations

from skak.model.tournament import Tournament
from skak.tiebreaks._crosstable import Crosstable, is_round_robin
from skak.tiebreaks._names import PRIZE_BASIS, RECOMMENDED
from skak.tiebreaks._registry import alias, parse_tiebreaks, staged_tiebreak
from skak.tiebreaks._spec import TieBreakSpec

__all__ = [
    "PRIZE_BASIS",
    "RECOMMENDED",
    "almindelig_korrektion",
    "default_tiebreaks",
    "fide_1998_swiss",
    "middelkorrektion",
    "recommended",
]


@staged_tiebreak("AK", "almindelig korrektion", "DSU 4.9.10.2")
def almindelig_korrektion(ct: Crosstable, spec: TieBreakSpec) -> tuple[TieBreakSpec, ...]:
    """The opponents' total score without the two lowest; among players still tied, with the
    second-lowest added back, then also the lowest — "i begge tilfælde dog kun for de
    spillere, som havde ligestilling forinden" (DSU 4.9.10.2). That is ``BH/C2``, ``BH/C1``,
    ``BH``, each only among the players still tied."""
    return (TieBreakSpec("BH", cut_low=2), TieBreakSpec("BH", cut_low=1), TieBreakSpec("BH"))


@staged_tiebreak("MK", "middelkorrektion", "DSU 4.9.10.3")
def middelkorrektion(ct: Crosstable, spec: TieBreakSpec) -> tuple[TieBreakSpec, ...]:
    """The opponents' total score without the highest and lowest ones (DSU 4.9.10.3): one
    each with 8 rounds or fewer, two each with 9–12, three each with 13 or more; among
    players still tied, fewer are left out step by step (three, two, one), and last all
    opponents count (as the rule says for 8 rounds or fewer)."""
    rounds = ct.total_rounds
    widest = 1 if rounds <= 8 else 2 if rounds <= 12 else 3
    cuts = tuple(TieBreakSpec("BH", cut_low=n, cut_high=n) for n in range(widest, 0, -1))
    return (*cuts, TieBreakSpec("BH"))


@staged_tiebreak("F10", "FIDE Swiss 1998 final ranking", "DSU 4.9.5 F10")
def fide_1998_swiss(ct: Crosstable, spec: TieBreakSpec) -> tuple[TieBreakSpec, ...]:
    """Where it concerns first place, the games among the tied players; then the highest
    average rating of the opponents (DSU 4.9.5 F10; then lots, which skak does not draw)."""
    return (TieBreakSpec("DE", top_only=True), TieBreakSpec("ARO"))


for _name, _written in {
    "sonneborn-berger": "SB",
    "sonneborn": "SB",
    "buchholz": "BH",
    "buchholz-cut-1": "BH/C1",
    "buchholz-cut-2": "BH/C2",
    "cut-1": "BH/C1",
    "cut-2": "BH/C2",
    "median": "BH/M1",
    "median-1": "BH/M1",
    "median-2": "BH/M2",
    "median-buchholz": "BH/M1",
    "median-buchholz-2": "BH/M2",
    "buchholz-sum": "BHS",
    "buchholzsumme": "BHS",
    "fore-buchholz": "FB",
    "koya": "KS",
    "extended-koya": "KSX",
    "direct-encounter": "DE",
    "indbyrdes": "DE",
    "wins": "WIN",
    "games-won": "WON",
    "black-games": "BPG",
    "black-wins": "BWG",
    "GE": "REP",
    "progressive": "PS",
    "ARCO": "ARO/C1",
    "almindelig-korrektion": "AK",
    "almindelig": "AK",
    "middelkorrektion": "MK",
    "middel": "MK",
    "fide-1998": "F10",
}.items():
    alias(_name, _written)


def recommended(name: str) -> tuple[TieBreakSpec, ...]:
    """A recommended list by name (see :data:`RECOMMENDED`).

    :raises KeyError: for an unknown name.
    """
    return parse_tiebreaks(RECOMMENDED[name])


def default_tiebreaks(
    tournament: Tournament, *, round_robin: bool | None = None
) -> tuple[TieBreakSpec, ...]:
    """The tournament's own list, else DSU's default by §24: Sonneborn-Berger in a round
    robin, almindelig korrektion otherwise. ``round_robin`` says whether it is one (else its
    pairing system tells, :func:`is_round_robin`).

    :raises InputError: for an unknown code in the tournament's list.
    """
    if tournament.tiebreaks:
        return parse_tiebreaks(tournament.tiebreaks)
    if tournament.scoring.gladiator:
        return recommended("gladiator")
    rr = is_round_robin(tournament, round_robin)
    return recommended("dsu-round-robin" if rr else "dsu-other")
