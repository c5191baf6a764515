"""A PGN file read strictly, before python-chess plays its moves.

python-chess's reader is forgiving: it skips any text its move pattern does not match, so a
mistyped ``11. Sxe9`` or ``hello`` vanishes and the game is read short, and a lower-case
``nf3`` is read as the pawn move ``f3``. :func:`split_games` reads every character of the
file instead: tag pairs, comments (``{…}``, ``;`` to the end of the line, ``%`` lines), move
numbers, moves in SAN or in Danish letters (003 §3.4.3 C: K D T L S, ``0-0``, ``d8D``,
C9's ``e.p.`` and ``++``, C13's draw offer ``(=)``), NAGs and ``!``/``?`` glyphs, variations
and the termination marker — and refuses anything else, naming its line and the text as
the arbiter typed it. A null move (``--``, ``Z0``) and a piece dropped (``N@f3``, crazyhouse)
are refused: they are no moves of the laws.

Each game comes back as a :class:`Chunk`: its tags, its text with the moves in SAN for
python-chess, and every move as typed with its line, in the file's order (the order
python-chess parses them), so that an illegal move is named as it was written.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from skak.errors import InputError

__all__ = ["Chunk", "Token", "split_games"]

#: A tag pair as PGN writes it (python-chess's pattern; a value's ``\"`` and ``\\`` escapes
#: are undone by the reader).
_TAG = re.compile(r'\[([A-Za-z0-9][A-Za-z0-9_+#=:-]*)\s+"(.*)"\]\s*')
_NULL = re.compile(r"(?:--|Z0|0000|@@@@)(?![^\s(){};$!?])")
_DROP = re.compile(r"[PNBRQK]?@[a-h][1-8]")
_CASTLE = re.compile(r"(O-O-O|O-O|0-0-0|0-0)(\+\+|[+#])?")
_RESULT = re.compile(r"1-0|0-1|1/2-1/2|½-½|\*")
_NUMBER = re.compile(r"\d+(?:\s*(?:\.+|…))")
_BARE_NUMBER = re.compile(r"\d+(?=\s|$)")
_MOVE = re.compile(
    r"(?P<piece>[KQRBNDTLS])?(?P<from>[a-h]?[1-8]?)(?P<sep>[-x]?)(?P<to>[a-h][1-8])"
    r"(?:=?(?P<promo>[QRBNDTLSqrbn]))?(?P<check>\+\+|[+#])?(?P<ep>\s*e\.p\.)?"
)
_NAG = re.compile(r"\$\d+")
_GLYPH = re.compile(r"[!?]{1,2}")
#: What may follow a move without a space.
_AFTER_MOVE = set(" \t(){};$!?")
_WORD = re.compile(r"[^\s(){};]+")
_PIECE = {"K": "K", "Q": "Q", "R": "R", "B": "B", "N": "N", "D": "Q", "T": "R", "L": "B", "S": "N"}
_LOWER_PIECE = re.compile(r"[kqrnstl][a-h]?[1-8]?[-x]?[a-h][1-8]")


@dataclass(frozen=True, slots=True)
class Token:
    """A move (or the termination marker) as typed, what python-chess reads, and its line."""

    typed: str
    san: str
    line: int


@dataclass(frozen=True, slots=True)
class Chunk:
    """One game of the file: ``tags`` (name, value with escapes undone, line), ``text`` for
    python-chess, ``moves`` every move as typed (variations included, in the file's order)
    and ``result`` the termination marker, if written."""

    number: int
    line: int
    tags: tuple[tuple[str, str, int], ...]
    text: str
    moves: tuple[Token, ...]
    result: Token | None

    def tag(self, name: str) -> tuple[str, int] | None:
        for n, value, line in self.tags:
            if n == name:
                return value, line
        return None

    def label(self) -> str:
        white = self.tag("White")
        black = self.tag("Black")
        return f"game {self.number} ({white[0] if white else '?'} – {black[0] if black else '?'})"


def unescape(value: str) -> str:
    """A tag value with PGN's escapes undone: ``\\"`` → ``"``, ``\\\\`` → ``\\``."""
    return re.sub(r'\\(["\\])', r"\1", value)


def _san(m: re.Match[str]) -> str:
    """A move token (SAN or Danish) as SAN for python-chess."""
    piece = _PIECE[m["piece"]] if m["piece"] else ""
    promo = "=" + _PIECE.get(m["promo"], m["promo"].upper()) if m["promo"] else ""
    return f"{piece}{m['from']}{m['sep']}{m['to']}{promo}"


class _Reader:
    """The state of one game's movetext while it is read."""

    def __init__(self, source: str, number: int, tags: list[tuple[str, str, int]]) -> None:
        self.source = source
        self.number = number
        self.tags = tags
        self.pieces: list[str] = []
        self.moves: list[Token] = []
        self.result: Token | None = None
        #: Moves played at each depth (the main line, then each open variation) and the
        #: lines the variations opened on.
        self.depth_moves = [0]
        self.opened: list[int] = []

    def label(self) -> str:
        white = next((v for n, v, _ in self.tags if n == "White"), "?")
        black = next((v for n, v, _ in self.tags if n == "Black"), "?")
        return f"game {self.number} ({white} – {black})"

    def fail(self, line: int, what: str) -> InputError:
        return InputError(f"{self.label()}: {what}", location=f"{self.source} line {line}")

    def _after_result(self, line: int, typed: str) -> None:
        if self.result is not None:
            raise self.fail(
                line, f"{typed!r} after the result {self.result.typed}: the result ends the game"
            )

    def read_line(self, text: str, line: int, pos: int = 0) -> int | None:
        """Read a line's tokens from ``pos``; the position of an unclosed comment's ``{``
        (its text continues on the next lines), else ``None``."""
        while pos < len(text):
            ch = text[pos]
            if ch.isspace():
                pos += 1
                continue
            if ch == "{":
                end = text.find("}", pos)
                if end < 0:
                    return pos
                self.pieces.append(text[pos : end + 1])
                pos = end + 1
                continue
            if ch == ";":
                rest = text[pos + 1 :].replace("}", "").strip()
                if rest:
                    self.pieces.append("{" + rest + "}")
                return None
            if text.startswith("(=)", pos):  # C13: a draw offer, kept as a comment
                self.pieces.append("{(=)}")
                pos += 3
                continue
            pos = self._token(text, line, pos)
        return None

    def _token(self, text: str, line: int, pos: int) -> int:
        ch = text[pos]
        if ch == "}":
            raise self.fail(line, "a '}' closes no comment")
        if ch == "(":
            self._after_result(line, "(")
            if self.depth_moves[-1] == 0:
                raise self.fail(line, "a variation '(' before any move it could replace")
            self.depth_moves.append(0)
            self.opened.append(line)
            self.pieces.append("(")
            return pos + 1
        if ch == ")":
            if not self.opened:
                raise self.fail(line, "a ')' closes no variation")
            self.depth_moves.pop()
            self.opened.pop()
            self.pieces.append(")")
            return pos + 1
        for pattern, kind in (
            (_NULL, "null"),
            (_DROP, "drop"),
            (_CASTLE, "castle"),
            (_RESULT, "result"),
            (_NUMBER, "number"),
            (_BARE_NUMBER, "number"),
            (_MOVE, "move"),
            (_NAG, "nag"),
            (_GLYPH, "glyph"),
        ):
            m = pattern.match(text, pos)
            if m is None:
                continue
            end = m.end()
            if kind in ("castle", "move") and end < len(text) and text[end] not in _AFTER_MOVE:
                break  # e.g. "Sxe9", "e4e9x": read on as one unreadable word
            return self._accept(kind, m, line, end)
        word = _WORD.match(text, pos)
        typed = word.group() if word else text[pos]
        raise self.fail(line, _unreadable(typed))

    def _accept(self, kind: str, m: re.Match[str], line: int, end: int) -> int:
        typed = m.group()
        if kind == "null":
            raise self.fail(line, f"{typed!r} is a null move, not a move of the laws of chess")
        if kind == "drop":
            raise self.fail(
                line, f"{typed!r} drops a piece (crazyhouse): not a move of the laws of chess"
            )
        if kind == "number":
            return end
        self._after_result(line, typed)
        if kind == "result":
            if self.opened:
                raise self.fail(line, f"the result {typed} inside a variation")
            san = "1/2-1/2" if typed == "½-½" else typed
            self.result = Token(typed, san, line)
            self.pieces.append(san)
            return end
        if kind in ("nag", "glyph"):
            self.pieces.append(typed)
            return end
        san = m.group(1).replace("0", "O") if kind == "castle" else _san(m)
        self.moves.append(Token(typed, san, line))
        self.pieces.append(san)
        self.depth_moves[-1] += 1
        return end

    def finish(self, line: int) -> None:
        if self.opened:
            raise self.fail(self.opened[-1], "a variation '(' that is never closed")


def _unreadable(typed: str) -> str:
    if _LOWER_PIECE.fullmatch(typed.rstrip("+#")):
        return (
            f"cannot read {typed!r}: a piece is written with a capital letter "
            "(Nf3, or in Danish Sf3)"
        )
    return f"cannot read {typed!r}: not a move in PGN or Danish notation"


def split_games(text: str, source: str) -> Iterator[Chunk]:
    """The file's games, one by one, each read strictly (see the module's docstring).

    Games are separated as PGN (and python-chess) separate them: the tags, at most one empty
    line, the movetext, then an empty line.

    :raises InputError: naming the file, line, game and the text that cannot be read.
    """
    lines = text.lstrip("\ufeff").splitlines()
    i, n, number = 0, len(lines), 0
    while True:
        while i < n and (not lines[i].strip() or lines[i].startswith(("%", ";"))):
            i += 1
        if i >= n:
            return
        number += 1
        start = i + 1
        tags: list[tuple[str, str, int]] = []
        tag_lines: list[str] = []
        reader = _Reader(source, number, tags)
        blank = 0
        while i < n:
            raw = lines[i]
            stripped = raw.strip()
            if raw.startswith(("%", ";")):
                i += 1
                continue
            if not stripped:
                blank += 1
                if blank > 1 or not tags:
                    break
                i += 1
                continue
            if not stripped.startswith("["):
                break
            blank = 0
            m = _TAG.fullmatch(stripped)
            if m is None:
                raise reader.fail(
                    i + 1, f'cannot read the tag {stripped!r}: PGN writes a tag [Name "value"]'
                )
            if any(name == m[1] for name, _, _ in tags):
                raise reader.fail(
                    i + 1,
                    f"the tag {m[1]} is given twice (an empty line and the moves missing "
                    "between two games?)",
                )
            tags.append((m[1], unescape(m[2]), i + 1))
            tag_lines.append(stripped)
            i += 1
        comment_from: int | None = None
        while i < n and blank < 2:
            raw = lines[i]
            if comment_from is not None:
                end = raw.find("}")
                if end < 0:
                    reader.pieces.append(raw)
                    i += 1
                    continue
                reader.pieces.append(raw[: end + 1])
                comment_from = reader.read_line(raw, i + 1, end + 1)
                i += 1
                continue
            if not raw.strip():
                break
            if raw.startswith("%"):
                i += 1
                continue
            if raw.lstrip().startswith("["):
                raise reader.fail(
                    i + 1,
                    "a tag among the moves: an empty line must end a game's moves before the "
                    "next game's tags",
                )
            pos = reader.read_line(raw, i + 1)
            if pos is not None:
                comment_from = i + 1
                reader.pieces.append(raw[pos:])
            i += 1
        if comment_from is not None:
            raise reader.fail(comment_from, "a comment '{' that is never closed")
        reader.finish(i)
        body = _join(reader.pieces)
        yield Chunk(
            number,
            start,
            tuple(tags),
            "\n".join(tag_lines) + ("\n\n" if tag_lines else "") + body + "\n",
            tuple(reader.moves),
            reader.result,
        )


def _join(pieces: list[str]) -> str:
    """The movetext for python-chess on one line: a comment that ran over several lines
    is joined by spaces (an empty line in it would end the game for python-chess)."""
    return " ".join(pieces)
