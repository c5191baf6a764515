"""Events: every change to a tournament, and the pure function that applies one.

A tournament's current state is ``replay(events)``: the fold of :func:`apply` over its events
in order, skipping those an :class:`EventUndone` took back. Storage appends events and never
rewrites them; this module knows nothing of storage.

:func:`apply` checks each event against the state it meets and raises the same errors a
command would, so a replay that skips an undone event finds every later event that depended
on it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from skak.errors import InputError, NotFoundError, SkakError, StateError
from skak.messages import N_, N_plural, Phrases
from skak.model.event_words import player_changes, renumber_reason, result_word
from skak.model.player import Player
from skak.model.results import Result
from skak.model.tournament import GameRecord, Round, Tournament

__all__ = [
    "Event",
    "EventUndone",
    "GameRemoved",
    "GamesAttached",
    "PlayerEdited",
    "PlayerWithdrawn",
    "PlayersAdded",
    "PlayersRenumbered",
    "ReplayError",
    "ResultEntered",
    "RoundPaired",
    "TournamentCreated",
    "apply",
    "describe",
    "effective",
    "replay",
]


@dataclass(frozen=True, slots=True)
class TournamentCreated:
    """A new tournament with its settings (no players or rounds yet)."""

    kind: ClassVar[str] = "tournament_created"
    tournament: Tournament


@dataclass(frozen=True, slots=True)
class PlayersAdded:
    """One or more players registered at once (``skak players add`` or a whole CSV import)."""

    kind: ClassVar[str] = "players_added"
    players: tuple[Player, ...]
    source: str | None = None


@dataclass(frozen=True, slots=True)
class PlayerEdited:
    """A player's details changed from ``before`` to ``after`` (same start number).

    The event applies only while the player is still exactly ``before``: undoing an earlier
    change of the same player is refused rather than silently carried forward by this one.
    """

    kind: ClassVar[str] = "player_edited"
    before: Player
    after: Player


@dataclass(frozen=True, slots=True)
class PlayerWithdrawn:
    """A player withdraws (udgår) and is not paired from ``from_round`` on."""

    kind: ClassVar[str] = "player_withdrawn"
    start_number: int
    from_round: int


@dataclass(frozen=True, slots=True)
class RoundPaired:
    """The next round was paired (rundelægning).

    ``allow_unfinished`` records that the arbiter paired it while earlier games had no result,
    counting them as draws.
    """

    kind: ClassVar[str] = "round_paired"
    round: Round
    allow_unfinished: bool = False


@dataclass(frozen=True, slots=True)
class ResultEntered:
    """A result entered or corrected on one board."""

    kind: ClassVar[str] = "result_entered"
    round: int
    board: int
    result: Result
    #: A drawn game's play-off under Gladiator scoring (DSU 4.9.8).
    playoff: tuple[Result, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayersRenumbered:
    """Before round 1, the players get new start numbers: ``numbers`` maps each old number
    to its new one (the initial ranking, FIDE C.04.2; ``skak players renumber``)."""

    kind: ClassVar[str] = "players_renumbered"
    numbers: tuple[tuple[int, int], ...]
    reason: str = ""


@dataclass(frozen=True, slots=True)
class GamesAttached:
    """Games (PGN) attached to their boards: one game (``skak game add``) or a whole round's
    (``skak game import``), all at once. A board's earlier game is replaced only when
    ``replace`` says so."""

    kind: ClassVar[str] = "games_attached"
    games: tuple[GameRecord, ...]
    source: str | None = None
    replace: bool = False


@dataclass(frozen=True, slots=True)
class GameRemoved:
    """The game attached to a board is taken off it (``skak game remove``)."""

    kind: ClassVar[str] = "game_removed"
    round: int
    board: int


@dataclass(frozen=True, slots=True)
class EventUndone:
    """Takes back the event with sequence number ``seq`` (``skak undo``)."""

    kind: ClassVar[str] = "event_undone"
    seq: int


Event = (
    TournamentCreated
    | PlayersAdded
    | PlayerEdited
    | PlayerWithdrawn
    | RoundPaired
    | ResultEntered
    | PlayersRenumbered
    | GamesAttached
    | GameRemoved
    | EventUndone
)
EVENT_TYPES: tuple[type[Event], ...] = (
    TournamentCreated,
    PlayersAdded,
    PlayerEdited,
    PlayerWithdrawn,
    RoundPaired,
    ResultEntered,
    PlayersRenumbered,
    GamesAttached,
    GameRemoved,
    EventUndone,
)


def apply(state: Tournament | None, event: Event) -> Tournament:
    """The tournament after ``event``.

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
        case GamesAttached():
            return _attach_games(state, event.games, event.replace)
        case GameRemoved(round=r, board=b):
            if state.game(r, b) is None:
                raise NotFoundError(f"round {r} board {b} has no game attached")
            return replace(
                state, games=tuple(g for g in state.games if (g.round, g.board) != (r, b))
            )
        case EventUndone():
            raise StateError("an undo marker is not applied to a tournament")
        case _:  # pragma: no cover - the union is closed
            raise TypeError(event)


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
            f"round {from_round} has been paired already; {player.name} can withdraw "
            f"(udgå) from round {state.next_round} on"
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
    return replace(state, rounds=(*state.rounds, rnd))


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
    players = tuple(
        sorted(
            (replace(p, start_number=mapping[p.start_number]) for p in state.players),
            key=lambda p: p.start_number,
        )
    )
    bans = tuple(
        replace(b, players=frozenset(mapping.get(n, n) for n in b.players)) for b in state.bans
    )
    return replace(state, players=players, bans=bans)


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


def replay(events: Iterable[tuple[int, Event]]) -> Tournament | None:
    """The state that the events in force build, or ``None`` when they build nothing.

    :raises ReplayError: naming the first event that does not apply.
    """
    state: Tournament | None = None
    for seq, event in effective(events):
        try:
            state = apply(state, event)
        except SkakError as err:
            raise ReplayError(seq, event, err) from err
    return state


def describe(event: Event, before: Tournament | None = None) -> str:
    """One line for ``skak history``; ``before`` is the state the event was applied to.
    The line is a message (:mod:`skak.messages`): English, and said in Danish by a face."""
    match event:
        case TournamentCreated(tournament=t):
            rounds = (
                N_(", {rounds} rounds", rounds=t.number_of_rounds) if t.number_of_rounds else ""
            )
            return N_(
                "tournament created: {name} ({system}{rounds})",
                name=t.name,
                system=t.pairing_system,
                rounds=rounds,
            )
        case PlayersAdded(players=players, source=source):
            src = N_(" from {source}", source=source) if source else ""
            if len(players) == 1:
                p = players[0]
                return N_(
                    "player {number} added{source}: {name}",
                    number=p.start_number,
                    source=src,
                    name=p.name,
                )
            return N_("{count} players added{source}", count=len(players), source=src)
        case PlayerEdited(before=old, after=p):
            changes = player_changes(old, p)
            return N_("player {number} edited: {changes}", number=p.start_number, changes=changes)
        case PlayerWithdrawn(start_number=n, from_round=r):
            return N_("player {number} withdrawn (udgået) from round {round}", number=n, round=r)
        case RoundPaired(round=rnd, allow_unfinished=unfinished):
            note = N_(", earlier games without result counted as draws") if unfinished else ""
            return N_(
                "round {round} paired: {boards} boards{note}",
                round=rnd.number,
                boards=len(rnd.pairings),
                note=note,
            )
        case ResultEntered(round=r, board=b, result=res, playoff=playoff):
            games = " ".join(str(g) for g in playoff)
            played = N_(", play-off {games}", games=games) if playoff else ""
            previous = None
            if before is not None:
                try:
                    previous = before.round(r).board(b).result
                except NotFoundError:
                    previous = None
            corrected = (
                N_(" (corrected from {result})", result=result_word(previous))
                if previous is not None
                else ""
            )
            return N_(
                "round {round} board {board}: {result}{playoff}{corrected}",
                round=r,
                board=b,
                result=result_word(res),
                playoff=played,
                corrected=corrected,
            )
        case PlayersRenumbered(numbers=numbers, reason=reason):
            moved = sum(1 for old, new in numbers if old != new)
            if reason:
                return N_(
                    "players renumbered ({moved} moved): {reason}",
                    moved=moved,
                    reason=renumber_reason(reason),
                )
            return N_("players renumbered ({moved} moved)", moved=moved)
        case GamesAttached(games=games, source=source, replace=again):
            src = N_(" from {source}", source=source) if source else ""
            boards = ", ".join(f"{g.round}.{g.board}" for g in games)
            text = N_plural(
                "{n} game attached{source}: {boards}",
                "{n} games attached{source}: {boards}",
                len(games),
                source=src,
                boards=boards,
            )
            if again and before is None:
                return N_("{text} (replacing any game there)", text=text)
            replaced = [
                f"{g.round}.{g.board}"
                for g in games
                if again and before is not None and before.game(g.round, g.board) is not None
            ]
            if replaced:
                return N_(
                    "{text} (replacing the game of {boards})", text=text, boards=", ".join(replaced)
                )
            return text
        case GameRemoved(round=r, board=b):
            return N_("round {round} board {board}: game removed", round=r, board=b)
        case EventUndone(seq=seq):
            return N_("undo of event {seq}", seq=seq)
        case _:  # pragma: no cover - the union is closed
            raise TypeError(event)
