"""The crosstable (krydstabel): each player's rounds in standings order, as every face shows
it (``skak crosstable``, its ``--html`` page and ``--json``).

The players are in the order of :func:`skak.views.standings_view`, so the crosstable and the
standings never disagree. A cell names the opponent by his line in the table, the colour
(``h``/``s``: hvid/sort) and the game's points: ``3h½``. A forfeit is ``+``/``−``, an
unfinished game ``*``, a game without a result ``…``, a Gladiator play-off's winner ``1ᵍ``;
a round without a game shows the bye: ``bye`` (pairing-allocated; a message, which a face
says in its language: ``oversidder``), ``+`` (full-point bye), ``½`` (half-point bye), ``0``
(zero-point bye), else ``–`` (absent).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from skak.messages import N_
from skak.model.games import Entry, entries_by_player
from skak.model.results import Colour, Result, Scoring, format_points
from skak.model.tournament import Tournament
from skak.views._json import face_only
from skak.views.standings import standings_view

__all__ = [
    "CrossCell",
    "CrosstableRow",
    "CrosstableView",
    "crosstable_view",
    "game_mark",
    "marks_scoring",
]

_BYES = {
    Result.PAIRING_BYE: N_("bye"),
    Result.FULL_BYE: "+",
    Result.HALF_BYE: "½",
    Result.ZERO_BYE: "0",
}


@dataclass(frozen=True, slots=True)
class CrossCell:
    """One player's round: the opponent's start number (``None`` for a bye or an absence),
    the colour, the result from white's side, the points it gave (``None`` while it has no
    result) and the cell as printed (``mark``)."""

    round: int
    opponent: int | None
    colour: Colour | None
    result: Result | None
    points: Fraction | None
    mark: str


@dataclass(frozen=True, slots=True)
class CrosstableRow:
    """A line of the crosstable: ``line`` is its number, which the cells use for the
    opponent; ``rounds`` has one cell per round (``None`` when the player had no entry)."""

    line: int
    place: str
    rank: int | None
    start_number: int
    name: str
    rating: int | None
    club: str | None
    rounds: tuple[CrossCell | None, ...]
    points: Fraction
    tiebreaks: Mapping[str, Fraction | None]
    #: The first round he no longer plays, when the faces mark him withdrawn (udgået).
    withdrawn_from: int | None = face_only(None)


@dataclass(frozen=True, slots=True)
class CrosstableView:
    """JSON: ``{"tournament", "after_round", "tiebreaks": [code, …], "crosstable": [{"line",
    "place", "rank", "start_number", "name", "rating", "club", "rounds": [{"round",
    "opponent", "colour", "result", "points", "mark"} or null], "points", "tiebreaks"}]}``;
    ``note`` (for the faces) says where the tie-breaks came from."""

    tournament: str
    after_round: int
    tiebreaks: tuple[str, ...]
    crosstable: tuple[CrosstableRow, ...]
    note: str = face_only("")


def crosstable_view(
    t: Tournament,
    *,
    after_round: int | None = None,
    tiebreaks: str | None = None,
    rules: str | None = None,
    round_robin: bool | None = None,
) -> CrosstableView:
    """The crosstable after ``after_round`` (default: the latest), in the standings' order
    with the same tie-break choice (see :func:`skak.views.standings_view`).

    :raises InputError: for a bad tie-break list or round number.
    """
    standings = standings_view(
        t,
        after_round=after_round,
        tiebreaks=tiebreaks,
        rules=rules,
        round_robin=round_robin,
        with_rating=False,
    )
    last = standings.after_round
    line = {s.start_number: i for i, s in enumerate(standings.standings, start=1)}
    by_player = entries_by_player(t)
    marks = marks_scoring(t)  # 1/½/0 whatever the tournament's points
    rows = []
    for s in standings.standings:
        mine = {e.round: e for e in by_player.get(s.start_number, ()) if e.round <= last}
        rows.append(
            CrosstableRow(
                line[s.start_number],
                s.place,
                s.rank,
                s.start_number,
                s.name,
                s.player_rating,
                s.club,
                tuple(
                    _cell(mine[r], line, t.scoring, marks) if r in mine else None
                    for r in range(1, last + 1)
                ),
                s.points,
                s.tiebreaks,
                s.withdrawn_from,
            )
        )
    return CrosstableView(t.name, last, standings.tiebreaks, tuple(rows), standings.note)


def _cell(e: Entry, line: Mapping[int, int], scoring: Scoring, marks: Scoring) -> CrossCell:
    points = None if e.result is None else e.points(scoring)
    return CrossCell(e.round, e.opponent, e.colour, e.result, points, _mark(e, line, marks))


def _mark(e: Entry, line: Mapping[int, int], marks: Scoring) -> str:
    if e.opponent is None:
        return _BYES.get(e.result, "–") if e.result is not None else "–"
    colour = "h" if e.colour is Colour.WHITE else "s"
    return f"{line.get(e.opponent, '?')}{colour}{game_mark(e, marks)}"


def game_mark(e: Entry, marks: Scoring) -> str:
    """A game's points as the crosstable writes them for the player of entry ``e``: ``1``,
    ``½``, ``0``, a forfeit ``+``/``−``, unfinished ``*``, no result yet ``…``, a Gladiator
    play-off's winner ``1ᵍ``; ``marks`` the tournament's scoring at 1–½–0."""
    if e.result is None:
        return "…"
    if e.result is Result.UNFINISHED:
        return "*"
    mark = format_points(e.points(marks))
    if e.playoff:
        mark += "ᵍ"  # decided in the Gladiator play-off
    if e.result.is_forfeit:
        mark = "+" if mark == "1" else "−"
    return mark


def marks_scoring(t: Tournament) -> Scoring:
    """The tournament's scoring at 1–½–0, played its way (Gladiator with its variants,
    4.9.8): what the crosstable's marks count."""
    return Scoring(
        gladiator=t.scoring.gladiator,
        gladiator_games=t.scoring.gladiator_games,
        gladiator_reduced_games=t.scoring.gladiator_reduced_games,
    )
