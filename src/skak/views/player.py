"""One player's tournament (``skak players show N``, the public page ``/t/{id}/players/{N}``):
every round's opponent, colour, result and running score, his place, his performance rating
and, once a rated tournament is finished, his DSU rating change — as every face shows it.

Nothing is ranked or rated here anew: the place, the points and the rating change are the
standings' (:func:`skak.views.standings_view`, the same rating column), a round's mark is the
crosstable's, and the performance rating is DSU §4.5.5.2's ``Rp = Rc + Dp``
(:func:`skak.rating.calc.performance_rating`) over the games the rating counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from skak.model.games import entries_by_player
from skak.model.player import Title
from skak.model.results import Colour, Result, Scoring
from skak.model.tournament import Tournament
from skak.views._json import OMITTED, Omittable, Omitted, face_only
from skak.views.crosstable import game_mark, marks_scoring
from skak.views.standings import RatingCell, StandingsView, standings_view

__all__ = ["PlayerRoundRow", "PlayerView", "player_view"]

_STANDARD = Scoring()


@dataclass(frozen=True, slots=True)
class PlayerRoundRow:
    """One round of the player's: the board, the opponent (start number, name and rating;
    ``None`` for a bye or an absence), his colour, the result (from white's side, as
    stored; ``None`` while there is none or when he had no entry), the points it gave him
    (``None`` while it has no result) and his score after the round (``score``)."""

    round: int
    board: int | None
    opponent: int | None
    opponent_name: str | None
    opponent_rating: int | None
    colour: Colour | None
    result: Result | None
    points: Fraction | None
    score: Fraction
    #: The round as the crosstable writes it: ``1``, ``½``, ``0``, ``+``/``−`` (a forfeit),
    #: ``*`` (unfinished), ``…`` (no result yet); a bye or an absence is its result's label
    #: (a message a face says in its language), ``–`` without an entry.
    mark: str = face_only("")


@dataclass(frozen=True, slots=True)
class PlayerView:
    """JSON: ``{"tournament", "start_number", "name", "club", "federation", "title",
    "rating", "withdrawn_from", "late_from", "place", "points", "rounds": [{"round",
    "board", "opponent", "opponent_name", "opponent_rating", "colour", "result", "points",
    "score"}], "performance", "games", "rating_change": {"old", "new", "change", "notes"}}``
    (``rating_change`` only once a rated tournament is finished).

    ``rating`` is his DSU rating of the tournament's kind; ``place`` his place in the
    standings as they are now (``–`` when DSU §16 takes him out); ``performance`` his
    performance rating over ``games`` rated games against rated opponents (``None``
    without any); ``rating_change`` the standings' rating column."""

    tournament: str
    start_number: int
    name: str
    club: str | None
    federation: str | None
    title: Title | None
    rating: int | None
    withdrawn_from: int | None
    late_from: int | None
    place: str
    points: Fraction
    rounds: tuple[PlayerRoundRow, ...]
    performance: int | None
    games: int
    rating_change: Omittable[RatingCell] = OMITTED
    #: Games still without a final result (afbrudte partier), as the standings count them.
    unfinished: int = face_only(0)
    #: The rating edition of ``rating_change``.
    rating_edition: str | None = face_only(None)


def player_view(
    t: Tournament, start_number: int, standings: StandingsView | None = None
) -> PlayerView:
    """Player ``start_number``'s rounds, place, performance and rating change in ``t``;
    ``standings``: ``t``'s standings as they are now, when a face has them already.

    :raises NotFoundError: when no player has that start number.
    """
    player = t.player(start_number)
    field = t.rated_kind.dsu_rating_field
    if standings is None:
        standings = standings_view(t)
    row = next(s for s in standings.standings if s.start_number == start_number)
    marks = marks_scoring(t)
    mine = {e.round: e for e in entries_by_player(t).get(start_number, ())}
    rounds = []
    score = Fraction(0)
    for number in range(1, t.current_round + 1):
        e = mine.get(number)
        if e is None:
            rounds.append(
                PlayerRoundRow(number, None, None, None, None, None, None, None, score, "–")
            )
            continue
        points = None if e.result is None else e.points(t.scoring)
        score += points or 0
        opponent = None if e.opponent is None else t.player(e.opponent)
        if opponent is None:
            mark = e.result.label if e.result is not None else "–"
        else:
            mark = game_mark(e, marks)
        rounds.append(
            PlayerRoundRow(
                number,
                e.board if opponent is not None else None,
                None if opponent is None else opponent.start_number,
                None if opponent is None else opponent.name,
                None if opponent is None else opponent.rating(field),
                e.colour,
                e.result,
                points,
                score,
                mark,
            )
        )
    cell = row.rating
    performance, games = _performance(t, start_number)
    if not isinstance(cell, Omitted) and cell.first:
        performance = cell.old  # §4.5.5.2's own, with unrated opponents estimated
    return PlayerView(
        t.name,
        start_number,
        player.name,
        player.club,
        player.federation,
        player.title,
        player.rating(field),
        player.withdrawn_from,
        player.late_from,
        row.place,
        row.points,
        tuple(rounds),
        performance,
        games,
        cell if not isinstance(cell, Omitted) and cell.games else OMITTED,
        row.unfinished,
        standings.rating_edition,
    )


def _performance(t: Tournament, start_number: int) -> tuple[int | None, int]:
    """DSU §4.5.5.2's performance rating over the player's games that the rating counts
    (played over the board, rated) against opponents with a start rating, and how many."""
    from skak.rating.calc import performance_rating
    from skak.rating.tournament import rated_players_and_games

    players, games = rated_players_and_games(t)
    ratings = {p.id: p.rating for p in players}
    me = str(start_number)
    opponents: list[int] = []
    score = Fraction(0)
    for g in games:
        if not g.counts or me not in (g.white, g.black):
            continue
        colour, other = (Colour.WHITE, g.black) if g.white == me else (Colour.BLACK, g.white)
        rating = ratings.get(other)
        if rating is None:
            continue
        opponents.append(rating)
        score += g.result.points(colour, _STANDARD)
    if not opponents:
        return None, 0
    return performance_rating(opponents, score), len(opponents)
