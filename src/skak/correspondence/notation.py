"""DSU 6.2.2 and 6.2.5: the numeric notation of correspondence chess, and move series.

A move is four digits, the square it leaves and the square it goes to, each as file and
rank (a1 = 11, h8 = 88): ``1214`` is a2-a4, castling is the king's move (``5171`` is 0-0);
a promotion adds a fifth digit, ``5758(1)`` (1 queen, 2 rook, 3 bishop, 4 knight); a ``0``
in front of a move starts a proposed move series (trækserie, 6.2.5): ``01625``. ICCF's
form of a promotion, ``57581`` without brackets, is read too (6.8.2: "the international
numeric notation").

Moves are played through python-chess, which keeps the laws: an illegal move is refused
with its move number. :func:`read_moves` reads move text the way correspondence players
write it — numbered or not, ``11.-, 1716`` for a move of Black's, numeric, SAN, long
algebraic (``b4-b5``, ``Ta1xa8``) or Danish letters (K D T L S) — and :func:`san_text`,
:func:`numeric_text` and :func:`pgn_text` write a game back in each notation.
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from dataclasses import dataclass

import chess
import chess.pgn

from skak.errors import InputError
from skak.games.notation import from_danish, to_danish

__all__ = [
    "PROMOTION_DIGITS",
    "MoveToken",
    "NumericMove",
    "label",
    "moves_of_pgn",
    "numeric_of",
    "numeric_text",
    "pgn_text",
    "play",
    "read_moves",
    "san_text",
    "tokenize",
]

#: 6.2.2: the fifth digit of a promotion.
PROMOTION_DIGITS = {1: chess.QUEEN, 2: chess.ROOK, 3: chess.BISHOP, 4: chess.KNIGHT}
_DIGIT_OF = {piece: digit for digit, piece in PROMOTION_DIGITS.items()}

#: Danish piece letters (003 §3.4.3 C2) as SAN's.
_ENGLISH = {"D": "Q", "T": "R", "L": "B", "S": "N"}

_NUMERIC = re.compile(r"(0?)([1-8])([1-8])([1-8])([1-8])(?:\(([1-4])\)|([1-4]))?")


@dataclass(frozen=True, slots=True)
class NumericMove:
    """A move in the numeric notation: the squares it leaves and reaches, the promotion.

    >>> NumericMove.parse("5758(1)")
    NumericMove.parse('5758(1)')
    >>> NumericMove.parse("1214").uci()
    'a2a4'
    """

    from_square: chess.Square
    to_square: chess.Square
    promotion: chess.PieceType | None = None

    @classmethod
    def parse(cls, text: str) -> NumericMove:
        """``1214``, ``5758(1)`` or ``57581``; a leading series ``0`` is not part of a move.

        :raises InputError: naming the text, when it is not a numeric move.
        """
        m = _NUMERIC.fullmatch(text.strip())
        if m is None or m[1]:
            raise InputError(
                f"{text!r} is not a move in the numeric notation: four digits 1–8, the "
                "square left and the square reached (a2-a4 = 1214), and a fifth for a "
                "promotion (e7-e8 = queen 5758(1), rook (2), bishop (3), knight (4); 6.2.2)"
            )
        digit = m[6] or m[7]
        return cls(
            chess.square(int(m[2]) - 1, int(m[3]) - 1),
            chess.square(int(m[4]) - 1, int(m[5]) - 1),
            PROMOTION_DIGITS[int(digit)] if digit else None,
        )

    @classmethod
    def of(cls, move: chess.Move) -> NumericMove:
        return cls(move.from_square, move.to_square, move.promotion)

    def move(self) -> chess.Move:
        return chess.Move(self.from_square, self.to_square, self.promotion)

    def uci(self) -> str:
        return self.move().uci()

    def text(self, *, iccf: bool = False) -> str:
        """``5758(1)`` as 6.2.2 prints it, or ``57581`` (``iccf``)."""
        squares = "".join(
            f"{chess.square_file(s) + 1}{chess.square_rank(s) + 1}"
            for s in (self.from_square, self.to_square)
        )
        if self.promotion is None:
            return squares
        digit = _DIGIT_OF[self.promotion]
        return f"{squares}{digit}" if iccf else f"{squares}({digit})"

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"NumericMove.parse({self.text()!r})"


def numeric_of(move: chess.Move, *, iccf: bool = False) -> str:
    """A python-chess move in the numeric notation: ``e1g1`` (0-0) → ``5171``."""
    return NumericMove.of(move).text(iccf=iccf)


def label(board: chess.Board) -> str:
    """The number of the move to be played: ``12.`` for White, ``12...`` for Black."""
    return f"{board.fullmove_number}{'.' if board.turn == chess.WHITE else '...'}"


# -- reading move text -----------------------------------------------------------------------

_TOKEN = re.compile(
    r"""\s*(?:
        (?P<number>\d{1,3})\s*\.(?P<dots>\.\.|…)?             # 12.  12...
      | (?P<skip>-|…|\.\.\.)(?=[\s,]|$)                      # 11.-, : White's move left out
      | (?P<result>1-0|0-1|1/2-1/2|½-½|\*)(?=[\s,]|$)
      | (?P<numeric>0?[1-8]{4}(?:\([1-4]\)|[1-4])?)(?![\d(])
      | (?P<castle>[O0]-[O0](?:-[O0])?[+#]*)
      | (?P<san>[KQRBNDTLS]?[a-h]?[1-8]?[-x:]?[a-h][1-8]
           (?:=?[QRBNDTLS]|\([QRBNDTLS]\))?(?:\s*e\.p\.)?[+#!?]*)
      | (?P<comma>,)
      | (?P<comment>\{[^}]*\})
    )""",
    re.VERBOSE,
)


@dataclass(frozen=True, slots=True)
class MoveToken:
    """One move of a move text: its number and colour if written, the text, and whether a
    proposed series (6.2.5) starts with it."""

    text: str
    number: int | None
    white: bool | None
    series: bool = False
    numeric: bool = False


def tokenize(text: str, where: str = "") -> list[MoveToken]:
    """The moves of a move text, with the move numbers written before them.

    :raises InputError: naming the place in the text that is not a move.
    """
    out: list[MoveToken] = []
    number: int | None = None
    white: bool | None = None
    pos = 0
    text = text.strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            rest = text[pos:].strip().split()[0]
            raise InputError(f"{where}{rest!r} is not a move (6.2.2)")
        pos = m.end()
        if m["number"]:
            number, white = int(m["number"]), not m["dots"]
        elif m["skip"]:
            if number is None:
                raise InputError(f"{where}{m['skip']!r} must follow a move number (11.-, 1716)")
            white = False
        elif m["result"]:
            break
        elif m["numeric"] or m["castle"] or m["san"]:
            word = m["numeric"] or m["castle"] or m["san"]
            series = bool(m["numeric"]) and word.startswith("0")
            out.append(
                MoveToken(word[1:] if series else word, number, white, series, bool(m["numeric"]))
            )
            if number is not None and white is not None:
                number, white = (number, False) if white else (number + 1, True)
    return out


def _san_of(text: str) -> str:
    """A written move as python-chess reads it: Danish letters, ``e8(D)``, ``a6:b5``."""
    t = text.replace("e.p.", "").replace(":", "x").rstrip("!?").strip()
    t = re.sub(r"\(([QRBNDTLS])\)", r"\1", t)
    if re.fullmatch(r"[O0]-[O0](-[O0])?[+#]*", t):
        return t.replace("0", "O")
    m = re.fullmatch(r"([KQRBNDTLS]?)([a-h]?[1-8]?[-x]?[a-h][1-8])=?([QRBNDTLS]?)([+#]*)", t)
    if m is None:
        return from_danish(t)
    piece = _ENGLISH.get(m[1], m[1])
    promo = "=" + _ENGLISH.get(m[3], m[3]) if m[3] else ""
    return f"{piece}{m[2]}{promo}{m[4]}"


def play(board: chess.Board, token: MoveToken | str, where: str = "") -> chess.Move:
    """The legal move ``token`` is in ``board``'s position (not played).

    :raises InputError: ``"{where}move 12. 2425 is illegal in that position"``, or not a move.
    """
    word = token.text if isinstance(token, MoveToken) else token
    numeric = token.numeric if isinstance(token, MoveToken) else bool(_NUMERIC.fullmatch(word))
    at = f"{where}move {label(board)} {word}"
    if numeric:
        nm = NumericMove.parse(word)
        piece = board.piece_at(nm.from_square)
        reaches_last = chess.square_rank(nm.to_square) in (0, 7)
        if piece is not None and piece.piece_type == chess.PAWN and reaches_last:
            if nm.promotion is None:
                raise InputError(
                    f"{at}: a pawn reaching the last rank needs a fifth digit for the new "
                    "piece: (1) queen, (2) rook, (3) bishop, (4) knight (6.2.2)"
                )
        elif nm.promotion is not None:
            raise InputError(f"{at}: only a pawn reaching the last rank takes a fifth digit")
        move = nm.move()
        if not board.is_legal(move):
            raise InputError(f"{at} is illegal in that position")
        return move
    try:
        return board.parse_san(_san_of(word))
    except chess.AmbiguousMoveError:
        raise InputError(f"{at} is ambiguous in that position") from None
    except chess.IllegalMoveError:
        raise InputError(f"{at} is illegal in that position") from None
    except ValueError:
        raise InputError(f"{at} is not a move") from None


def _check_number(board: chess.Board, token: MoveToken, where: str) -> None:
    if token.number is None or token.white is None:
        return
    if (token.number, token.white) != (board.fullmove_number, board.turn == chess.WHITE):
        written = f"{token.number}{'.' if token.white else '...'}"
        raise InputError(
            f"{where}{token.text} is written as move {written}, but the move to be played "
            f"is {label(board)}"
        )


def read_moves(
    text: str, fen: str | None = None, where: str = ""
) -> tuple[chess.Board, list[chess.Move]]:
    """A whole game in any of the notations (numbered or not), played from ``fen`` (else the
    start position): the start board and the moves. A series marker is not allowed here.

    :raises InputError: naming the move (``move 12. 2425 is illegal in that position``).
    """
    board = start_board(fen, where)
    start = board.copy()
    moves: list[chess.Move] = []
    for token in tokenize(text, where):
        if token.series:
            raise InputError(f"{where}a game's moves hold no proposed series (0{token.text})")
        _check_number(board, token, where)
        move = play(board, token, where)
        board.push(move)
        moves.append(move)
    return start, moves


def start_board(fen: str | None, where: str = "") -> chess.Board:
    if fen is None:
        return chess.Board()
    try:
        return chess.Board(fen)
    except ValueError as e:
        raise InputError(f"{where}the start position {fen!r} is not a FEN: {e}") from None


def moves_of_pgn(
    text: str, source: str
) -> list[tuple[chess.Board, list[chess.Move], dict[str, str]]]:
    """Every game of a PGN file (checked by :func:`skak.games.pgn.read_pgn`: illegal moves
    named with game and move; Danish letters read): start board, moves and tags."""
    from skak.games.pgn import read_pgn

    out = []
    for g in read_pgn(text, source):
        game = chess.pgn.read_game(io.StringIO(g.pgn))
        assert game is not None
        moves = list(game.mainline_moves())
        tags = {k: v for k, v in game.headers.items() if v not in ("?", "????.??.??", "*")}
        tags |= {"White": g.white, "Black": g.black}
        out.append((game.board(), moves, tags))
    return out


# -- writing ---------------------------------------------------------------------------------


def _numbered(board: chess.Board, words: Sequence[str], black_first: str = "...") -> str:
    b = board.copy()
    parts: list[str] = []
    for i, word in enumerate(words):
        if b.turn == chess.WHITE:
            parts.append(f"{b.fullmove_number}. {word}")
        elif i == 0:
            parts.append(f"{b.fullmove_number}{black_first} {word}")
        else:
            parts.append(word)
        b.push(chess.Move.null())
    return " ".join(parts)


def numeric_text(board: chess.Board, moves: Sequence[chess.Move], *, iccf: bool = False) -> str:
    """``1. 5254 5755 2. 7163`` (a game starting with Black's move: ``11.-, 1716``)."""
    return _numbered(board, [numeric_of(m, iccf=iccf) for m in moves], ".-,")


def _sans(board: chess.Board, moves: Sequence[chess.Move], danish: bool) -> list[str]:
    b = board.copy()
    out = []
    for m in moves:
        san = b.san(m)
        out.append(to_danish(san) if danish else san)
        b.push(m)
    return out


def san_text(board: chess.Board, moves: Sequence[chess.Move], *, danish: bool = False) -> str:
    """``1. e4 e5 2. Nf3`` (``danish``: ``2. Sf3``); from Black's move ``11... a6``."""
    return _numbered(board, _sans(board, moves, danish))


def pgn_text(
    board: chess.Board,
    moves: Sequence[chess.Move],
    tags: dict[str, str] | None = None,
    *,
    result: str = "*",
) -> str:
    """The game as PGN with the seven tags (unknown ones as ``?``) and any others given."""
    game = chess.pgn.Game()
    if board.fen() != chess.STARTING_FEN:
        game.setup(board)
    for k, v in (tags or {}).items():
        game.headers[k] = v
    game.headers["Result"] = result
    node: chess.pgn.GameNode = game
    for m in moves:
        node = node.add_variation(m)
    return str(game) + "\n"
