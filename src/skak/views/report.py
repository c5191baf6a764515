"""The tournament report to the rating registrar (turneringsindberetning, §6; ``skak
report``): everything §6 lists, from the tournament, the discipline registry and the
arbiters' names.

§6: after the tournament the arbiter computes the ratings and checks every player for a
candidate result; within 7 days after the last round he reports to the rating registrar
(kartotek@skak.dk) the results, the new ratings, the candidate results reached, the
tournament's dates, the warnings and quarantines given, and the arbiters' names. skak adds
the forfeits (udeblivelser): a no-show is rated only when it was not excused (4.5.4.2), and
a player absent from the whole tournament is not rated but gets a quarantine of at least 6
months — the registrar needs both to know.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from skak.eligibility.discipline import DisciplineRegistry, sanctions_for_tournament
from skak.errors import InputError, StateError
from skak.messages import N_, N_plural, Phrases
from skak.model.player import clean_text
from skak.model.results import Result
from skak.model.tournament import Tournament
from skak.pairing import get_system
from skak.rating.tournament import tournament_candidates
from skak.views.crosstable import CrosstableView, crosstable_view
from skak.views.discipline import SanctionRow, sanction_row
from skak.views.rating import TournamentRatingView, tournament_rating_view
from skak.views.standings import StandingsView, is_finished, standings_view

__all__ = [
    "RECIPIENT",
    "AbsentLine",
    "CandidateLine",
    "ForfeitLine",
    "ReportItem",
    "ReportView",
    "arbiters_of",
    "report_trf",
    "report_view",
]

#: §6: where the report goes.
RECIPIENT = "kartotek@skak.dk"
#: §5, §6: the report is due this many days after the last round.
DUE_DAYS = 7
#: The rated kinds by the names the JSON gives them (``"kind"``), as a face says them.
_KINDS = {"standard": N_("standard"), "rapid": N_("rapid"), "blitz": N_("blitz")}


@dataclass(frozen=True, slots=True)
class CandidateLine:
    """§26 for one player: the average of his and his opponents' ratings, the rounds played
    over the board, the score, the score required (``None`` below the table's 1900) and
    whether the candidate result was reached."""

    start_number: int
    name: str
    dsu_id: int | None
    average: int
    rounds: int
    score: Fraction
    required: Fraction | None
    reached: bool


@dataclass(frozen=True, slots=True)
class ForfeitLine:
    """A game not played (udeblivelse): the round and board, the players, the result and
    who did not come."""

    round: int
    board: int
    white: str
    black: str
    result: str
    absent: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class AbsentLine:
    """A player who played no game and lost every round he was paired by forfeit
    (4.5.4.2), with the quarantine registered for it, if any."""

    start_number: int
    name: str
    dsu_id: int | None
    rounds: tuple[int, ...]
    quarantine: SanctionRow | None
    note: str


@dataclass(frozen=True, slots=True)
class ReportItem:
    """One item of §6's list: its Danish words (the rulebook's), its English words, what the
    report holds for it (a message a face says in its language), and whether it is there."""

    item: str
    english: str
    content: str
    complete: bool


@dataclass(frozen=True, slots=True)
class ReportView:
    """§6's report. ``items`` is §6's list in its order (and the forfeits), each saying
    what the report holds; the rest are the contents: ``standings`` and ``crosstable`` (the
    results), ``rating`` (the new ratings), ``candidates`` (every player checked),
    ``sanctions`` (the warnings and quarantines given in the tournament), ``arbiters``
    (the chief arbiter first), the dates and the day the report is due."""

    tournament: str
    place: str | None
    system: str
    kind: str
    time_control: str | None
    start: datetime.date | None
    end: datetime.date | None
    due: datetime.date | None
    recipient: str
    rounds: int
    players: int
    arbiters: tuple[str, ...]
    items: tuple[ReportItem, ...]
    standings: StandingsView
    crosstable: CrosstableView
    rating: TournamentRatingView
    candidates: tuple[CandidateLine, ...]
    candidate_note: str
    sanctions: tuple[SanctionRow, ...]
    forfeits: tuple[ForfeitLine, ...]
    absent: tuple[AbsentLine, ...]


def arbiters_of(t: Tournament, given: Sequence[str]) -> tuple[str, ...]:
    """The arbiters' names: those ``given`` (the chief arbiter first), else the
    tournament's own (``skak new --arbiter``, ``skak arbiters``), else the TRF's chief
    arbiter (``102``) and deputies (``112``) of an imported tournament.

    :raises InputError: when there are none, or a name is no text.
    """
    names = [clean_text(n, "an arbiter's name") for n in given] or list(t.arbiters)
    if not names:
        for line in t.imported_records:
            if line[:3] in ("102", "112") and line[4:].strip():
                names.extend(n.strip() for n in line[4:].split(",") if n.strip())
    names = [n for n in names if n]
    if not names:
        raise InputError(
            N_(
                "§6's report names the tournament's arbiters: give --arbiter NAME (the chief "
                "arbiter first; repeat it for each), or keep them with 'skak arbiters'"
            )
        )
    return tuple(dict.fromkeys(names))


def report_view(
    t: Tournament,
    discipline: DisciplineRegistry,
    arbiters: Sequence[str],
    *,
    today: datetime.date,
    start: datetime.date | None = None,
    end: datetime.date | None = None,
) -> ReportView:
    """The report of the finished, rated tournament ``t`` (``start`` and ``end`` give its
    dates where the tournament has none).

    :raises StateError: when the tournament is not finished, or not rated.
    :raises InputError: without an arbiter's name, or for dates that do not fit.
    """
    if not t.rated:
        raise StateError(
            N_(
                "{tournament} is not rated (skak new --unrated): §6's report goes with a rated "
                "tournament",
                tournament=t.name,
            )
        )
    if not is_finished(t):
        raise StateError(
            N_(
                "{tournament} is not finished: §6's report is made after the last round, once "
                "every result is in",
                tournament=t.name,
            )
        )
    first = start or t.start_date
    last = end or t.end_date
    if first is not None and last is not None and last < first:
        raise InputError(
            N_("the tournament ends ({last}) before it starts ({first})", last=last, first=first)
        )
    names = arbiters_of(t, arbiters)
    standings = standings_view(t, today=today)
    crosstable = crosstable_view(t)
    rating = tournament_rating_view(t, today)
    candidates, candidate_note = _candidates(t)
    sanctions = tuple(
        sanction_row(s) for s in sanctions_for_tournament(discipline, t.name, first, last)
    )
    forfeits = _forfeits(t)
    absent = _absent(t, discipline, first)
    due = None if last is None else last + datetime.timedelta(days=DUE_DAYS)
    reached = [c for c in candidates if c.reached]
    checked = N_(
        "{reached} reached, of {checked} players checked (§26)",
        reached=len(reached),
        checked=len(candidates),
    )
    not_played = N_plural("{n} game not played", "{n} games not played", len(forfeits))
    items = (
        ReportItem(
            "Turneringsresultater",
            "results",
            N_(
                "the standings and the crosstable of {players} players, {rounds} rounds; the "
                "games in the TRF file",
                players=len(t.players),
                rounds=t.current_round,
            ),
            True,
        ),
        ReportItem(
            "Beregnede nye ratingtal",
            "new ratings",
            N_(
                "{count} players' new ratings ({edition})",
                count=len(rating.players),
                edition=rating.edition,
            )
            if rating.edition
            else rating.note,
            rating.edition is not None,
        ),
        ReportItem(
            "Opnåede kandidatresultater",
            "candidate results",
            N_("{checked}; {note}", checked=checked, note=candidate_note)
            if candidate_note
            else checked,
            True,
        ),
        ReportItem(
            "Datoer for turneringens afvikling",
            "dates",
            Phrases(" – ", [_day(first), _day(last)]),
            first is not None and last is not None,
        ),
        ReportItem(
            "Uddelte advarsler og karantæner",
            "warnings and quarantines",
            N_("{count} in the discipline registry", count=len(sanctions))
            if sanctions
            else N_("none registered"),
            True,
        ),
        ReportItem("Navne på dommere", "arbiters", ", ".join(names), True),
        ReportItem(
            "Udeblivelser",
            "forfeits (4.5.4.2)",
            N_(
                "{games}; {absent} absent from the whole tournament",
                games=not_played,
                absent=len(absent),
            )
            if absent
            else not_played,
            True,
        ),
    )
    kind = t.rated_kind.value
    return ReportView(
        t.name,
        t.place,
        get_system(t.pairing_system).title,
        _KINDS.get(kind, kind),
        t.time_control,
        first,
        last,
        due,
        RECIPIENT,
        t.current_round,
        len(t.players),
        names,
        items,
        standings,
        crosstable,
        rating,
        candidates,
        candidate_note,
        sanctions,
        forfeits,
        absent,
    )


def _day(d: datetime.date | None) -> str:
    return d.isoformat() if d else N_("not recorded (give --start and --end)")


def _candidates(t: Tournament) -> tuple[tuple[CandidateLine, ...], str]:
    """§26 for every player, or why the tournament gives none."""
    if t.rated_kind.value != "standard":
        return (), N_("§26's qualifying tournaments are standard-rated")
    if t.current_round < 5:
        return (), N_("§26 counts tournaments of at least 5 rounds")
    by_number = {p.start_number: p for p in t.players}
    lines = []
    for c in tournament_candidates(t):
        p = by_number[int(c.id)]
        lines.append(
            CandidateLine(
                p.start_number, p.name, p.dsu_id, c.average, c.rounds, c.score, c.required,
                c.reached,
            )
        )  # fmt: skip
    note = "" if lines else N_("no player played 5 rounds over the board against rated opponents")
    return tuple(lines), note


_FORFEITS = {
    Result.WHITE_FORFEIT_WIN: ("black",),
    Result.BLACK_FORFEIT_WIN: ("white",),
    Result.DOUBLE_FORFEIT: ("white", "black"),
}


def _forfeits(t: Tournament) -> tuple[ForfeitLine, ...]:
    out = []
    for rnd in t.rounds:
        for pg in rnd.pairings:
            sides = _FORFEITS.get(pg.result) if pg.result is not None else None
            if sides is None or pg.black is None:
                continue
            white, black = t.player(pg.white).name, t.player(pg.black).name
            names = {"white": white, "black": black}
            out.append(
                ForfeitLine(
                    rnd.number,
                    pg.board,
                    white,
                    black,
                    str(pg.result),
                    tuple(names[s] for s in sides),
                )
            )
    return tuple(out)


def _absent(
    t: Tournament, discipline: DisciplineRegistry, first: datetime.date | None
) -> tuple[AbsentLine, ...]:
    """4.5.4.2: players paired in some round who came to none of their games."""
    out = []
    for p in t.players:
        lost: list[int] = []
        played = False
        for rnd in t.rounds:
            for pg in rnd.pairings:
                if pg.black is None or p.start_number not in (pg.white, pg.black):
                    continue
                side = "white" if pg.white == p.start_number else "black"
                sides = _FORFEITS.get(pg.result) if pg.result is not None else None
                if sides is not None and side in sides:
                    lost.append(rnd.number)
                else:
                    played = True
        if played or not lost:
            continue
        registered = None
        if p.dsu_id is not None:
            registered = next(
                (
                    s
                    for s in discipline.of(p.dsu_id)
                    if s.ground == "4.5.4.2"
                    and " ".join(s.tournament.split()).casefold()
                    == " ".join(t.name.split()).casefold()
                ),
                None,
            )
        if registered is not None:
            note = N_("not rated; the quarantine is registered (4.5.4.2)")
        elif p.dsu_id is None:
            note = N_(
                "not rated; a quarantine of at least 6 months from coordinated tournaments "
                "follows unless the absence was excused (4.5.4.2); he has no DSU member number "
                "to register it by"
            )
        else:
            note = N_(
                "not rated; a quarantine of at least 6 months from coordinated tournaments "
                "follows unless the absence was excused (4.5.4.2)"
            )
        out.append(
            AbsentLine(
                p.start_number,
                p.name,
                p.dsu_id,
                tuple(lost),
                None if registered is None else sanction_row(registered),
                note,
            )
        )
    return tuple(out)


def report_trf(t: Tournament, arbiters: Sequence[str]) -> str:
    """The games as the report's TRF16 file without skak's own records (as ``skak export
    trf --plain``: FIDE's, and the pairing programs' ``XXR``/``XXS``/``BB…``), with the
    chief arbiter (``102``) and the deputies (``112``) where the tournament does not hold
    them already.

    :raises InputError: without an arbiter's name.
    """
    from skak.io.trf import write_trf

    names = arbiters_of(t, arbiters)
    has = {line[:3] for line in t.imported_records}
    extra = []
    if "102" not in has:
        extra.append(f"102 {names[0]}")
    if "112" not in has:
        extra.extend(f"112 {n}" for n in names[1:])
    return write_trf(replace(t, imported_records=(*extra, *t.imported_records)), extensions=False)
