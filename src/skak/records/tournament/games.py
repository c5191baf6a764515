"""The games of a tournament (``skak game``): attach a PGN to a board, a round's PGN to its
boards by the players' names, take a game off. Decided purely, like every command
(:func:`skak.records.tournament.commands.decide` hands these here)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from skak.errors import InputError, NotFoundError, StateError
from skak.model.tournament import GameRecord, Pairing, Tournament
from skak.records.tournament.events import Event, GameRemoved, GamesAttached

if TYPE_CHECKING:
    from skak.games.pgn import ReadGame

__all__ = ["AttachGames", "RemoveGame", "decide_games"]


@dataclass(frozen=True, slots=True)
class AttachGames:
    """The games of a PGN file: for ``board``, its one game; without, every game of
    ``round``, each matched to its board by the players (all or nothing)."""

    round: int
    text: str
    source: str
    board: int | None = None
    replace: bool = False


@dataclass(frozen=True, slots=True)
class RemoveGame:
    round: int
    board: int


def decide_games(t: Tournament, command: AttachGames | RemoveGame) -> list[Event]:
    """:raises SkakError: naming the file, line, game and move, or the board."""
    if isinstance(command, RemoveGame):
        t.round(command.round).board(command.board)
        if t.game(command.round, command.board) is None:
            raise NotFoundError(f"round {command.round} board {command.board} has no game attached")
        return [GameRemoved(command.round, command.board)]
    from skak.games.pgn import board_mismatch, read_pgn  # python-chess only for games

    rnd = t.round(command.round)
    games = read_pgn(command.text, command.source)
    if command.board is not None:
        if len(games) != 1:
            raise InputError(
                f"holds {len(games)} games; a board takes one (a whole round's file: "
                f"skak game import {command.round} {command.source})",
                location=command.source,
            )
        g = games[0]
        pairing = rnd.board(command.board)
        problem = (
            _round_tag_problem(g, command.round, command.board)
            or board_mismatch(g, t, command.round, pairing)
            or _result_problem(t, command.round, command.board, g)
        )
        if problem:
            raise InputError(f"{g.label()}: {problem}", location=_where(command, g))
        records: tuple[GameRecord, ...] = (g.record(command.round, command.board, t),)
    else:
        records = _match_round(t, command, games)
    _check_free(t, records, command)
    return [GamesAttached(records, command.source, command.replace)]


def _where(command: AttachGames, g: ReadGame) -> str:
    return f"{command.source} line {g.line}"


def _result_problem(t: Tournament, round_number: int, board: int, g: ReadGame) -> str:
    pairing = t.round(round_number).board(board)
    if pairing.result is None:
        return (
            f"round {round_number} board {board} has no result yet; enter it first "
            f"(skak result {round_number} {board} {g.result})"
        )
    if pairing.result is not g.result:
        return (
            f"the game's result is {g.result}, but round {round_number} board {board} has "
            f"{pairing.result}; if the game is right, correct the board first (skak result "
            f"{round_number} {board} {g.result})"
        )
    return ""


def _round_tag_problem(g: ReadGame, round_number: int, board: int | None) -> str:
    """A ``Round`` tag naming another round or board (``4`` or ``3.5`` for round 3 board 2);
    a tag that is no number (``?``, ``-``) says nothing."""
    m = re.fullmatch(r"\s*(\d+)(?:\.(\d+))?\s*", g.round_tag or "")
    if m is None:
        return ""
    if int(m[1]) != round_number:
        return f"its Round tag says round {m[1]}, not {round_number}"
    if board is not None and m[2] is not None and int(m[2]) != board:
        return f"its Round tag says board {m[1]}.{m[2]}, not {round_number}.{board}"
    return ""


def _match_round(
    t: Tournament, command: AttachGames, games: list[ReadGame]
) -> tuple[GameRecord, ...]:
    from skak.games.pgn import board_mismatch, match_game

    rnd = t.round(command.round)
    problems: list[str] = []
    found: list[tuple[ReadGame, int]] = []
    boards = [p for p in rnd.pairings if p.black is not None]
    for g in games:
        hits = [p for p in boards if match_game(g, t, p)]
        where = _where(command, g)
        tag = _round_tag_problem(g, rnd.number, None)
        if tag:
            problems.append(f"{where}: {g.label()}: {tag}")
            continue
        if len(hits) != 1:
            swapped = [
                p for p in boards if "other way round" in board_mismatch(g, t, rnd.number, p)
            ]
            one = [p for p in boards if _plays_on(g, t, p)]
            why = (
                board_mismatch(g, t, rnd.number, swapped[0])
                if swapped
                else f"its players meet on boards {', '.join(str(p.board) for p in hits)}"
                if hits
                else f"its players meet on no board of round {rnd.number}: "
                + board_mismatch(g, t, rnd.number, one[0])
                if len(one) == 1
                else f"its players meet on no board of round {rnd.number}: neither "
                f"{g.white!r} nor {g.black!r} is a name of the round's players (names are "
                "matched as on the player list, apart from case, dots and the order of first "
                "and last name)"
            )
            problems.append(f"{where}: {g.label()}: {why}")
            continue
        problem = _result_problem(t, rnd.number, hits[0].board, g)
        if problem:
            problems.append(f"{where}: {g.label()}: {problem}")
            continue
        found.append((g, hits[0].board))
    twice = [b for b, n in Counter(b for _, b in found).items() if n > 1]
    for b in sorted(twice):
        labels = ", ".join(g.label() for g, board in found if board == b)
        problems.append(f"round {rnd.number} board {b} is the board of {labels}")
    if problems:
        raise InputError(
            f"{len(problems)} of the {len(games)} games cannot be attached to round "
            f"{rnd.number}; nothing was attached",
            location=command.source,
            problems=problems,
        )
    return tuple(sorted((g.record(rnd.number, b, t) for g, b in found), key=lambda r: r.board))


def _plays_on(g: ReadGame, t: Tournament, pairing: Pairing) -> bool:
    """Whether one of the game's players sits on this board (either colour)."""
    from skak.games.pgn import same_player

    if pairing.black is None:
        return False
    sides = (t.player(pairing.white), t.player(pairing.black))
    return any(
        same_player(name, fide_id, p)
        for name, fide_id in ((g.white, g.white_fide_id), (g.black, g.black_fide_id))
        for p in sides
    )


def _check_free(t: Tournament, records: tuple[GameRecord, ...], command: AttachGames) -> None:
    if command.replace:
        return
    taken = [f"{r.round}.{r.board}" for r in records if t.game(r.round, r.board) is not None]
    if taken:
        raise StateError(
            f"board {', '.join(taken)} has a game attached already; replace it with --replace"
        )
