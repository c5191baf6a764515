"""The individual tournament's commands and the rules that decide them.

``decide(log, command, context) -> events`` holds every rule a command must pass (late
entries, the withdrawal range, missing results before pairing, the pairing itself, undo's
dependency check); ``evolve(state, event, context)`` builds the state and re-checks the rules
that depend on the pairing system, so a replay after an undo checks them exactly as the
command did. Both are pure: the store (:mod:`skak.store`) reads and appends, the API
(:mod:`skak.api`) connects the two.

A pairing is computed here, from the state that was read, before anything is written: the
store appends its events only if no other writer came first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from skak.eligibility.discipline import DisciplineRegistry, playing_days, registration_check
from skak.errors import (
    ConflictError,
    InputError,
    NotFoundError,
    StateError,
    UndoRefusedError,
)
from skak.messages import N_, Phrases
from skak.model.player import Player, clean_text
from skak.model.progress import Progress
from skak.model.results import Result
from skak.model.stream import Recorded
from skak.model.tournament import Tournament
from skak.pairing.engine import check_next_round, pair_next
from skak.pairing.ranking import RankingBy, renumbering
from skak.records.tournament._checks import (
    check_late_entries,
    check_not_over,
    check_results_in,
    check_rounds_exist,
    check_withdrawal,
)
from skak.records.tournament.desk import DeleteTournament, SetPrizes, decide_desk
from skak.records.tournament.editing import (
    Edit,
    EditRound,
    Exchange,
    GiveBye,
    PairPlayers,
    SwapColours,
    TakeBye,
    WholeRound,
    decide_edit,
)
from skak.records.tournament.events import (
    ArbitersSet,
    Event,
    EventUndone,
    PlayerEdited,
    PlayerRemoved,
    PlayersAdded,
    PlayersRenumbered,
    PlayerWithdrawn,
    ResultEntered,
    RoundPaired,
    TournamentCreated,
)
from skak.records.tournament.evolve import (
    Context,
    effective,
    evolve,
    fold,
)
from skak.records.tournament.games import AttachGames, RemoveGame, decide_games
from skak.records.tournament.hall import (
    CheckIn,
    CloseCheckIn,
    ForbidGroups,
    ForbidPairing,
    decide_hall,
)
from skak.records.tournament.settings import ChangeSettings, check_fide_mode, decide_settings

__all__ = [
    "AnnounceAbsence",
    "AttachGames",
    "ChangeSettings",
    "CheckIn",
    "CloseCheckIn",
    "Command",
    "CreateTournament",
    "DeleteTournament",
    "Edit",
    "EditPlayer",
    "EditRound",
    "EnterResult",
    "EnterResults",
    "Exchange",
    "ForbidGroups",
    "ForbidPairing",
    "GiveBye",
    "ImportTournament",
    "Log",
    "PairNextRound",
    "PairPlayers",
    "RegisterPlayers",
    "RemoveGame",
    "RemovePlayer",
    "RenumberPlayers",
    "SetArbiters",
    "SetPrizes",
    "SwapColours",
    "TakeBye",
    "Undo",
    "WholeRound",
    "Withdraw",
    "arbiter_names",
    "decide",
    "needs_log",
]


class Log(Protocol):
    """A tournament as read from its stream: the state, and its events where they were read
    (an undo needs them; other commands do not)."""

    @property
    def state(self) -> Tournament: ...

    @property
    def events(self) -> Sequence[Recorded[Event]]: ...


# -- commands ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CreateTournament:
    tournament: Tournament


@dataclass(frozen=True, slots=True)
class ImportTournament:
    """A whole tournament read from a file, stored as the events that build it."""

    tournament: Tournament
    source: str


@dataclass(frozen=True, slots=True)
class RegisterPlayers:
    """Players built from the current state (``make`` numbers them after those registered)."""

    make: Callable[[Tournament], Sequence[Player]]
    source: str | None = None
    #: The discipline registry to check the players against (§19: a player in quarantine
    #: may not play a rated tournament); ``None``: not checked.
    discipline: DisciplineRegistry | None = None


@dataclass(frozen=True, slots=True)
class EditPlayer:
    """Change a player's details: ``changes`` by field, ``ratings`` by rating field, and
    rounds added to his announced absences. ``seen``: what the caller saw in the fields it
    changes (a form); a field someone changed since is a conflict, not overwritten."""

    start_number: int
    changes: Mapping[str, Any] = field(default_factory=dict)
    ratings: Mapping[str, int | None] = field(default_factory=dict)
    add_absent: frozenset[int] = frozenset()
    #: By field (``club``) or rating field (``ratings.dsu``).
    seen: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class AnnounceAbsence:
    """A player will miss ``rounds`` (meldt afbud): 0 points, or ½ with ``half``; ``cancel``
    takes an announced absence or bye back."""

    start_number: int
    rounds: frozenset[int]
    half: bool = False
    cancel: bool = False


@dataclass(frozen=True, slots=True)
class Withdraw:
    start_number: int
    from_round: int | None = None


@dataclass(frozen=True, slots=True)
class PairNextRound:
    allow_unfinished: bool = False
    #: Told how far the pairing has come (the Dutch system: bracket by bracket); it changes
    #: nothing that is decided.
    progress: Progress | None = field(default=None, compare=False, repr=False)


class Unread:
    """The caller did not say what result it saw on the board."""

    def __repr__(self) -> str:
        return "UNREAD"


UNREAD = Unread()


@dataclass(frozen=True, slots=True)
class EnterResult:
    """Enter or correct one board's result. ``seen`` is the result the caller saw on the
    board (``None``: no result yet), ``seen_playoff`` its play-off (Gladiator, 4.9.8); when
    given and the board has changed since, the entry is refused as a conflict rather than
    overwriting another arbiter's result."""

    round: int
    board: int
    result: Result
    playoff: tuple[Result, ...] = ()
    seen: Result | Unread | None = UNREAD
    seen_playoff: tuple[Result, ...] | Unread = UNREAD


@dataclass(frozen=True, slots=True)
class EnterResults:
    """Several boards of one round at once (``skak results``): one transaction, each board
    checked as :class:`EnterResult` is."""

    round: int
    entries: tuple[EnterResult, ...]
    #: The entries' board numbers count the round's games in board order (1 = the first
    #: board with a game), leaving out the bye: ``skak results 3 1 ½ 0 …``.
    in_board_order: bool = False


@dataclass(frozen=True, slots=True)
class RenumberPlayers:
    """Number the players by the initial ranking (C.04.2) before round 1."""

    by: RankingBy = "dsu"


@dataclass(frozen=True, slots=True)
class RemovePlayer:
    """Take a player registered by mistake off the list before round 1; the players after
    him close up their start numbers."""

    start_number: int
    reason: str = ""
    #: The player as the first reading found him: decided again after another writer
    #: came first, the command removes him or is refused, never another player.
    seen: Player | None = None


@dataclass(frozen=True, slots=True)
class SetArbiters:
    """The tournament's arbiters, the chief arbiter first (the whole list)."""

    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the last change in force, or event ``seq``."""

    seq: int | None = None


Command = (
    CreateTournament
    | ImportTournament
    | RegisterPlayers
    | EditPlayer
    | AnnounceAbsence
    | Withdraw
    | PairNextRound
    | EnterResult
    | EnterResults
    | RenumberPlayers
    | RemovePlayer
    | SetArbiters
    | AttachGames
    | RemoveGame
    | ForbidPairing
    | ForbidGroups
    | CheckIn
    | CloseCheckIn
    | EditRound
    | SetPrizes
    | DeleteTournament
    | ChangeSettings
    | Undo
)


def arbiter_names(given: Sequence[str]) -> tuple[str, ...]:
    """The arbiters' names as typed, each one line of plain text, the first named once.

    :raises InputError: for an empty name or one that is no plain text.
    """
    names = tuple(dict.fromkeys(clean_text(n, "an arbiter's name").strip() for n in given))
    if any(not n for n in names):
        raise InputError(N_("an arbiter's name is not empty"))
    return names


def needs_log(command: Command) -> bool:
    """Whether deciding ``command`` reads the events themselves, not only the state."""
    return isinstance(command, Undo)


# -- decide --------------------------------------------------------------------------------


def decide(log: Log | None, command: Command, ctx: Context) -> list[Event]:
    """The events that carry out ``command`` on the tournament ``log`` holds.

    :raises SkakError: when a rule refuses the command (nothing is to be written).
    """
    if isinstance(command, CreateTournament | ImportTournament):
        if log is not None:
            raise StateError("the tournament exists already")
        return _decide_creation(command, ctx)
    if log is None:
        raise StateError("there is no tournament yet")
    if isinstance(command, Undo):
        return _decide_undo(log.events, command, ctx)
    t = log.state
    system = ctx.system(t)
    match command:
        case RegisterPlayers(make=make, source=source, discipline=discipline):
            players = tuple(make(t))  # bad details are named before the round is checked
            check_not_over(t, system, N_("no round is left for a late entry (sen tilmelding)"))
            check_late_entries(t, system)
            if discipline is not None:
                first, last = playing_days(t.start_date, t.end_date, ctx.today)
                barred, _ = registration_check(
                    discipline, [(p.name, p.dsu_id) for p in players], first, last, rated=t.rated
                )
                if barred:
                    raise StateError(Phrases("; ", barred))
            return [PlayersAdded(players, source)]
        case EditPlayer():
            before = t.player(command.start_number)
            changes = dict(command.changes)
            if "start_number" in changes:
                raise InputError("the start number (startnummer) identifies the player and stays")
            now = {k: getattr(before, k) for k in changes} | {
                f"ratings.{k}": getattr(before.ratings, k) for k in command.ratings
            }
            moved = [k for k, v in now.items() if k in command.seen and command.seen[k] != v]
            if moved:
                raise ConflictError(
                    N_(
                        "player {number} was changed by someone else since it was shown "
                        "({fields}); nothing was saved: look again",
                        number=command.start_number,
                        fields=", ".join(moved),
                    )
                )
            if command.ratings:
                changes["ratings"] = replace(before.ratings, **command.ratings)
            if command.add_absent:
                check_rounds_exist(t, system, command.add_absent)
                changes["absent_rounds"] = before.absent_rounds | command.add_absent
            if not changes:
                raise InputError("nothing to change: give at least one option, e.g. --rating 1910")
            edited = PlayerEdited(before, replace(before, **changes))
            if t.fide_mode and edited.after.full_bye_rounds - before.full_bye_rounds:
                check_fide_mode(evolve(t, edited))  # a full-point bye on request
            return [edited]
        case AnnounceAbsence():
            t.player(command.start_number)  # an unknown player is named before the rounds
            # A cancel may take back any round, to mend what older versions accepted.
            check_rounds_exist(t, system, command.rounds, beyond_planned=not command.cancel)
            return [_decide_absence(t, command)]
        case Withdraw(start_number=n, from_round=first):
            t.player(n)  # an unknown player is named before the round is checked
            if first is None:
                check_not_over(t, system, N_("there is no round left to withdraw from"))
            start = first if first is not None else t.next_round
            check_withdrawal(t, system, start, t.player(n).name)
            return [PlayerWithdrawn(n, start)]
        case PairNextRound(allow_unfinished=allow, progress=progress):
            check_next_round(t, system)
            unfinished = check_results_in(t, allow)
            events: list[Event] = []
            ranking = getattr(system.settings(t), "initial_ranking", "as-entered")
            if not t.rounds and ranking in ("dsu", "fide"):
                numbers = renumbering(t, "fide" if ranking == "fide" else "dsu")
                if numbers:
                    renumbered = PlayersRenumbered(numbers, f"initial ranking by {ranking} rating")
                    events.append(renumbered)
                    t = evolve(t, renumbered)
            return [*events, RoundPaired(pair_next(t, system, progress), unfinished)]
        case EnterResult():
            return _decide_results(t, (command,))
        case EnterResults(round=number, entries=entries):
            if command.in_board_order:
                entries = by_board_order(t, number, entries)
            if any(e.round != number for e in entries):
                raise InputError(f"every board entered for round {number} is of round {number}")
            counts = Counter(e.board for e in entries)
            twice = sorted(b for b, k in counts.items() if k > 1)
            if twice:
                raise InputError(
                    N_(
                        "round {round}: board {boards} is given twice",
                        round=number,
                        boards=", ".join(map(str, twice)),
                    )
                )
            return _decide_results(t, entries)
        case AttachGames() | RemoveGame():
            return decide_games(t, command)
        case SetPrizes() | DeleteTournament():
            return decide_desk(t, command)
        case ForbidPairing() | ForbidGroups() | CheckIn() | CloseCheckIn():
            return decide_hall(t, system, command)
        case EditRound():
            return decide_edit(t, system, command)
        case ChangeSettings():
            return decide_settings(t, system, command)
        case SetArbiters(names=given):
            names = arbiter_names(given)
            return [] if names == t.arbiters else [ArbitersSet(names)]
        case RemovePlayer(start_number=n, reason=why):
            gone = t.player(n)  # an unknown player is named first
            if command.seen is not None and command.seen != gone:
                raise ConflictError(
                    N_(
                        "start number {number} is now {name}, not the player shown; nothing "
                        "was removed: look again",
                        number=n,
                        name=gone.name,
                    )
                )
            if t.rounds:
                raise StateError(
                    N_(
                        "round {round} has been paired: a player is removed before round 1 "
                        "only; withdraw {name} instead ('skak players withdraw {number}')",
                        round=t.current_round,
                        name=gone.name,
                        number=n,
                    )
                )
            rest = [p.start_number for p in t.players if p.start_number != n]
            numbers = tuple((old, new) for new, old in enumerate(rest, start=1))
            return [PlayerRemoved(gone, numbers, why.strip())]
        case RenumberPlayers(by=by):
            if t.rounds:
                raise StateError(
                    f"round {t.current_round} has been paired; start numbers (startnumre) are "
                    "given before round 1 and kept for the whole tournament"
                )
            numbers = renumbering(t, by)
            return (
                [PlayersRenumbered(numbers, f"initial ranking by {by} rating")] if numbers else []
            )
    raise TypeError(command)  # pragma: no cover - the union is closed


def by_board_order(
    t: Tournament, number: int, entries: Sequence[EnterResult]
) -> tuple[EnterResult, ...]:
    games = [p.board for p in t.round(number).pairings if p.black is not None]
    if len(entries) > len(games):
        raise InputError(
            N_(
                "round {round} has {games} games; {given} results were given",
                round=number,
                games=len(games),
                given=len(entries),
            )
        )
    return tuple(replace(e, board=games[e.board - 1]) for e in entries)


def _decide_results(t: Tournament, entries: Sequence[EnterResult]) -> list[Event]:
    """One event per board whose result changes; the same result again changes nothing."""
    out: list[Event] = []
    for e in entries:
        pairing = t.round(e.round).board(e.board)
        previous = pairing.result
        moved = not isinstance(e.seen, Unread) and e.seen is not previous
        if moved or (not isinstance(e.seen_playoff, Unread) and e.seen_playoff != pairing.playoff):
            now = N_("no result") if previous is None else str(previous)
            if pairing.playoff:  # Gladiator (4.9.8): the play-off is part of what changed
                now = f"{now} {' '.join(str(g) for g in pairing.playoff)}"
            raise ConflictError(
                N_(
                    "round {round} board {board} was changed by someone else (it now has "
                    "{now}); look again before entering the result",
                    round=e.round,
                    board=e.board,
                    now=now,
                )
            )
        if previous is e.result and pairing.playoff == e.playoff:
            continue
        out.append(ResultEntered(e.round, e.board, e.result, e.playoff))
    return out


def _decide_creation(command: CreateTournament | ImportTournament, ctx: Context) -> list[Event]:
    t = command.tournament
    system = ctx.system(t)
    system.check_settings(t.settings)
    if isinstance(command, CreateTournament):
        if t.time_control:  # a new tournament's control is read and agrees with its kind
            from skak.games.timerules import settle_kind  # the time rules for a new one only

            settle_kind(t.time_control, t.rated_kind.value, t.start_date or ctx.today)
        if hasattr(system.settings(t), "initial_ranking") and "initial-ranking" not in t.settings:
            # A new tournament is numbered by the initial ranking (C.04.2) when round 1 is
            # paired. The setting is written out, so tournaments stored before it existed,
            # and files imported (whose numbers are their program's ranking), keep theirs.
            # In FIDE mode the ranking is C.04.2's own: by FIDE rating.
            ranking = "fide" if t.fide_mode else "dsu"
            t = replace(t, pairing_settings=(*t.pairing_settings, ("initial-ranking", ranking)))
        check_fide_mode(t)
        return [TournamentCreated(t)]
    check_fide_mode(t)
    events: list[Event] = [
        TournamentCreated(replace(t, players=(), rounds=())),
        PlayersAdded(t.players, command.source),
        *(RoundPaired(r) for r in t.rounds),
    ]
    if fold(events, ctx) != t:  # pragma: no cover - the events rebuild what they were cut from
        raise StateError("the imported tournament could not be rebuilt from its events")
    return events


def _decide_absence(t: Tournament, command: AnnounceAbsence) -> PlayerEdited:
    current = t.player(command.start_number)
    rounds = command.rounds
    paired = sorted(r for r in rounds if r <= t.current_round)
    if paired:
        raise InputError(
            f"round(s) {', '.join(map(str, paired))} are paired already; an absence is announced "
            "before the round is paired (a game not played is a forfeit: skak result R B +-)"
        )
    if command.cancel:
        changes: dict[str, Any] = {
            key: getattr(current, key) - rounds
            for key in ("absent_rounds", "half_bye_rounds", "full_bye_rounds")
        }
    else:
        keep, other = (
            ("half_bye_rounds", "absent_rounds")
            if command.half
            else ("absent_rounds", "half_bye_rounds")
        )
        changes = {
            keep: getattr(current, keep) | rounds,
            other: getattr(current, other) - rounds,
            "full_bye_rounds": current.full_bye_rounds - rounds,
        }
    return PlayerEdited(current, replace(current, **changes))


def _decide_undo(events: Sequence[Recorded[Event]], command: Undo, ctx: Context) -> list[Event]:
    in_force = effective((r.version, r.event) for r in events)
    if command.seq is None:
        target_seq = in_force[-1][0]
    else:
        if not any(s == command.seq for s, _ in in_force):
            if any(r.version == command.seq for r in events):
                raise StateError(f"event {command.seq} is undone already or is an undo itself")
            raise NotFoundError(f"the tournament has no event {command.seq}")
        target_seq = command.seq
    target = next(r.event for r in events if r.version == target_seq)
    if isinstance(target, TournamentCreated):
        raise UndoRefusedError(
            "the tournament's creation cannot be undone"
            + (" (it is the only change left)" if len(in_force) == 1 else "")
        )
    return [EventUndone(target_seq)]
