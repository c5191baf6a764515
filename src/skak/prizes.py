"""The prize list (præmieliste): who wins the tournament's declared prizes
(:class:`skak.model.prizes.Prizes`), computed from the final standings; pure.

* Place prizes and each category's prizes go to the best of the players the prize is for,
  in the order of the standings; tied players share the prizes of the places they cover
  (DSU §24, :func:`skak.standings.share_prizes`): in a round robin those level on points,
  elsewhere those the tie-breaks leave level (almindelig korrektion) — unless the
  tournament shares by ``points``, by ``place`` or by the Hort system (:func:`share_hort`).
* One prize per player: the prizes named in the declared order are awarded in that order,
  and a player who won one of them (or a share of one) is passed over by the later ones;
  the next player in the category moves up. A category the order leaves out is awarded
  besides, to whoever wins it.
* A category of an age class takes the players the handbook's class holds on the event's
  day (:mod:`skak.eligibility`); a player whose birth date is needed and not given is not
  counted in it, and is named (:attr:`PrizeList.unknown`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from skak.eligibility.editions import edition_for
from skak.model.player import Player, Sex
from skak.model.prizes import Prizes
from skak.model.tournament import Tournament
from skak.standings import Standing, prize_basis, share_prizes

__all__ = ["Award", "PrizeList", "award_prizes", "eligible", "share_hort"]


@dataclass(frozen=True, slots=True)
class Award:
    """One prize won: the prize (``place`` or a category's key), the places it covers in
    that prize's list (``place``–``place_to``: shared when they differ), the player, his
    points and his amount (his share)."""

    prize: str
    place: int
    place_to: int
    player: Player
    points: Fraction
    amount: Fraction

    @property
    def shared(self) -> bool:
        return self.place_to > self.place


@dataclass(frozen=True, slots=True)
class PrizeList:
    """The prizes won, in the order they were awarded; ``unknown``: ``(category, player)``
    where the player's class cannot be told (his birth date or sex is missing)."""

    awards: tuple[Award, ...]
    sharing: str
    unknown: tuple[tuple[str, Player], ...] = ()


_AGE_CODES = {"junior": "junior", "veteran": "veteran", "senior": "senior-dm"}


def eligible(key: str, player: Player, t: Tournament, day: date) -> bool | None:
    """Whether ``player`` is in the prize category ``key`` at an event on ``day``
    (``None``: it cannot be told, e.g. the birth date is needed)."""
    if key == "place":
        return True
    if key == "women":
        return None if player.sex is None else player.sex is Sex.FEMALE
    rating = player.rating(t.rated_kind.dsu_rating_field)
    if key == "unrated":
        return rating is None
    if key.startswith("rating<"):
        return rating is not None and rating < int(key.removeprefix("rating<"))
    if key.startswith("club:"):
        return (player.club or "").casefold() == key.removeprefix("club:").casefold()
    code = _AGE_CODES.get(key) or f"{key[0]}-{key[1:]}"
    age_class = edition_for(day, or_oldest=True).age_class(code)
    birth = player.birth_date or player.birth_year
    return age_class.verdict(birth, player.sex, day).holds


def share_hort(rows: Sequence[Standing], prizes: Sequence[Fraction | int]) -> dict[int, Fraction]:
    """The Hort system: players level on points put the prizes of the places they cover in
    one pot; half of it is shared equally, and each takes half of the prize of his own
    place in the tie-break order besides (``prizes[0]`` is the first prize).

    >>> from skak.model import Player
    >>> rows = [Standing(1, 1, Player(1, "A"), Fraction(3), 3, 0),
    ...         Standing(2, 2, Player(2, "B"), Fraction(3), 3, 0)]
    >>> share_hort(rows, [600, 400])
    {1: Fraction(550, 1), 2: Fraction(450, 1)}
    """
    amounts = [Fraction(p) for p in prizes]
    ranked = [s for s in rows if not s.excluded]
    out: dict[int, Fraction] = {}
    i = 0
    while i < len(ranked):
        j = i + 1
        while j < len(ranked) and ranked[j].points == ranked[i].points:
            j += 1
        pot = sum(amounts[i:j], Fraction(0))
        if pot:
            for k, s in enumerate(ranked[i:j], start=i):
                own = amounts[k] if k < len(amounts) else Fraction(0)
                out[s.player.start_number] = pot / (2 * (j - i)) + own / 2
        i = j
    return out


def award_prizes(
    t: Tournament,
    rows: Sequence[Standing],
    *,
    day: date,
    prizes: Prizes | None = None,
    round_robin: bool | None = None,
) -> PrizeList:
    """The prizes of ``t`` (or ``prizes``) won by the players of the final standings
    ``rows`` at an event on ``day`` (the module's docstring says how)."""
    declared = prizes if prizes is not None else t.prizes
    if declared is None or declared.empty:
        return PrizeList((), "§24")
    sharing = (
        prize_basis(t, round_robin=round_robin) if declared.sharing == "§24" else declared.sharing
    )
    ranked = [s for s in rows if not s.excluded]
    keys = ["place"] if declared.place else []
    keys += [c.key for c in declared.categories]
    ordered = [k for k in declared.order if k in keys] + [
        k for k in keys if k not in declared.order
    ]
    taken: set[int] = set()
    awards: list[Award] = []
    unknown: list[tuple[str, Player]] = []
    for key in ordered:
        amounts = declared.place if key == "place" else declared.category(key).amounts
        field: list[Standing] = []
        once = key in declared.order
        for s in ranked:
            if once and s.player.start_number in taken:
                continue
            verdict = eligible(key, s.player, t, day)
            if verdict is None:
                unknown.append((key, s.player))
            elif verdict:
                field.append(s)
        cash = _shares(field, amounts, sharing)
        places = _places(field, sharing)
        for s in field:
            n = s.player.start_number
            if n in cash:
                first, last = places[n]
                awards.append(Award(key, first, last, s.player, s.points, cash[n]))
                if once:
                    taken.add(n)
    return PrizeList(tuple(awards), sharing, tuple(unknown))


def _shares(field: Sequence[Standing], amounts: Sequence[int], sharing: str) -> dict[int, Fraction]:
    if sharing == "hort":
        return share_hort(field, amounts)
    return share_prizes(field, list(amounts), by=sharing)


def _places(field: Sequence[Standing], sharing: str) -> dict[int, tuple[int, int]]:
    """Each player's places within the prize's field (1 the best), tied players spanning
    the places they cover (by points for ``points`` and Hort, by place otherwise)."""
    out: dict[int, tuple[int, int]] = {}
    i = 0
    while i < len(field):
        j = i + 1
        while j < len(field) and _level(field[i], field[j], sharing):
            j += 1
        for s in field[i:j]:
            out[s.player.start_number] = (i + 1, j)
        i = j
    return out


def _level(a: Standing, b: Standing, sharing: str) -> bool:
    if sharing in ("points", "hort"):
        return a.points == b.points
    return (a.rank, a.rank_to) == (b.rank, b.rank_to)
