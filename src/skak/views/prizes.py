"""The prize list (præmieliste) as every face shows it: the prizes declared, and who won
them (:func:`skak.prizes.award_prizes`) in the final standings."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from skak.messages import N_
from skak.model.tournament import Tournament
from skak.prizes import award_prizes
from skak.standings import final_standings

__all__ = ["PrizeDeclared", "PrizeLine", "PrizeListView", "prize_label", "prize_list_view"]


@dataclass(frozen=True, slots=True)
class PrizeDeclared:
    """One prize declared: its key (``place``, ``U16``), its name in words and its
    amounts, first prize first; ``exclusive`` when it is in the declared order (a player
    takes one prize of the order)."""

    key: str
    label: str
    amounts: tuple[int, ...]
    exclusive: bool


@dataclass(frozen=True, slots=True)
class PrizeLine:
    """One prize won: the prize, the places it covers in that prize's list (``2–3`` when
    shared), the player, his points and his amount (kr.)."""

    prize: str
    label: str
    place: str
    start_number: int
    name: str
    club: str | None
    points: Fraction
    amount: Fraction


@dataclass(frozen=True, slots=True)
class PrizeListView:
    """The prize list: the prizes declared, their order, how ties share, and the winners
    in the order the prizes were awarded; ``unknown`` names players whose class cannot be
    told (``category: name (number)``); ``final`` whether every round is played."""

    tournament: str
    declared: tuple[PrizeDeclared, ...]
    order: tuple[str, ...]
    sharing: str
    lines: tuple[PrizeLine, ...]
    total: Fraction
    unknown: tuple[str, ...]
    final: bool


def prize_label(key: str) -> str:
    """A prize's name in words (a message the faces translate)."""
    if key == "place":
        return N_("place prizes")
    if key == "women":
        return N_("best woman")
    if key == "unrated":
        return N_("best unrated")
    if key == "junior":
        return N_("best junior")
    if key == "veteran":
        return N_("best veteran")
    if key == "senior":
        return N_("best senior")
    if key.startswith("rating<"):
        return N_("rating under {limit}", limit=key.removeprefix("rating<"))
    if key.startswith("club:"):
        return N_("best of {club}", club=key.removeprefix("club:"))
    if key.startswith("P"):
        return N_("best girl {age}", age="U" + key[1:])
    return N_("best {age}", age=key)


def prize_list_view(t: Tournament, *, day: date) -> PrizeListView:
    """The prize list of ``t``; ``day`` is the event's day when the tournament has no start
    date (the age classes are judged on it)."""
    prizes = t.prizes
    event_day = t.start_date or day
    if prizes is None:
        return PrizeListView(t.name, (), (), "§24", (), Fraction(0), (), False)
    declared = []
    if prizes.place:
        declared.append(
            PrizeDeclared("place", prize_label("place"), prizes.place, "place" in prizes.order)
        )
    for c in prizes.categories:
        declared.append(PrizeDeclared(c.key, prize_label(c.key), c.amounts, c.key in prizes.order))
    rows = final_standings(t)
    won = award_prizes(t, rows, day=event_day)
    lines = tuple(
        PrizeLine(
            a.prize,
            prize_label(a.prize),
            str(a.place) if not a.shared else f"{a.place}–{a.place_to}",
            a.player.start_number,
            a.player.name,
            a.player.club,
            a.points,
            a.amount,
        )
        for a in won.awards
    )
    unknown = tuple(dict.fromkeys(f"{key}: {p.name} ({p.start_number})" for key, p in won.unknown))
    planned = t.number_of_rounds
    final = bool(t.rounds) and planned is not None and len(t.rounds) >= planned
    final = final and all(g.result is not None for r in t.rounds for g in r.pairings)
    return PrizeListView(
        t.name,
        tuple(declared),
        prizes.order,
        won.sharing,
        lines,
        sum((line.amount for line in lines), Fraction(0)),
        unknown,
        final,
    )
