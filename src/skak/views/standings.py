"""The standings every face shows (stilling), decided once.

``skak standings``, ``skak export json``, ``skak demo``, the crosstable and the web pages
all rank a tournament through :func:`standings_view`, so they agree on the order and the
values: the tie-break choice (the arbiter's list, a named championship list, the
tournament's own, else DSU §24's default), §16 for withdrawals, the prize rule and the
rating column of a finished rated tournament are decided here once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction
from typing import TYPE_CHECKING

from skak.errors import InputError
from skak.messages import N_
from skak.model.player import Player
from skak.model.tournament import Tournament
from skak.standings import (
    Standing,
    TiebreakChoice,
    choose_tiebreaks,
    first_place,
    share_prizes,
    standings,
)
from skak.views._fide import FideCell
from skak.views._json import OMITTED, Omittable, face_only

if TYPE_CHECKING:  # the rating rules are imported when a finished tournament is rated
    from skak.rating.calc import RatingChange, RatingResult
    from skak.views.norms import PlayerNorms

__all__ = [
    "RatingCell",
    "StandingRow",
    "StandingsView",
    "TiebreakChoice",
    "choose_tiebreaks",
    "final_rating",
    "is_finished",
    "standing_rows",
    "standings_view",
    "withdrawn_from",
]


def is_finished(t: Tournament) -> bool:
    """Every planned round paired and every result in."""
    from skak.pairing import get_system  # the pairing systems only for a rated tournament
    from skak.pairing.engine import is_finished as finished

    return finished(t, get_system(t.pairing_system))


def final_rating(t: Tournament, today: date | None = None) -> tuple[RatingResult | None, str]:
    """The rating column of a finished, rated tournament (else ``None``), and a note when
    it cannot be computed."""
    if not (t.rated and is_finished(t)):
        return None, ""
    from skak.rating.tournament import tournament_rating

    try:
        return tournament_rating(t, today or date.today(), first_place=first_place(t)), ""
    except InputError as e:
        return None, N_("No rating column: {error}", error=e.message if not e.problems else str(e))


@dataclass(frozen=True, slots=True)
class RatingCell:
    """A player's new DSU rating in the standings of a finished rated tournament."""

    old: int
    new: int
    change: int
    notes: tuple[str, ...]
    #: Rated games in the tournament: a player without any keeps his rating unshown.
    games: int = face_only(0)
    #: He had no rating (§4.5.5.2): ``new`` is his first rating, shown as one, not as a
    #: change from the performance rating ``old`` he was rated from.
    first: bool = face_only(False)

    @classmethod
    def of(cls, c: RatingChange) -> RatingCell:
        return cls(c.old, c.new, c.change, c.notes, c.games, c.first)


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of the standings; the fields up to ``rating`` are the README's JSON keys.

    ``rank`` is ``None`` for a player DSU §16 takes out of the final standings (``place``
    ``"–"``); ``prize`` is there when cash prizes are shared (``None`` for a player without
    one), ``rating`` once a rated tournament is finished.
    """

    rank: int | None
    shared: bool
    start_number: int
    name: str
    points: Fraction
    tiebreaks: Mapping[str, Fraction | None]
    place: str
    games: int
    unfinished: int
    prize: Omittable[Fraction | None] = OMITTED
    rating: Omittable[RatingCell] = OMITTED
    #: ``skak standings --fide``: the FIDE rating change and the norm made (4.7).
    fide: Omittable[FideCell] = OMITTED
    club: str | None = face_only(None)
    #: The player's DSU rating of the tournament's kind (standard, rapid or blitz).
    player_rating: int | None = face_only(None)
    #: The first round he no longer plays, when the faces mark him withdrawn (udgået):
    #: see :func:`withdrawn_from`.
    withdrawn_from: int | None = face_only(None)


def withdrawn_from(player: Player, after_round: int | None = None) -> int | None:
    """The round a withdrawn player (udgået) stopped playing from, as the standings and the
    crosstable mark him: every withdrawal in the standings as they are now; in the standings
    after an earlier round ``after_round`` only a player who played no round after it."""
    first = player.withdrawn_from
    if first is None or (after_round is not None and first > after_round + 1):
        return None
    return first


def standing_rows(
    t: Tournament,
    rows: Sequence[Standing],
    prizes: Mapping[int, Fraction] | None = None,
    rating: RatingResult | None = None,
    *,
    after_round: int | None = None,
) -> tuple[StandingRow, ...]:
    """The rows of the standings ``rows`` (with the prizes and the rating column) after
    ``after_round`` (default: the latest)."""
    changes = {int(c.id): RatingCell.of(c) for c in rating.players} if rating else {}
    field = t.rated_kind.dsu_rating_field
    return tuple(
        StandingRow(
            None if s.excluded else s.rank,
            s.shared,
            s.player.start_number,
            s.player.name,
            s.points,
            dict(s.tiebreaks),
            s.place,
            s.games,
            s.unfinished,
            OMITTED if prizes is None else prizes.get(s.player.start_number),
            changes.get(s.player.start_number, OMITTED),
            club=s.player.club,
            player_rating=s.player.rating(field),
            withdrawn_from=withdrawn_from(s.player, after_round),
        )
        for s in rows
    )


@dataclass(frozen=True, slots=True)
class StandingsView:
    """The standings as announced: the rows in order (JSON: ``{"standings": [...]}``), and
    for the faces what decided them.

    ``tiebreaks`` are the tie-breaks' codes in the order applied (the columns); ``note``
    says where they came from when the arbiter did not choose them; ``prize_basis`` is
    ``"points"`` or ``"place"`` when cash prizes are shared (DSU §24), else ``None``;
    ``rating_edition`` names the rating rules of the rating column, if there is one.
    """

    standings: tuple[StandingRow, ...]
    tournament: str = face_only("")
    after_round: int = face_only(0)
    tiebreaks: tuple[str, ...] = face_only(())
    note: str = face_only("")
    prize_basis: str | None = face_only(None)
    rating_edition: str | None = face_only(None)
    rating_note: str = face_only("")
    #: The FIDE rating edition of the ``fide`` column (``--fide``), if there is one.
    fide_edition: str | None = face_only(None)
    #: What the ``fide`` column assumed or why it is empty (4.7.2), and what a norm shown
    #: as ``IM?`` waits for: lines a face prints beside the table, as ``rating_note``.
    fide_notes: tuple[str, ...] = face_only(())


def standings_view(
    t: Tournament,
    *,
    after_round: int | None = None,
    tiebreaks: str | None = None,
    rules: str | None = None,
    edition: str | None = None,
    prizes: Sequence[str] | None = None,
    round_robin: bool | None = None,
    rating: str | None = None,
    with_rating: bool = True,
    today: date | None = None,
    fide: bool = False,
    international_arbiter: bool | None = None,
    most_games_a_day: int | None = None,
    own_federation: bool | None = None,
) -> StandingsView:
    """The standings every face shows (see the module's docstring).

    ``with_rating`` adds the rating column once a rated tournament is finished (not for
    standings after an earlier round, nor for a file read from elsewhere); ``fide`` adds
    each player's FIDE rating change and norm (the tournament must be finished), with
    ``international_arbiter`` and ``most_games_a_day`` for 4.7.4's conditions (not known
    when left out: a norm is then "made if" they hold, ``IM?``) and ``own_federation`` for
    its three federations (:func:`skak.views.norms.norms_view`).

    :raises StateError: for ``fide`` when the tournament is not finished.
    """
    choice = choose_tiebreaks(t, tiebreaks, rules, round_robin=round_robin)
    rows = standings(
        t,
        after_round=after_round,
        tiebreaks=choice.tiebreaks or None,
        edition=edition,
        withdrawals=True,
        round_robin=round_robin,
        rating=rating,
    )
    cash = share_prizes(rows, list(prizes), by=choice.prize_basis) if prizes else None
    result, note = final_rating(t, today) if with_rating and after_round is None else (None, "")
    out = standing_rows(t, rows, cash, result, after_round=after_round)
    fide_edition = None
    fide_notes: tuple[str, ...] = ()
    if fide:
        if after_round is not None:
            raise InputError("--fide shows the final standings: leave --after-round out")
        from skak.views.norms import norms_view

        norms = norms_view(
            t,
            today or date.today(),
            international_arbiter=international_arbiter,
            most_games_a_day=most_games_a_day,
            round_robin=round_robin,
            own_federation=own_federation,
        )
        cells = {p.start_number: p.fide for p in norms.players}
        out = tuple(replace(r, fide=cells[r.start_number]) for r in out)
        fide_edition = norms.edition
        fide_notes = norms.notes + _pending_norms(norms.players)
    return StandingsView(
        out,
        t.name,
        t.current_round if after_round is None else after_round,
        tuple(code for code, _ in rows[0].tiebreaks) if rows else (),
        choice.note,
        None if cash is None else choice.prize_basis,
        None if result is None else result.edition,
        note,
        fide_edition,
        fide_notes,
    )


def _pending_norms(players: Sequence[PlayerNorms]) -> tuple[str, ...]:
    """What a norm shown as ``IM?`` waits for, once for each set of conditions."""
    waiting = sorted({p.fide.norm_if for p in players if p.fide.norm_if})
    return tuple(
        "a norm marked ? is made if these hold, which skak does not know: "
        + "; ".join(names)
        + " (give them: --ia, --games-a-day N; each condition: skak norms)"
        for names in waiting
    )
