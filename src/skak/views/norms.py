"""FIDE rating and title norms of a finished tournament as every face shows them
(``skak norms``, ``skak standings --fide``)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from fractions import Fraction

from skak.errors import InputError, StateError
from skak.model.tournament import Tournament
from skak.rating.fide_tournament import tournament_fide_rating, tournament_norms
from skak.rating.norms import Condition
from skak.views._fide import FideCell

__all__ = ["FideCell", "NormRow", "NormsView", "PlayerNorms", "norms_view"]


@dataclass(frozen=True, slots=True)
class NormRow:
    """One norm (GM, IM, WGM, WIM) for one player with every condition: ``status`` is
    ``made`` (every condition held), ``made if`` (every known one held; ``unknown`` names
    those skak cannot know) or ``not made``; ``made`` is true only for ``made``. Each
    condition is the rule's own (:class:`~skak.rating.norms.Condition`), ``holds`` null
    when skak cannot know it."""

    norm: str
    status: str
    made: bool
    games: int
    score: Fraction
    average: int | None
    performance: int | None
    required: Fraction | None
    conditions: tuple[Condition, ...]
    unknown: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PlayerNorms:
    start_number: int
    name: str
    fide: FideCell
    norms: tuple[NormRow, ...]


@dataclass(frozen=True, slots=True)
class NormsView:
    """``{"tournament", "edition", "notes", "conditions": [...], "players": [{"start_number",
    "name", "fide": {...}, "norms": [...]}]}`` (README); ``notes`` say what the FIDE rating
    assumed (K, the edition) or why the tournament is not FIDE-rated (4.7.2)."""

    tournament: str
    edition: str
    conditions: tuple[Condition, ...]
    players: tuple[PlayerNorms, ...]
    notes: tuple[str, ...] = ()


def norms_view(
    t: Tournament,
    today: datetime.date,
    *,
    international_arbiter: bool | None = None,
    most_games_a_day: int | None = None,
    round_robin: bool | None = None,
    own_federation: bool | None = None,
) -> NormsView:
    """``own_federation`` counts the player's own federation among 4.7.4's three (FIDE's
    wording; ``None``: the edition's, the opponents' only as the handbook prints it).

    :raises StateError: when the tournament is not finished.
    :raises InputError: for a number of games a day below 1."""
    from skak.views.standings import is_finished  # the standings import this module

    if not is_finished(t):
        raise StateError(
            f"{t.name} is not finished: FIDE rating and norms are for a finished tournament"
        )
    if most_games_a_day is not None and most_games_a_day < 1:
        raise InputError(f"the most games played on one day is 1 or more, not {most_games_a_day}")
    rating = tournament_fide_rating(t, today, round_robin=round_robin)
    norms = tournament_norms(
        t,
        today,
        international_arbiter=international_arbiter,
        most_games_a_day=most_games_a_day,
        round_robin=round_robin,
        own_federation=own_federation,
    )
    changes = {int(c.id): c for c in rating.players}
    players = []
    for p in t.players:
        c = changes[p.start_number]
        reports = norms.players[p.start_number]
        made = next((r for r in reports if r.made), None)
        maybe = next((r for r in reports if r.status == "made if"), None)
        norm: str | None
        norm_if: tuple[str, ...]
        if made is not None:
            norm, norm_if = made.norm, ()
        elif maybe is not None:
            norm, norm_if = f"{maybe.norm}?", maybe.unknown
        else:
            norm, norm_if = None, ()
        players.append(
            PlayerNorms(
                p.start_number,
                p.name,
                FideCell(c.old, c.new, c.change, c.games, norm, c.notes, norm_if),
                tuple(
                    NormRow(
                        r.norm,
                        r.status,
                        r.made,
                        r.games,
                        r.score,
                        r.average,
                        r.performance,
                        r.required,
                        r.conditions,
                        r.unknown,
                    )
                    for r in reports
                ),
            )
        )
    return NormsView(
        t.name,
        rating.edition,
        norms.conditions,
        tuple(players),
        rating.notes,
    )
