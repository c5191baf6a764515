"""The initial ranking (FIDE C.04.2): the players in order of strength, before round 1.

FIDE's Dutch system pairs by pairing numbers, and the pairing numbers are the places of the
initial ranking list: "sorted by rating, then by FIDE title, then alphabetically". skak's
start numbers are the pairing numbers (as in every TRF file), so before round 1 of a system
that pairs by strength the players are numbered in this order (``skak players renumber``,
and automatically when round 1 of the Dutch system is paired, unless the arbiter keeps his
own numbering). Monrad (4.9.1) and the knock-out (4.9.7) draw or seed by their own texts,
and Dansk Schweizer orders by strength itself (3.1), so they keep the numbers as entered.
"""

from __future__ import annotations

from typing import Literal

from skak.errors import InputError
from skak.model.player import Player, Title
from skak.model.tournament import Tournament

__all__ = ["RankingBy", "initial_ranking", "ranking_rating", "renumbering"]

RankingBy = Literal["dsu", "fide"]

_TITLES = {t: i for i, t in enumerate(Title)}


def ranking_rating(t: Tournament, player: Player, by: RankingBy) -> int | None:
    """The rating that ranks a player: with ``dsu`` the DSU rating of the tournament's kind,
    else his standard DSU rating, else his FIDE rating (as Dansk Schweizer's 3.1); with
    ``fide`` his FIDE rating, else the DSU ratings."""
    kind = t.rated_kind.dsu_rating_field
    order = (
        (player.ratings.fide, player.rating(kind), player.ratings.dsu)
        if by == "fide"
        else (player.rating(kind), player.ratings.dsu, player.ratings.fide)
    )
    return next((r for r in order if r is not None), None)


def initial_ranking(t: Tournament, by: RankingBy = "dsu") -> tuple[int, ...]:
    """The start numbers in the order of C.04.2's initial ranking list: rating (highest
    first, unrated last), then FIDE title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, then none),
    then name (alphabetically, letters compared without case), then the number as entered."""
    if by not in ("dsu", "fide"):
        raise InputError(f"rank by 'dsu' or 'fide' ratings, not {by!r}")

    def key(p: Player) -> tuple[bool, int, int, str, int]:
        rating = ranking_rating(t, p, by)
        title = _TITLES.get(p.title, len(_TITLES)) if p.title is not None else len(_TITLES)
        return rating is None, -(rating or 0), title, p.name.casefold(), p.start_number

    return tuple(p.start_number for p in sorted(t.players, key=key))


def renumbering(t: Tournament, by: RankingBy = "dsu") -> tuple[tuple[int, int], ...]:
    """Old start number → new, numbering the players 1, 2, … in initial-ranking order (the
    numbers stay those the players hold when they are not 1…n); empty when nothing moves."""
    ranked = initial_ranking(t, by)
    numbers = sorted(p.start_number for p in t.players)
    pairs = tuple(zip(ranked, numbers, strict=True))
    return pairs if any(old != new for old, new in pairs) else ()
