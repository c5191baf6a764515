"""Reading games: the laws through python-chess, Danish notation (003 §3.4.3), Chess960
(§3.4.6), and errors that name the game and the move."""

from __future__ import annotations

import chess
import chess.pgn
import pytest
from hypothesis import given
from hypothesis import strategies as st

from skak.errors import InputError
from skak.games.notation import from_danish, to_danish
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


def test_danish_moves_are_read_outside_tags_and_comments() -> None:
    """Danish letters become SAN in the moves only; a ``;`` comment is kept as a comment."""
    text = '[Event "Sf3 Cup"]\n[Annotator "Sf3"]\n\n1. e4 {Sf3 next} e5 2. Sf3 ; Sc6 here\nSc6 *\n'
    (g,) = read_pgn(text, "c.pgn")
    assert (
        g.pgn == '[Annotator "Sf3"]\n\n1. e4 { Sf3 next } 1... e5 2. Nf3 { Sc6 here } 2... Nc6 *\n'
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
            r"f\.pgn line 7: game 2 \(A – B\): move 4\. Ne4 is illegal",
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


def _lines(*moves: str, result: str | None = "*", extra: str = "") -> str:
    """A game whose movetext starts on line 5 (after ``extra``'s lines), one line per entry
    of ``moves``, ending with ``result`` (``None``: no termination marker)."""
    body = "\n".join(moves) + ("" if result is None else f" {result}")
    return f'[White "A"]\n[Black "B"]\n[Result "{result or "*"}"]\n{extra}\n{body}\n'


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        (("1. e4 e5", "2. Nf3 Nc6", "3. Sxe9"), r"line 7: .* cannot read 'Sxe9'"),
        (("1. e4 e5 2. Qxx",), r"line 5: .* cannot read 'Qxx'"),
        (("1. e4 hello e5",), r"line 5: .* cannot read 'hello'"),
        (("1. e4 e5", "2. Zz9"), r"line 6: .* cannot read 'Zz9'"),
        (("1. e4 e5", "2. sf3"), r"line 6: .* cannot read 'sf3': a piece is written with a cap"),
        (("1. e4 e5 2. nf3",), r"line 5: .* cannot read 'nf3': a piece is written with a cap"),
        (("1. e4 e9 ) 2. Nf3",), r"line 5: .* cannot read 'e9'"),
        (("1. e4 e5 2. Nf3Nc6",), r"cannot read 'Nf3Nc6'"),
        (("1. e4 ) e5",), r"a '\)' closes no variation"),
        (("1. e4 (1. d4 e5", "2. Nf3", None), r"line 5: .* a variation '\(' that is never closed"),
        (("( 1. d4 ) 1. e4",), r"a variation '\(' before any move"),
        (("1. e4 {a comment", "that never ends"), r"line 5: .* a comment '\{' that is never"),
        (("1. e4 e5 } 2. Nf3",), r"a '\}' closes no comment"),
        (("1. e4 e5 * 2. Nf3",), r"'Nf3' after the result \*"),
        (("1. e4 (1. d4 *) e5",), r"the result \* inside a variation"),
    ],
    ids=[
        "danish-typo", "Qxx", "hello", "Zz9", "lower-case-danish", "lower-case-english",
        "bad-square-before-paren", "two-moves-glued", "stray-paren", "open-variation",
        "variation-first", "open-comment", "stray-brace", "move-after-result",
        "result-in-variation",
    ],
)  # fmt: skip
def test_every_typed_token_is_read_or_refused(moves: tuple[str | None, ...], message: str) -> None:
    """python-chess skips what it cannot read; skak names it, with its line, as typed."""
    text = (
        _lines(*[m for m in moves if m is not None], result=None)
        if None in moves
        else _lines(*[m for m in moves if m is not None])
    )
    with pytest.raises(InputError, match=message):
        read_pgn(text, "f.pgn")


def test_a_move_is_named_as_typed_on_its_line() -> None:
    """The file says Dxd4 (Danish); the message says Dxd4, and the move's own line."""
    text = _lines("1. e4 e5 2. Sf3 d6", "3. Lc4 Lg4", "4. Sxe5 Lxd1", "5. Dxd4")
    with pytest.raises(InputError, match=r"f\.pgn line 8: .* move 5\. Dxd4 is illegal"):
        read_pgn(text, "f.pgn")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (_lines("1. e4 -- 2. d4"), r"line 5: .* '--' is a null move"),
        (_lines("1. e4 Z0 2. d4"), r"'Z0' is a null move"),
        (_lines("1. e4 0000 2. d4"), r"'0000' is a null move"),
        (_lines("1. e4 N@f6"), r"'N@f6' drops a piece \(crazyhouse\)"),
        (
            _lines("1. e4 d5", extra='[Variant "Atomic"]\n'),
            r"line 4: .* the Variant tag says 'Atomic'; skak reads standard chess and Chess960",
        ),
        (_lines("1. e4 d5", extra='[Variant "Crazyhouse"]\n'), r"Variant tag says 'Crazyhouse'"),
        (_lines("1. e4", extra='[White "C"]\n'), r"line 4: .* the tag White is given twice"),
        (_lines("1. e4", extra='[Event "no end]\n'), r"line 4: .* cannot read the tag"),
        (_lines("1. e4") + '[White "C"]\n1. d4 *\n', r"line 6: .* a tag among the moves"),
    ],
    ids=[
        "null--", "null-Z0", "null-0000", "crazyhouse-drop", "variant-atomic",
        "variant-crazyhouse", "tag-twice", "bad-tag", "games-not-separated",
    ],
)  # fmt: skip
def test_null_moves_variants_and_broken_files_are_refused(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        read_pgn(text, "f.pgn")


def test_standard_and_chess960_variant_tags_are_read() -> None:
    for variant in ("Standard", "chess 960"):
        (g,) = read_pgn(_lines("1. e4 e5", extra=f'[Variant "{variant}"]\n'), "v.pgn")
        assert g.result is Result.UNFINISHED


def test_python_chess_failing_is_named_not_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any exception inside python-chess's reader becomes an error naming file, line, game."""

    def broken(*args: object, **kwargs: object) -> None:
        raise IndexError("pop from empty list")

    monkeypatch.setattr(chess.pgn, "read_game", broken)
    with pytest.raises(InputError, match=r"crash\.pgn line 1: game 1 \(A – B\): cannot be read"):
        read_pgn(_lines("1. Nf3 Nf6"), "crash.pgn")


def test_the_reviewers_crash_file_is_refused() -> None:
    """``1. Nf6 ) e4 e5`` made python-chess raise IndexError."""
    with pytest.raises(InputError, match=r"crash\.pgn line 5: .*closes no variation"):
        read_pgn(_lines("1. Nf6 ) e4 e5", result="1-0"), "crash.pgn")


def test_comments_variations_nags_and_glyphs_are_read() -> None:
    text = _lines(
        "1. e4! {best by test} e5 $1 2. Sf3?! (2. Lc4 Sf6 (2... Lc5)) 2... Sc6 ; a line comment",
        "3. exd6e.p.",
    )
    with pytest.raises(InputError, match=r"line 6: .* move 3\. exd6e\.p\. is illegal"):
        read_pgn(text, "f.pgn")
    (g,) = read_pgn(text.replace("3. exd6e.p.", "3. Lb5 a6 4. Lxc6+ dxc6"), "f.pgn")
    game = chess.pgn.read_game(__import__("io").StringIO(g.pgn))
    assert game is not None
    assert len(game.variations[0].variations[0].variations) == 2  # 2. Nf3 and 2. Bc4
    assert game.end().board().fullmove_number == 5


# -- the laws' ends of a game: 5.1a, 5.2a, 5.2b, 6.9 -----------------------------------------

#: White to move: K e1 and N h1 against K e8 and Q a1; 1. Kd2 leaves White K+N, Black K+Q.
_KN_KQ = '[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/q3K2N w - - 0 1"]\n'
#: White K e1 and B d1 against K e8 and R d2: 1. Kxd2 leaves K+B against K.
_KB_K = '[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/3r4/3BK3 w - - 0 1"]\n'


@pytest.mark.parametrize(
    ("extra", "moves", "result", "message"),
    [
        (_KB_K, "1. Kxd2", "1-0", r"after 1\. Kxd2 neither side can mate .* a dead position .* "
         r"draw \(5\.2b\)"),
        (_KB_K, "1. Kxd2", "0-1", r"\(5\.2b\)"),
        (_KN_KQ, "1. Kd2", "1-0", r"White has only king and knight and cannot mate .* Black "
         r"losing on time makes it a draw \(6\.9\)"),
        (_KN_KQ + '[Termination "time forfeit"]\n', "1. Kd2", "1-0", r"\(6\.9\)"),
    ],
    ids=["5.2b-dead-position-1-0", "5.2b-dead-position-0-1", "6.9-no-mating-material",
         "6.9-time-forfeit"],
)  # fmt: skip
def test_a_win_without_mating_material_is_refused(
    extra: str, moves: str, result: str, message: str
) -> None:
    with pytest.raises(InputError, match=message):
        read_pgn(_lines(moves, result=result, extra=extra), "f.pgn")


@pytest.mark.parametrize(
    ("extra", "result"),
    [
        (_KB_K, "1/2-1/2"),  # 5.2b: the dead position's draw
        (_KN_KQ, "1/2-1/2"),  # 6.9: the flag fell, a draw
        (_KN_KQ, "0-1"),  # Black has mating material: any decisive way is possible
        (_KN_KQ + '[Termination "normal"]\n', "1-0"),  # 5.1b: Black resigned, a win even so
    ],
    ids=["5.2b-draw", "6.9-draw", "winner-can-mate", "5.1b-resignation"],
)
def test_results_the_laws_allow(extra: str, result: str) -> None:
    (g,) = read_pgn(_lines("1. Kxd2" if extra.startswith(_KB_K) else "1. Kd2", result=result,
                           extra=extra), "f.pgn")  # fmt: skip
    assert g.result is {"1-0": Result.WHITE_WIN, "0-1": Result.BLACK_WIN}.get(result, Result.DRAW)


_PIECES_OF_FILES = [
    "1.", "2...", "e4", "e5", "Nf3", "Sf3", "(", ")", "{", "}", "{c}", ";x\n", "\n", "\n\n",
    "1-0", "0-1", "*", "1/2-1/2", "½-½", "$1", "!?", "O-O", "0-0", "--", "e.p.", "d8D", "%x\n",
    "(=)", "Qh4#", "f3", "g4", "Ke2", "x", '[White "A"]\n', '[Result "1-0"]\n',
    '[FEN "8/8/8/8/8/8/k7/K7 w - - 0 1"]\n', '[Variant "Chess960"]\n', "Kb1",
]  # fmt: skip


@given(st.lists(st.sampled_from(_PIECES_OF_FILES), min_size=1, max_size=25))
def test_any_file_is_read_or_refused_by_name(pieces: list[str]) -> None:
    """Whatever a file holds, the answer is its games or an InputError naming the file."""
    try:
        read_pgn(" ".join(pieces), "f.pgn")
    except InputError as err:
        message = str(err)
    else:
        message = "f.pgn"
    assert "f.pgn" in message


def test_move_numbers_alone_are_no_game() -> None:
    with pytest.raises(InputError, match=r"f\.pgn line 1: game 1 \(\? – \?\): holds neither"):
        read_pgn("1.\n", "f.pgn")
