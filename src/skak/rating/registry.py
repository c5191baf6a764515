"""The rating registry (ratingkartotek): DSU's players, their ratings and how they changed.

Like a tournament, the registry is the fold of its events, never stored beside them:
players entered or imported from DSU's list, tournaments applied, the 1 June 2024
compression. A tournament's change is computed from the start ratings it was played with
and added to the registered rating, the coefficient-limit correction redone from there
(§4.5.4.1), so tournaments may be reported in any order.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from math import floor
from typing import ClassVar

from skak.errors import InputError, StateError
from skak.model.results import Result
from skak.rating.calc import RatingResult
from skak.rating.cards import (
    Card,
    HistoryEntry,
    Players,
    RegistryPlayer,
    is_result,
    new_generation,
)
from skak.rating.hundredths import HIGHEST, Plan, Row, corrected, limit_correction, plan_for
from skak.rating.rules import RatingSettings, get_rule_set

__all__ = [
    "KINDS",
    "FideAligned",
    "HistoryEntry",
    "KeptGame",
    "KeptGames",
    "KeptPlayer",
    "PlayerEntered",
    "PlayersMerged",
    "RapidBlitzCorrected",
    "RatingsCompressed",
    "Registry",
    "RegistryBuilder",
    "RegistryChangeUndone",
    "RegistryEvent",
    "RegistryPlayer",
    "TournamentApplied",
    "TournamentChange",
    "TournamentsReRated",
    "changes_from_result",
    "entry_rating_allowed",
    "hundredths_as_points",
    "rapid_blitz_corrections",
]

#: The three DSU ratings: standard (langsom), rapid (hurtig), blitz (lyn).
KINDS = ("standard", "rapid", "blitz")


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
    #: Facts of DSU's list a tournament's registration uses (``Født år``, ``Fide``, ``Elo``),
    #: ``None`` where the list has none; an entry without them keeps those already known.
    born: int | None = None
    fide_id: int | None = None
    fide_rating: int | None = None


@dataclass(frozen=True, slots=True)
class TournamentChange:
    """One player's result in a tournament: the start rating and the change before the limit
    correction and rounding (``K × (W − We + B)``, or 0 after §2.5)."""

    dsu_id: int
    name: str
    start: int
    raw_change: Fraction


@dataclass(frozen=True, slots=True)
class KeptPlayer:
    """A player of a tournament the registry keeps the games of: ``id`` the tournament's
    own (the start number as text), the DSU number (``None``: a foreign player), the start
    rating the tournament was rated with (``None``: a performance rating, 001 §5.2)."""

    id: str
    dsu_id: int | None
    name: str
    rating: int | None


@dataclass(frozen=True, slots=True)
class KeptGame:
    """A game as the rating took it (:class:`skak.rating.calc.RatedGame`), with its round:
    what a correction names."""

    round: int
    white: str
    black: str
    result: Result
    rated: bool = True
    unexcused_no_show: bool = False


@dataclass(frozen=True, slots=True)
class KeptGames:
    """A tournament's rated games as the registry keeps them, so that a corrected result
    re-rates it and every tournament after it (the correction cascade): the players, the
    games, whether the average method may apply (a round robin), whether it is a team
    event, and the players its standings placed first (§2.5)."""

    players: tuple[KeptPlayer, ...]
    games: tuple[KeptGame, ...]
    round_robin: bool = False
    team_event: bool = False
    first_place: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TournamentApplied:
    """A finished tournament's rating changes added to the registry (once); ``games`` its
    rated games where the registry keeps them (applied from skak: a correction can re-rate
    it; ``None`` in events written before, and in a season rated in one call)."""

    kind: ClassVar[str] = "tournament_applied"
    key: str
    name: str
    day: date
    rating_kind: str
    edition: str
    changes: tuple[TournamentChange, ...]
    games: KeptGames | None = None


@dataclass(frozen=True, slots=True)
class TournamentsReRated:
    """A result of an applied tournament corrected (the correction cascade): ``rerated``
    are the tournament's and every later tournament's events as rated again, each in place
    of the one of its key — the registry is what its events build with them instead.
    ``moved``: each rating the correction changes, ``(DSU number, kind, old, new)``, as the
    players' cards show it on ``day``; ``correction`` says what was corrected."""

    kind: ClassVar[str] = "tournaments_rerated"
    key: str
    day: date
    correction: str
    rerated: tuple[TournamentApplied, ...]
    moved: tuple[tuple[int, str, int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class PlayersMerged:
    """Two DSU member numbers found to be one person: ``gone``'s card joined to ``keep``'s,
    both histories kept; each kind's rating is that of the number rated last
    (``docs/interpretations.md``); ``gone`` is a name of ``keep`` from then on."""

    kind: ClassVar[str] = "players_merged"
    keep: int
    gone: int
    day: date


@dataclass(frozen=True, slots=True)
class RegistryChangeUndone:
    """A correction or a merge taken back: the registry is what its events build without
    the event of ``version`` (and this one)."""

    kind: ClassVar[str] = "registry_change_undone"
    version: int


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
    PlayerEntered
    | TournamentApplied
    | RatingsCompressed
    | FideAligned
    | RapidBlitzCorrected
    | TournamentsReRated
    | PlayersMerged
    | RegistryChangeUndone
)


@dataclass(frozen=True)
class Registry:
    """The registry: its players by DSU number (any mapping; a replay's is a
    :class:`skak.rating.cards.Players` table, whose players are made when asked for), the
    tournaments applied, the day of the 2024 compression and that of the last alignment
    with FIDE's list (001 §6)."""

    players: Mapping[int, RegistryPlayer] = field(default_factory=Players)
    applied: frozenset[str] = frozenset()
    compressed_on: date | None = None
    aligned_on: date | None = None
    #: Member numbers merged into another (gone → kept), :class:`PlayersMerged`.
    merged: Mapping[int, int] = field(default_factory=dict)

    def member(self, dsu_id: int) -> int:
        """The number ``dsu_id`` stands under now (the kept one of a merge)."""
        return self.merged.get(dsu_id, dsu_id)


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
    """Applies events one after another to one registry, its players' cards changed in
    place (:mod:`skak.rating.cards`): for replaying a long log, where a new value for each
    change, or a copy of the registry for each event, would cost more than the rules.

    ``start``: the registry to go on from (left as it was: a card it shares is copied
    before it is changed)."""

    def __init__(self, settings: RatingSettings | None = None, start: Registry | None = None):
        self.settings = settings
        self._generation = new_generation()
        self._applied: set[str] = set()
        self._compressed_on: date | None = None
        self._aligned_on: date | None = None
        self._merged: dict[int, int] = {}
        players = start.players if start is not None else None
        #: whether the tables of cards and of players made are a registry's too (handed
        #: out by :attr:`state`, or the start): then they are copied before a change
        self._shared = isinstance(players, Players) and not players.given
        if isinstance(players, Players) and not players.given:
            cards, made = players.tables()
        else:  # players given as values: each shown again as its card makes it
            cards = {pid: Card.of(p, self._generation) for pid, p in (players or {}).items()}
            made = {}
        if start is not None:
            self._applied = set(start.applied)
            self._compressed_on = start.compressed_on
            self._aligned_on = start.aligned_on
            self._merged = dict(start.merged)
        self._cards = cards
        #: the live table: each player made when asked for, forgotten when his card changes
        self._live = Players.of_cards(cards, made)
        #: each kind's ratings by DSU number, once asked for (kept up to date from then on)
        self._ratings: dict[str, dict[int, int]] = {}
        #: the registry handed out last, while nothing changed since
        self._issued: Registry | None = start if self._shared else None

    @property
    def players(self) -> Mapping[int, RegistryPlayer]:
        """The players as they stand now (the live table: each made when asked for)."""
        return self._live

    def name_of(self, dsu_id: int) -> str:
        """The registered name of DSU member ``dsu_id``. :raises KeyError: when absent."""
        return self._cards[dsu_id].name

    @property
    def state(self) -> Registry:
        """The registry as it stands (a value: later changes here leave it as it is)."""
        if self._issued is None:
            self._issued = Registry(
                Players.of_cards(*self._live.tables()),
                frozenset(self._applied),
                self._compressed_on,
                self._aligned_on,
                dict(self._merged),
            )
            self._shared = True  # the tables are copied before the next change,
            self._generation = new_generation()  # and each card before it changes
        return self._issued

    def _unshare(self) -> None:
        """Own copies of the tables a registry handed out shares, before a change."""
        if self._shared:
            cards, made = self._live.tables()
            self._cards = dict(cards)
            self._live.rebind(self._cards, dict(made))
            self._shared = False

    def ratings_of(self, kind: str) -> dict[int, int]:
        """Every registered rating of ``kind`` by DSU number (the live table: read, do not
        change)."""
        table = self._ratings.get(kind)
        if table is None:
            table = self._ratings[kind] = {
                pid: value
                for pid, card in self._cards.items()
                if (value := card.ratings.get(kind)) is not None
            }
        return table

    def _card(self, dsu_id: int) -> Card | None:
        """``dsu_id``'s card, to be changed (copied first when a registry shares it)."""
        card = self._cards.get(dsu_id)
        if card is not None:
            if card.generation != self._generation:
                card = self._cards[dsu_id] = card.copy(self._generation)
            self._live.forget(dsu_id)
        return card

    def _existing(self, dsu_id: int) -> Card:
        card = self._card(dsu_id)
        if card is None:
            raise KeyError(dsu_id)
        return card

    def apply(self, event: RegistryEvent) -> None:
        """Apply ``event``. :raises StateError: a tournament applied twice, a second
        compression. :raises InputError: a player entered without a DSU number."""
        self._issued = None
        self._unshare()
        match event:
            case TournamentApplied():
                self._apply_tournament(event)
                return
            case PlayerEntered():
                self._enter(event)
            case RatingsCompressed():
                if self._compressed_on is not None:
                    raise StateError(
                        f"the ratings were compressed already on {self._compressed_on}"
                    )
                for pid, card in list(self._cards.items()):
                    if any(value < 2000 for value in card.ratings.values()):
                        card = self._existing(pid)
                        for kind, value in sorted(card.ratings.items()):
                            if value < 2000:
                                new = _round(value + Fraction(2000 - value, 2))
                                self._rerate(card, kind, new, event.day, "compression")
                self._compressed_on = event.day
            case FideAligned():
                self._all_registered(pid for pid, _, _ in event.changes)
                for pid, before, after in event.changes:
                    card = self._existing(pid)
                    current = card.ratings.get("standard") or before
                    moved = max(current + after - before, 2100) if current >= 2100 else current
                    self._rerate(card, "standard", moved, event.day, "FIDE alignment")
                self._aligned_on = event.day
            case RapidBlitzCorrected():
                self._all_registered(pid for pid, _, _, _ in event.changes)
                for pid, which, _was, becomes in event.changes:
                    card = self._existing(pid)
                    self._rerate(card, which, becomes, event.day, "rapid/blitz correction")
            case TournamentsReRated():
                # the tournaments it re-rates were applied in their places already (a
                # fold applies the events in force, :func:`in_force`): here the cards
                # say what the correction changed, on its day
                reason = f"correction: {event.correction}"
                for pid, which, was, _ in event.moved:
                    corrected = self._card(self.member(pid))
                    if corrected is not None and which in corrected.ratings:
                        corrected.history.append(
                            (event.day, which, was, corrected.ratings[which], reason)
                        )
            case PlayersMerged():
                self._merge(event)
            case RegistryChangeUndone():
                pass  # a fold leaves out what it undid (:func:`in_force`)
            case _:  # pragma: no cover - the union is closed
                raise TypeError(event)
        self._ratings.clear()

    def member(self, dsu_id: int) -> int:
        """The number ``dsu_id`` stands under now (the kept one of a merge)."""
        return self._merged.get(dsu_id, dsu_id) if self._merged else dsu_id

    def _merge(self, event: PlayersMerged) -> None:
        """``gone``'s card joined to ``keep``'s (see :class:`PlayersMerged`).

        :raises StateError: for a number not in the registry, or one merged with itself."""
        keep, gone = event.keep, event.gone
        if keep == gone:
            raise StateError(f"DSU member {keep} cannot be merged with himself")
        self._all_registered((keep, gone))
        kept, other = self._existing(keep), self._existing(gone)
        history = sorted(kept.history + other.history, key=lambda line: line[0])
        reason = f"merged: DSU {gone} ({other.name})"
        for which in sorted(set(kept.ratings) | set(other.ratings)):
            mine, theirs = kept.ratings.get(which), other.ratings.get(which)
            if theirs is None:
                stands = kept.ratings[which]
            elif mine is None:
                stands = theirs
            else:
                mine_day, theirs_day = _last_result(kept, which), _last_result(other, which)
                later = theirs_day is not None and (mine_day is None or theirs_day > mine_day)
                stands = theirs if later else mine
            history.append((event.day, which, mine, stands, reason))
            kept.ratings[which] = stands
        kept.history = history
        kept.club = kept.club or other.club
        kept.facts = tuple(  # type: ignore[assignment]
            a if a is not None else b for a, b in zip(kept.facts, other.facts, strict=True)
        )
        del self._cards[gone]
        self._live.forget(gone)
        for was, now in list(self._merged.items()):
            if now == gone:
                self._merged[was] = keep
        self._merged[gone] = keep

    def _all_registered(self, dsu_ids: Iterable[int]) -> None:
        """:raises StateError: naming the first DSU number not in the registry (before any
        change: an event that names one is applied to none)."""
        for pid in dsu_ids:
            if pid not in self._cards:
                raise StateError(f"DSU member {pid} is not in the rating registry")

    @staticmethod
    def _rerate(card: Card, kind: str, new: int, day: date, reason: str) -> None:
        card.history.append((day, kind, card.ratings.get(kind), new, reason))
        card.ratings[kind] = new

    def _enter(self, event: PlayerEntered) -> None:
        pid = event.dsu_id
        if not pid or pid < 1:
            raise InputError("a registry player needs a DSU member number")
        card = self._card(pid)
        if card is None:
            card = self._cards[pid] = Card(event.name, event.club, {}, [], self._generation)
        else:
            card.name = event.name or card.name
            if event.club is not None:
                card.club = event.club
        if event.born is not None or event.fide_id is not None or event.fide_rating is not None:
            born, fide_id, fide_rating = card.facts
            card.facts = (
                born if event.born is None else event.born,
                fide_id if event.fide_id is None else event.fide_id,
                fide_rating if event.fide_rating is None else event.fide_rating,
            )
        reason = f"entered: {event.source}"
        ratings, history = card.ratings, card.history
        for kind, value in event.ratings:
            was = ratings.get(kind)
            if was != value:
                history.append((event.day, kind, was, value, reason))
            ratings[kind] = value

    def _apply_tournament(self, event: TournamentApplied) -> None:
        """A tournament's changes added to the registered ratings, §2.4 redone from there
        (the module)."""
        if event.key in self._applied:
            raise StateError(f"{event.name} has been applied to the registry already")
        plan = plan_for(
            get_rule_set(event.edition),
            self.settings or RatingSettings(),
            event.rating_kind != "standard",
        )
        kind, day, reason, floor = event.rating_kind, event.day, event.name, plan.floor
        table = self._ratings.get(kind)
        merged = self._merged
        for ch in event.changes:
            pid = merged.get(ch.dsu_id, ch.dsu_id) if merged else ch.dsu_id
            card = self._card(pid)
            if card is None:
                card = self._cards[pid] = Card(ch.name, None, {}, [], self._generation)
            ratings = card.ratings
            registered = ratings.get(kind)
            new = _new_rating(ch.start if registered is None else registered, ch.raw_change, plan)
            if new < floor:
                new = floor
            ratings[kind] = new
            card.history.append((day, kind, registered, new, reason))
            if table is not None:
                table[pid] = new
        self._applied.add(event.key)

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
        self._issued = None
        self._unshare()
        table = self.ratings_of(kind)
        points = _HUNDREDTHS
        changes = []
        # :meth:`_existing`, written out: the season's hot path (1.15 → 1.07 s at 400 000
        # games in benchmarks/rating_replay.py)
        cards, generation, forget = self._cards, self._generation, self._live.forget
        for pid, (games, _, _, _, _, change, new, _) in zip(players, rows, strict=True):
            if not games:
                continue
            card = cards[pid]
            if card.generation != generation:
                card = cards[pid] = card.copy(generation)
            forget(pid)
            start = table[pid]
            raw = points.get(change)
            changes.append(
                TournamentChange(
                    pid, card.name, start, hundredths_as_points(change) if raw is None else raw
                )
            )
            card.ratings[kind] = new
            card.history.append((day, kind, start, new, name))
            table[pid] = new
        self._applied.add(key)
        return TournamentApplied(key, name, day, kind, edition, tuple(changes))


def _last_result(card: Card, kind: str) -> date | None:
    """The day of ``card``'s last rated result of ``kind``."""
    days = [line[0] for line in card.history if line[1] == kind and is_result(line[4])]
    return max(days) if days else None


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
