"""The rating registry (ratingkartotek): DSU's players, their ratings and how they changed.

Like a tournament, the registry is the fold of its events, never stored beside them:
players entered or imported from DSU's list, tournaments applied, the 1 June 2024
compression. A tournament's change is computed from the start ratings it was played with
and added to the registered rating, the coefficient-limit correction redone from there
(§4.5.4.1), so tournaments may be reported in any order.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction
from math import floor
from typing import ClassVar

from skak.errors import InputError, StateError
from skak.rating.calc import RatingResult
from skak.rating.hundredths import HIGHEST, Plan, Row, corrected, limit_correction, plan_for
from skak.rating.rules import RatingSettings, get_rule_set

__all__ = [
    "KINDS",
    "FideAligned",
    "HistoryEntry",
    "PlayerEntered",
    "RapidBlitzCorrected",
    "RatingsCompressed",
    "Registry",
    "RegistryBuilder",
    "RegistryEvent",
    "RegistryPlayer",
    "TournamentApplied",
    "TournamentChange",
    "apply_registry_event",
    "build_registry",
    "changes_from_result",
    "collector_paused",
    "entry_rating_allowed",
    "hundredths_as_points",
    "rapid_blitz_corrections",
]

#: The three DSU ratings: standard (langsom), rapid (hurtig), blitz (lyn).
KINDS = ("standard", "rapid", "blitz")


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    day: date
    kind: str
    old: int | None
    new: int
    reason: str


@dataclass(frozen=True, slots=True)
class RegistryPlayer:
    dsu_id: int
    name: str
    ratings: tuple[tuple[str, int], ...] = ()
    history: tuple[HistoryEntry, ...] = ()
    club: str | None = None

    def rating(self, kind: str) -> int | None:
        for k, value in self.ratings:
            if k == kind:
                return value
        return None

    def last_update(self, kind: str) -> date | None:
        """The day the rating of ``kind`` last changed or was entered."""
        days = [h.day for h in self.history if h.kind == kind]
        return max(days) if days else None

    def last_result(self) -> date | None:
        """The day of the last rated tournament (§5.1: after 3 years the player is archived)."""
        days = [h.day for h in self.history if _is_result(h.reason)]
        return max(days) if days else None

    def archived(self, day: date) -> bool:
        """Off the list: no rated result for more than 3 years (001 §5.1)."""
        last = self.last_result() or min((h.day for h in self.history), default=None)
        return last is not None and (day - last).days > 3 * 365


_NOT_RESULTS = ("compression", "FIDE alignment", "rapid/blitz correction")


def _is_result(reason: str) -> bool:
    return reason not in _NOT_RESULTS and not reason.startswith("entered: ")


@dataclass(frozen=True, slots=True)
class PlayerEntered:
    """A player entered or updated from DSU's list (or by the rating officer)."""

    kind: ClassVar[str] = "player_entered"
    dsu_id: int
    name: str
    ratings: tuple[tuple[str, int], ...]
    day: date
    source: str
    club: str | None = None


@dataclass(frozen=True, slots=True)
class TournamentChange:
    """One player's result in a tournament: the start rating and the change before the limit
    correction and rounding (``K × (W − We + B)``, or 0 after §2.5)."""

    dsu_id: int
    name: str
    start: int
    raw_change: Fraction


@dataclass(frozen=True, slots=True)
class TournamentApplied:
    """A finished tournament's rating changes added to the registry (once)."""

    kind: ClassVar[str] = "tournament_applied"
    key: str
    name: str
    day: date
    rating_kind: str
    edition: str
    changes: tuple[TournamentChange, ...]


@dataclass(frozen=True, slots=True)
class RatingsCompressed:
    """1 June 2024: every rating below 2000 became ``Ro + ½ × (2000 − Ro)`` (1400 → 1700)."""

    kind: ClassVar[str] = "ratings_compressed"
    day: date


@dataclass(frozen=True, slots=True)
class FideAligned:
    """The yearly alignment with FIDE's list (001 §6): each sampled player's change."""

    kind: ClassVar[str] = "fide_aligned"
    day: date
    n: int
    changes: tuple[tuple[int, int, int], ...]  # (DSU number, old, new)


@dataclass(frozen=True, slots=True)
class RapidBlitzCorrected:
    """001 §2.7: rapid and blitz ratings raised automatically towards the standard rating."""

    kind: ClassVar[str] = "rapid_blitz_corrected"
    day: date
    changes: tuple[tuple[int, str, int, int], ...]  # (DSU number, kind, old, new)


RegistryEvent = (
    PlayerEntered | TournamentApplied | RatingsCompressed | FideAligned | RapidBlitzCorrected
)


@dataclass(frozen=True)
class Registry:
    players: dict[int, RegistryPlayer] = field(default_factory=dict)
    applied: frozenset[str] = frozenset()
    compressed_on: date | None = None


def _rerated(player: RegistryPlayer, kind: str, new: int, day: date, reason: str) -> RegistryPlayer:
    """``player`` with his ``kind`` rating set to ``new`` and the change in his history."""
    return RegistryPlayer(
        player.dsu_id,
        player.name,
        _with_rating(player.ratings, kind, new),
        (*player.history, HistoryEntry(day, kind, player.rating(kind), new, reason)),
        player.club,
    )


def _with_rating(
    ratings: tuple[tuple[str, int], ...], kind: str, new: int
) -> tuple[tuple[str, int], ...]:
    """``ratings`` (in order of kind) with ``kind``'s set to ``new``."""
    if len(ratings) == 1 and ratings[0][0] == kind:  # the common case: one kind of rating
        return ((kind, new),)
    for i, (k, _) in enumerate(ratings):
        if k == kind:
            return (*ratings[:i], (kind, new), *ratings[i + 1 :])
    return tuple(sorted((*ratings, (kind, new))))


def _round(value: Fraction) -> int:
    return floor(value + Fraction(1, 2))


def _new_rating(base: int, raw: Fraction, plan: Plan) -> int:
    """``base + raw``, corrected past a coefficient limit (§2.4), rounded half up: in whole
    numbers (a change is a whole number of hundredths: K × points in hundredths)."""
    denominator = raw.denominator
    if 100 % denominator == 0 and 0 <= base <= HIGHEST:
        hundredths = 100 * base + raw.numerator * (100 // denominator)
        if plan.lower[base] <= hundredths <= plan.upper[base]:
            return (hundredths + 50) // 100
        num, den = corrected(base, hundredths, plan)
        return (2 * num + den) // (2 * den)
    return _round(limit_correction(base, base + raw, plan.rules, plan.settings))


def _in_hundredths(points: Fraction) -> int:
    """Points of a rating result (score, expected score, bonus: two decimals at most) in
    hundredths."""
    whole, rest = divmod(points.numerator * 100, points.denominator)
    if rest:  # pragma: no cover - a rating result's points have two decimals
        raise ValueError(f"{points} is not a whole number of hundredths")
    return whole


#: Fractions of hundredths already made (a season's changes repeat).
_HUNDREDTHS: dict[int, Fraction] = {}


def hundredths_as_points(value: int) -> Fraction:
    """``value`` hundredths as a Fraction of points (each value made once)."""
    made = _HUNDREDTHS.get(value)
    if made is None:
        made = _HUNDREDTHS[value] = Fraction(value, 100)
    return made


def changes_from_result(
    result: RatingResult, dsu_ids: dict[str, int], names: dict[str, str]
) -> tuple[TournamentChange, ...]:
    """The registry's view of a tournament's rating result: players with a DSU number."""
    out = []
    for c in result.players:
        if c.id not in dsu_ids or not c.games:
            continue
        raw = (
            Fraction(0)
            if any("§2.5" in n for n in c.notes)
            else hundredths_as_points(
                c.k
                * (_in_hundredths(c.score) - _in_hundredths(c.expected) + _in_hundredths(c.bonus))
            )
        )
        out.append(TournamentChange(dsu_ids[c.id], names[c.id], c.old, raw))
    return tuple(out)


def apply_registry_event(
    state: Registry, event: RegistryEvent, settings: RatingSettings | None = None
) -> Registry:
    """The registry after ``event`` (``state`` itself is left as it was).

    :raises StateError: when a tournament is applied twice.
    """
    return _apply_into(dict(state.players), state, event, settings)


def _apply_into(
    players: dict[int, RegistryPlayer],
    state: Registry,
    event: RegistryEvent,
    settings: RatingSettings | None,
    applied: set[str] | None = None,
) -> Registry:
    """Apply ``event`` by changing ``players`` in place (a copy the caller owns); with
    ``applied``, the tournaments applied are kept there, changed in place too (the state's
    own set is then left behind: :class:`RegistryBuilder` makes it when asked)."""
    match event:
        case PlayerEntered():
            pid = event.dsu_id
            if not pid or pid < 1:
                raise InputError("a registry player needs a DSU member number")
            old = players.get(pid)
            reason = f"entered: {event.source}"
            if old is None and len(event.ratings) == 1:  # the common case: a new player
                ((kind, value),) = event.ratings
                players[pid] = RegistryPlayer(
                    pid,
                    event.name,
                    ((kind, value),),
                    (HistoryEntry(event.day, kind, None, value, reason),),
                    event.club,
                )
                return state if players is state.players else replace(state, players=players)
            history: list[HistoryEntry] = [] if old is None else list(old.history)
            merged: dict[str, int] = {} if old is None else dict(old.ratings)
            for kind, value in event.ratings:
                was = merged.get(kind)
                if was != value:
                    history.append(HistoryEntry(event.day, kind, was, value, reason))
                merged[kind] = value
            players[pid] = RegistryPlayer(
                pid,
                event.name or (old.name if old is not None else ""),
                tuple(sorted(merged.items())),
                tuple(history),
                event.club if event.club is not None or old is None else old.club,
            )
            return state if players is state.players else replace(state, players=players)
        case TournamentApplied():
            if event.key in (state.applied if applied is None else applied):
                raise StateError(f"{event.name} has been applied to the registry already")
            plan = plan_for(
                get_rule_set(event.edition),
                settings or RatingSettings(),
                event.rating_kind != "standard",
            )
            for ch in event.changes:
                player = players.get(ch.dsu_id) or RegistryPlayer(ch.dsu_id, ch.name)
                registered = player.rating(event.rating_kind)
                base = ch.start if registered is None else registered
                new = max(_new_rating(base, ch.raw_change, plan), plan.floor)
                players[ch.dsu_id] = _rerated(player, event.rating_kind, new, event.day, event.name)
            if applied is not None:
                applied.add(event.key)
                return state
            return replace(state, players=players, applied=state.applied | {event.key})
        case RatingsCompressed():
            if state.compressed_on is not None:
                raise StateError(f"the ratings were compressed already on {state.compressed_on}")
            for pid, player in list(players.items()):
                for kind, value in player.ratings:
                    if value < 2000:
                        new = _round(value + Fraction(2000 - value, 2))
                        player = _rerated(player, kind, new, event.day, "compression")
                players[pid] = player
            return replace(state, players=players, compressed_on=event.day)
        case FideAligned():
            for pid, before, after in event.changes:
                member = players[pid]
                current = member.rating("standard") or before
                moved = max(current + after - before, 2100) if current >= 2100 else current
                players[pid] = _rerated(member, "standard", moved, event.day, "FIDE alignment")
            return replace(state, players=players)
        case RapidBlitzCorrected():
            for pid, which, _was, becomes in event.changes:
                players[pid] = _rerated(
                    players[pid], which, becomes, event.day, "rapid/blitz correction"
                )
            return replace(state, players=players)
        case _:  # pragma: no cover - the union is closed
            raise TypeError(event)


def rapid_blitz_corrections(
    registry: Registry, day: date, settings: RatingSettings | None = None
) -> tuple[tuple[int, str, int, int], ...]:
    """001 §2.7: raise a rapid or blitz rating when all four conditions hold — more than 200
    below the standard rating, more than 100 days between the two ratings' updates, the
    standard rating changed last, and the player active in a club. How far it is raised is
    the setting ``rapid_blitz_target`` (the text does not say; docs/interpretations.md)."""
    gap = 200 if (settings or RatingSettings()).rapid_blitz_target == "standard-200" else 0
    out = []
    for pid, p in sorted(registry.players.items()):
        standard = p.rating("standard")
        if standard is None or not p.club or p.archived(day):
            continue
        standard_day = p.last_update("standard")
        for which in ("rapid", "blitz"):
            other = p.rating(which)
            other_day = p.last_update(which)
            if other is None or standard_day is None or other_day is None:
                continue
            if (
                standard - other > 200
                and (standard_day - other_day).days > 100
                and standard_day > other_day
            ):
                out.append((pid, which, other, standard - gap))
    return tuple(out)


class RegistryBuilder:
    """Applies events one after another to one registry, changed in place: for replaying a
    long log, where copying the registry (or its set of applied tournaments) for each event
    would cost a copy per tournament."""

    def __init__(self, settings: RatingSettings | None = None) -> None:
        self._state = Registry()
        self._applied: set[str] = set()
        #: each kind's ratings by DSU number, once asked for (kept up to date from then on)
        self._ratings: dict[str, dict[int, int]] = {}
        self.settings = settings

    @property
    def players(self) -> dict[int, RegistryPlayer]:
        """The players as they stand now (the live table: read, do not change)."""
        return self._state.players

    @property
    def state(self) -> Registry:
        if len(self._state.applied) != len(self._applied):
            self._state = replace(self._state, applied=frozenset(self._applied))
        return self._state

    def ratings_of(self, kind: str) -> dict[int, int]:
        """Every registered rating of ``kind`` by DSU number (the live table: read, do not
        change)."""
        table = self._ratings.get(kind)
        if table is None:
            table = self._ratings[kind] = {
                pid: value
                for pid, p in self._state.players.items()
                if (value := p.rating(kind)) is not None
            }
        return table

    def apply(self, event: RegistryEvent) -> None:
        self._state = _apply_into(
            self._state.players, self._state, event, self.settings, self._applied
        )
        if not self._ratings:
            return
        if isinstance(event, TournamentApplied):
            table = self._ratings.get(event.rating_kind)
            if table is not None:
                for ch in event.changes:
                    table[ch.dsu_id] = self._state.players[ch.dsu_id].rating(event.rating_kind)  # type: ignore[assignment]  # just rated
        else:
            self._ratings.clear()

    def apply_rated(
        self,
        key: str,
        name: str,
        day: date,
        kind: str,
        edition: str,
        players: Sequence[int],
        rows: Sequence[Row],
    ) -> TournamentApplied:
        """Apply a tournament rated from this registry's ratings as they stand (``rows``:
        :func:`skak.rating.hundredths.results` of ``players`` from :meth:`ratings_of`
        ``kind``): :returns: the event, which :meth:`apply` would apply the same way — every
        start rating is the registered one, so §2.4 redone from there is the rating
        result's own, and the new ratings are the rows' (players without games left out).

        :raises StateError: when the tournament was applied already.
        """
        if key in self._applied:
            raise StateError(f"{name} has been applied to the registry already")
        registered = self._state.players
        table = self.ratings_of(kind)
        points = _HUNDREDTHS
        changes = []
        for pid, (games, _, _, _, _, change, new, _) in zip(players, rows, strict=True):
            if not games:
                continue
            player = registered[pid]
            start = table[pid]
            raw = points.get(change)
            changes.append(
                TournamentChange(
                    pid, player.name, start, hundredths_as_points(change) if raw is None else raw
                )
            )
            ratings = player.ratings
            registered[pid] = RegistryPlayer(
                pid,
                player.name,
                ((kind, new),)
                if len(ratings) == 1 and ratings[0][0] == kind
                else _with_rating(ratings, kind, new),
                (*player.history, HistoryEntry(day, kind, start, new, name)),
                player.club,
            )
            table[pid] = new
        self._applied.add(key)
        return TournamentApplied(key, name, day, kind, edition, tuple(changes))


def build_registry(
    events: Iterable[RegistryEvent], settings: RatingSettings | None = None
) -> Registry:
    """The registry the events build, in order."""
    builder = RegistryBuilder(settings)
    for event in events:
        builder.apply(event)
    return builder.state


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector kept to its young generations while a season is applied
    (:func:`skak.rating.season.apply_season`, a batch call).
    A full collection walks every object that has lived a while — the whole growing
    registry, again and again as it grows — yet building a registry makes no reference
    cycles; the young collections (of objects just made, still in the cache) go on as
    before, and the first full collection afterwards walks the new objects once. Measured
    at 400 000 games: a season in one call 1.11–1.17 s with the collector as it is,
    0.96–1.03 s with it disabled meanwhile (and its pass over the new objects, 0.2 s,
    after), 0.85–0.97 s so (and 0.15 s after); a rebuild of the registry 0.75–0.82 s as it
    is, 0.59–0.69 s so (and 0.15 s after: about the same in all).

    The thresholds are the process's: calls may nest or overlap, so the first to begin
    pauses the full collections and the last to end restores them. It is kept off the
    paths a server runs for every request (the registry's fold, :func:`build_registry`):
    requests that overlap without a break would keep the full collections off for good."""
    global _paused, _old_threshold
    with _PAUSE:
        if not _paused:
            young, middle, _old_threshold = gc.get_threshold()
            gc.set_threshold(young, middle, _NEVER)
        _paused += 1
    try:
        yield
    finally:
        with _PAUSE:
            _paused -= 1
            if not _paused:
                young, middle, _ = gc.get_threshold()
                gc.set_threshold(young, middle, _old_threshold)


#: A threshold the collector's count never reaches.
_NEVER = 1 << 30
#: How many ``collector_paused`` blocks are running, and the full collections' threshold
#: the first of them found (restored when the last ends).
_PAUSE = threading.Lock()
_paused = 0
_old_threshold = 0


def entry_rating_allowed(rating: int, authority: str, edition: str) -> bool:
    """001 §5.1 (003 §4.5.5.1): who may enter a new player with which rating — a club
    chairman only 1000, 1100, … 1700 (from 1200 since June 2024), the district chairman
    1800–1999, the rating committee (RK) 2000 or more."""
    if authority == "club":
        lowest = 1200 if edition == "dsu-2024" else 1000
        return lowest <= rating <= 1700 and rating % 100 == 0
    if authority == "district":
        return 1800 <= rating <= 1999
    if authority == "rk":
        return rating >= 2000
    raise InputError(f"authority {authority!r} is club, district or rk")
