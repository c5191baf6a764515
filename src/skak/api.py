"""The library API: every tournament operation, each one transaction on the event log.

The CLI is a thin layer over :class:`Skak` (as sqlite-utils' CLI is over its ``Database``)::

    >>> from skak.api import Skak
    >>> from skak.model import Tournament
    >>> s = Skak(":memory:", create=True)
    >>> s.create(Tournament("Klubmesterskab 2026", "berger")).id
    1

Each method loads the tournament's events, replays them to the current state, checks and
applies one new event, and appends it, all in one transaction: on any error nothing is
written.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path
from typing import Any

from sqlalchemy import Connection

from skak.engine import pending_as_unfinished
from skak.errors import (
    AmbiguousTournamentError,
    InputError,
    NotFoundError,
    StateError,
    UndoRefusedError,
)
from skak.io.dsu_list import parse_dsu_list
from skak.io.players_csv import decode_text, parse_players_csv
from skak.model.events import (
    Event,
    EventUndone,
    PlayerEdited,
    PlayersAdded,
    PlayerWithdrawn,
    ReplayError,
    ResultEntered,
    RoundPaired,
    TournamentCreated,
    apply,
    describe,
    effective,
    replay,
)
from skak.model.player import Player
from skak.model.results import Result
from skak.model.tournament import Pairing, Round, Tournament
from skak.pairing import get_system
from skak.rating.alignment import Alignment, align
from skak.rating.registry import (
    KINDS,
    FideAligned,
    PlayerEntered,
    RapidBlitzCorrected,
    RatingsCompressed,
    Registry,
    RegistryEvent,
    TournamentApplied,
    apply_registry_event,
    build_registry,
    changes_from_result,
    entry_rating_allowed,
    rapid_blitz_corrections,
)
from skak.rating.rules import rule_set_for
from skak.rating.tournament import tournament_rating
from skak.storage.database import Database, StoredEvent, TournamentRow

__all__ = ["HistoryLine", "Skak"]


@dataclass(frozen=True, slots=True)
class HistoryLine:
    """One line of ``skak history``."""

    seq: int
    recorded_at: str
    actor: str
    kind: str
    text: str
    undone: bool


@dataclass(frozen=True, slots=True)
class _Loaded:
    row: TournamentRow
    stored: list[StoredEvent]
    state: Tournament


class Skak:
    """A skak database of tournaments.

    :param db: an SQLite file path or an SQLAlchemy URL (``:memory:`` for a throw-away one).
    :param create: create the database when it does not exist (``skak new``, ``skak demo``).
    :param actor: who is making the changes, recorded with every event.
    """

    def __init__(self, db: str | Path, *, create: bool = False, actor: str = "skak") -> None:
        self.db = Database("sqlite://" if str(db) == ":memory:" else db, create=create)
        self.actor = actor

    def close(self) -> None:
        self.db.dispose()

    # -- finding tournaments --------------------------------------------------------------

    def tournaments(self) -> list[TournamentRow]:
        with self.db.transaction() as conn:
            return self.db.list_tournaments(conn)

    def _resolve(self, conn: Connection, ident: str | int | None) -> TournamentRow:
        rows = self.db.list_tournaments(conn)
        if ident is None:
            if len(rows) == 1:
                return rows[0]
            if not rows:
                raise NotFoundError("the database holds no tournament; create one with 'skak new'")
            raise AmbiguousTournamentError(
                f"the database holds {len(rows)} tournaments; name one with --tournament ID:",
                [r.label() for r in rows],
            )
        text = str(ident).strip()
        by_id = [
            r for r in rows if text.removeprefix("#").isdigit() and r.id == int(text.lstrip("#"))
        ]
        by_name = (
            []
            if text.startswith("#")
            else [r for r in rows if r.name.strip().casefold() == text.casefold()]
        )
        matches = by_id + [r for r in by_name if r not in by_id]
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            raise AmbiguousTournamentError(
                f"{text!r} names several tournaments; write #ID for a number, e.g. "
                f"--tournament '#{matches[0].id}':",
                [r.label() for r in matches],
            )
        raise NotFoundError(
            f"no tournament {text!r} in the database; it holds: "
            + (", ".join(r.label() for r in rows) or "none")
        )

    def _load(self, conn: Connection, ident: str | int | None) -> _Loaded:
        row = self._resolve(conn, ident)
        stored = self.db.load_events(conn, row.id)
        state = replay((s.seq, s.event) for s in stored)
        if state is None:
            raise StateError(f"tournament #{row.id} has no events; its creation was lost")
        return _Loaded(row, stored, state)

    def load(self, ident: str | int | None = None) -> Tournament:
        """The tournament's current state."""
        with self.db.transaction() as conn:
            return self._load(conn, ident).state

    def resolve(self, ident: str | int | None = None) -> TournamentRow:
        with self.db.transaction() as conn:
            return self._resolve(conn, ident)

    # -- changes --------------------------------------------------------------------------

    def _change(
        self, ident: str | int | None, make: Callable[[Tournament], Event]
    ) -> tuple[Tournament, StoredEvent]:
        with self.db.transaction() as conn:
            loaded = self._load(conn, ident)
            event = make(loaded.state)
            new_state = apply(loaded.state, event)
            stored = self.db.append(conn, loaded.row.id, event, self.actor)
            return new_state, stored

    def create(self, tournament: Tournament) -> TournamentRow:
        """Register a new tournament (its pairing system and settings are checked first)."""
        get_system(tournament.pairing_system).check_settings(tournament.settings)
        event = TournamentCreated(tournament)
        apply(None, event)
        with self.db.transaction() as conn:
            row = self.db.add_tournament(conn, tournament.name)
            self.db.append(conn, row.id, event, self.actor)
            return row

    def import_tournament(self, tournament: Tournament, *, source: str) -> TournamentRow:
        """Store a whole tournament read from a file: its settings, players and rounds, as
        the events that build it, in one transaction (all or nothing)."""
        get_system(tournament.pairing_system).check_settings(tournament.settings)
        events: list[Event] = [
            TournamentCreated(replace(tournament, players=(), rounds=())),
            PlayersAdded(tournament.players, source),
            *(RoundPaired(r) for r in tournament.rounds),
        ]
        state: Tournament | None = None
        for event in events:
            state = apply(state, event)
        if state != tournament:  # pragma: no cover - the events rebuild what they were cut from
            raise StateError("the imported tournament could not be rebuilt from its events")
        with self.db.transaction() as conn:
            row = self.db.add_tournament(conn, tournament.name)
            for event in events:
                self.db.append(conn, row.id, event, self.actor)
            return row

    def add_players(
        self,
        ident: str | int | None,
        make: Callable[[Tournament], Sequence[Player]],
        *,
        source: str | None = None,
    ) -> tuple[Player, ...]:
        """Add the players ``make`` builds from the current state, all in one event.

        :raises StateError: after round 1 when the pairing system takes no late entries.
        """

        def event(t: Tournament) -> PlayersAdded:
            players = tuple(make(t))
            system = get_system(t.pairing_system)
            if t.rounds and not system.accepts_late_entries:
                raise StateError(
                    f"round {t.current_round} has been paired and {system.title} takes no late "
                    "entries (sen tilmelding)"
                )
            return PlayersAdded(players, source)

        _, stored = self._change(ident, event)
        assert isinstance(stored.event, PlayersAdded)
        return stored.event.players

    def add_player(
        self, ident: str | int | None, name: str, *, start_number: int | None = None, **fields: Any
    ) -> Player:
        """Add one player; without ``start_number`` the next free number is used.

        Once round 1 is paired the player is a late entry from the next round.
        """

        def make(t: Tournament) -> list[Player]:
            number = start_number
            if number is None:
                number = max((p.start_number for p in t.players), default=0) + 1
            if t.rounds and fields.get("late_from") is None:
                fields["late_from"] = t.next_round
            return [Player(number, name, **fields)]

        return self.add_players(ident, make)[0]

    def import_players_csv(self, ident: str | int | None, path: str | Path) -> tuple[Player, ...]:
        """Import a CSV player list, all or nothing (see :mod:`skak.io.players_csv`)."""
        p = Path(path)
        try:
            text = decode_text(p.read_bytes())
        except OSError as err:
            raise InputError(f"cannot read the file: {err.strerror}", location=str(p)) from err
        return self.add_players(ident, lambda t: parse_players_csv(text, p.name, t), source=p.name)

    def edit_player(self, ident: str | int | None, start_number: int, /, **changes: Any) -> Player:
        """Change a player's details; the start number stays."""
        if "start_number" in changes:
            raise InputError("the start number (startnummer) identifies the player and stays")

        def make(t: Tournament) -> PlayerEdited:
            before = t.player(start_number)
            return PlayerEdited(before, replace(before, **changes))

        state, _ = self._change(ident, make)
        return state.player(start_number)

    def withdraw(
        self, ident: str | int | None, start_number: int, *, from_round: int | None = None
    ) -> Player:
        """The player withdraws (udgår) from ``from_round`` (default: the next round) on."""

        def make(t: Tournament) -> PlayerWithdrawn:
            first = from_round if from_round is not None else t.next_round
            planned = t.number_of_rounds or get_system(t.pairing_system).planned_rounds(t)
            if planned is not None and first > planned:
                raise InputError(f"the tournament has {planned} rounds; there is no round {first}")
            return PlayerWithdrawn(start_number, first)

        state, _ = self._change(ident, make)
        return state.player(start_number)

    def pair(self, ident: str | int | None = None, *, allow_unfinished: bool = False) -> Round:
        """Pair the next round with the tournament's system (rundelægning).

        :raises StateError: when earlier games have no result (unless ``allow_unfinished``,
            which counts them as draws for this pairing), or every round is paired.
        :raises NoValidPairingError: when the system finds no legal pairing.
        """

        def make(t: Tournament) -> Event:
            system = get_system(t.pairing_system)
            planned = t.number_of_rounds or system.planned_rounds(t)
            if planned is not None and t.next_round > planned:
                raise StateError(f"all {planned} rounds have been paired; the tournament is over")
            missing = [(r.number, r.pending_boards) for r in t.rounds if r.pending_boards]
            if missing and not allow_unfinished:
                where = "; ".join(
                    f"round {n} board{'s' if len(b) > 1 else ''} {', '.join(map(str, b))}"
                    for n, b in missing
                )
                raise StateError(
                    f"results are missing ({where}); enter them with 'skak result', or pair "
                    "anyway with --allow-unfinished to count those games as draws"
                )
            return RoundPaired(
                system.pair(pending_as_unfinished(t)), allow_unfinished=bool(missing)
            )

        _, stored = self._change(ident, make)
        assert isinstance(stored.event, RoundPaired)
        return stored.event.round

    def enter_result(
        self,
        ident: str | int | None,
        round_number: int,
        board: int,
        result: Result,
        playoff: tuple[Result, ...] = (),
    ) -> tuple[Pairing, Result | None]:
        """Enter or correct the result of one board; returns the board and the result it had.

        ``playoff`` is a drawn game's play-off under Gladiator scoring (DSU 4.9.8).
        """
        previous: list[Result | None] = []

        def make(t: Tournament) -> ResultEntered:
            previous.append(t.round(round_number).board(board).result)
            return ResultEntered(round_number, board, result, playoff)

        state, _ = self._change(ident, make)
        return state.round(round_number).board(board), previous[0]

    # -- the rating registry --------------------------------------------------------------

    def registry(self) -> Registry:
        """The rating registry (ratingkartotek) as its events build it."""
        with self.db.transaction() as conn:
            return build_registry(self.db.load_registry_events(conn))

    def _registry_change(self, make: Callable[[Registry], list[RegistryEvent]]) -> Registry:
        with self.db.transaction() as conn:
            state = build_registry(self.db.load_registry_events(conn))
            new = make(state)
            for event in new:
                state = apply_registry_event(state, event)
            self.db.append_registry_events(conn, new, self.actor)
            return state

    def rating_apply(self, ident: str | int | None, today: date) -> TournamentApplied:
        """Add a finished, rated tournament's rating changes to the registry (§4.5.4.1).

        Players are matched by DSU member number; those without one (foreign players) are
        left out. :raises StateError: when the tournament is not finished, not rated, or
        applied already.
        """
        with self.db.transaction() as conn:
            loaded = self._load(conn, ident)
        t = loaded.state
        if not t.rated:
            raise StateError(f"{t.name} is not rated (it was created with --unrated)")
        planned = t.number_of_rounds or get_system(t.pairing_system).planned_rounds(t)
        if planned != t.current_round or not all(r.is_complete for r in t.rounds):
            raise StateError(f"{t.name} is not finished: every round needs its results first")
        result = tournament_rating(t, today)
        dsu_ids = {str(p.start_number): p.dsu_id for p in t.players if p.dsu_id is not None}
        names = {str(p.start_number): p.name for p in t.players}
        event = TournamentApplied(
            f"tournament {loaded.row.id} ({loaded.row.created_at})",
            t.name,
            t.end_date or t.start_date or today,
            {"standard": "standard", "rapid": "rapid", "blitz": "blitz"}[t.rated_kind.value],
            result.edition,
            changes_from_result(result, dsu_ids, names),
        )
        self._registry_change(lambda _r: [event])
        return event

    def rating_import_list(self, path: str | Path, day: date) -> int:
        """Enter or update the players of DSU's rating list (all or nothing)."""
        p = Path(path)
        try:
            text = decode_text(p.read_bytes())
        except OSError as err:
            raise InputError(f"cannot read the file: {err.strerror}", location=str(p)) from err
        entries = list(parse_dsu_list(text, p.name, day))
        self._registry_change(lambda _r: list(entries))
        return len(entries)

    def rating_align(self, fide: dict[int, tuple[int, int]], day: date) -> Alignment:
        """Align the registry's standard ratings with FIDE's list (001 §6)."""
        result: list[Alignment] = []

        def make(r: Registry) -> list[RegistryEvent]:
            danish = {
                pid: p.rating("standard")
                for pid, p in r.players.items()
                if p.rating("standard") is not None
            }
            alignment = align({k: v for k, v in danish.items() if v is not None}, fide)
            result.append(alignment)
            return [FideAligned(day, alignment.n, alignment.changes)] if alignment.changes else []

        self._registry_change(make)
        return result[0]

    def rating_correct_rapid_blitz(self, day: date) -> tuple[tuple[int, str, int, int], ...]:
        """001 §2.7's automatic correction of rapid and blitz ratings, as of ``day``."""
        found: list[tuple[tuple[int, str, int, int], ...]] = []

        def make(r: Registry) -> list[RegistryEvent]:
            found.append(rapid_blitz_corrections(r, day))
            return [RapidBlitzCorrected(day, found[0])] if found[0] else []

        self._registry_change(make)
        return found[0]

    def rating_enter(
        self, dsu_id: int, name: str, rating: int, *, authority: str, day: date, kind: str
    ) -> None:
        """Enter a new player (001 §5.1): refused for a rating the authority may not give, and
        for a player on the list or archived less than five years ago."""

        def make(r: Registry) -> list[RegistryEvent]:
            if kind not in KINDS:
                raise InputError(f"kind {kind!r} is standard, rapid or blitz")
            edition = rule_set_for(day).name
            if not entry_rating_allowed(rating, authority, edition):
                raise InputError(
                    f"a {authority} cannot enter a player with {rating} ({edition}; 001 §5.1)"
                )
            old = r.players.get(dsu_id)
            if old is not None:
                last = old.last_result()
                if last is None or (day - last).days <= 5 * 365:
                    raise StateError(
                        f"DSU member {dsu_id} is registered already; a player can start afresh "
                        "only when his last rated result is more than five years old"
                    )
            return [PlayerEntered(dsu_id, name, ((kind, rating),), day, f"entry by {authority}")]

        self._registry_change(make)

    def rating_compress(self, day: date) -> int:
        """Record the 1 June 2024 compression of ratings below 2000 (once)."""

        def make(_r: Registry) -> list[RegistryEvent]:
            return [RatingsCompressed(day)]

        state = self._registry_change(make)
        return sum(
            1 for p in state.players.values() if p.history and p.history[-1].reason == "compression"
        )

    # -- history and undo -----------------------------------------------------------------

    def history(self, ident: str | int | None = None) -> list[HistoryLine]:
        """Every event, oldest first, described against the state it met."""
        with self.db.transaction() as conn:
            loaded = self._load(conn, ident)
        in_force = {s for s, _ in effective((s.seq, s.event) for s in loaded.stored)}
        lines: list[HistoryLine] = []
        state: Tournament | None = None
        for s in loaded.stored:
            lines.append(
                HistoryLine(
                    s.seq,
                    s.recorded_at,
                    s.actor,
                    s.event.kind,
                    describe(s.event, state),
                    undone=s.seq not in in_force and not isinstance(s.event, EventUndone),
                )
            )
            if s.seq in in_force:
                state = apply(state, s.event)
        return lines

    def undo(self, ident: str | int | None = None, *, seq: int | None = None) -> StoredEvent:
        """Take back the last change, or the event ``seq``, by appending an undo marker.

        :raises UndoRefusedError: when a later event depends on the one to undo (e.g. results
            entered in a round whose pairing would be undone), or it is the creation.
        """
        with self.db.transaction() as conn:
            loaded = self._load(conn, ident)
            in_force = effective((s.seq, s.event) for s in loaded.stored)
            if seq is None:
                target_seq = in_force[-1][0]
            else:
                if not any(s == seq for s, _ in in_force):
                    known = {s.seq for s in loaded.stored}
                    if seq in known:
                        raise StateError(f"event {seq} is undone already or is an undo itself")
                    raise NotFoundError(f"the tournament has no event {seq}")
                target_seq = seq
            target = next(s for s in loaded.stored if s.seq == target_seq)
            if isinstance(target.event, TournamentCreated):
                raise UndoRefusedError(
                    "the tournament's creation cannot be undone"
                    + (" (it is the only change left)" if len(in_force) == 1 else "")
                )
            try:
                replay((s, e) for s, e in in_force if s != target_seq)
            except ReplayError as err:
                raise UndoRefusedError(
                    f"cannot undo event {target_seq} ({describe(target.event)}): later event "
                    f"{err.seq} ({describe(err.event)}) depends on it: {err.cause.message}. "
                    "Undo that one first."
                ) from err
            self.db.append(conn, loaded.row.id, EventUndone(target_seq), self.actor)
            return target
