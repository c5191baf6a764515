"""Games as PGN, read and checked by python-chess (the laws, 003 §3.2) and written back.

:func:`read_pgn` reads every game of a file (Danish moves too, :mod:`skak.games.notation`;
Chess960 by its ``Variant`` tag or its start position, 003 §3.4.6) and refuses an illegal or
ambiguous move, naming the game and the move, and a result that the game contradicts (a
termination marker other than the ``Result`` tag, a mate or stalemate on the board).
:func:`match_game` finds a game's board by the players' names (or FIDE ids);
:func:`export_pgn` writes a tournament's games as one PGN file with the standard tags.
"""

from __future__ import annotations

import contextlib
import io
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import chess
import chess.pgn

from skak.errors import InputError
from skak.games.notation import movetext_from_danish, to_danish
from skak.games.timecontrol import parse_time_control
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
    """One game of a PGN file: its place in the file, players, result and stored form."""

    number: int
    line: int
    white: str
    black: str
    result: Result
    #: The game's own tags and its moves (:class:`~skak.model.tournament.GameRecord`).
    pgn: str
    white_fide_id: int | None = None
    black_fide_id: int | None = None
    #: The file's ``Round`` tag (``3``, ``3.2``), if any.
    round_tag: str | None = None

    def label(self) -> str:
        return f"game {self.number} ({self.white} – {self.black})"

    def record(self, round_number: int, board: int, t: Tournament | None = None) -> GameRecord:
        """The game as a board keeps it: a ``TimeControl`` tag that is the tournament's own
        is left out (the export writes the tournament's)."""
        pgn = self.pgn
        control = _control_tag(t) if t is not None else None
        if control is not None:
            pgn = pgn.replace(f"{_tag('TimeControl', control)}\n", "", 1)
            if pgn.startswith("\n"):
                pgn = pgn[1:]
        return GameRecord(round_number, board, self.result, pgn)


class _MoveError(ValueError):
    pass


class _Builder(chess.pgn.GameBuilder[chess.pgn.Game]):
    """python-chess's game builder that names the move it cannot play, keeps the
    termination marker, and plays a Chess960 start position given only by its FEN."""

    def begin_game(self) -> None:
        super().begin_game()
        self.termination: str | None = None

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
        try:
            return board.parse_san(san)
        except ValueError as err:
            dots = "." if board.turn == chess.WHITE else "..."
            why = (
                "ambiguous"
                if isinstance(err, chess.AmbiguousMoveError)
                else "illegal"
                if isinstance(err, chess.IllegalMoveError)
                else "not a move"
            )
            raise _MoveError(
                f"move {board.fullmove_number}{dots} {san} is {why} in that position"
            ) from None

    def handle_error(self, error: Exception) -> None:
        self.game.errors.append(error)

    def visit_result(self, result: str) -> None:
        self.termination = result
        super().visit_result(result)

    def result(self) -> Any:
        return self


def _fide_id(text: str | None) -> int | None:
    return int(text) if text and text.strip().isdecimal() and int(text) > 0 else None


def _line_of(text: str, offset: int) -> int:
    rest = text[offset:]
    skipped = len(rest) - len(rest.lstrip())
    return text.count("\n", 0, offset + skipped) + 1


def read_pgn(text: str, source: str) -> list[ReadGame]:
    """Every game in a PGN file, checked.

    :raises InputError: naming the file, line, game and move.
    """
    text = movetext_from_danish(text.replace("(=)", "{(=)}"))  # C13: a draw offer noted
    handle = io.StringIO(text)
    out: list[ReadGame] = []
    while True:
        offset = handle.tell()
        builder: Any = chess.pgn.read_game(handle, Visitor=_Builder)
        if builder is None:
            break
        assert isinstance(builder, _Builder)
        game = builder.game
        number = len(out) + 1
        where = f"{source} line {_line_of(text, offset)}"
        h = game.headers
        white, black = h.get("White", "?"), h.get("Black", "?")
        label = f"game {number} ({white} – {black})"
        if game.errors:
            raise InputError(f"{label}: {game.errors[0]}", location=where)
        tag = h.get("Result", "*")
        if tag not in PGN_RESULTS:
            raise InputError(f"{label}: the result {tag!r} is not a PGN result", location=where)
        if builder.termination is not None and builder.termination != tag:
            raise InputError(
                f"{label}: the Result tag says {_SHOWN[tag]} but the moves end with "
                f"{_SHOWN[builder.termination]}",
                location=where,
            )
        _check_end(game, tag, label, where)
        out.append(
            ReadGame(
                number,
                _line_of(text, offset),
                white,
                black,
                PGN_RESULTS[tag],
                _stored(game),
                _fide_id(h.get("WhiteFideId")),
                _fide_id(h.get("BlackFideId")),
                h.get("Round"),
            )
        )
    if not out:
        raise InputError("holds no game", location=source)
    return out


def _check_end(game: chess.pgn.Game, tag: str, label: str, where: str) -> None:
    """The laws' ends of a game (003 §3.2.5 5.1a, 5.2a) against the result."""
    end = game.end()
    board = end.board()
    if board.is_checkmate():
        winner = "0-1" if board.turn == chess.WHITE else "1-0"
        if tag != winner:
            mover = "White" if winner == "1-0" else "Black"
            raise InputError(
                f"{label}: the last move {_numbered(end)} mates, so {mover} won (5.1a); "
                f"the result says {_SHOWN[tag]}",
                location=where,
            )
    elif board.is_stalemate() and tag != "1/2-1/2":
        raise InputError(
            f"{label}: the last move {_numbered(end)} stalemates, a draw (5.2a); the result "
            f"says {_SHOWN[tag]}",
            location=where,
        )


def _numbered(node: chess.pgn.GameNode) -> str:
    parent = node.parent
    if parent is None or node.move is None:
        return "(none)"
    b = parent.board()
    dots = "." if b.turn == chess.WHITE else "..."
    return f"{b.fullmove_number}{dots} {b.san(node.move)}"


def _movetext(game: chess.pgn.Game, danish: bool = False) -> str:
    exporter = _DanishExporter if danish else chess.pgn.StringExporter
    return game.accept(exporter(headers=False, columns=79, variations=True, comments=True))


class _DanishExporter(chess.pgn.StringExporter):
    def visit_move(self, board: chess.Board, move: chess.Move) -> None:
        if self.variations or not self.variation_depth:
            if board.turn == chess.WHITE:
                self.write_token(f"{board.fullmove_number}. ")
            elif self.force_movenumber:
                self.write_token(f"{board.fullmove_number}... ")
            self.write_token(to_danish(board.san(move)) + " ")
            self.force_movenumber = False


def _tag(name: str, value: str) -> str:
    return f'[{name} "{value.replace(chr(92), chr(92) * 2).replace(chr(34), chr(92) + chr(34))}"]'


def _stored(game: chess.pgn.Game) -> str:
    """The game's own tags (not those the tournament knows) and its moves."""
    own = [
        _tag(k, v)
        for k, v in game.headers.items()
        if k not in TOURNAMENT_TAGS and not (k == "Date" and v == "????.??.??")
    ]
    return "\n".join(own) + ("\n\n" if own else "") + _movetext(game).strip() + "\n"


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


def _own_game(record: GameRecord) -> chess.pgn.Game:
    builder: Any = chess.pgn.read_game(io.StringIO(record.pgn), Visitor=_Builder)
    assert isinstance(builder, _Builder)
    assert not builder.game.errors
    game: chess.pgn.Game = builder.game
    return game


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
        tags: dict[str, str] = {
            "Event": t.name,
            "Site": t.place or "?",
            "Date": own.get("Date") or _date(t.start_date),
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
        head = "\n".join(_tag(k, v) for k, v in tags.items())
        moves = _movetext(game, danish).strip()
        chunks.append(f"{head}\n\n{moves}\n")
    return "\n".join(chunks)
