"""DSU 6.2.1, 6.2.4 and 6.2.5: the moves a card makes, and move series (trækserier).

A card may first repeat the opponent's last move and the accepted part of his series
(6.2.1; checked against the game), then hold the player's own move, then, after a ``0``,
the series he proposes (6.2.5). Moves of the opponent's series that the card repeats are
accepted; the first move that differs breaks the series off ("kun ved at vælge en anden
fortsættelse end den, der er foreslået ham"), and the proposer is bound by his series up to
there. A sent move cannot be taken back (6.2.4): what a card made final stays so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import chess

from skak.correspondence.notation import MoveToken, label, numeric_of, play, start_board, tokenize
from skak.errors import InputError
from skak.messages import N_

__all__ = ["COLOURS", "Play", "Proposal", "at_card", "card_moves", "labels"]

COLOURS = {chess.WHITE: "white", chess.BLACK: "black"}


@dataclass
class Proposal:
    by: chess.Color
    card: int
    start: int  # ply index of its first move
    moves: list[chess.Move]


class Play:
    """The game's moves as the cards make them final."""

    def __init__(self, fen: str | None) -> None:
        self.start = start_board(fen)
        self.board = self.start.copy()
        self.moves: list[chess.Move] = []
        self.proposal: Proposal | None = None

    def board_at(self, ply: int) -> chess.Board:
        b = self.start.copy()
        for m in self.moves[:ply]:
            b.push(m)
        return b

    def ply_of(self, token: MoveToken) -> int | None:
        if token.number is None or token.white is None:
            return None
        s = self.start
        first = (s.fullmove_number - 1) * 2 + (0 if s.turn == chess.WHITE else 1)
        return (token.number - 1) * 2 + (0 if token.white else 1) - first


def at_card(i: int, colour: chess.Color) -> str:
    return f"card {i + 1} ({COLOURS[colour].capitalize()}'s): "


def card_moves(
    game: Play, text: str, series: str | None, i: int, me: chess.Color
) -> tuple[list[tuple[chess.Move, str, bool]], Proposal | None, list[str]]:
    """The moves card ``i`` makes final (move, label, accepted) and the series it proposes.

    :raises InputError: naming the card and the move.
    """
    where = at_card(i, me)
    tokens = tokenize(text, where)
    if series is not None:
        if any(t.series for t in tokens):
            raise InputError(f"{where}a series is given twice: with 0 and as 'series'")
        extra = tokenize(series, where)
        if extra:
            extra[0] = MoveToken(extra[0].text, extra[0].number, extra[0].white, True, False)
            tokens += extra
    made: list[tuple[chess.Move, str, bool]] = []
    notes: list[str] = []
    pending = game.proposal if game.proposal is not None and game.proposal.by != me else None
    following = pending is not None
    own = False
    proposing: list[chess.Move] | None = None
    scratch: chess.Board | None = None
    ply: int | None = None
    for token in tokens:
        written = game.ply_of(token)
        ply = written if written is not None else (len(game.moves) if ply is None else ply + 1)
        if token.series or proposing is not None:
            if proposing is None:
                proposing, scratch = [], game.board.copy()
            assert scratch is not None
            if ply != len(game.moves) + len(proposing):
                raise InputError(f"{where}the series' move {token.text} is out of order")
            move = play(scratch, token, where + "series: ")
            scratch.push(move)
            proposing.append(move)
            continue
        if ply < 0:
            raise InputError(f"{where}{token.text} is numbered before the game's first move")
        if ply < len(game.moves):
            if made:
                raise InputError(f"{where}{token.text} repeats a move after new ones")
            b = game.board_at(ply)
            if play(b, token, where) != game.moves[ply]:
                raise InputError(
                    f"{where}repeats {label(b)} {token.text}, but the game has "
                    f"{label(b)} {numeric_of(game.moves[ply])} ({b.san(game.moves[ply])})"
                )
            continue
        if ply > len(game.moves):
            raise InputError(
                f"{where}{token.text} is written as a later move than the next one, "
                f"{label(game.board)}"
            )
        b = game.board
        at = f"{label(b)} {token.text}"
        move = play(b, token, where)
        index = ply - pending.start if pending is not None else -1
        if following and pending is not None and 0 <= index < len(pending.moves):
            if pending.moves[index] == move:
                made.append((move, f"{label(b)} {b.san(move)}", True))
                b.push(move)
                game.moves.append(move)
                continue
            following = False
            if b.turn == me:
                notes.append(N_("breaks off the series at {move} (6.2.5)", move=at))
        following = False
        if b.turn != me:
            raise InputError(
                f"{where}{at} is the opponent's move, and not one of his series: a series "
                "this card proposes starts with 0 (01625, 6.2.5)"
            )
        if own:
            raise InputError(
                f"{where}{at} is a second move of the sender's own: a series he proposes "
                "starts with 0 (01625, 6.2.5)"
            )
        own = True
        made.append((move, f"{label(b)} {b.san(move)}", False))
        b.push(move)
        game.moves.append(move)
    if not made:
        raise InputError(f"{where}holds no new move")
    if game.board.turn == me and not game.board.is_game_over() and not proposing:
        raise InputError(
            f"{where}sends no move for {label(game.board)}: the card must answer "
            "after the accepted part of the series"
        )
    proposal = None
    if proposing:
        if game.board.turn == me:
            raise InputError(f"{where}a series may only follow the sender's own move")
        proposal = Proposal(me, i, len(game.moves), proposing)
    return made, proposal, notes


def labels(board: chess.Board, moves: Sequence[chess.Move]) -> list[str]:
    b = board.copy()
    out = []
    for m in moves:
        out.append(f"{label(b)} {b.san(m)}")
        b.push(m)
    return out
