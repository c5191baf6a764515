"""Games as PGN, read and checked by python-chess (the laws, 003 §3.2) and written back.

:func:`read_pgn` reads every game of a file: every character strictly first
(:mod:`skak.games.movetext`: Danish moves, comments, variations; a mistyped move, a null
move or another variant refused), then every move played by python-chess (Chess960 by its
``Variant`` tag or its start position, 003 §3.4.6). It refuses an illegal or ambiguous move,
naming the game, the move as typed and its line, and a result the game contradicts (a
termination marker other than the ``Result`` tag, a mate, a stalemate or a dead position on
the board, a win for a side that cannot mate, 5.1a, 5.2a–b, 6.9).
:func:`match_game` finds a game's board by the players' names (or FIDE ids);
:func:`export_pgn` writes a tournament's games as one PGN file with the standard tags.
"""

from __future__ import annotations

import contextlib
import io
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import chess
import chess.pgn

from skak.errors import InputError
from skak.games.movetext import Chunk, Token, split_games, unescape
from skak.games.notation import to_danish
from skak.games.timecontrol import parse_pgn_time_control, parse_time_control
from skak.model.player import Player
from skak.model.results import Result
from skak.model.tournament import GameRecord, Pairing, Tournament

__all__ = [
    "PGN_RESULTS",
    "TOURNAMENT_TAGS",
    "ReadGame",
    "export_pgn",
    "match_game",
    "read_pgn",
    "same_player",
]

PGN_RESULTS = {
    "1-0": Result.WHITE_WIN,
    "0-1": Result.BLACK_WIN,
    "1/2-1/2": Result.DRAW,
    "*": Result.UNFINISHED,
}
_PGN_OF = {v: k for k, v in PGN_RESULTS.items()}
_SHOWN = {"1-0": "1-0", "0-1": "0-1", "1/2-1/2": "½-½", "*": "* (unfinished)"}

#: Tags the tournament knows: written from it on export, not kept with the game.
TOURNAMENT_TAGS = (
    "Event",
    "Site",
    "Round",
    "White",
    "Black",
    "Result",
    "WhiteElo",
    "BlackElo",
    "WhiteTitle",
    "BlackTitle",
    "WhiteFideId",
    "BlackFideId",
    "WhiteDsuId",
    "BlackDsuId",
    "EventDate",
)
_SEVEN = ("Event", "Site", "Date", "Round", "White", "Black", "Result")


@dataclass(frozen=True, slots=True)
class ReadGame:
    """One game of a PGN file: its place in the file, players, result and the game itself."""

    number: int
    line: int
    white: str
    black: str
    result: Result
    #: The game as python-chess holds it (its tags, moves, comments and variations).
    game: chess.pgn.Game = field(compare=False, repr=False)
    white_fide_id: int | None = None
    black_fide_id: int | None = None
    #: The file's ``Round`` tag (``3``, ``3.2``), if any.
    round_tag: str | None = None

    def label(self) -> str:
        return f"game {self.number} ({self.white} – {self.black})"

    @property
    def pgn(self) -> str:
        """The game's own tags and its moves, as a board keeps them
        (:class:`~skak.model.tournament.GameRecord`)."""
        return _stored(self.game)

    def record(self, round_number: int, board: int, t: Tournament | None = None) -> GameRecord:
        """The game as a board keeps it: a ``TimeControl`` tag that is the tournament's own
        is left out (the export writes the tournament's)."""
        omit: set[str] = set()
        own = self.game.headers.get("TimeControl")
        if t is not None and own is not None and _same_control(own, _control_tag(t)):
            omit.add("TimeControl")
        return GameRecord(round_number, board, self.result, _stored(self.game, omit))


class _MoveError(ValueError):
    """A move python-chess cannot play, with the line it was typed on."""

    def __init__(self, message: str, line: int | None) -> None:
        super().__init__(message)
        self.line = line


class _Builder(chess.pgn.GameBuilder[chess.pgn.Game]):
    """python-chess's game builder that names a move it cannot play as the file typed it
    (``tokens``: every move of the game in the file's order, :mod:`skak.games.movetext`),
    remembers each move's line, keeps the termination marker, undoes PGN's escapes in tag
    values and plays a Chess960 start position given only by its FEN."""

    def __init__(self, tokens: Sequence[Token] = ()) -> None:
        super().__init__()
        self.tokens = tokens

    def begin_game(self) -> None:
        super().begin_game()
        self.termination: str | None = None
        self.next = 0
        self.current: Token | None = None
        #: The token of each move node (by the node's id; the game keeps the nodes).
        self.where: dict[int, Token] = {}

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        super().visit_header(tagname, unescape(tagvalue))

    def end_headers(self) -> None:
        headers = self.game.headers
        if "FEN" in headers and "Variant" not in headers:
            try:
                board = chess.Board(headers["FEN"], chess960=True)
            except ValueError:
                return  # python-chess names the bad FEN
            if board.chess960_pos() not in (None, 518):
                headers["Variant"] = "Chess960"

    def parse_san(self, board: chess.Board, san: str) -> chess.Move:
        token = self.tokens[self.next] if self.next < len(self.tokens) else None
        self.next += 1
        typed, line = (token.typed, token.line) if token is not None else (san, None)
        dots = "." if board.turn == chess.WHITE else "..."
        try:
            move = board.parse_san(san)
        except ValueError as err:
            why = (
                "ambiguous"
                if isinstance(err, chess.AmbiguousMoveError)
                else "illegal"
                if isinstance(err, chess.IllegalMoveError)
                else "not a move"
            )
            raise _MoveError(
                f"move {board.fullmove_number}{dots} {typed} is {why} in that position", line
            ) from None
        if not move:
            raise _MoveError(f"move {board.fullmove_number}{dots} {typed} is a null move", line)
        self.current = token
        return move

    def visit_move(self, board: chess.Board, move: chess.Move) -> None:
        super().visit_move(board, move)
        if self.current is not None:
            self.where[id(self.variation_stack[-1])] = self.current

    def handle_error(self, error: Exception) -> None:
        self.game.errors.append(error)

    def visit_result(self, result: str) -> None:
        self.termination = result
        super().visit_result(result)


def _fide_id(text: str | None) -> int | None:
    return int(text) if text and text.strip().isdecimal() and int(text) > 0 else None


#: Variant tags of the games the laws know: standard chess and Chess960 (003 §3.4.6).
_VARIANTS = frozenset(
    {"standard", "chess", "normal", "chess960", "chess 960", "fischerandom", "fischerrandom",
     "fischer random"}
)  # fmt: skip


def _read_chunk(chunk: Chunk, source: str) -> tuple[chess.pgn.Game, _Builder]:
    label = chunk.label()
    variant = chunk.tag("Variant")
    if variant is not None and variant[0].strip().lower() not in _VARIANTS:
        raise InputError(
            f"{label}: the Variant tag says {variant[0]!r}; skak reads standard chess and "
            "Chess960 (003 §3.4.6) only",
            location=f"{source} line {variant[1]}",
        )
    builder = _Builder(chunk.moves)
    try:
        read = chess.pgn.read_game(io.StringIO(chunk.text), Visitor=lambda: builder)
    except Exception as err:  # python-chess's own failure: named, never a traceback
        raise InputError(
            f"{label}: cannot be read ({type(err).__name__}: {err})",
            location=f"{source} line {chunk.line}",
        ) from err
    if read is None:  # only move numbers: nothing python-chess calls a game
        raise InputError(
            f"{label}: holds neither tags nor moves", location=f"{source} line {chunk.line}"
        )
    game = builder.game
    if game.errors:
        error = game.errors[0]
        line = error.line if isinstance(error, _MoveError) else None
        if line is None:
            fen = chunk.tag("FEN")
            line = fen[1] if fen is not None else chunk.line
        raise InputError(f"{label}: {error}", location=f"{source} line {line}")
    return game, builder


def read_pgn(text: str, source: str) -> list[ReadGame]:
    """Every game in a PGN file, checked: every character read
    (:func:`skak.games.movetext.split_games`), every move played, the result against the
    board.

    :raises InputError: naming the file, line, game and move as typed.
    """
    out: list[ReadGame] = []
    for chunk in split_games(text, source):
        game, builder = _read_chunk(chunk, source)
        label = chunk.label()
        h = game.headers
        white, black = h.get("White", "?"), h.get("Black", "?")
        tag = h.get("Result", "*")
        result_tag = chunk.tag("Result")
        if tag not in PGN_RESULTS:
            line = result_tag[1] if result_tag else chunk.line
            raise InputError(
                f"{label}: the result {tag!r} is not a PGN result", location=f"{source} line {line}"
            )
        if chunk.result is not None and chunk.result.san != tag:
            raise InputError(
                f"{label}: the Result tag says {_SHOWN[tag]} but the moves end with "
                f"{_SHOWN[chunk.result.san]}",
                location=f"{source} line {chunk.result.line}",
            )
        _check_end(game, tag, label, f"{source} line", builder, chunk.line)
        out.append(
            ReadGame(
                chunk.number,
                chunk.line,
                white,
                black,
                PGN_RESULTS[tag],
                game,
                _fide_id(h.get("WhiteFideId")),
                _fide_id(h.get("BlackFideId")),
                h.get("Round"),
            )
        )
    if not out:
        raise InputError("holds no game", location=source)
    return out


_COLOUR = {chess.WHITE: "White", chess.BLACK: "Black"}


def _check_end(
    game: chess.pgn.Game, tag: str, label: str, where: str, builder: _Builder, game_line: int
) -> None:
    """The laws' ends of a game against the result (003 §3.2.5): a mate is a win for the
    side that mated (5.1a), a stalemate a draw (5.2a), a dead position a draw (5.2b; both
    sides without mating material), and a win on time is a draw when the winner cannot mate
    by any series of legal moves (6.9; 6.10 in the 2001 laws). A decisive result whose winner
    has no mating material is taken only when the game's ``Termination`` tag says it ended
    otherwise than on time (a resignation, 5.1b, wins even so): docs/interpretations.md."""
    end = game.end()
    board = end.board()

    def at(node: chess.pgn.GameNode) -> str:
        token = builder.where.get(id(node))
        return f"{where} {token.line}" if token is not None else f"{where} {game_line}"

    if board.is_checkmate():
        winner = "0-1" if board.turn == chess.WHITE else "1-0"
        if tag != winner:
            mover = "White" if winner == "1-0" else "Black"
            raise InputError(
                f"{label}: the last move {_numbered(end, builder)} mates, so {mover} won "
                f"(5.1a); the result says {_SHOWN[tag]}",
                location=at(end),
            )
        return
    if board.is_stalemate():
        if tag != "1/2-1/2":
            raise InputError(
                f"{label}: the last move {_numbered(end, builder)} stalemates, a draw (5.2a); "
                f"the result says {_SHOWN[tag]}",
                location=at(end),
            )
        return
    if tag not in ("1-0", "0-1"):
        return
    if board.is_insufficient_material():
        dead: chess.pgn.GameNode = end
        while dead.parent is not None and dead.parent.board().is_insufficient_material():
            dead = dead.parent
        after = (
            f"after {_numbered(dead, builder)}"
            if dead.parent is not None
            else "from the start position"
        )
        raise InputError(
            f"{label}: {after} neither side can mate by any series of legal moves (only "
            f"{_material(board)} left): a dead position ends the game as a draw (5.2b); the "
            f"result says {_SHOWN[tag]}",
            location=at(dead),
        )
    side = chess.WHITE if tag == "1-0" else chess.BLACK
    termination = game.headers.get("Termination", "").strip().lower()
    if board.has_insufficient_material(side) and termination in ("", "time forfeit"):
        loser = _COLOUR[not side]
        raise InputError(
            f"{label}: the result says {_SHOWN[tag]}, but {_COLOUR[side]} has only "
            f"{_material(board, side)} and cannot mate by any series of legal moves: "
            f"{loser} losing on time makes it a draw (6.9). If {loser} resigned (5.1b, a win "
            'even so), say so in the game: [Termination "normal"]',
            location=at(end),
        )


def _material(board: chess.Board, colour: chess.Color | None = None) -> str:
    """The pieces on the board (of one side), in words: ``king and knight``."""
    names = {
        chess.KING: "king",
        chess.QUEEN: "queen",
        chess.ROOK: "rook",
        chess.BISHOP: "bishop",
        chess.KNIGHT: "knight",
        chess.PAWN: "pawn",
    }
    sides = [colour] if colour is not None else [chess.WHITE, chess.BLACK]
    parts = []
    for side in sides:
        pieces = [
            names[p] for p in (chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT,
                               chess.PAWN)
            for _ in board.pieces(p, side)
        ]  # fmt: skip
        text = " and ".join(pieces) if len(pieces) < 3 else ", ".join(pieces)
        parts.append(text if colour is not None else f"{_COLOUR[side]} {text}")
    return " against ".join(parts)


def _numbered(node: chess.pgn.GameNode, builder: _Builder | None = None) -> str:
    """A move as ``12... Dxe5``: as the file typed it where known."""
    parent = node.parent
    if parent is None or node.move is None:
        return "(none)"
    b = parent.board()
    dots = "." if b.turn == chess.WHITE else "..."
    token = builder.where.get(id(node)) if builder is not None else None
    return f"{b.fullmove_number}{dots} {token.typed if token else b.san(node.move)}"


class _Exporter(chess.pgn.StringExporter):
    """python-chess's exporter, through its public hook for tags only: tags in ``omit``
    are left out, and a value's ``\\`` and ``"`` are escaped as PGN says (python-chess
    writes them bare)."""

    def __init__(self, *, omit: Iterable[str] = (), **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.omit = frozenset(omit)

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        if tagname not in self.omit:
            super().visit_header(tagname, tagvalue.replace("\\", "\\\\").replace('"', '\\"'))


_COMMENT = re.compile(r"\{[^}]*\}")
_WORD = re.compile(r"[^\s(){}]+")


def _in_danish(movetext: str) -> str:
    """Exported movetext with every move in Danish letters (003 §3.4.3 C): the words outside
    comments that are moves are written by :func:`to_danish` (move numbers, NAGs and the
    result are no moves and stay as they are)."""
    out: list[str] = []
    pos = 0
    for m in _COMMENT.finditer(movetext):
        out.append(_WORD.sub(lambda w: to_danish(w.group()), movetext[pos : m.start()]))
        out.append(m.group())
        pos = m.end()
    out.append(_WORD.sub(lambda w: to_danish(w.group()), movetext[pos:]))
    return "".join(out)


def _unknown_date(value: str | None) -> bool:
    """PGN's unknown date (``????.??.??``) or a part of it unknown (``2026.??.??``)."""
    return not value or "?" in value


def _stored(game: chess.pgn.Game, omit: Iterable[str] = ()) -> str:
    """The game's own tags (not those the tournament knows, nor an unknown date) and its
    moves, as python-chess writes them."""
    skip = set(TOURNAMENT_TAGS) | set(omit)
    if _unknown_date(game.headers.get("Date")):
        skip.add("Date")
    return game.accept(_Exporter(omit=skip, headers=True, columns=79)).strip() + "\n"


# -- matching games to boards --------------------------------------------------------------


def _normal(name: str) -> str:
    text = unicodedata.normalize("NFC", name).casefold().replace(".", " ")
    text = re.sub(r"\s*,\s*", ", ", text)
    return re.sub(r"\s+", " ", text).strip()


def _forms(player: Player) -> set[str]:
    """The ways a PGN may write the player's name: ``Hansen, Jens``, ``Jens Hansen``,
    ``Hansen Jens``."""
    name = _normal(player.name)
    forms = {name}
    if ", " in name:
        last, first = name.split(", ", 1)
        forms |= {f"{first} {last}", f"{last} {first}"}
    return forms


def same_player(pgn_name: str, fide_id: int | None, player: Player) -> bool:
    """Whether a PGN's player is this player: the same FIDE id, else the same name."""
    if fide_id is not None and player.fide_id is not None:
        return fide_id == player.fide_id
    return _normal(pgn_name) in _forms(player)


def match_game(g: ReadGame, t: Tournament, pairing: Pairing) -> bool:
    assert pairing.black is not None
    return same_player(g.white, g.white_fide_id, t.player(pairing.white)) and same_player(
        g.black, g.black_fide_id, t.player(pairing.black)
    )


def board_mismatch(g: ReadGame, t: Tournament, round_number: int, pairing: Pairing) -> str:
    """Why ``g`` is not the game of this board, in words ('' when it is)."""
    where = f"round {round_number} board {pairing.board}"
    if pairing.black is None:
        return f"{where} is a bye (oversidder): it has no game"
    w, b = t.player(pairing.white), t.player(pairing.black)
    if match_game(g, t, pairing):
        return ""
    has = f"{where} has {w.name} ({w.start_number}) with white and {b.name} ({b.start_number})"
    if same_player(g.white, g.white_fide_id, b) and same_player(g.black, g.black_fide_id, w):
        return f"the colours are the other way round: {has} with black"
    if not same_player(g.white, g.white_fide_id, w):
        return f"White is {g.white!r}, but {has} with black"
    return f"Black is {g.black!r}, but {has} with black"


# -- export ---------------------------------------------------------------------------------


def _date(d: Any) -> str:
    return d.strftime("%Y.%m.%d") if d is not None else "????.??.??"


def _player_tags(colour: str, p: Player) -> Iterable[tuple[str, str]]:
    if p.ratings.fide is not None:
        yield f"{colour}Elo", str(p.ratings.fide)
    if p.title is not None:
        yield f"{colour}Title", p.title.value
    if p.fide_id is not None:
        yield f"{colour}FideId", str(p.fide_id)
    if p.dsu_id is not None:
        yield f"{colour}DsuId", str(p.dsu_id)


def _control_tag(t: Tournament) -> str | None:
    """The tournament's time control as PGN's tag; none for an older free text."""
    if t.time_control:
        with contextlib.suppress(InputError):
            return parse_time_control(t.time_control).pgn()
    return None


def _same_control(game_tag: str, tournament_tag: str | None) -> bool:
    """Whether a game's ``TimeControl`` tag is the tournament's control (read, not only
    written, alike: ``5400+30`` and ``1:30:00`` are not told apart by text)."""
    if tournament_tag is None:
        return False
    if game_tag.strip() == tournament_tag:
        return True
    try:
        return parse_pgn_time_control(game_tag) == parse_pgn_time_control(tournament_tag)
    except InputError:
        return False


def _own_game(record: GameRecord) -> chess.pgn.Game:
    """A board's game read back (written by :func:`_stored`, so valid)."""
    builder = _Builder()
    chess.pgn.read_game(io.StringIO(record.pgn), Visitor=lambda: builder)
    assert not builder.game.errors, builder.game.errors
    return builder.game


def export_pgn(
    t: Tournament, games: Sequence[GameRecord] | None = None, *, danish: bool = False
) -> str:
    """The tournament's games (or ``games``) as one PGN file: the seven tags (Event, Site,
    Date, Round as ``3.2``, White, Black, Result), then WhiteElo/BlackElo (FIDE rating),
    the titles, FIDE ids and DSU member numbers (``WhiteDsuId``) where known, EventDate,
    the tournament's TimeControl, then the game's own tags. ``danish``: moves in Danish
    letters (003 §3.4.3)."""
    chunks: list[str] = []
    for record in t.games if games is None else games:
        game = _own_game(record)
        own = dict(game.headers)
        pairing = t.round(record.round).board(record.board)
        assert pairing.black is not None
        white, black = t.player(pairing.white), t.player(pairing.black)
        day = own.get("Date")
        tags: dict[str, str] = {
            "Event": t.name,
            "Site": t.place or "?",
            "Date": _date(t.start_date) if _unknown_date(day) or day is None else day,
            "Round": f"{record.round}.{record.board}",
            "White": white.name,
            "Black": black.name,
            "Result": _PGN_OF[record.result],
        }
        tags.update(_player_tags("White", white))
        tags.update(_player_tags("Black", black))
        if t.start_date is not None:
            tags["EventDate"] = _date(t.start_date)
        control = _control_tag(t)
        if "TimeControl" not in own and control is not None:
            tags["TimeControl"] = control
        for k, v in own.items():
            if k not in tags and k not in _SEVEN:
                tags[k] = v
        game.headers = chess.pgn.Headers(tags)
        text = game.accept(_Exporter(headers=True, columns=79)).strip()
        if danish:
            head, _, moves = text.partition("\n\n")
            text = f"{head}\n\n{_in_danish(moves)}"
        chunks.append(text + "\n")
    return "\n".join(chunks)
