"""The rating reports sent to the registrar (§6; ``skak report --send``), read side: the
document ``skak report`` sends (:func:`report_document_of`), the registrar's checks of a
report — what the queue shows and what applying it requires — and a report's status as the
registrar and the club see it (:class:`ReportStatusView`).

The checks:

* **complete** — §6's report: the arbiters' names, the tournament's dates, a time control
  DSU rates (4.5.3; rapid and blitz from November 2014) of the report's kind, every round
  played and every game with its result;
* **players** — every player with a DSU member number is in the rating registry, or new
  with an entry rating its authority may give (001 §5.1); a player without one is a
  foreign player, left out of the registry (as ``skak rating apply`` leaves him out);
* **quarantine** — no player in quarantine (karantæne) on a day of the tournament (§7,
  §19: he may not play in a rated tournament);
* **not applied** — the tournament is not in the registry already: the same key (name,
  dates and games), or the same name and last day on a player's card;
* **rating** — each player's change by the edition in force on the tournament's last day,
  and his new registered rating as the registry would apply it (§4.5.4.1).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date
from fractions import Fraction

from skak.eligibility.discipline import DisciplineRegistry
from skak.errors import InputError, SkakError
from skak.io.rating_report import Entry, ReportDocument
from skak.messages import N_, Message
from skak.model.results import Result
from skak.model.tournament import Tournament
from skak.rating.registry import (
    PlayerEntered,
    Registry,
    RegistryBuilder,
    TournamentApplied,
    changes_from_result,
    entry_rating_allowed,
)
from skak.rating.rules import rule_set_for
from skak.rating.tournament import tournament_rating

__all__ = [
    "CHECKS",
    "CHECK_LABELS",
    "ChangeLine",
    "Check",
    "ReportAssessment",
    "ReportStatusView",
    "assess_report",
    "registry_key",
    "report_document_of",
    "report_key",
    "report_status_view",
]

#: The checks in the order the queue shows them.
CHECKS = ("complete", "players", "quarantine", "not_applied", "rating")
#: Who gives an entry rating (001 §5.1), as the checks name him.
_AUTHORITY = {
    "club": N_("the club's chairman"),
    "district": N_("the district's chairman"),
    "rk": N_("the rating committee (RK)"),
}
#: Each check as a face names it.
CHECK_LABELS = {
    "complete": N_("§6's report complete (arbiters, dates, a DSU-ratable time control, results)"),
    "players": N_("every player registered, or new with an entry rating (001 §5.1)"),
    "quarantine": N_("no player in quarantine (§7, §19)"),
    "not_applied": N_("not applied already (the same name, dates and games)"),
    "rating": N_("the rating changes, by the edition in force"),
}


@dataclass(frozen=True, slots=True)
class Check:
    """One check: its name (:data:`CHECKS`), whether it passed, the problems found (each a
    message a face translates) and notes that do not fail it."""

    name: str
    passed: bool
    problems: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ChangeLine:
    """One player's rating change: his registered rating now (``None``: a new player), the
    start rating the tournament was rated with, the change before rounding, and the new
    registered rating (``None`` when he is not rated: no DSU number, no rated game)."""

    start_number: int
    name: str
    dsu_id: int | None
    registered: int | None
    start: int | None
    change: Fraction | None
    new: int | None
    entry: int | None


@dataclass(frozen=True, slots=True)
class ReportAssessment:
    """A report's checks, its rating changes, and the registry events applying it makes
    (the new players' entries, then the tournament)."""

    checks: tuple[Check, ...]
    kind: str
    edition: str | None
    changes: tuple[ChangeLine, ...]
    entries: tuple[PlayerEntered, ...]
    applied: TournamentApplied | None

    @property
    def passed(self) -> bool:
        return all(c.passed for c in self.checks)

    @property
    def problems(self) -> tuple[str, ...]:
        return tuple(p for c in self.checks for p in c.problems)


def report_key(t: Tournament) -> str:
    """The key that names a reported tournament in the registry: ``report`` and a digest of
    its name (any case, spaces aside), its dates and its games (each board's players by DSU
    member number, else name, and result) — the same tournament reported twice has the same
    key."""
    by_number = {p.start_number: p for p in t.players}

    def who(number: int | None) -> str | int | None:
        if number is None:
            return None
        p = by_number[number]
        return p.dsu_id if p.dsu_id is not None else p.name.casefold()

    games = [
        [
            r.number,
            pg.board,
            who(pg.white),
            who(pg.black),
            None if pg.result is None else pg.result.value,
        ]
        for r in t.rounds
        for pg in r.pairings
    ]
    name = " ".join(t.name.split()).casefold()
    text = json.dumps(
        [name, str(t.start_date), str(t.end_date), t.rated_kind.value, games],
        ensure_ascii=True,
        separators=(",", ":"),
    )
    return "report " + hashlib.sha256(text.encode()).hexdigest()[:24]


def registry_key(key: str, report: int) -> str:
    """The key under which report ``report`` of the tournament ``key`` (:func:`report_key`)
    is applied to the registry: the tournament's key and the report's number."""
    return f"{key} (#{report})"


def assess_report(
    doc: ReportDocument,
    key: str,
    report: int,
    registry: Registry,
    discipline: DisciplineRegistry,
    today: date,
) -> ReportAssessment:
    """Every check of ``doc`` (report number ``report``) against ``registry`` and
    ``discipline`` as they stand, and its rating changes (``key``: :func:`report_key`)."""
    t = doc.tournament
    kind = t.rated_kind.value
    day = t.end_date or t.start_date or today
    complete = _complete(t, day)
    players, entries = _players(doc, registry, kind, day)
    quarantine = _quarantine(t, discipline, today)
    not_applied = _not_applied(t, key, registry, kind, day)
    rating, edition, changes, applied = _rating(
        doc, registry_key(key, report), registry, entries, kind, day
    )
    return ReportAssessment(
        (complete, players, quarantine, not_applied, rating),
        kind,
        edition,
        changes,
        entries,
        applied,
    )


def _complete(t: Tournament, day: date) -> Check:
    """§6's items and the results."""
    from skak.games.timerules import assess

    problems: list[str] = []
    if not t.arbiters:
        problems.append(N_("the arbiters' names are missing (§6: Navne på dommere)"))
    if t.start_date is None or t.end_date is None:
        problems.append(
            N_("the tournament's dates are missing (§6: Datoer for turneringens afvikling)")
        )
    kind = t.rated_kind.value
    if not t.time_control:
        problems.append(N_("the time control is missing: DSU rates only a known time control"))
    else:
        try:
            found = assess(t.time_control, day)
        except SkakError as err:
            problems.append(
                N_("the time control {control}: {error}", control=t.time_control, error=err.message)
            )
        else:
            if not found.dsu_ratable.holds:
                problems.append(
                    N_(
                        "the time control {control} is not DSU-ratable ({article}): {reason}",
                        control=t.time_control,
                        article=found.dsu_ratable.article,
                        reason=found.dsu_ratable.reason,
                    )
                )
            elif found.kind.question != kind:
                problems.append(
                    N_(
                        "the time control {control} is {found} ({article}), but the report is "
                        "rated as {kind}",
                        control=t.time_control,
                        found=found.kind.question,
                        article=found.kind.article,
                        kind=kind,
                    )
                )
    if not t.rounds:
        problems.append(N_("the report holds no round"))
    elif t.number_of_rounds is not None and len(t.rounds) < t.number_of_rounds:
        problems.append(
            N_(
                "{played} of {rounds} rounds are in the report",
                played=len(t.rounds),
                rounds=t.number_of_rounds,
            )
        )
    missing = [
        f"{r.number}.{pg.board}"
        for r in t.rounds
        for pg in r.pairings
        if pg.result is None or pg.result is Result.UNFINISHED
    ]
    if missing:
        problems.append(
            N_(
                "games without a result (round.board): {boards}",
                boards=", ".join(missing[:20]) + (" …" if len(missing) > 20 else ""),
            )
        )
    return Check("complete", not problems, tuple(problems))


def _players(
    doc: ReportDocument, registry: Registry, kind: str, day: date
) -> tuple[Check, tuple[PlayerEntered, ...]]:
    """001 §5.1: every player registered, or new with an entry rating."""
    problems: list[str] = []
    notes: list[str] = []
    entries: list[PlayerEntered] = []
    try:
        edition = rule_set_for(day).name
    except InputError:
        edition = None
    first = doc.tournament.start_date or day
    for p in doc.tournament.players:
        entry: Entry | None = doc.entries.get(p.start_number)
        if p.dsu_id is None:
            notes.append(
                N_(
                    "{name} has no DSU member number: a foreign player, not rated in the registry",
                    name=p.name,
                )
            )
            continue
        known = registry.players.get(p.dsu_id)
        if known is not None:
            if entry is not None:
                problems.append(
                    N_(
                        "{name} (DSU member {member}) is registered already: an entry rating "
                        "is for a new player (001 §5.1)",
                        name=p.name,
                        member=p.dsu_id,
                    )
                )
            continue
        if entry is None:
            problems.append(
                N_(
                    "{name} (DSU member {member}) is not in the rating registry and has no "
                    "entry rating (001 §5.1)",
                    name=p.name,
                    member=p.dsu_id,
                )
            )
            continue
        if edition is None or not entry_rating_allowed(entry.rating, entry.authority, edition):
            problems.append(
                N_(
                    "{name} (DSU member {member}): {authority} may not give the entry rating "
                    "{rating} (001 §5.1)",
                    name=p.name,
                    member=p.dsu_id,
                    authority=_AUTHORITY.get(entry.authority, entry.authority),
                    rating=entry.rating,
                )
            )
            continue
        notes.append(
            N_(
                "{name} (DSU member {member}) is new, with the entry rating {rating} given by "
                "{authority} (001 §5.1)",
                name=p.name,
                member=p.dsu_id,
                rating=entry.rating,
                authority=_AUTHORITY.get(entry.authority, entry.authority),
            )
        )
        entries.append(
            PlayerEntered(
                p.dsu_id,
                p.name,
                ((kind, entry.rating),),
                first,
                f"entry by {entry.authority}",
                club=p.club,
            )
        )
    return Check("players", not problems, tuple(problems), tuple(notes)), tuple(entries)


def _quarantine(t: Tournament, discipline: DisciplineRegistry, today: date) -> Check:
    """§7, §19: nobody in quarantine on a day of the tournament."""
    first = t.start_date or t.end_date or today
    last = t.end_date or first
    problems: list[str] = []
    for p in t.players:
        if p.dsu_id is None:
            continue
        q = discipline.quarantine_during(p.dsu_id, first, last)
        if q is not None:
            problems.append(
                N_(
                    "{name} (DSU member {member}) was in quarantine (karantæne) from {start} "
                    "to {end} ({rule}, given in {tournament}) and may not play in a rated "
                    "tournament (§7, §19)",
                    name=p.name,
                    member=p.dsu_id,
                    start=str(q.start),
                    end=str(q.end),
                    rule=q.rule,
                    tournament=q.tournament,
                )
            )
    return Check("quarantine", not problems, tuple(problems))


def _not_applied(t: Tournament, key: str, registry: Registry, kind: str, day: date) -> Check:
    """The registry does not hold the tournament already."""
    if any(k == key or k.startswith(f"{key} ") for k in registry.applied):
        return Check(
            "not_applied",
            False,
            (
                N_(
                    "{name} has been applied to the registry already (the same name, dates "
                    "and games)",
                    name=t.name,
                ),
            ),
        )
    name = " ".join(t.name.split()).casefold()
    for p in t.players:
        if p.dsu_id is None:
            continue
        card = registry.players.get(p.dsu_id)
        if card is None:
            continue
        for h in card.history:
            if h.kind == kind and h.day == day and " ".join(h.reason.split()).casefold() == name:
                return Check(
                    "not_applied",
                    False,
                    (
                        N_(
                            "{name} of {day} is on the card of {player} (DSU member {member}) "
                            "already: the tournament was applied",
                            name=t.name,
                            day=str(day),
                            player=p.name,
                            member=p.dsu_id,
                        ),
                    ),
                )
    return Check("not_applied", True)


def _rating(
    doc: ReportDocument,
    key: str,
    registry: Registry,
    entries: Sequence[PlayerEntered],
    kind: str,
    day: date,
) -> tuple[Check, str | None, tuple[ChangeLine, ...], TournamentApplied | None]:
    """The tournament rated by the edition in force, and the registry's new ratings."""
    from skak.standings import first_place

    t = doc.tournament
    field = {"standard": "dsu", "rapid": "dsu_rapid", "blitz": "dsu_blitz"}[kind]
    # a new player starts from his entry rating (001 §5.1)
    entry_of = {number: e.rating for number, e in doc.entries.items()}
    players = tuple(
        replace(p, ratings=replace(p.ratings, **{field: entry_of[p.start_number]}))
        if p.start_number in entry_of
        else p
        for p in t.players
    )
    rated = replace(t, players=players)
    try:
        result = tournament_rating(rated, day, first_place=first_place(rated))
    except SkakError as err:
        return Check("rating", False, (err.message,)), None, (), None
    dsu_ids = {str(p.start_number): p.dsu_id for p in players if p.dsu_id is not None}
    names = {str(p.start_number): p.name for p in players}
    event = TournamentApplied(
        key, t.name, day, kind, result.edition, changes_from_result(result, dsu_ids, names)
    )
    # the involved players' cards only (a copy of the whole registry's tables would cost
    # more than the rating)
    involved = {c.dsu_id for c in event.changes} | {e.dsu_id for e in entries}
    cards = registry.players
    builder = RegistryBuilder(start=Registry({pid: cards[pid] for pid in involved if pid in cards}))
    try:
        for e in entries:
            if e.dsu_id not in cards:
                builder.apply(e)
        # the new ratings as the registry would have them (under a key of its own: a report
        # applied already is the check before's to say)
        builder.apply(replace(event, key=f"{key} (preview)"))
    except SkakError as err:
        return Check("rating", False, (err.message,)), result.edition, (), None
    by_member = {c.dsu_id: c for c in event.changes}
    lines = []
    for p in players:
        change = by_member.get(p.dsu_id) if p.dsu_id is not None else None
        before = registry.players.get(p.dsu_id) if p.dsu_id is not None else None
        new = None
        if change is not None and p.dsu_id is not None:
            card = builder.players.get(p.dsu_id)
            new = None if card is None else card.rating(kind)
        lines.append(
            ChangeLine(
                p.start_number,
                p.name,
                p.dsu_id,
                None if before is None else before.rating(kind),
                p.rating(field),
                None if change is None else change.raw_change,
                new,
                entry_of.get(p.start_number),
            )
        )
    note: Message = N_(
        "{count} players rated by {edition}", count=len(event.changes), edition=result.edition
    )
    return Check("rating", True, (), (note,)), result.edition, tuple(lines), event


@dataclass(frozen=True, slots=True)
class CheckRow:
    """A check as the queue shows it: its key, its words, whether it passed, the problems
    and the notes."""

    check: str
    label: str
    passed: bool
    problems: tuple[str, ...]
    notes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ReportStatusView:
    """A rating report as the registrar and its club see it: which report (``id``, the
    tournament's facts, the club and the account that sent it, the day it came), where it
    stands (``received``, ``returned`` with ``note``, ``applied``; the day of the
    registrar's decision), and while it waits its checks (``passed``: all of them; ``None``
    once it is decided) and each player's rating change."""

    id: int
    tournament: str
    place: str | None
    start: date | None
    end: date | None
    kind: str
    time_control: str | None
    rounds: int
    players: int
    arbiters: tuple[str, ...]
    club: str | None
    sender: str
    received_on: date
    status: str
    note: str
    decided_on: date | None
    passed: bool | None
    checks: tuple[CheckRow, ...]
    edition: str | None
    changes: tuple[ChangeLine, ...]


def report_status_view(
    ident: int,
    sender: str,
    doc: ReportDocument,
    *,
    club: str | None,
    received_on: date,
    status: str,
    note: str,
    decided_on: date | None,
    assessment: ReportAssessment | None,
) -> ReportStatusView:
    """One report's view (``assessment``: its checks, while it waits)."""
    t = doc.tournament
    checks = (
        ()
        if assessment is None
        else tuple(
            CheckRow(c.name, CHECK_LABELS[c.name], c.passed, c.problems, c.notes)
            for c in assessment.checks
        )
    )
    return ReportStatusView(
        ident,
        t.name,
        t.place,
        t.start_date,
        t.end_date,
        t.rated_kind.value,
        t.time_control,
        len(t.rounds),
        len(t.players),
        t.arbiters,
        club,
        sender,
        received_on,
        status,
        note,
        decided_on,
        None if assessment is None else assessment.passed,
        checks,
        None if assessment is None else assessment.edition,
        () if assessment is None else assessment.changes,
    )


def report_document_of(
    t: Tournament,
    discipline: DisciplineRegistry,
    arbiters: Sequence[str],
    *,
    today: date,
    start: date | None = None,
    end: date | None = None,
    club: str | None = None,
    entries: Sequence[tuple[int, int, str]] = (),
) -> dict[str, object]:
    """The document ``skak report --send`` sends (:mod:`skak.io.rating_report`): the
    finished, rated tournament ``t`` with its arbiters, dates, the warnings and quarantines
    given in it, the sending ``club``, and the new players' entry ratings (``entries``:
    DSU member number, rating, authority).

    :raises StateError: when the tournament is not finished, or not rated.
    :raises InputError: without an arbiter's name, for dates that do not fit, or an entry
        of a member number no player has.
    """
    from skak.eligibility.discipline import sanctions_for_tournament
    from skak.io.rating_report import AUTHORITIES, SentSanction, report_document
    from skak.views.report import report_view

    view = report_view(t, discipline, arbiters, today=today, start=start, end=end)
    members = {p.dsu_id for p in t.players if p.dsu_id is not None}
    given: dict[int, Entry] = {}
    for member, rating, authority in entries:
        if member not in members:
            raise InputError(
                N_("--entry: no player of {tournament} has DSU member number {member}",
                   tournament=t.name, member=member)
            )  # fmt: skip
        if authority not in AUTHORITIES:
            raise InputError(
                N_("--entry: the authority is club, district or rk, not {authority}",
                   authority=repr(authority))
            )  # fmt: skip
        given[member] = Entry(rating, authority)
    sanctions = [
        SentSanction(s.member, s.name, s.kind.value, s.ground, s.given)
        for s in sanctions_for_tournament(discipline, t.name, view.start, view.end)
    ]
    return report_document(
        replace(t, arbiters=view.arbiters),
        view.arbiters,
        start=view.start,
        end=view.end,
        club=club.strip() if club and club.strip() else None,
        entries=given,
        sanctions=sanctions,
        written=today,
    )
