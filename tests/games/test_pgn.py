"""Reading games: the laws through python-chess, Danish notation (003 §3.4.3), Chess960
(§3.4.6), and errors that name the game and the move."""

from __future__ import annotations

import chess
import chess.pgn
import pytest
from hypothesis import given
from hypothesis import strategies as st

from skak.errors import InputError
from skak.games.notation import from_danish, movetext_from_danish, to_danish
from skak.games.pgn import read_pgn
from skak.model.results import Result

#: The game example of 003 §3.4.3 C, as printed (Danish letters, "e.p.", "0-0", "(=)").
C_EXAMPLE = (
    "1.e4 e5 2.Sf3 Sf6 3.d4 exd4 4.e5 Se4 5.Dxd4 d5 6.exd6 e.p. Sxd6 7.Lg5 Sc6 8.De3+ Le7 "
    "9.Sbd2 0-0 10.0-0-0 Te8 11.Kb1 (=)"
)


def _pgn(moves: str, result: str, white: str = "A", black: str = "B", extra: str = "") -> str:
    return f'[White "{white}"]\n[Black "{black}"]\n[Result "{result}"]\n{extra}\n{moves} {result}\n'


def test_the_printed_danish_game_is_legal() -> None:
    (g,) = read_pgn(_pgn(C_EXAMPLE, "*"), "c.pgn")
    assert g.result is Result.UNFINISHED
    game = chess.pgn.read_game(__import__("io").StringIO(g.pgn))
    assert game is not None
    board = game.end().board()
    assert board.fullmove_number == 11 and board.turn == chess.BLACK
    assert "6. exd6 Nxd6" in g.pgn  # en passant, in SAN
    assert "{ (=) }" in g.pgn  # C13's draw offer kept as a comment


@pytest.mark.parametrize(
    ("english", "danish"),
    [
        ("Nf3", "Sf3"),
        ("Bxe5", "Lxe5"),
        ("Rd1", "Td1"),
        ("Qxd4", "Dxd4"),
        ("Kb1", "Kb1"),
        ("Ngf3", "Sgf3"),
        ("N5f3", "S5f3"),
        ("Shxf3".replace("S", "N"), "Shxf3"),
        ("e4", "e4"),
        ("dxe5", "dxe5"),
        ("d8=Q", "d8D"),
        ("f8=N+", "f8S+"),
        ("b1=B", "b1L"),
        ("g1=R#", "g1T#"),
        ("O-O", "0-0"),
        ("O-O-O+", "0-0-0+"),
    ],
)
def test_danish_letters_both_ways(english: str, danish: str) -> None:
    """C2, C8–C12: K D T L S, promotion as d8D, castling 0-0 (the examples of C10)."""
    assert to_danish(english) == danish
    assert from_danish(danish) == english


def test_movetext_keeps_tags_and_comments() -> None:
    text = '[Event "Sf3 Cup"]\n\n1. e4 {Sf3 next} e5 2. Sf3 ; Sc6 here\nSc6 *\n'
    assert movetext_from_danish(text) == (
        '[Event "Sf3 Cup"]\n\n1. e4 {Sf3 next} e5 2. Nf3 ; Sc6 here\nNc6 *\n'
    )


@given(st.integers(0, 2**32 - 1))
def test_random_games_read_back_in_danish(seed: int) -> None:
    """A game written in Danish letters reads back as the same moves."""
    import random

    rng = random.Random(seed)
    board = chess.Board()
    sans = []
    for _ in range(rng.randint(1, 60)):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        sans.append(to_danish(board.san(move)))
        board.push(move)
    numbered = " ".join(
        (f"{i // 2 + 1}. " if i % 2 == 0 else "") + san for i, san in enumerate(sans)
    )
    result = board.result(claim_draw=False) if board.is_game_over() else "*"
    (g,) = read_pgn(_pgn(numbered, result), "r.pgn")
    game = chess.pgn.read_game(__import__("io").StringIO(g.pgn))
    assert game is not None
    assert game.end().board().move_stack == board.move_stack


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (_pgn("1. e4 e5 2. Ke3", "*"), r"game 1 \(A – B\): move 2\. Ke3 is illegal"),
        (_pgn("1. e4 e5 2. Nf3 Nc6 3. Bb5 Ke6", "*"), r"move 3\.\.\. Ke6 is illegal"),
        (_pgn("1. d4 d5 2. Nf3 Nf6 3. Nd2", "*"), r"move 3\. Nd2 is ambiguous"),
        (_pgn("1. f3 e5 2. g4 Qh4#", "1-0"), r"2\.\.\. Qh4# mates, so Black won \(5\.1a\)"),
        (
            _pgn("1. e4 e5", "1-0").replace("e5 1-0", "e5 0-1"),
            "the Result tag says 1-0 but the moves end with 0-1",
        ),
        (
            "1. e4 e5 *\n\n" + _pgn("1. d4 Nf6 2. Nf3 e5 3. Nxe5 Qe7 4. Ne4", "*"),
            r"line 3: game 2 \(A – B\): move 4\. Ne4 is illegal",
        ),
        ("", "holds no game"),
    ],
)
def test_errors_name_the_game_and_the_move(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        read_pgn(text, "f.pgn")


def test_stalemate_is_a_draw() -> None:
    # Sam Loyd's ten-move stalemate
    moves = (
        "1. e3 a5 2. Qh5 Ra6 3. Qxa5 h5 4. h4 Rah6 5. Qxc7 f6 6. Qxd7+ Kf7 7. Qxb7 Qd3 "
        "8. Qxb8 Qh7 9. Qxc8 Kg6 10. Qe6"
    )
    (g,) = read_pgn(_pgn(moves, "1/2-1/2"), "s.pgn")
    assert g.result is Result.DRAW
    with pytest.raises(InputError, match=r"10\. Qe6 stalemates, a draw \(5\.2a\)"):
        read_pgn(_pgn(moves, "1-0"), "s.pgn")


def _chess960_game(position: int, *, variant: bool) -> tuple[str, chess.Board]:
    board = chess.Board.from_chess960_pos(position)
    fen = board.fen()
    if not variant:  # X-FEN's KQkq, as many programs write a Chess960 start
        fen = fen.replace(board.fen().split()[2], "KQkq")
    moves = []
    for _ in range(20):  # clear the back rank until White castles
        castles = [m for m in board.legal_moves if board.is_castling(m)]
        move = castles[0] if castles and board.turn == chess.WHITE else None
        if move is None:
            move = sorted(
                board.legal_moves,
                key=lambda m: (board.piece_type_at(m.from_square) == chess.PAWN, m.uci()),
            )[0]
        moves.append(board.san(move))
        board.push(move)
        if board.is_castling(board.peek()):
            break
    head = '[Variant "Chess960"]\n' if variant else ""
    numbered = " ".join((f"{i // 2 + 1}. " if i % 2 == 0 else "") + m for i, m in enumerate(moves))
    return _pgn(numbered, "*", extra=f'{head}[SetUp "1"]\n[FEN "{fen}"]\n'), board


@pytest.mark.parametrize("variant", [True, False], ids=["Variant-tag", "FEN-only"])
@pytest.mark.parametrize("position", [0, 100, 959])
def test_chess960_castling(position: int, variant: bool) -> None:
    """003 §3.4.6 F3: after castling king and rook stand as in standard chess."""
    text, board = _chess960_game(position, variant=variant)
    (g,) = read_pgn(text, "960.pgn")
    assert '[Variant "Chess960"]' in g.pgn
    game = chess.pgn.read_game(__import__("io").StringIO(g.pgn))
    assert game is not None
    end = game.end().board()
    assert end.fen() == board.fen()
    if board.is_castling(board.peek()):
        king = end.king(chess.WHITE)
        assert king in (chess.C1, chess.G1)
        rook = chess.D1 if king == chess.C1 else chess.F1
        assert end.piece_at(rook) == chess.Piece(chess.ROOK, chess.WHITE)
