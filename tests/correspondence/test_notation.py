"""DSU 6.2.2 (the numeric notation) and 6.2.5 (move series): every printed example, and
numeric ↔ SAN round trips on random legal games."""

from __future__ import annotations

import datetime as dt

import chess
import pytest
from hypothesis import given
from hypothesis import strategies as st

from skak.correspondence.game import Card, CorrespondenceGame, clock
from skak.correspondence.notation import (
    NumericMove,
    moves_of_pgn,
    numeric_of,
    numeric_text,
    pgn_text,
    play,
    read_moves,
    san_text,
    tokenize,
)
from skak.errors import InputError

#: 6.2.2's examples as printed: the move in long algebraic (Danish letters), its number, and a
#: position in which it is legal (the printed move made there, its SAN).
EXAMPLES_6_2_2 = [
    ("a2-a4", "1214", chess.STARTING_FEN, "a4"),
    ("d6xc5", "4635", "4k3/8/3p4/2P5/8/8/8/4K3 b - - 0 1", "dxc5"),
    ("Sf3xe5", "6355", "4k3/8/8/4p3/8/5N2/8/4K3 w - - 0 1", "Nxe5"),
    ("b5xc6 e.p.", "2536", "4k3/8/8/1Pp5/8/8/8/4K3 w - c6 0 2", "bxc6"),
    ("e7-e8(D)", "5758(1)", "8/4P3/8/8/8/8/k7/6K1 w - - 0 1", "e8=Q"),
    ("f2-f1(L)", "6261(3)", "7k/8/8/8/8/8/5p2/K7 b - - 0 1", "f1=B"),
    ("a7xb8(T) med mat", "1728(2)", "1n5k/P5pp/8/8/8/8/8/K7 w - - 0 1", "axb8=R#"),
]


@pytest.mark.parametrize(("written", "number", "fen", "san"), EXAMPLES_6_2_2)
def test_6_2_2_examples(written: str, number: str, fen: str, san: str) -> None:
    board = chess.Board(fen)
    move = play(board, number)
    assert board.san(move) == san
    assert numeric_of(move) == number
    assert play(board, written.replace(" med mat", "")) == move  # the long form read too
    assert NumericMove.parse(number) == NumericMove.of(move)


def test_6_2_2_castling() -> None:
    """0-0 = 5171 and 5878, 0-0-0 = 5131 and 5838."""
    white = chess.Board("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    black = chess.Board("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1")
    assert [white.san(play(white, n)) for n in ("5171", "5131")] == ["O-O", "O-O-O"]
    assert [black.san(play(black, n)) for n in ("5878", "5838")] == ["O-O", "O-O-O"]
    assert numeric_of(white.parse_san("O-O-O")) == "5131"


def test_6_2_2_promotion_digits_both_forms() -> None:
    board = chess.Board("8/4P3/8/8/8/8/k7/6K1 w - - 0 1")
    for digit, san in ((1, "e8=Q"), (2, "e8=R"), (3, "e8=B"), (4, "e8=N")):
        assert board.san(play(board, f"5758({digit})")) == san
        assert board.san(play(board, f"5758{digit}")) == san  # ICCF's form
    assert NumericMove.parse("57581").text(iccf=True) == "57581"
    assert repr(NumericMove.parse("57584")) == "NumericMove.parse('5758(4)')"


def test_6_2_2_bad_moves_are_named() -> None:
    board = chess.Board()
    with pytest.raises(InputError, match=r"move 1\. 1215 is illegal in that position"):
        play(board, "1215")
    with pytest.raises(InputError, match="not a move in the numeric notation"):
        NumericMove.parse("1290")
    promo = chess.Board("8/4P3/8/8/8/8/k7/6K1 w - - 0 1")
    with pytest.raises(InputError, match="needs a fifth digit"):
        play(promo, "5758")
    with pytest.raises(InputError, match="only a pawn reaching the last rank"):
        play(board, "5254(1)")
    with pytest.raises(InputError, match=r"move 3\.\.\. 4244 is illegal"):
        read_moves("1. 5254 5755 2. 7163 2836 3. 4244 4244")
    with pytest.raises(InputError, match=r"written as move 3\., but the move to be played is 2\."):
        read_moves("1. 5254 5755 3. 7163")


#: 6.2.5's example: White, after 11.-, a7-a6, plays 12.b4-b5 and proposes 12.-, a6xb5
#: 13.Ta1xa8 Lb7xa8 14.d2-d4 (printed "Talxa8": the digit 1 read as a letter l).
FEN_6_2_5 = "r2qkbnr/pbpppppp/2n5/8/1P6/8/2PPPPPP/RNBQKBNR b KQkq - 0 11"


def test_6_2_5_example_numbers() -> None:
    start, moves = read_moves("11.-, a7-a6 12. b4-b5 a6xb5 13. Ta1xa8 Lb7xa8 14. d2-d4", FEN_6_2_5)
    assert numeric_text(start, moves) == "11.-, 1716 12. 2425 1625 13. 1118 2718 14. 4244"
    tokens = tokenize("11.-, 1716 12. 2425, 01625 13. 1118, 2718 14. 4244")
    assert [(t.number, t.white, t.text, t.series) for t in tokens] == [
        (11, False, "1716", False),
        (12, True, "2425", False),
        (12, False, "1625", True),
        (13, True, "1118", False),
        (13, False, "2718", False),
        (14, True, "4244", False),
    ]


def test_6_2_5_example_black_breaks_off_the_series() -> None:
    """Black prefers 13.-, Dd8xa8 and answers 12. 2425, 1625 13. 1118, 4818."""
    day = dt.date(2011, 3, 1)
    game = CorrespondenceGame(
        (
            Card("11.-, 1716", sent=day),
            Card(
                "11.-, 1716 12. 2425, 01625 13. 1118, 2718 14. 4244",
                received=day + dt.timedelta(2),
                sent=day + dt.timedelta(3),
            ),
            Card(
                "12. 2425, 1625 13. 1118, 4818",
                received=day + dt.timedelta(5),
                sent=day + dt.timedelta(6),
            ),
        ),
        fen=FEN_6_2_5,
    )
    t = clock(game)
    white_card, black_card = t.cards[1], t.cards[2]
    assert white_card.proposed == ("12... axb5", "13. Rxa8", "13... Bxa8", "14. d4")
    assert black_card.accepted == ("12... axb5", "13. Rxa8")
    assert black_card.moves == ("12... axb5", "13. Rxa8", "13... Qxa8")
    assert black_card.numeric == ("1625", "1118", "4818")
    assert "breaks off the series at 13... 4818 (6.2.5)" in black_card.notes
    assert t.numeric == "11.-, 1716 12. 2425 1625 13. 1118 4818"
    assert t.to_move == "white"  # White is bound only up to 13.Txa8: 14.d4 lapsed
    assert (t.white.moves_sent, t.black.moves_sent) == (13, 13)


def test_6_2_1_a_wrong_repetition_is_named() -> None:
    day = dt.date(2011, 3, 1)
    game = CorrespondenceGame(
        (
            Card("1. 5254", sent=day),
            Card("1. 4244, 5755", received=day + dt.timedelta(2), sent=day + dt.timedelta(3)),
        )
    )
    with pytest.raises(InputError, match=r"card 2 \(Black's\): repeats 1\. 4244, but the game"):
        clock(game)


def test_pgn_both_ways() -> None:
    start, moves = read_moves("1. 5254 5755 2. 7163 2836 3. 6125")
    text = pgn_text(start, moves, {"White": "A", "Black": "B"})
    ((board, again, tags),) = moves_of_pgn(text, "g.pgn")
    assert again == moves and tags["White"] == "A"
    assert san_text(board, again, danish=True) == "1. e4 e5 2. Sf3 Sc6 3. Lb5"
    with pytest.raises(InputError, match=r"g\.pgn line 4: game 1 .*move 2\. Nf6 is illegal"):
        moves_of_pgn('[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Nf6 *\n', "g.pgn")


@st.composite
def legal_games(draw: st.DrawFn) -> tuple[chess.Board, list[chess.Move]]:
    """A random legal game (python-chess generates the moves), from the start position."""
    board = chess.Board()
    moves: list[chess.Move] = []
    for _ in range(draw(st.integers(0, 80))):
        legal = sorted(board.legal_moves, key=lambda m: m.uci())
        if not legal:
            break
        move = draw(st.sampled_from(legal))
        moves.append(move)
        board.push(move)
    return chess.Board(), moves


@given(legal_games(), st.booleans())
def test_numeric_and_san_round_trip(game: tuple[chess.Board, list[chess.Move]], iccf: bool) -> None:
    start, moves = game
    numeric = numeric_text(start, moves, iccf=iccf)
    san = san_text(start, moves)
    assert read_moves(numeric)[1] == moves
    assert read_moves(san)[1] == moves
    assert numeric_text(start, read_moves(san)[1], iccf=iccf) == numeric
    assert san_text(start, read_moves(numeric)[1]) == san
    assert read_moves(san_text(start, moves, danish=True))[1] == moves
    board = start.copy()
    for m in moves:  # move by move, both ways
        assert play(board, numeric_of(m, iccf=iccf)) == m
        assert play(board, board.san(m)) == m
        board.push(m)
