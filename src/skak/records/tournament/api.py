"""The individual tournament's part of the library API: :class:`Tournaments`
(``skak.tournaments`` on a :class:`skak.api.Skak`), and what its commands return
(:class:`Outcome`, :class:`PairPreview`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from skak.errors import AmbiguousTournamentError, InputError, NotFoundError, StateError
from skak.messages import N_, N_plural
from skak.model.changes import ChangeNote
from skak.model.player import Player
from skak.model.progress import Progress
from skak.model.results import Result
from skak.model.stream import Recorded
from skak.model.tournament import Round, Tournament
from skak.records.base import Naming, Records
from skak.records.base import Outcome as BaseOutcome
from skak.records.tournament import commands as rules
from skak.records.tournament.codec import dump_tournament
from skak.records.tournament.commands import UNREAD
from skak.records.tournament.events import Event, EventUndone, TournamentDeleted
from skak.records.tournament.evolve import Context, evolve
from skak.records.tournament.history import HistoryLine, history
from skak.records.tournament.kind import TournamentKind
from skak.records.tournament.notes import notes as arbiter_notes
from skak.records.tournament.requests import (
    one_player,
    players_from_csv,
    players_from_registry,
)
from skak.records.tournament.retry import pin
from skak.store import Loaded, RecordKind, StreamRow

if TYPE_CHECKING:  # the standings (tie-breaks, rating) are imported when asked for
    from skak.views import PrizeListView, StandingsView, TournamentExport, TournamentListView

__all__ = [
    "Outcome",
    "PairPreview",
    "TournamentRow",
    "Tournaments",
    "added",
    "read_pgn_file",
]

#: A tournament's row in the database (its stream).
TournamentRow = StreamRow


#: What a command on a tournament did (:class:`skak.records.base.Outcome`): the tournament
#: before and after, the events added, notes for the arbiter.
Outcome = BaseOutcome[Tournament, Event]


@dataclass(frozen=True, slots=True)
class PairPreview:
    """The next round as it would be paired now, written nowhere: the tournament's
    ``version`` it was decided on (confirm with ``pair(..., at_version=version)``),
    the tournament with the round, the round itself (with the system's explanation), and
    notes for the arbiter."""

    row: StreamRow
    version: int
    after: Tournament
    round: Round
    notes: tuple[str, ...] = ()


class Tournaments(Records[Tournament, Event, rules.Command]):
    """The database's individual tournaments (``skak.tournaments``): find, read, create
    and change a tournament (the commands of :mod:`skak.records.tournament.commands`), its
    history and undo, its standings and export, and its games (PGN)."""

    naming = Naming(
        none=lambda: N_("the database holds no tournament; create one with 'skak new'"),
        several=lambda n: N_(
            "the database holds {count} tournaments; name one with --tournament ID:", count=n
        ),
        unknown=lambda name, held: N_(
            "no tournament {name} in the database; it holds: {tournaments}",
            name=name,
            tournaments=held,
        ),
        ambiguous=lambda name, first: N_(
            "{name} names several tournaments; write #ID for a number, e.g. --tournament '#{id}':",
            name=name,
            id=first,
        ),
    )

    role = "arbiter"

    #: Tournaments found not deleted, each at the version it was found at (see
    #: :meth:`version`); a few thousand ids at most, then forgotten all at once.
    _live_at: dict[int, int]
    _LIVE_KEPT = 4096

    def context(self) -> Context:
        """What decisions may depend on besides the record: today's date, the systems."""
        return Context(today=date.today())

    def _kind(self) -> TournamentKind:
        return TournamentKind(self.context())

    def _decider(
        self, kind: RecordKind[Tournament, Event], command: rules.Command
    ) -> Callable[[Loaded[Tournament, Event]], Sequence[Event]]:
        ctx = _context(kind)
        pinned: list[rules.Command] = []

        def decide(loaded: Loaded[Tournament, Event]) -> Sequence[Event]:
            if not pinned:  # a retry decides what the first reading settled, or conflicts
                pinned.append(pin(loaded, command))
            return rules.decide(loaded, pinned[0], ctx)

        return decide

    def _needs_log(self, command: rules.Command) -> bool:
        return rules.needs_log(command)

    def _notes(
        self,
        kind: RecordKind[Tournament, Event],
        before: Tournament | None,
        after: Tournament,
        command: rules.Command,
        new: tuple[Event, ...],
    ) -> tuple[str, ...]:
        return tuple(arbiter_notes(before, command, new, _context(kind).today))

    def create(
        self, tournament: Tournament, *, source: str | None = None, actor: str | None = None
    ) -> StreamRow:
        """Register a new tournament (its pairing system and settings are checked first).
        With ``source`` (the file it was read from) the tournament is stored whole: its
        settings, players and rounds, as the events that build it, in one transaction (all
        or nothing)."""
        command: rules.Command = (
            rules.CreateTournament(tournament)
            if source is None
            else rules.ImportTournament(tournament, source)
        )
        return self._create(tournament.name, rules.decide(None, command, self._kind().ctx), actor)

    def register_players(
        self,
        ident: str | int | None,
        make: Callable[[Tournament], Sequence[Player]],
        *,
        source: str | None = None,
        actor: str | None = None,
    ) -> Outcome:
        """Add the players ``make`` builds from the current state, all in one event; the
        outcome notes players who look like one already registered, and what the discipline
        registry says of them (a valid warning; a quarantine in a tournament not rated).

        :raises StateError: after round 1 when the pairing system takes no late entries, and
            for a player (by DSU member number) in quarantine during a rated tournament.
        """
        command = rules.RegisterPlayers(make, source, self._db.discipline.if_kept())
        return self.execute(ident, command, actor=actor)

    def add_players(
        self,
        ident: str | int | None,
        make: Callable[[Tournament], Sequence[Player]],
        *,
        source: str | None = None,
        actor: str | None = None,
    ) -> tuple[Player, ...]:
        """The players :meth:`register_players` added."""
        return added(self.register_players(ident, make, source=source, actor=actor))

    def register_from_registry(
        self,
        ident: str | int | None,
        members: Sequence[int],
        *,
        actor: str | None = None,
    ) -> Outcome:
        """Register DSU members by their member numbers, their details read from the
        database's rating registry (:func:`players_from_registry`), all in one event, with
        the checks of :meth:`register_players` (§19's quarantine).

        :raises NotFoundError: for a number not in the registry.
        :raises StateError: for a member registered already, naming him.
        """
        from skak.views import registry_match

        registry = self._db.registry.get()
        found = [registry_match(registry, n) for n in dict.fromkeys(members)]
        return self.register_players(ident, players_from_registry(found), actor=actor)

    def add_player(
        self,
        ident: str | int | None,
        name: str,
        *,
        start_number: int | None = None,
        actor: str | None = None,
        **fields: Any,
    ) -> Player:
        """Add one player; without ``start_number`` the next free number is used.

        Once round 1 is paired the player is a late entry from the next round.
        """
        make = one_player(name, start_number, **fields)
        return self.add_players(ident, make, actor=actor)[0]

    def import_players_csv(
        self, ident: str | int | None, path: str | Path, *, actor: str | None = None
    ) -> tuple[Player, ...]:
        """Import a CSV player list, all or nothing (see :mod:`skak.io.players_csv`)."""
        make, source = players_from_csv(path)
        return self.add_players(ident, make, source=source, actor=actor)

    def edit_player(
        self,
        ident: str | int | None,
        start_number: int,
        /,
        *,
        rating_changes: Mapping[str, int | None] | None = None,
        add_absent: frozenset[int] = frozenset(),
        seen: Mapping[str, Any] | None = None,
        actor: str | None = None,
        **changes: Any,
    ) -> Player:
        """Change a player's details: fields by name, single ratings by rating field
        (``rating_changes={"dsu": 1910}``, ``None`` to clear one), rounds added to his
        announced absences. The start number stays. ``seen``: the values the caller showed
        in the fields it changes, by field (``club``) or rating (``ratings.dsu``); a field
        changed since is refused (:class:`ConflictError`), not overwritten."""
        command = rules.EditPlayer(
            start_number, changes, rating_changes or {}, add_absent, seen or {}
        )
        return self.execute(ident, command, actor=actor).after.player(start_number)

    def announce_absence(
        self,
        ident: str | int | None,
        start_number: int,
        rounds: frozenset[int],
        *,
        half: bool = False,
        cancel: bool = False,
        actor: str | None = None,
    ) -> Player:
        """The player will miss ``rounds`` (0 points, ½ with ``half``); ``cancel`` takes it back."""
        command = rules.AnnounceAbsence(start_number, rounds, half, cancel)
        return self.execute(ident, command, actor=actor).after.player(start_number)

    def withdraw(
        self,
        ident: str | int | None,
        start_number: int,
        *,
        from_round: int | None = None,
        actor: str | None = None,
    ) -> Player:
        """The player withdraws (udgår) from ``from_round`` (default: the next round) on."""
        done = self.execute(ident, rules.Withdraw(start_number, from_round), actor=actor)
        return done.after.player(start_number)

    def forbid_pairing(
        self,
        ident: str | int | None,
        players: Sequence[int | str],
        *,
        rounds: tuple[int, int | None] = (1, None),
        remove: bool = False,
        actor: str | None = None,
    ) -> Outcome:
        """Two players (by start number or name) are not to be paired with each other in
        ``rounds`` (first, last; ``None``: to the end); ``remove`` lifts the ban. The Swiss
        systems keep it as if they had met (:mod:`skak.records.tournament.hall`).

        :raises StateError: in a round robin or a knock-out, whose pairings are fixed.
        """
        command = rules.ForbidPairing(tuple(players), rounds[0], rounds[1], remove)
        return self.execute(ident, command, actor=actor)

    def forbid_groups(
        self,
        ident: str | int | None,
        by: str,
        *,
        rounds: tuple[int, int | None] = (1, None),
        remove: bool = False,
        actor: str | None = None,
    ) -> Outcome:
        """Players of one club (``by="club"``) or one federation (``"federation"``) are not
        paired with each other in ``rounds``; ``remove`` lifts the rule.

        :raises InputError: for another ``by``.
        """
        if by not in ("club", "federation"):
            raise InputError(N_("players are kept apart by club or federation, not {by}", by=by))
        key: Literal["club", "federation"] = "club" if by == "club" else "federation"
        command = rules.ForbidGroups(key, rounds[0], rounds[1], remove)
        return self.execute(ident, command, actor=actor)

    def check_in(
        self,
        ident: str | int | None,
        players: Sequence[int | str],
        *,
        out: bool = False,
        actor: str | None = None,
    ) -> Outcome:
        """Players (by start number or name) check in for the next round; ``out`` takes
        their check-in back."""
        return self.execute(ident, rules.CheckIn(tuple(players), out), actor=actor)

    def close_check_in(
        self, ident: str | int | None = None, *, actor: str | None = None
    ) -> Outcome:
        """Close the next round's check-in: every player to be paired who is not checked in
        is absent from the round (0 points, as an announced absence); ``skak undo`` takes it
        back."""
        return self.execute(ident, rules.CloseCheckIn(), actor=actor)

    def pair(
        self,
        ident: str | int | None = None,
        *,
        allow_unfinished: bool = False,
        actor: str | None = None,
        at_version: int | None = None,
        progress: Progress | None = None,
    ) -> Outcome:
        """Pair the next round; the outcome holds the tournament with the new round.
        ``at_version`` confirms a :meth:`preview_pair`: the round is paired only while the
        tournament is still at the version previewed (so it is the round shown).
        ``progress`` is told how far the pairing has come (the Dutch system: ``(brackets
        paired, brackets)``), before anything is written.

        :raises ConflictError: when the tournament changed since ``at_version``.
        """
        command = rules.PairNextRound(allow_unfinished, progress)
        return self.execute(ident, command, actor=actor, at_version=at_version)

    def edit_round(
        self,
        ident: str | int | None,
        round_number: int,
        change: str,
        numbers: Sequence[int] = (),
        *,
        side: str = "black",
        pairs: str | None = None,
        confirm: bool = False,
        reason: str = "",
        seen: str | None = None,
        actor: str | None = None,
    ) -> Outcome:
        """Edit round ``round_number`` before its results (:mod:`skak.records.tournament.editing`),
        as one event that ``skak undo`` takes back. ``change`` and its ``numbers``:
        ``swap-colours BOARD``, ``exchange BOARD BOARD`` (the ``side`` players, black unless
        ``"white"``), ``pair WHITE BLACK``, ``bye PLAYER``, ``no-bye``, or ``file`` with
        ``pairs``, the whole round as text: a line ``white,black`` per board by start number,
        ``N,bye`` for the bye.

        ``seen``: the boards as a page showed them (``white-black`` per board, 0 for the bye,
        comma-separated, as :attr:`skak.views.RoundView` lists them).

        :raises PairingBreachError: when the edit breaks an absolute criterion of the pairing
            system and ``confirm`` (with a ``reason``) is not given; nothing is written.
        :raises ConflictError: when the round's boards are not those ``seen``.
        :raises StateError: for a round with a result, or not the last round paired.
        """
        edit = read_edit(change, numbers, side, pairs)
        command = rules.EditRound(round_number, (edit,), confirm, reason, seen)
        return self.execute(ident, command, actor=actor)

    def preview_pair(
        self, ident: str | int | None = None, *, allow_unfinished: bool = False
    ) -> PairPreview:
        """The next round as :meth:`pair` would pair it now; nothing is written.
        Pairing is a pure function of the tournament, so confirming at the preview's
        version appends exactly this round.

        :raises StateError: as :meth:`pair`, e.g. while results are missing.
        :raises NoValidPairingError: when the system finds no legal pairing.
        """
        kind = self._kind()
        loaded = self.read(ident)
        command = rules.PairNextRound(allow_unfinished)
        new = rules.decide(loaded, command, kind.ctx)
        after = loaded.state
        for event in new:
            after = evolve(after, event, kind.ctx)
        notes = arbiter_notes(loaded.state, command, new, kind.ctx.today)
        return PairPreview(loaded.stream, loaded.version, after, after.rounds[-1], notes)

    def enter_result(
        self,
        ident: str | int | None,
        round_number: int,
        board: int,
        result: Result | str,
        playoff: Sequence[Result | str] | str = (),
        *,
        seen: Result | object | None = UNREAD,
        seen_playoff: tuple[Result, ...] | object = UNREAD,
        actor: str | None = None,
    ) -> Outcome:
        """Enter or correct one board's result, as a :class:`Result` or as typed (every
        spelling :meth:`Result.parse` reads, the short keys ``1 0 ½ = + -`` included).
        ``playoff`` is a drawn game's play-off under Gladiator scoring (DSU 4.9.8), its
        games in order (or typed, comma-separated). ``seen``: the result the caller saw on
        the board (``None`` for none), ``seen_playoff`` its play-off; a board changed since
        is a conflict, not overwritten.

        :raises InputError: when a result is no result skak knows.
        """
        command = rules.EnterResult(
            round_number,
            board,
            read_result(result),
            read_playoff(playoff),
            seen,  # type: ignore[arg-type]
            seen_playoff,  # type: ignore[arg-type]
        )
        return self.execute(ident, command, actor=actor)

    def enter_results(
        self,
        ident: str | int | None,
        round_number: int,
        entries: Sequence[tuple[int, Result | str, Sequence[Result | str] | str]],
        *,
        in_board_order: bool = False,
        actor: str | None = None,
    ) -> Outcome:
        """Several boards of one round at once, ``(board, result, play-off)`` each: all in
        one transaction, each board checked as :meth:`enter_result` checks it. With
        ``in_board_order`` the numbers count the round's games (the bye left out). Results
        may be typed, as for :meth:`enter_result`. Fewer boards than the round's games may
        be given: the others keep what they have, and a note names those still without a
        result.

        :raises InputError: naming the board (and the word) of every result that cannot be
            read; nothing is entered.
        """
        read: list[rules.EnterResult] = []
        unreadable: list[tuple[int, InputError]] = []
        for b, r, p in entries:
            try:
                read.append(rules.EnterResult(round_number, b, read_result(r), read_playoff(p)))
            except InputError as error:
                unreadable.append((b, error))
        if unreadable:
            boards = (
                self._boards_in_order(ident, round_number, len(entries)) if in_board_order else None
            )
            raise _unreadable_results(round_number, unreadable, boards)
        command = rules.EnterResults(round_number, tuple(read), in_board_order)
        return self.execute(ident, command, actor=actor)

    def set_arbiters(
        self, ident: str | int | None, names: Sequence[str], *, actor: str | None = None
    ) -> Outcome:
        """The tournament's arbiters, the chief arbiter first (the whole list; §6's report
        names them)."""
        return self.execute(ident, rules.SetArbiters(tuple(names)), actor=actor)

    def change_settings(
        self,
        ident: str | int | None,
        *,
        fide_mode: bool | None = None,
        tiebreaks: Sequence[str] | None = None,
        settings: Sequence[str] = (),
        unset: Sequence[str] = (),
        reason: str = "",
        actor: str | None = None,
    ) -> Outcome:
        """Change the tournament's settings (``skak settings``): enter or leave FIDE mode,
        the whole tie-break list (codes as typed), pairing-system settings as ``KEY=VALUE``
        (``fide-mode=yes``/``no`` enters or leaves FIDE mode), settings taken away by key;
        ``reason`` goes into the history and the TRF export's ``###`` line.

        :raises InputError: naming the setting or code that is wrong, or the choice FIDE
            mode does not allow.
        """
        from skak.io.options import parse_setting
        from skak.records.tournament.settings import ChangeSettings

        changes: dict[str, Any] = {}
        for text in settings:
            key, value = parse_setting(text)
            if key == "fide-mode":
                if not isinstance(value, bool):
                    raise InputError(N_("fide-mode is yes or no, not {value}", value=value))
                fide_mode = value
            else:
                changes[key] = value
        for key in unset:
            changes[key.strip()] = None
        codes = None if tiebreaks is None else _codes(tiebreaks)
        command = ChangeSettings(fide_mode, codes, changes, reason)
        return self.execute(ident, command, actor=actor)

    def changes(self, ident: str | int | None = None) -> tuple[ChangeNote, ...]:
        """The changes the TRF export records as ``###`` lines, oldest first: those of the
        file the tournament was imported from, then those made since
        (:mod:`skak.records.tournament.changes`)."""
        from skak.records.tournament.changes import change_notes

        loaded = self.read(ident, full=True)
        return change_notes(loaded.events)

    def for_trf(self, ident: str | int | None = None) -> Tournament:
        """The tournament as its TRF export writes it: with every change recorded
        (:meth:`changes`) for the file's ``###`` lines."""
        from skak.records.tournament.changes import recorded_changes

        loaded = self.read(ident, full=True)
        return recorded_changes(loaded.state, loaded.events)

    def remove_player(
        self,
        ident: str | int | None,
        start_number: int,
        *,
        reason: str = "",
        actor: str | None = None,
    ) -> Outcome:
        """Take a player registered by mistake off the list before round 1: the players after
        him close up their start numbers, and the event is in the history (undo brings him
        back). After round 1 a player withdraws instead (:meth:`withdraw`).

        :raises StateError: once round 1 is paired.
        """
        return self.execute(ident, rules.RemovePlayer(start_number, reason), actor=actor)

    def _boards_in_order(self, ident: str | int | None, round_number: int, given: int) -> list[int]:
        """The boards ``given`` results in board order stand for (the bye left out).

        :raises NotFoundError: for a round that is not there; :raises InputError: when
            more results are given than the round has games.
        """
        count = [rules.EnterResult(round_number, i, Result.DRAW) for i in range(1, given + 1)]
        return [e.board for e in rules.by_board_order(self.get(ident), round_number, count)]

    def renumber_players(
        self, ident: str | int | None = None, *, by: str = "dsu", actor: str | None = None
    ) -> Outcome:
        """Number the players by the initial ranking (C.04.2) before round 1."""
        if by not in ("dsu", "fide"):
            raise InputError(f"rank by 'dsu' or 'fide' ratings, not {by!r}")
        command = rules.RenumberPlayers("fide" if by == "fide" else "dsu")
        return self.execute(ident, command, actor=actor)

    # -- the list, and deleting a tournament ---------------------------------------------

    def rows(self) -> list[StreamRow]:
        """Every tournament not deleted, oldest first (``skak tournaments``, the web's
        lists; a name or id resolves among these)."""
        gone = self._deleted_ids()
        return [r for r in super().rows() if r.id not in gone]

    def all_rows(self) -> list[StreamRow]:
        """Every tournament, the deleted ones too (``skak check``, a backup)."""
        return super().rows()

    def read_any(self, ident: str | int | None, *, full: bool = False) -> Loaded[Tournament, Event]:
        """As :meth:`read`, a deleted tournament too (``skak check`` reads every one)."""
        return self.store.load(
            self._kind(), super().resolve(ident, among=self.all_rows()), full=full
        )

    def deleted_rows(self) -> list[StreamRow]:
        """The deleted tournaments (``skak undelete`` brings one back)."""
        gone = self._deleted_ids()
        return [r for r in super().rows() if r.id in gone]

    def _deleted(self, stream: int | None = None) -> dict[int, int]:
        """The deletion in force of each deleted tournament (of ``stream`` only, when
        given): its event's version, by tournament id. One query: the deletions and the
        undo markers, no replay."""
        found = self.store.events_of_types(
            self._kind().name, (TournamentDeleted.kind, EventUndone.kind), stream=stream
        )
        undone = {(sid, p.get("seq")) for sid, _, kind, p in found if kind == EventUndone.kind}
        out: dict[int, int] = {}
        for sid, version, kind, _ in found:
            if kind == TournamentDeleted.kind and (sid, version) not in undone:
                out[sid] = version
        return out

    def _deleted_ids(self) -> frozenset[int]:
        """The deleted tournaments' ids: one query of the summaries kept beside the streams
        (the events only where a read-only database keeps none of some tournaments)."""
        kind = self._kind()
        if self.store.summarised(kind):
            return self.store.unlisted(kind.name)
        return frozenset(self._deleted())

    #: The most tournaments one page of the list shows.
    MAX_LIMIT = 500

    def listing(
        self,
        *,
        search: str = "",
        organiser: str | None = None,
        start: date | None = None,
        end: date | None = None,
        kind: str | None = None,
        status: str | None = None,
        page: int = 1,
        limit: int = 50,
    ) -> TournamentListView:
        """The list of tournaments as a federation keeps it: newest first (by the first day,
        else the day it was created), ``limit`` a page, page ``page``; ``search``: words of
        the name, place or organiser, every one in any order, case, accents and æ/ø/å
        spellings aside; ``organiser``: one organiser's own (a club's list); ``start``,
        ``end``: held on a day between them; ``kind`` (``standard``, ``rapid``, ``blitz``)
        and ``status`` (``planned``, ``running``, ``finished``, ``rated``: finished and
        counting for rating). A deleted tournament is not listed. Read from the summaries
        kept beside the streams (:class:`skak.store.Summary`), never the events.

        :raises InputError: for a page or limit below 1 (or a limit above
            :attr:`MAX_LIMIT`), an unknown kind or status, or ``end`` before ``start``.
        """
        from skak.model.player import fold_name
        from skak.model.tournament import RatedKind
        from skak.store import SummaryQuery, SummaryRow, select_summaries
        from skak.views import TOURNAMENT_STATUSES, TournamentFilters, tournament_list_view

        if page < 1:
            raise InputError(N_("the page must be 1 or more, not {page}", page=page))
        if not 1 <= limit <= self.MAX_LIMIT:
            raise InputError(
                N_(
                    "the tournaments a page shows must be 1–{most}, not {limit}",
                    most=self.MAX_LIMIT,
                    limit=limit,
                )
            )
        kinds = [k.value for k in RatedKind]
        if kind is not None and kind not in kinds:
            raise InputError(
                N_("unknown kind {kind}; known: {known}", kind=repr(kind), known=", ".join(kinds))
            )
        if status is not None and status not in TOURNAMENT_STATUSES:
            raise InputError(
                N_(
                    "unknown status {status}; known: {known}",
                    status=repr(status),
                    known=", ".join(TOURNAMENT_STATUSES),
                )
            )
        if start is not None and end is not None and end < start:
            raise InputError(
                N_(
                    "the days end ({end}) before they start ({start})",
                    end=str(end),
                    start=str(start),
                )
            )
        organiser = organiser.strip() or None if organiser else None
        query = SummaryQuery(
            words=tuple(fold_name(w) for w in search.split()),
            organiser=fold_name(organiser) if organiser else None,
            first=start.isoformat() if start else None,
            last=end.isoformat() if end else None,
            category=kind,
            status=status,
            limit=limit,
            offset=(page - 1) * limit,
        )
        record = self._kind()
        if self.store.summarised(record):
            found = self.store.summaries(record.name, query)
        else:  # a read-only database that keeps no summary of some: made from the records
            made = []
            for row in self.all_rows():
                try:
                    state = self.store.load(record, row).state
                except StateError:
                    continue
                made.append(SummaryRow(row.id, row.created_at, 0, record.summary(state)))
            found = select_summaries(made, query)
        filters = TournamentFilters(search.strip(), organiser, start, end, kind, status)
        return tournament_list_view(found.rows, found.total, page, limit, filters)

    def list_stamp(self) -> int:
        """A stamp of the list (one small query): it grows whenever a tournament is created
        or changed in what the list shows (a result entered changes nothing there, the last
        one makes it finished), so a page of the list built at one stamp holds until it
        grows."""
        return self.store.summary_stamp(self._kind().name)[1]

    def resolve(
        self, ident: str | int | None = None, *, among: Sequence[StreamRow] | None = None
    ) -> StreamRow:
        """As :meth:`Records.resolve`; a deleted tournament named is refused saying so (and
        how to bring it back)."""
        try:
            return super().resolve(ident, among=among)
        except NotFoundError:
            if ident is None or among is not None:
                raise
            gone = self.deleted_rows()
            try:
                row = super().resolve(ident, among=gone) if gone else None
            except (NotFoundError, AmbiguousTournamentError):
                row = None
            if row is None:
                raise
            raise _deleted_error(row) from None

    def version(self, ident: str | int | None = None) -> int:
        """As :meth:`Records.version`; a deleted tournament has none to show.

        :raises NotFoundError: when there is no such tournament, or it is deleted.
        """
        version = super().version(ident)  # an id no database holds is refused first
        if not isinstance(ident, int):
            return version
        # Whether a tournament is deleted changes only with an event, a new version: at a
        # version found not deleted it stays so, and the next ask is one query, not two
        # (a hall of phones on the standings asks at every read).
        live = self.__dict__.setdefault("_live_at", {})
        if live.get(ident) == version:
            return version
        if self._is_deleted(ident):
            raise _deleted_error(self.store.stream(self._kind().name, ident))
        if len(live) >= self._LIVE_KEPT:
            live.clear()
        live[ident] = version
        return version

    def _is_deleted(self, ident: int) -> bool:
        """Whether tournament ``ident`` is deleted: its summary says (one row by its key),
        else its deletion and undo events."""
        kept = self.store.summary(self._kind().name, ident)
        if kept is not None:
            return not kept.summary.listed
        return bool(self._deleted(ident))

    def delete(
        self, ident: str | int | None, *, reason: str = "", actor: str | None = None
    ) -> Outcome:
        """Delete the tournament: an event (:class:`TournamentDeleted`), so its events stay
        (a backup keeps them, ``skak check`` checks them) while it leaves the lists and its
        pages; :meth:`undelete` brings it back. Only its arbiter or an admin may."""
        return self.execute(ident, rules.DeleteTournament(reason), actor=actor)

    def undelete(
        self, ident: str | int | None = None, *, actor: str | None = None
    ) -> tuple[Recorded[Event], Tournament]:
        """Bring a deleted tournament back, as it was: its deletion is undone (the undo
        marker is in its history).

        :raises NotFoundError: when no deleted tournament has that name or id.
        """
        gone = self.deleted_rows()
        if not gone:
            raise NotFoundError(N_("no tournament is deleted"))
        row = super().resolve(ident, among=gone)
        return self._undo_row(row, self._deleted(row.id)[row.id], actor)

    # -- prizes ------------------------------------------------------------------------------

    def set_prizes(
        self,
        ident: str | int | None,
        *,
        place: str = "",
        categories: Sequence[str] = (),
        order: str = "",
        sharing: str = "§24",
        actor: str | None = None,
    ) -> Outcome:
        """Declare the tournament's prizes as typed (:func:`skak.model.prizes.read_prizes`:
        ``place="1000,600,400"``, ``categories=["U16:300", "rating<1600:200"]``,
        ``order="place,U16"``, ``sharing`` ``§24``/``points``/``place``/``hort``),
        replacing those before; nothing given takes them away.

        :raises InputError: naming what cannot be read.
        """
        from skak.model.prizes import read_prizes

        prizes = read_prizes(place, categories, order, sharing)
        return self.execute(ident, rules.SetPrizes(prizes), actor=actor)

    def prizes(self, ident: str | int | None = None) -> PrizeListView:
        """The prize list: the prizes declared and their winners in the final standings
        (:func:`skak.views.prize_list_view`)."""
        from skak.views import prize_list_view

        return prize_list_view(self.get(ident), day=self.context().today)

    # -- history and undo -----------------------------------------------------------------

    def history(self, ident: str | int | None = None) -> list[HistoryLine]:
        """Every event, oldest first, described against the state it met."""
        loaded = self.read(ident, full=True)
        self.store.stats.replays += 1  # the history replays the log once, line by line
        return history(loaded.events)

    def undo(
        self, ident: str | int | None = None, *, seq: int | None = None, actor: str | None = None
    ) -> tuple[Recorded[Event], Tournament]:
        """Take back the last change, or the event ``seq``, by appending an undo marker.

        :returns: the event taken back, and the tournament without it.
        :raises UndoRefusedError: when a later event depends on the one to undo (e.g. results
            entered in a round whose pairing would be undone), or it is the creation.
        """
        return self._undo_row(self.resolve(ident), seq, actor)

    def _undo_row(
        self, row: StreamRow, seq: int | None, actor: str | None
    ) -> tuple[Recorded[Event], Tournament]:
        kind = self._kind()
        pinned: list[rules.Command] = []

        who = self._db._who(actor)

        def decide(loaded: Loaded[Tournament, Event]) -> list[Event]:
            self._db._authorize(who, self._access(row, None, None))
            if not pinned:  # "the last change" is the one the first reading found
                pinned.append(pin(loaded, rules.Undo(seq)))
            return rules.decide(loaded, pinned[0], kind.ctx)

        before, after, new = self.store.execute(kind, row, decide, who, full=True)
        marker = new[0]
        assert isinstance(marker, EventUndone)
        return next(r for r in before.events if r.version == marker.seq), after.state

    # -- the read side --------------------------------------------------------------------

    def standings(self, ident: str | int | None = None, **options: Any) -> StandingsView:
        """The standings every face shows (:func:`skak.views.standings_view`)."""
        from skak.views import standings_view

        return standings_view(self.get(ident), **options)

    def export(self, ident: str | int | None = None) -> TournamentExport:
        """The whole tournament (as the storage codec writes it, every field) and its
        standings: ``skak export json``."""
        from skak.views import standings_view, tournament_export

        loaded = self.read(ident)
        t = loaded.state
        return tournament_export(loaded.stream.id, dump_tournament(t), standings_view(t))

    # -- games (PGN) ---------------------------------------------------------------------

    def attach_game(
        self,
        ident: str | int | None,
        round_number: int,
        board: int,
        text: str,
        *,
        source: str = "game.pgn",
        replace: bool = False,
        actor: str | None = None,
    ) -> Outcome:
        """Attach the one game of a PGN text to a board; its players and result must be the
        board's, every move legal (refused naming the game and the move otherwise)."""
        from skak.records.tournament.games import AttachGames

        command = AttachGames(round_number, text, source, board, replace)
        return self.execute(ident, command, actor=actor)

    def import_games(
        self,
        ident: str | int | None,
        round_number: int,
        text: str,
        *,
        source: str = "round.pgn",
        replace: bool = False,
        actor: str | None = None,
    ) -> Outcome:
        """Attach every game of a round's PGN to its board, found by the players' names (or
        FIDE ids): all or nothing, every problem named."""
        from skak.records.tournament.games import AttachGames

        command = AttachGames(round_number, text, source, None, replace)
        return self.execute(ident, command, actor=actor)

    def remove_game(
        self, ident: str | int | None, round_number: int, board: int, *, actor: str | None = None
    ) -> Outcome:
        from skak.records.tournament.games import RemoveGame

        return self.execute(ident, RemoveGame(round_number, board), actor=actor)

    def games_pgn(
        self,
        ident: str | int | None = None,
        *,
        round_number: int | None = None,
        danish: bool = False,
    ) -> str:
        """The tournament's games (or one round's) as one PGN file."""
        from skak.games.pgn import export_pgn  # python-chess only for games

        t = self.get(ident)
        games = [g for g in t.games if round_number is None or g.round == round_number]
        if not games:
            what = f"round {round_number}" if round_number is not None else t.name
            raise InputError(f"{what} has no games attached (skak game add / skak game import)")
        return export_pgn(t, games, danish=danish)


_EDIT_ARITY = {"swap-colours": 1, "exchange": 2, "pair": 2, "bye": 1, "no-bye": 0, "file": 0}


def read_edit(change: str, numbers: Sequence[int], side: str, pairs: str | None) -> rules.Edit:
    """One edit of a round from a face's words (:meth:`Tournaments.edit_round`).

    :raises InputError: for an unknown change or the wrong count of numbers.
    """
    wanted = _EDIT_ARITY.get(change)
    if wanted is None:
        raise InputError(
            N_(
                "no such change: {change} (swap-colours, exchange, pair, bye, no-bye)",
                change=change,
            )
        )
    if len(numbers) != wanted:
        raise InputError(
            N_plural(
                "{change} takes {n} number",
                "{change} takes {n} numbers",
                wanted,
                change=change,
            )
        )
    match change:
        case "swap-colours":
            return rules.SwapColours(numbers[0])
        case "exchange":
            if side not in ("white", "black"):
                raise InputError(
                    N_("exchange the white or the black players, not {side}", side=side)
                )
            return rules.Exchange(numbers[0], numbers[1], "white" if side == "white" else "black")
        case "pair":
            return rules.PairPlayers(numbers[0], numbers[1])
        case "bye":
            return rules.GiveBye(numbers[0])
        case "no-bye":
            return rules.TakeBye()
    return rules.WholeRound(read_pairs(pairs or ""))


def read_pairs(text: str) -> tuple[tuple[int, int | None], ...]:
    """A round's pairs from text: ``white,black`` per line by start number, ``N,bye`` (or
    ``N,0``) for the bye; blank lines and lines starting with ``#`` are skipped.

    :raises InputError: naming the first line that is no pair.
    """
    out: list[tuple[int, int | None]] = []
    for i, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = [p.strip() for p in line.replace(";", ",").replace("\t", ",").split(",")]
        try:
            if len(parts) != 2:
                raise ValueError(line)
            white = int(parts[0])
            black = None if parts[1].casefold() in ("bye", "0", "oversidder") else int(parts[1])
        except ValueError:
            raise InputError(
                N_(
                    'line {line}: "{text}" is no pair (white,black by start number, or N,bye)',
                    line=i,
                    text=line,
                )
            ) from None
        out.append((white, black))
    return tuple(out)


def _codes(given: Sequence[str]) -> tuple[str, ...]:
    """Tie-break codes as typed, one or several to an item (``BH/C1,BH SB``)."""
    out: list[str] = []
    for item in given:
        out += [c for c in item.replace(";", ",").replace(",", " ").split() if c]
    return tuple(out)


def read_result(result: Result | str) -> Result:
    """A result given as a :class:`Result` or as typed (:meth:`Result.parse`: every face
    reads a typed result with this one parser)."""
    return result if isinstance(result, Result) else Result.parse(result)


def _unreadable_results(
    round_number: int, unreadable: Sequence[tuple[int, InputError]], boards: Sequence[int] | None
) -> InputError:
    """The refusal of a round's results some of which cannot be read, each named by its
    board (``boards``: the board of each position, for results given in board order)."""

    def board(given: int) -> int:
        return boards[given - 1] if boards is not None else given

    if len(unreadable) == 1:
        given, error = unreadable[0]
        where = N_("round {round} board {board}", round=round_number, board=board(given))
        return InputError(error.message, location=where)
    return InputError(
        N_plural(
            "{n} result cannot be read; nothing was entered",
            "{n} results cannot be read; nothing was entered",
            len(unreadable),
        ),
        location=N_("round {round}", round=round_number),
        problems=[
            N_("board {board}: {message}", board=board(given), message=error.message)
            for given, error in unreadable
        ],
    )


def read_playoff(playoff: Sequence[Result | str] | str) -> tuple[Result, ...]:
    """A Gladiator play-off's games, given as results or typed (``"½-½,1-0"``)."""
    games = playoff.split(",") if isinstance(playoff, str) else playoff
    return tuple(read_result(g) for g in games if not isinstance(g, str) or g.strip())


def _context(kind: RecordKind[Tournament, Event]) -> Context:
    assert isinstance(kind, TournamentKind)
    return kind.ctx


def added(outcome: Outcome) -> tuple[Player, ...]:
    """The players a registration added, as the tournament now holds them."""
    numbers = {p.start_number for e in outcome.events for p in getattr(e, "players", ())}
    return tuple(p for p in outcome.after.players if p.start_number in numbers)


def read_pgn_file(path: str | Path) -> tuple[str, str]:
    """A PGN file's text (UTF-8, else Windows-1252, as DGT software writes it) and its name.

    :raises InputError: when the file cannot be read.
    """
    from skak.io.files import read_text

    text, _ = read_text(path)
    return text, Path(path).name


def _deleted_error(row: StreamRow) -> NotFoundError:
    return NotFoundError(
        N_(
            "tournament {name} (#{id}) is deleted; 'skak undelete {id}' brings it back",
            name=row.name,
            id=row.id,
        )
    )
