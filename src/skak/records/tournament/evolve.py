"""The tournament built from its events: :func:`evolve` (the state after one event) and
:func:`fold` (the state a stream of events builds, undo markers and what they undid left
out). Both are pure; the rules a command must pass before its events are written are in
:mod:`skak.records.tournament.commands`."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date

from skak.errors import InputError, NotFoundError, SkakError, StateError, UndoRefusedError
from skak.messages import N_, Phrases
from skak.model.event_words import player_changes
from skak.model.player import Player
from skak.model.results import Result
from skak.model.stream import Recorded
from skak.model.tournament import GameRecord, Round, Tournament
from skak.pairing import PairingSystem, get_system
from skak.records.tournament._checks import (
    check_late_entries,
    check_withdrawal,
    withdrawal_too_late,
)
from skak.records.tournament.desk import apply_desk
from skak.records.tournament.editing import apply_edit
from skak.records.tournament.events import (
    ArbitersSet,
    CheckedIn,
    CheckInClosed,
    Event,
    EventUndone,
    GameRemoved,
    GamesAttached,
    GroupBanDeclared,
    GroupBanLifted,
    PairingAllowed,
    PairingForbidden,
    PlayerEdited,
    PlayerRemoved,
    PlayersAdded,
    PlayersRenumbered,
    PlayerWithdrawn,
    PrizesSet,
    ResultEntered,
    RoundEdited,
    RoundPaired,
    SettingsChanged,
    TournamentCreated,
    TournamentDeleted,
    describe,
)
from skak.records.tournament.settings import apply_settings

__all__ = [
    "Context",
    "ReplayError",
    "check_in_open",
    "check_withdrawn",
    "effective",
    "evolve",
    "fold",
    "undo_refused",
]


@dataclass(frozen=True, slots=True)
class Context:
    """What a decision may depend on besides the record: today's date and the pairing
    systems (by name; the registry of :mod:`skak.pairing` unless a test gives another)."""

    today: date = field(default_factory=date.today)
    systems: Callable[[str], PairingSystem] = get_system

    def system(self, t: Tournament) -> PairingSystem:
        return self.systems(t.pairing_system)


def _apply(state: Tournament | None, event: Event) -> Tournament:
    """The tournament after ``event``, by the model's checks alone.

    :raises SkakError: when the event does not fit the state (the message says why).
    """
    if isinstance(event, TournamentCreated):
        if state is not None:
            raise StateError("the tournament exists already")
        if event.tournament.players or event.tournament.rounds:
            raise StateError("a new tournament starts without players and rounds")
        return event.tournament
    if state is None:
        raise StateError(f"{event.kind}: there is no tournament yet")
    if state.deleted:
        raise StateError(f"{event.kind}: the tournament is deleted")
    match event:
        case PlayersAdded():
            return _add_players(state, event.players)
        case PlayerEdited():
            return _edit_player(state, event.before, event.after)
        case PlayerWithdrawn():
            return _withdraw(state, event.start_number, event.from_round)
        case RoundPaired():
            return _add_round(state, event.round)
        case ResultEntered():
            return _enter_result(state, event.round, event.board, event.result, event.playoff)
        case PlayersRenumbered():
            return _renumber(state, event.numbers)
        case ArbitersSet(names=names):
            return replace(state, arbiters=names)
        case PlayerRemoved(player=gone, numbers=numbers):
            if state.rounds:
                raise StateError(
                    f"round {state.current_round} has been paired; a player is removed before "
                    "round 1 only (later he withdraws)"
                )
            state.player(gone.start_number)  # raises NotFoundError
            kept = tuple(p for p in state.players if p.start_number != gone.start_number)
            bans = tuple(b for b in state.bans if gone.start_number not in b.players)
            mapping = dict(numbers)
            if set(mapping) != {p.start_number for p in kept}:
                raise InputError("a removal closes up the numbers of every other player")
            checked_in = state.checked_in - {gone.start_number}
            kept_state = replace(state, players=kept, bans=bans, checked_in=checked_in)
            return _numbered(kept_state, mapping)
        case GamesAttached():
            return _attach_games(state, event.games, event.replace)
        case GameRemoved(round=r, board=b):
            if state.game(r, b) is None:
                raise NotFoundError(f"round {r} board {b} has no game attached")
            return replace(
                state, games=tuple(g for g in state.games if (g.round, g.board) != (r, b))
            )
        case PairingForbidden(ban=ban):
            for n in sorted(ban.players):
                state.player(n)  # raises NotFoundError
            if ban in state.bans:
                raise StateError("this pairing is forbidden already")
            return replace(state, bans=(*state.bans, ban))
        case PairingAllowed(ban=ban):
            if ban not in state.bans:
                raise StateError("this pairing is not forbidden")
            return replace(state, bans=tuple(b for b in state.bans if b != ban))
        case GroupBanDeclared(rule=rule):
            rules = tuple(r for r in state.group_bans if r.by != rule.by)
            return replace(state, group_bans=(*rules, rule))
        case GroupBanLifted(by=by):
            if not any(r.by == by for r in state.group_bans):
                raise StateError(f"no rule keeps players of one {by} apart")
            return replace(state, group_bans=tuple(r for r in state.group_bans if r.by != by))
        case CheckedIn():
            return _check_in(state, event)
        case CheckInClosed(round=r, absent=absent):
            check_in_open(state, r)
            players = {p.start_number: p for p in state.players}
            for n in absent:
                player = state.player(n)
                if not player.is_available(r) or n in state.checked_in:
                    raise StateError(
                        f"{player.name} ({n}) is checked in or not to be paired in round {r}"
                    )
                players[n] = replace(player, absent_rounds=player.absent_rounds | {r})
            return replace(state, players=tuple(players.values()), checkin_closed=True)
        case RoundEdited():
            return apply_edit(state, event)
        case PrizesSet() | TournamentDeleted():
            return apply_desk(state, event)
        case SettingsChanged():
            return apply_settings(state, event)
        case EventUndone():
            raise StateError("an undo marker is not applied to a tournament")
        case _:  # pragma: no cover - the union is closed
            raise TypeError(event)


def check_in_open(state: Tournament, number: int) -> None:
    """:raises StateError: unless round ``number`` is the next round and its check-in open."""
    if number != state.next_round:
        raise StateError(
            N_(
                "the check-in is for the next round, {next}, not round {round}",
                next=state.next_round,
                round=number,
            )
        )
    if state.checkin_closed:
        raise StateError(
            N_(
                "the check-in for round {round} is closed (undo the closing with 'skak undo', "
                "or take back a player's absence with 'skak players absent N --round {round} "
                "--cancel')",
                round=number,
            )
        )


def _check_in(state: Tournament, event: CheckedIn) -> Tournament:
    check_in_open(state, event.round)
    numbers = set(event.players)
    for n in sorted(numbers):
        state.player(n)  # raises NotFoundError
    if event.out:
        return replace(state, checked_in=state.checked_in - numbers)
    return replace(state, checked_in=state.checked_in | numbers)


def _add_players(state: Tournament, players: Sequence[Player]) -> Tournament:
    taken = {p.start_number: p for p in state.players}
    for p in players:
        if p.start_number in taken:
            # Taken by a registered player: a conflict with the tournament as it stands (5);
            # twice among the new players: bad input (3).
            error = StateError if state.has_player(p.start_number) else InputError
            raise error(
                f"start number (startnummer) {p.start_number} is taken by "
                f"{taken[p.start_number].name}"
            )
        taken[p.start_number] = p
    if state.rounds:
        late = [p for p in players if p.late_from is None or p.late_from <= state.current_round]
        if late:
            raise StateError(
                N_(
                    "round {round} has been paired; a player added now must be a late entry "
                    "(sen tilmelding) from round {next} or later: {names}",
                    round=state.current_round,
                    next=state.next_round,
                    names=", ".join(p.name for p in late),
                )
            )
    ordered = tuple(sorted(taken.values(), key=lambda p: p.start_number))
    return replace(state, players=ordered)


def _edit_player(state: Tournament, before: Player, after: Player) -> Tournament:
    if before.start_number != after.start_number:
        raise InputError("the start number (startnummer) identifies the player and stays")
    current = state.player(after.start_number)  # raises NotFoundError
    if current != before:
        raise StateError(
            f"player {after.start_number} ({current.name}) was changed after this edit was "
            f"made: {player_changes(before, current)}"
        )
    added = (
        (after.absent_rounds - before.absent_rounds)
        | (after.half_bye_rounds - before.half_bye_rounds)
        | (after.full_bye_rounds - before.full_bye_rounds)
    )
    past = sorted(r for r in added if r <= state.current_round)
    if past:
        raise StateError(
            f"round {', '.join(map(str, past))} has been paired already; an absence can be "
            f"announced from round {state.next_round} on"
        )
    return _replace_player(state, after)


def _replace_player(state: Tournament, player: Player) -> Tournament:
    return replace(
        state,
        players=tuple(
            player if p.start_number == player.start_number else p for p in state.players
        ),
    )


def _withdraw(state: Tournament, start_number: int, from_round: int) -> Tournament:
    player = state.player(start_number)
    if from_round < 1:
        raise InputError(f"round {from_round} is not a round number")
    if state.number_of_rounds is not None and from_round > state.number_of_rounds:
        raise InputError(
            f"the tournament has {state.number_of_rounds} rounds; there is no round {from_round}"
        )
    if from_round <= state.current_round:
        raise StateError(
            withdrawal_too_late(
                state.current_round, state.number_of_rounds, from_round, player.name
            )
        )
    if player.withdrawn_from is not None:
        raise StateError(f"{player.name} withdrew already from round {player.withdrawn_from}")
    return _replace_player(state, replace(player, withdrawn_from=from_round))


def _add_round(state: Tournament, rnd: Round) -> Tournament:
    if rnd.number != state.next_round:
        raise StateError(f"round {rnd.number} cannot follow round {state.current_round}")
    if state.number_of_rounds is not None and rnd.number > state.number_of_rounds:
        raise StateError(f"all {state.number_of_rounds} rounds have been paired")
    seen: set[int] = set()
    for i, p in enumerate(rnd.pairings, start=1):
        if p.board != i:
            raise InputError(
                f"round {rnd.number}: boards must be numbered 1, 2, …; found {p.board}"
            )
        for n in p.players:
            _check_once(state, rnd.number, n, seen)
    for b in rnd.byes:
        _check_once(state, rnd.number, b.player, seen)
    return replace(state, rounds=(*state.rounds, rnd), checked_in=frozenset(), checkin_closed=False)


def _check_once(state: Tournament, round_number: int, n: int, seen: set[int]) -> None:
    if not state.has_player(n):
        raise NotFoundError(f"round {round_number} names player {n}, who is not registered")
    if n in seen:
        raise InputError(f"round {round_number} lists player {n} twice")
    seen.add(n)


def _enter_result(
    state: Tournament,
    round_number: int,
    board: int,
    result: Result,
    playoff: tuple[Result, ...] = (),
) -> Tournament:
    rnd = state.round(round_number)
    pairing = rnd.board(board)
    if pairing.is_bye:
        raise InputError(
            N_(
                "board {board} of round {round} is the bye (oversidder) of player {player}; "
                "a bye has no result to enter",
                board=board,
                round=round_number,
                player=pairing.white,
            )
        )
    if not result.is_game:
        raise InputError(N_("{result} is not the result of a game", result=result.label))
    if playoff and not state.scoring.gladiator:
        raise InputError(
            f"round {round_number} board {board}: play-off games are entered only in a "
            "tournament with Gladiator scoring (4.9.8)"
        )
    game = state.game(round_number, board)
    if game is not None and game.result is not result:
        raise StateError(
            N_(
                "round {round} board {board} has a game attached with the result {game}; "
                "remove it first (skak game remove {round} {board}) or attach the corrected game",
                round=round_number,
                board=board,
                game=str(game.result),
            )
        )
    rounds = list(state.rounds)
    changed = rnd.with_result(board, result, playoff)
    late = round_number < state.current_round and pairing.result not in (None, result)
    if late:  # later rounds were paired on the old result
        marked = replace(changed.board(board), corrected_after=state.current_round)
        changed = replace(
            changed, pairings=tuple(marked if p.board == board else p for p in changed.pairings)
        )
    rounds[round_number - 1] = changed
    return replace(state, rounds=tuple(rounds))


def _attach_games(state: Tournament, games: Sequence[GameRecord], again: bool) -> Tournament:
    attached = {(g.round, g.board): g for g in state.games}
    for g in games:
        pairing = state.round(g.round).board(g.board)
        where = f"round {g.round} board {g.board}"
        if pairing.is_bye:
            raise InputError(f"{where} is a bye (oversidder): it has no game")
        if pairing.result is None:
            raise StateError(
                f"{where} has no result yet; enter it first (skak result {g.round} {g.board} …)"
            )
        if pairing.result is not g.result:
            raise InputError(f"{where} has the result {pairing.result}; the game has {g.result}")
        if (g.round, g.board) in attached and not again:
            raise StateError(f"{where} has a game attached already (replace it with --replace)")
        attached[(g.round, g.board)] = g
    return replace(state, games=tuple(attached.values()))


def check_withdrawn(
    state: Tournament, number: int, board: int, white: int, black: int | None, result: Result
) -> None:
    """A player who had withdrawn (udgået) by round ``number`` played no game in it: his
    board can only be a forfeit he lost (or one both lost)."""
    if black is None:
        return
    white_gone = state.player(white).is_withdrawn(number)
    black_gone = state.player(black).is_withdrawn(number)
    if not (white_gone or black_gone):
        return
    allowed = {
        (True, True): {Result.DOUBLE_FORFEIT},
        (True, False): {Result.BLACK_FORFEIT_WIN, Result.DOUBLE_FORFEIT},
        (False, True): {Result.WHITE_FORFEIT_WIN, Result.DOUBLE_FORFEIT},
    }[(white_gone, black_gone)]
    if result in allowed:
        return
    gone = state.player(white if white_gone else black)
    either = N_(" or ")
    raise StateError(
        N_(
            "round {round} board {board}: {name} ({number}) withdrew (udgået) from round "
            "{withdrawn}, so the game was not played; only {allowed} can stand here (undo the "
            "withdrawal first if he did play)",
            round=number,
            board=board,
            name=gone.name,
            number=gone.start_number,
            withdrawn=gone.withdrawn_from,
            allowed=Phrases(either, sorted(str(r) for r in allowed)),
        )
    )


def _renumber(state: Tournament, numbers: tuple[tuple[int, int], ...]) -> Tournament:
    if state.rounds:
        raise StateError(
            f"round {state.current_round} has been paired; start numbers (startnumre) are "
            "given before round 1 and kept for the whole tournament"
        )
    mapping = dict(numbers)
    present = {p.start_number for p in state.players}
    if set(mapping) != present or set(mapping.values()) != present:
        raise InputError(
            "a renumbering must give every registered player one of the numbers they hold"
        )
    return _numbered(state, mapping)


def _numbered(state: Tournament, mapping: dict[int, int]) -> Tournament:
    """The players with their new start numbers (``mapping``), and the bans with them."""
    players = tuple(
        sorted(
            (replace(p, start_number=mapping[p.start_number]) for p in state.players),
            key=lambda p: p.start_number,
        )
    )
    bans = tuple(
        replace(b, players=frozenset(mapping.get(n, n) for n in b.players)) for b in state.bans
    )
    checked_in = frozenset(mapping.get(n, n) for n in state.checked_in)
    return replace(state, players=players, bans=bans, checked_in=checked_in)


def effective(events: Iterable[tuple[int, Event]]) -> list[tuple[int, Event]]:
    """The ``(seq, event)`` pairs still in force: undo markers and what they undid removed."""
    listed = list(events)
    undone = {e.seq for _, e in listed if isinstance(e, EventUndone)}
    return [(s, e) for s, e in listed if s not in undone and not isinstance(e, EventUndone)]


class ReplayError(StateError):
    """An event no longer applies to the state the events before it build."""

    def __init__(self, seq: int, event: Event, cause: SkakError) -> None:
        super().__init__(f"event {seq} ({describe(event)}) no longer applies: {cause}")
        self.seq = seq
        self.event = event
        self.cause = cause


def evolve(
    state: Tournament | None, event: Event, ctx: Context | None = None, *, strict: bool = True
) -> Tournament:
    """The tournament after ``event``.

    Without a context, the model's checks alone (a history line's state before its event,
    a test's hand-made tournament). With one, and ``strict``, also the rules a command
    checks (late entries and the withdrawal range, which need the pairing system; a
    withdrawn player's game), so an event appended now, and every event after an undone
    one, meets the same rules as the command that made it. Loading a stored record is not
    strict: what an earlier skak accepted stays readable. A round stored before system
    records existed gets its record back from the system
    (:meth:`~skak.pairing.PairingSystem.recover_record`).

    :raises SkakError: when the event does not fit the state (the message says why).
    """
    if state is not None and ctx is not None:
        match event:
            case PlayersAdded() if strict:
                check_late_entries(state, ctx.system(state))
            case PlayerWithdrawn(start_number=n, from_round=first) if strict:
                check_withdrawal(state, ctx.system(state), first, state.player(n).name)
            case ResultEntered(round=number, board=board, result=result) if strict:
                pairing = state.round(number).board(board)
                check_withdrawn(state, number, board, pairing.white, pairing.black, result)
            case RoundPaired(round=rnd):
                restored = ctx.system(state).recover_record(state, rnd)
                if restored is not rnd:
                    event = replace(event, round=restored)
            case _:
                pass
    return _apply(state, event)


def fold(
    events: Iterable[Recorded[Event]] | Iterable[Event],
    ctx: Context | None = None,
    *,
    start: Tournament | None = None,
    strict_after: int | None = None,
) -> Tournament | None:
    """The state that the events in force build on ``start`` (undo markers and what they
    undid left out), or ``None`` when they build nothing. Plain events (not read from a
    stream) are numbered from 1. Events after ``strict_after`` (an undone event) are
    checked as strictly as new ones (:func:`evolve`); the others as read, not strict.

    :raises ReplayError: naming the first event that no longer applies.
    """
    state = start
    numbered = (
        (r.version, r.event) if isinstance(r, Recorded) else (seq, r)
        for seq, r in enumerate(events, 1)
    )
    for seq, event in effective(numbered):
        strict = strict_after is not None and seq > strict_after
        try:
            state = evolve(state, event, ctx, strict=strict)
        except SkakError as err:
            raise ReplayError(seq, event, err) from err
    return state


def undo_refused(err: ReplayError, target: int, target_event: Event) -> UndoRefusedError:
    """The message for an undo whose later events depend on what it would take back."""
    return UndoRefusedError(
        N_(
            "cannot undo event {target} ({what}): later event {seq} ({later}) was made on top "
            "of it and would no longer hold — without event {target}, {cause}. Undo event "
            "{seq} first.",
            target=target,
            what=describe(target_event),
            seq=err.seq,
            later=describe(err.event),
            cause=err.cause.message,
        )
    )
