"""FIDE rating and title norms of a finished tournament as every face shows them
(``skak norms``, ``skak standings --fide``)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from fractions import Fraction

from skak.errors import StateError
from skak.model.tournament import Tournament
from skak.rating.fide_tournament import tournament_fide_rating, tournament_norms
from skak.rating.norms import Condition

__all__ = ["ConditionRow", "FideCell", "NormRow", "NormsView", "PlayerNorms", "norms_view"]


@dataclass(frozen=True, slots=True)
class ConditionRow:
    """One condition: ``holds`` null when skak cannot know it."""

    name: str
    holds: bool | None
    detail: str
    article: str


@dataclass(frozen=True, slots=True)
class NormRow:
    """One norm (GM, IM, WGM, WIM) for one player, made or not, with every condition."""

    norm: str
    made: bool
    games: int
    score: Fraction
    average: int | None
    performance: int | None
    required: Fraction | None
    conditions: tuple[ConditionRow, ...]


@dataclass(frozen=True, slots=True)
class FideCell:
    """A player's FIDE rating result (``old`` null: unrated; ``new`` his first rating or
    null) and the highest norm made (``norm`` null: none)."""

    old: int | None
    new: int | None
    change: int
    games: int
    norm: str | None
    notes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PlayerNorms:
    start_number: int
    name: str
    fide: FideCell
    norms: tuple[NormRow, ...]


@dataclass(frozen=True, slots=True)
class NormsView:
    """``{"tournament", "edition", "conditions": [...], "players": [{"start_number", "name",
    "fide": {...}, "norms": [...]}]}`` (README)."""

    tournament: str
    edition: str
    conditions: tuple[ConditionRow, ...]
    players: tuple[PlayerNorms, ...]


def _row(c: Condition) -> ConditionRow:
    return ConditionRow(c.name, c.holds, c.detail, c.article)


def norms_view(
    t: Tournament,
    today: datetime.date,
    *,
    international_arbiter: bool | None = None,
    most_games_a_day: int | None = None,
) -> NormsView:
    """:raises StateError: when the tournament is not finished."""
    from skak.views.standings import is_finished  # the standings import this module

    if not is_finished(t):
        raise StateError(
            f"{t.name} is not finished: FIDE rating and norms are for a finished tournament"
        )
    rating = tournament_fide_rating(t, today)
    norms = tournament_norms(
        t, today, international_arbiter=international_arbiter, most_games_a_day=most_games_a_day
    )
    changes = {int(c.id): c for c in rating.players}
    players = []
    for p in t.players:
        c = changes[p.start_number]
        reports = norms.players[p.start_number]
        made = next((r.norm for r in reports if r.made), None)
        players.append(
            PlayerNorms(
                p.start_number,
                p.name,
                FideCell(c.old, c.new, c.change, c.games, made, c.notes),
                tuple(
                    NormRow(
                        r.norm,
                        r.made,
                        r.games,
                        r.score,
                        r.average,
                        r.performance,
                        r.required,
                        tuple(_row(x) for x in r.conditions),
                    )
                    for r in reports
                ),
            )
        )
    return NormsView(
        t.name, rating.edition, tuple(_row(x) for x in norms.conditions), tuple(players)
    )
