"""The arbiter edits a round before its results (``skak round edit``): colours swapped on a
board, opponents exchanged between boards, two unpaired players (a late arrival) paired, the
bye given or taken, or a whole round read from a file of pairs. Decided purely, like every
command (:func:`skak.records.tournament.commands.decide` hands these here).

Every edit is checked against the pairing system's absolute criteria
(:func:`skak.pairing.edits.round_breaches`); a breach is refused unless the arbiter
confirms it with a reason, and the event records what he confirmed. One command, one
:class:`~skak.records.tournament.events.RoundEdited`: ``skak undo`` gives back the round as it
stood (the automatic pairing).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from skak.errors import (
    ConflictError,
    InputError,
    NotFoundError,
    PairingBreachError,
    StateError,
)
from skak.messages import N_, Phrases
from skak.model.player import clean_text
from skak.model.results import Result
from skak.model.tournament import Bye, Pairing, Round, Tournament
from skak.pairing import PairingSystem
from skak.pairing.edits import breach_text, round_breaches
from skak.pairing.engine import honours_bans
from skak.records.tournament.events import Event, RoundEdited

__all__ = [
    "Edit",
    "EditRound",
    "Exchange",
    "GiveBye",
    "PairPlayers",
    "SwapColours",
    "TakeBye",
    "WholeRound",
    "apply_edit",
    "boards_key",
    "decide_edit",
    "edited_round",
]


@dataclass(frozen=True, slots=True)
class SwapColours:
    """The two players of ``board`` change colours."""

    board: int


@dataclass(frozen=True, slots=True)
class Exchange:
    """Boards ``first`` and ``second`` exchange their ``side`` players (black by default);
    with the bye's board, its player takes the other board's ``side`` player's place."""

    first: int
    second: int
    side: Literal["white", "black"] = "black"


@dataclass(frozen=True, slots=True)
class PairPlayers:
    """Two unpaired players (an absent player who arrived late, the bye's player) meet on a
    new board, ``white`` with white."""

    white: int
    black: int


@dataclass(frozen=True, slots=True)
class GiveBye:
    """An unpaired player gets the pairing-allocated bye."""

    player: int


@dataclass(frozen=True, slots=True)
class TakeBye:
    """The pairing-allocated bye is taken back: its player is unpaired (0 points)."""


@dataclass(frozen=True, slots=True)
class WholeRound:
    """The whole round from a file: ``(white, black)`` per board, ``black=None`` for the bye.
    Every player on a board now is in it; players with a declared bye or absence keep theirs
    unless paired."""

    pairs: tuple[tuple[int, int | None], ...]


Edit = SwapColours | Exchange | PairPlayers | GiveBye | TakeBye | WholeRound


@dataclass(frozen=True, slots=True)
class EditRound:
    """Edit round ``round`` by ``edits`` in order; ``confirm`` accepts the breaches of the
    absolute criteria, for ``reason``."""

    round: int
    edits: tuple[Edit, ...]
    confirm: bool = False
    reason: str = ""
    #: The round's boards as the caller showed them (:func:`boards_key`); when they have
    #: changed since, the edit is a conflict.
    seen: str | None = None


def decide_edit(t: Tournament, system: PairingSystem, command: EditRound) -> list[Event]:
    """:raises PairingBreachError: when the edit breaks an absolute criterion unconfirmed.
    :raises SkakError: when a rule refuses the edit (nothing is to be written)."""
    rnd = editable(t, system, command.round)
    if command.seen is not None and command.seen != boards_key(rnd):
        raise ConflictError(
            N_(
                "round {round} was changed by someone else since it was shown; nothing was "
                "saved: look again",
                round=command.round,
            )
        )
    if not command.edits:
        raise InputError(N_("nothing to edit: name a change"))
    after = rnd
    for edit in command.edits:
        after = edited_round(t, after, edit)
    if after == rnd:
        return []
    earlier = replace(t, rounds=t.rounds[:-1])
    old = {(p.white, p.black) for p in rnd.pairings}
    changed = [p for p in after.pairings if (p.white, p.black) not in old]
    breaches = round_breaches(earlier, system, after, changed)
    reason = clean_text(command.reason, "the reason").strip()
    if breaches and not command.confirm:
        raise PairingBreachError(
            N_(
                "round {round}: the edit breaks {rules}; nothing was saved. Confirm it with a "
                "reason (--confirm --reason TEXT) if it must stand",
                round=rnd.number,
                rules=Phrases("; ", [breach_text(b, t) for b in breaches]),
            ),
            tuple(breach_text(b, t) for b in breaches),
        )
    if breaches and not reason:
        raise PairingBreachError(
            N_("a confirmed breach of the pairing rules needs a reason"),
            tuple(breach_text(b, t) for b in breaches),
        )
    return [RoundEdited(rnd, after, reason, breaches)]


def boards_key(rnd: Round) -> str:
    """The round's boards in short (``1-4,5-2,7-0``: white-black per board, 0 for the bye),
    as a form shows them: an edit made on a page that showed other boards is a conflict."""
    return ",".join(f"{p.white}-{p.black or 0}" for p in rnd.pairings)


def editable(t: Tournament, system: PairingSystem, number: int) -> Round:
    """Round ``number`` when the arbiter may edit it: the last round paired, a Swiss
    system's, no result entered.

    :raises StateError: naming why not.
    """
    if not honours_bans(system):
        raise StateError(
            N_(
                "{system} pairs by a fixed table or draw; its rounds are not edited",
                system=system.title,
            )
        )
    rnd = t.round(number)  # raises NotFoundError
    if number != t.current_round:
        raise StateError(
            N_(
                "round {next} was paired on round {round}; only the last round paired is "
                "edited (undo round {next} first)",
                round=number,
                next=t.current_round,
            )
        )
    played = [p.board for p in rnd.pairings if p.black is not None and p.result is not None]
    if played:
        raise StateError(
            N_(
                "round {round} has a result on board {boards}; a round is edited before its "
                "results (correct a result with 'skak result')",
                round=number,
                boards=", ".join(map(str, played)),
            )
        )
    return rnd


def edited_round(t: Tournament, rnd: Round, edit: Edit) -> Round:
    """``rnd`` after one edit, its boards numbered again (games first, the bye last).

    :raises SkakError: when the edit does not fit the round.
    """
    games = [(p.white, p.black) for p in rnd.pairings if p.black is not None]
    bye = next((p.white for p in rnd.pairings if p.black is None), None)
    byes = {b.player: b for b in rnd.byes}
    match edit:
        case SwapColours(board=b):
            p = rnd.board(b)
            if p.black is None:
                raise InputError(N_("board {board} is the bye; it has no colours", board=b))
            games[games.index((p.white, p.black))] = (p.black, p.white)
        case Exchange(first=a, second=b, side=side):
            pa, pb = rnd.board(a), rnd.board(b)
            if a == b:
                raise InputError(N_("name two different boards to exchange"))
            if pa.black is None or pb.black is None:
                game, gone = (pb, pa) if pa.black is None else (pa, pb)
                if game.black is None:
                    raise InputError(N_("name two different boards to exchange"))
                i = games.index((game.white, game.black))
                if side == "white":
                    bye, games[i] = game.white, (gone.white, game.black)
                else:
                    bye, games[i] = game.black, (game.white, gone.white)
            else:
                i, j = games.index((pa.white, pa.black)), games.index((pb.white, pb.black))
                if side == "white":
                    games[i], games[j] = (pb.white, pa.black), (pa.white, pb.black)
                else:
                    games[i], games[j] = (pa.white, pb.black), (pb.white, pa.black)
        case PairPlayers(white=w, black=b):
            if w == b:
                raise InputError(N_("a player cannot meet himself"))
            for n in (w, b):
                _unpaired(t, rnd, n, bye)
            if bye in (w, b):
                bye = None
            byes.pop(w, None)
            byes.pop(b, None)
            games.append((w, b))
        case GiveBye(player=n):
            if bye is not None:
                raise StateError(
                    N_(
                        "{player} has the bye of round {round}; take it back first "
                        "(no-bye) or exchange boards",
                        player=_name(t, bye),
                        round=rnd.number,
                    )
                )
            _unpaired(t, rnd, n, None)
            byes.pop(n, None)
            bye = n
        case TakeBye():
            if bye is None:
                raise StateError(N_("round {round} has no bye to take back", round=rnd.number))
            byes[bye] = Bye(bye, Result.ZERO_BYE)
            bye = None
        case WholeRound(pairs=pairs):
            return _whole_round(t, rnd, pairs)
    return _numbered(rnd, games, bye, tuple(byes.values()))


def _numbered(
    rnd: Round, games: Sequence[tuple[int, int]], bye: int | None, byes: tuple[Bye, ...]
) -> Round:
    boards = [Pairing(i, w, b) for i, (w, b) in enumerate(games, start=1)]
    if bye is not None:
        boards.append(Pairing(len(boards) + 1, bye, None, Result.PAIRING_BYE))
    return replace(rnd, pairings=tuple(boards), byes=byes)


def _name(t: Tournament, n: int) -> str:
    return f"{t.player(n).name} ({n})"


def _unpaired(t: Tournament, rnd: Round, n: int, bye: int | None) -> None:
    """:raises StateError: unless player ``n`` may be paired in ``rnd`` now: not on a board
    (the bye's player aside) and not withdrawn."""
    player = t.player(n)  # raises NotFoundError
    if player.is_withdrawn(rnd.number):
        raise StateError(
            N_(
                "{player} withdrew (udgået) from round {round}; undo the withdrawal first",
                player=_name(t, n),
                round=player.withdrawn_from,
            )
        )
    if player.late_from is not None and player.late_from > rnd.number:
        raise StateError(
            N_(
                "{player} enters late, from round {first}",
                player=_name(t, n),
                first=player.late_from,
            )
        )
    for p in rnd.pairings:
        if n in p.players and n != bye:
            raise StateError(
                N_(
                    "{player} plays on board {board} of round {round}; exchange boards instead",
                    player=_name(t, n),
                    board=p.board,
                    round=rnd.number,
                )
            )


def _whole_round(t: Tournament, rnd: Round, pairs: Sequence[tuple[int, int | None]]) -> Round:
    if not pairs:
        raise InputError(N_("the file holds no pairs"))
    listed: set[int] = set()
    games: list[tuple[int, int]] = []
    bye: int | None = None
    for i, (w, b) in enumerate(pairs, start=1):
        for n in (w, b):
            if n is None:
                continue
            t.player(n)  # raises NotFoundError
            if n in listed:
                raise InputError(
                    N_("line {line}: player {number} is paired twice", line=i, number=n)
                )
            listed.add(n)
        if b is None:
            if bye is not None:
                raise InputError(N_("line {line}: a round has one bye", line=i))
            bye = w
        elif w == b:
            raise InputError(N_("a player cannot meet himself"))
        else:
            games.append((w, b))
    for n in listed:
        _unpaired(t, replace(rnd, pairings=()), n, None)
    left = [n for p in rnd.pairings for n in p.players if n not in listed]
    if left:
        raise InputError(
            N_(
                "the file leaves out {players}, paired in round {round}; list every player "
                "on a board (an absent player: take him off with another edit)",
                players=", ".join(_name(t, n) for n in sorted(left)),
                round=rnd.number,
            )
        )
    byes = tuple(b for b in rnd.byes if b.player not in listed)
    return _numbered(rnd, games, bye, byes)


def apply_edit(state: Tournament, event: RoundEdited) -> Tournament:
    """The tournament with the edited round (:func:`skak.records.tournament.evolve.evolve`).

    :raises SkakError: when the round is no longer as the edit found it.
    """
    number = event.after.number
    if number != state.current_round or event.before.number != number:
        raise StateError(
            N_("round {round} is not the last round paired; it is not edited", round=number)
        )
    if state.round(number) != event.before:
        raise StateError(N_("round {round} has changed since it was edited", round=number))
    seen: set[int] = set()
    for p in event.after.pairings:
        if p.result not in (None, Result.PAIRING_BYE):
            raise StateError(N_("round {round} is edited before its results", round=number))
        for n in p.players:
            _once(state, number, n, seen)
    for b in event.after.byes:
        _once(state, number, b.player, seen)
    return replace(state, rounds=(*state.rounds[:-1], event.after))


def _once(state: Tournament, number: int, n: int, seen: set[int]) -> None:
    if not state.has_player(n):
        raise NotFoundError(f"round {number} names player {n}, who is not registered")
    if n in seen:
        raise InputError(f"round {number} lists player {n} twice")
    seen.add(n)
