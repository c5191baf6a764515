"""``skak players list``: the players by start number, as every face lists them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from skak.model.player import Player, Ratings, Sex, Title
from skak.model.tournament import Tournament
from skak.views._json import face_only

__all__ = ["PlayerRow", "PlayersView", "player_row", "players_view"]


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """One registered player; ``rating`` (for the faces) is the DSU rating of the
    tournament's kind (standard, rapid or blitz)."""

    start_number: int
    name: str
    sex: Sex | None
    birth_date: date | None
    club: str | None
    federation: str | None
    dsu_id: int | None
    fide_id: int | None
    title: Title | None
    ratings: Ratings
    withdrawn_from: int | None
    late_from: int | None
    absent_rounds: frozenset[int]
    rating: int | None = face_only(None)


def player_row(p: Player, rating_field: str = "dsu") -> PlayerRow:
    """``p`` as a row; ``rating_field`` names the rating shown (``dsu``, ``dsu_rapid``, …)."""
    return PlayerRow(
        p.start_number,
        p.name,
        p.sex,
        p.birth_date,
        p.club,
        p.federation,
        p.dsu_id,
        p.fide_id,
        p.title,
        p.ratings,
        p.withdrawn_from,
        p.late_from,
        p.absent_rounds,
        p.rating(rating_field),
    )


@dataclass(frozen=True, slots=True)
class PlayersView:
    """The players of a tournament by start number (``skak players list --json`` writes the
    list of :attr:`players`)."""

    players: tuple[PlayerRow, ...]
    tournament: str = face_only("")


def players_view(t: Tournament) -> PlayersView:
    field = t.rated_kind.dsu_rating_field
    return PlayersView(tuple(player_row(p, field) for p in t.players), t.name)
