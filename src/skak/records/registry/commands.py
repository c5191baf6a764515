"""The rating registry (ratingkartotek) as a record: its commands, ``decide`` and the fold.

The registry's rules (001 §5.1 entry ratings and the five-year rule, §2.7's correction, §6's
alignment with FIDE, applying a tournament once) are decided here from the registry as read;
the store appends the events under the version that was read.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date

from skak.errors import InputError, StateError
from skak.messages import N_
from skak.model.results import Result
from skak.model.stream import Recorded
from skak.model.tournament import Tournament
from skak.pairing import get_system
from skak.pairing.engine import is_finished
from skak.rating.alignment import Alignment, align
from skak.rating.cascade import Cascade, cascade, correct_game, find_applied, in_force, undo_target
from skak.rating.registry import (
    KINDS,
    FideAligned,
    PlayerEntered,
    PlayersMerged,
    RapidBlitzCorrected,
    RatingsCompressed,
    Registry,
    RegistryChangeUndone,
    RegistryEvent,
    TournamentApplied,
    changes_from_result,
    entry_rating_allowed,
    rapid_blitz_corrections,
)
from skak.rating.rules import rule_set_for
from skak.rating.tournament import kept_games, tournament_rating
from skak.standings import first_place

__all__ = [
    "AlignWithFide",
    "ApplyReported",
    "ApplyTournament",
    "CompressRatings",
    "CorrectRapidBlitz",
    "CorrectResult",
    "EnterPlayer",
    "ImportList",
    "MergePlayers",
    "RegistryCommand",
    "UndoChange",
    "correction",
    "decide",
    "decide_on_log",
    "fide_alignment",
    "may_start_afresh",
    "tournament_applied",
]


@dataclass(frozen=True, slots=True)
class ImportList:
    """Players entered or updated from DSU's list export (all or nothing)."""

    entries: tuple[PlayerEntered, ...]


@dataclass(frozen=True, slots=True)
class EnterPlayer:
    """A new player with an entry rating given by ``authority`` (001 §5.1)."""

    dsu_id: int
    name: str
    rating: int
    authority: str
    day: date
    kind: str = "standard"


@dataclass(frozen=True, slots=True)
class ApplyTournament:
    """A finished tournament's rating changes (§4.5.4.1), once per tournament."""

    applied: TournamentApplied


@dataclass(frozen=True, slots=True)
class AlignWithFide:
    """The yearly alignment with FIDE's list (001 §6): FIDE id → (DSU id, FIDE rating)."""

    fide: Mapping[int, tuple[int, int]]
    day: date


@dataclass(frozen=True, slots=True)
class CorrectRapidBlitz:
    day: date


@dataclass(frozen=True, slots=True)
class CompressRatings:
    day: date


@dataclass(frozen=True, slots=True)
class CorrectResult:
    """A result of an applied tournament corrected (the correction cascade): the game of
    round ``round`` between ``first`` and ``second`` (each a DSU number or a name; either
    colour) has ``result``, read as ``first`` had white; recorded on ``day``."""

    tournament: str
    round: int
    first: str
    second: str
    result: Result
    day: date


@dataclass(frozen=True, slots=True)
class MergePlayers:
    """Two DSU member numbers found to be one person: ``gone`` joined to ``keep``."""

    keep: int
    gone: int
    day: date


@dataclass(frozen=True, slots=True)
class UndoChange:
    """The last correction or merge in force taken back."""


@dataclass(frozen=True, slots=True)
class ApplyReported:
    """A tournament reported to the registrar (``skak report --send``) applied: its new
    players entered with their entry ratings (001 §5.1), then its changes, in one change."""

    entries: tuple[PlayerEntered, ...]
    applied: TournamentApplied


RegistryCommand = (
    ImportList
    | EnterPlayer
    | ApplyTournament
    | AlignWithFide
    | CorrectRapidBlitz
    | CompressRatings
    | MergePlayers
    | ApplyReported
)

#: The commands decided on the registry's events, not its state (:func:`decide_on_log`).
LogCommand = CorrectResult | UndoChange


def may_start_afresh(last_result: date | None, day: date) -> bool:
    """001 §5.1: a registered player starts afresh with an entry rating only when his last
    rated result is more than five (calendar) years old on ``day``."""
    if last_result is None:
        return False
    try:
        fifth = last_result.replace(year=last_result.year + 5)
    except ValueError:  # 29 February: five years on is 1 March
        fifth = date(last_result.year + 5, 3, 1)
    return day > fifth


def tournament_applied(t: Tournament, key: str, today: date) -> TournamentApplied:
    """A finished, rated tournament's rating changes as the registry takes them (003
    §4.5.4.1): players matched by DSU member number, those without one (foreign players)
    left out; the group winners are those the tournament's own standings place first
    (§4.5.2.5).

    :raises StateError: when the tournament is not rated or not finished.
    """
    if not t.rated:
        raise StateError(f"{t.name} is not rated (it was created with --unrated)")
    if not is_finished(t, get_system(t.pairing_system)):
        raise StateError(f"{t.name} is not finished: every round needs its results first")
    first = first_place(t)
    result = tournament_rating(t, today, first_place=first)
    dsu_ids = {str(p.start_number): p.dsu_id for p in t.players if p.dsu_id is not None}
    names = {str(p.start_number): p.name for p in t.players}
    return TournamentApplied(
        key,
        t.name,
        t.end_date or t.start_date or today,
        t.rated_kind.value,
        result.edition,
        changes_from_result(result, dsu_ids, names),
        kept_games(t, first),
    )


def fide_alignment(registry: Registry, fide: Mapping[int, tuple[int, int]]) -> Alignment:
    """001 §6 between the registry's standard ratings and FIDE's list."""
    danish = {
        pid: rating
        for pid, p in registry.players.items()
        if (rating := p.rating("standard")) is not None
    }
    return align(danish, dict(fide))


def decide(registry: Registry, command: RegistryCommand) -> list[RegistryEvent]:
    """The events that carry out ``command`` on ``registry``.

    :raises SkakError: when a rule refuses it.
    """
    match command:
        case ImportList(entries=entries):
            return list(entries)
        case EnterPlayer():
            return [_decide_entry(registry, command)]
        case ApplyTournament(applied=event):
            if event.key in registry.applied:
                raise StateError(f"{event.name} has been applied to the registry already")
            return [event]
        case AlignWithFide(fide=fide, day=day):
            _check_alignment_day(registry, day)
            alignment = fide_alignment(registry, fide)
            return [FideAligned(day, alignment.n, alignment.changes)]
        case CorrectRapidBlitz(day=day):
            found = rapid_blitz_corrections(registry, day)
            return [RapidBlitzCorrected(day, found)] if found else []
        case CompressRatings(day=day):
            _check_compression(registry, day)
            return [RatingsCompressed(day)]
        case MergePlayers():
            return [_decide_merge(registry, command)]
        case ApplyReported(entries=entries, applied=event):
            return _decide_reported(registry, entries, event)
    raise TypeError(command)  # pragma: no cover - the union is closed


def correction(log: Sequence[Recorded[RegistryEvent]], command: CorrectResult) -> Cascade:
    """What correcting the result ``command`` names does to the registry ``log`` builds:
    every tournament re-rated, every rating moved (:func:`skak.rating.cascade.cascade`),
    nothing written.

    :raises SkakError: when no such tournament or game is applied, or the registry does not
        keep its games."""
    events = in_force((r.version, r.event) for r in log)
    applied = find_applied(events, command.tournament)
    games, said = correct_game(
        applied, command.round, command.first, command.second, command.result
    )
    return cascade(events, applied.key, games, command.day, said)


def decide_on_log(
    log: Sequence[Recorded[RegistryEvent]], command: LogCommand
) -> list[RegistryEvent]:
    """The events of a command decided on every event of the registry (a correction, an
    undo).

    :raises SkakError: when a rule refuses it."""
    match command:
        case CorrectResult():
            return [correction(log, command).event]
        case UndoChange():
            version, _ = undo_target([(r.version, r.event) for r in log])
            return [RegistryChangeUndone(version)]
    raise TypeError(command)  # pragma: no cover - the union is closed


def _decide_merge(registry: Registry, c: MergePlayers) -> PlayersMerged:
    """:raises StateError: for a number not in the registry (or merged already), or one
    merged with itself."""
    if c.keep == c.gone:
        raise InputError(N_("a player cannot be merged with himself (DSU {n})", n=c.keep))
    for pid in (c.keep, c.gone):
        if pid in registry.merged:
            raise StateError(
                N_(
                    "DSU member {n} was merged into {kept} already",
                    n=pid,
                    kept=registry.merged[pid],
                )
            )
        if pid not in registry.players:
            raise StateError(N_("DSU member {n} is not in the rating registry", n=pid))
    return PlayersMerged(c.keep, c.gone, c.day)


def _check_alignment_day(registry: Registry, day: date) -> None:
    """001 §6: the alignment takes effect on a day of 1–15 August, once a year (an
    alignment that changed no rating counts: it is recorded all the same).

    :raises InputError: for a day outside 1–15 August. :raises StateError: when the
        ratings were aligned already that year, or in a later one."""
    if day.month != 8 or day.day > 15:
        raise InputError(
            f"the alignment with FIDE's list takes effect on a day of 1–15 August (001 §6), "
            f"not on {day.isoformat()}"
        )
    last = registry.aligned_on
    if last is not None and last.year >= day.year:
        raise StateError(
            f"the ratings were aligned with FIDE's list on {last.isoformat()} already "
            "(001 §6: once a year)"
        )


def _check_compression(registry: Registry, day: date) -> None:
    """The 2024 compression applies once, to the ratings as they stood on ``day``: a
    registry holding a rating entered or changed after that day (a list published after
    the compression, a tournament applied after it) is compressed already.

    :raises StateError: naming the first such player (the compression a second time is
    refused by the registry itself)."""
    if registry.compressed_on is not None:
        return  # the registry names the compression already recorded
    for pid, player in sorted(registry.players.items()):
        later = [h for h in player.history if h.day > day]
        if later:
            h = later[0]
            raise StateError(
                f"DSU member {pid}'s {h.kind} rating was changed on {h.day.isoformat()} "
                f"({h.reason}), after the compression on {day.isoformat()}: the registry "
                "holds ratings that are compressed already, and the compression applies "
                "once, to the ratings as they stood that day"
            )


def _decide_entry(registry: Registry, c: EnterPlayer) -> PlayerEntered:
    if c.kind not in KINDS:
        raise InputError(f"kind {c.kind!r} is standard, rapid or blitz")
    edition = rule_set_for(c.day).name
    if not entry_rating_allowed(c.rating, c.authority, edition):
        raise InputError(
            f"a {c.authority} cannot enter a player with {c.rating} ({edition}; 001 §5.1)"
        )
    old = registry.players.get(c.dsu_id)
    if old is not None and not may_start_afresh(old.last_result(), c.day):
        raise StateError(
            f"DSU member {c.dsu_id} is registered already; a player can start afresh "
            "only when his last rated result is more than five years old (001 §5.1)"
        )
    return PlayerEntered(c.dsu_id, c.name, ((c.kind, c.rating),), c.day, f"entry by {c.authority}")


def _decide_reported(
    registry: Registry, entries: tuple[PlayerEntered, ...], event: TournamentApplied
) -> list[RegistryEvent]:
    """A reported tournament: once, and its entries new players only (001 §5.1).

    :raises StateError: for a tournament applied already, or an entry of a registered
        player."""
    if event.key in registry.applied:
        raise StateError(f"{event.name} has been applied to the registry already")
    for e in entries:
        if e.dsu_id in registry.players:
            raise StateError(
                f"DSU member {e.dsu_id} is registered already; an entry rating is for a new "
                "player (001 §5.1)"
            )
    return [*entries, event]
