"""A round's pairing list (``skak pair``, ``skak round show``) as every face shows it."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, Protocol

from skak.model.results import Colour, Result, Scoring, playoff_pending
from skak.model.tournament import Pairing, Round, Tournament
from skak.views._json import OMITTED, Omittable, face_only, to_json

__all__ = [
    "AroRow",
    "BoardReason",
    "BoardRow",
    "ByeRow",
    "ResultEnteredView",
    "RoundView",
    "SeatRow",
    "board_line",
    "board_reasons",
    "name_key",
    "pending_playoff",
    "result_entered",
    "round_json",
    "round_view",
    "seats",
]


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One board: start numbers (``black`` is ``None`` for a bye), the result so far, and
    the players' names for the faces."""

    board: int
    white: int
    black: int | None
    result: Result | None
    white_name: str = face_only("")
    black_name: str = face_only("")
    #: Gladiator (4.9.8): a drawn game's play-off games, and whether it still has no winner.
    playoff: tuple[Result, ...] = face_only(())
    playoff_pending: bool = face_only(False)

    @property
    def is_bye(self) -> bool:
        return self.black is None


@dataclass(frozen=True, slots=True)
class ByeRow:
    """A player not paired this round and what the round gives him (a bye, an absence)."""

    player: int
    result: Result
    name: str = face_only("")


@dataclass(frozen=True, slots=True)
class AroRow:
    """A player of a Dubov round with his R and his ARO before it, the average rating of his
    opponents (DSU 4.9.6 §1; §9 has the list published after every round)."""

    start_number: int
    rating: int | None
    aro: Fraction | None
    name: str = face_only("")
    #: The ARO as published, to one decimal (``2318.4``; ``–`` without any).
    shown: str = face_only("")


@dataclass(frozen=True, slots=True)
class RoundView:
    """A round's boards and byes with the pairing system's explanation (begrundelse).

    JSON: ``{"round", "pairings": [{"board", "white", "black", "result"}], "byes":
    [{"player", "result"}], "explanation"}``, and for a Dubov round ``"aro": [{"start_number",
    "rating", "aro"}]`` (the ARO an exact decimal or fraction, ``null`` without any).
    """

    round: int
    pairings: tuple[BoardRow, ...]
    byes: tuple[ByeRow, ...]
    explanation: tuple[str, ...]
    tournament: str = face_only("")
    aro: Omittable[tuple[AroRow, ...]] = OMITTED


def round_view(t: Tournament, number: int | Round) -> RoundView:
    """Round ``number`` of ``t`` (or that round itself, e.g. one just paired).

    :raises NotFoundError: for a round not paired yet.
    """
    rnd = number if isinstance(number, Round) else t.round(number)

    def name(n: int | None) -> str:
        return "" if n is None else t.player(n).name

    view = _view(rnd, name, t.name, t.scoring)
    if t.pairing_system == "dubov":
        view = replace(view, aro=_aro_rows(t, rnd))
    return view


def _aro_rows(t: Tournament, rnd: Round) -> tuple[AroRow, ...]:
    """The round's players with R and their ARO before the round (Dubov, 4.9.6 §9)."""
    from skak.pairing.dubov import aro_table, format_aro, ratings

    aros = aro_table(t, rnd.number - 1)
    rated = ratings(t)
    players = sorted({n for p in rnd.pairings for n in p.players} | {b.player for b in rnd.byes})
    return tuple(
        AroRow(n, rated.get(n), aros.get(n), t.player(n).name, format_aro(aros.get(n)))
        for n in players
    )


def round_json(rnd: Round) -> Any:
    """The JSON of ``skak round show --json`` for a round on its own:
    ``to_json(round_view(t, rnd))``, which needs no names."""
    return to_json(_view(rnd, lambda _: "", ""))


def _view(
    rnd: Round, name: Callable[[int | None], str], title: str, scoring: Scoring | None = None
) -> RoundView:
    return RoundView(
        rnd.number,
        tuple(
            BoardRow(
                p.board,
                p.white,
                p.black,
                p.result,
                name(p.white),
                name(p.black),
                p.playoff,
                scoring is not None and playoff_pending(p.result, p.playoff, scoring),
            )
            for p in rnd.pairings
        ),
        tuple(ByeRow(b.player, b.result, name(b.player)) for b in rnd.byes),
        tuple(rnd.explanation),
        title,
    )


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One player of a round on the alphabetical list (who plays where): his board and
    colour and his opponent, or, without a game, what the round gives him (``result``: a
    pairing-allocated bye, another bye, an absence)."""

    name: str
    start_number: int
    board: int | None
    colour: Colour | None
    opponent: int | None
    opponent_name: str
    result: Result | None


def seats(view: RoundView) -> tuple[SeatRow, ...]:
    """Every player of the round once, in the alphabet's order (:func:`name_key`): the
    pairing list by name, as posted beside the one by board."""
    rows: list[SeatRow] = []
    for p in view.pairings:
        if p.black is None:
            rows.append(SeatRow(p.white_name, p.white, p.board, None, None, "", p.result))
            continue
        rows.append(
            SeatRow(p.white_name, p.white, p.board, Colour.WHITE, p.black, p.black_name, None)
        )
        rows.append(
            SeatRow(p.black_name, p.black, p.board, Colour.BLACK, p.white, p.white_name, None)
        )
    rows.extend(SeatRow(b.name, b.player, None, None, None, "", b.result) for b in view.byes)
    return tuple(sorted(rows, key=lambda r: (name_key(r.name), r.start_number)))


#: The Danish alphabet's last letters, after z (æ, ø, å; ä and ö are filed as æ and ø).
_LAST_LETTERS = {"æ": "{0", "ä": "{0", "ø": "{1", "ö": "{1", "å": "{2"}


def name_key(name: str) -> str:
    """A name's place in the Danish alphabet: case aside, accents aside (é as e), and
    æ, ø, å after z in that order, as a Danish list of names is read."""
    out = []
    for ch in name.casefold():
        last = _LAST_LETTERS.get(ch)
        if last is not None:
            out.append(last)
            continue
        base = unicodedata.normalize("NFKD", ch)
        out.append("".join(c for c in base if not unicodedata.combining(c)) or ch)
    return "".join(out)


def board_line(t: Tournament, p: Pairing) -> str:
    """``White – Black`` of one board, by name."""
    white = t.player(p.white).name
    black = t.player(p.black).name if p.black is not None else ""
    return f"{white} – {black}"


def pending_playoff(t: Tournament, p: Pairing) -> bool:
    """A Gladiator game (4.9.8) whose play-off has no winner yet."""
    return playoff_pending(p.result, p.playoff, t.scoring)


class _Entered(Protocol):
    """What a result's entry did (the API's ``Outcome``): the tournament before and after,
    the events written (none: nothing changed) and the notes for the arbiter."""

    @property
    def before(self) -> Tournament | None: ...

    @property
    def after(self) -> Tournament: ...

    @property
    def events(self) -> tuple[object, ...]: ...

    @property
    def notes(self) -> tuple[str, ...]: ...


@dataclass(frozen=True, slots=True)
class ResultEnteredView:
    """One board's result as entered (``skak result``, the web's result form): the board,
    its game in names, the result and its play-off now and before, and what that makes of
    the entry — nothing changed, a first result, a correction, or a play-off added to a
    result that stood. Every face says the same from it."""

    round: int
    board: int
    game: str
    result: Result
    playoff: tuple[Result, ...]
    previous: Result | None
    previous_playoff: tuple[Result, ...]
    changed: bool
    #: Gladiator (4.9.8): the drawn game's play-off still has no winner.
    playoff_pending: bool
    notes: tuple[str, ...]

    @property
    def corrected(self) -> bool:
        """A result the board had is replaced by another."""
        return self.changed and self.previous is not None and self.previous is not self.result

    @property
    def playoff_added(self) -> bool:
        """The result stood; what was entered is its play-off."""
        return self.changed and self.previous is self.result


def result_entered(done: _Entered, round_number: int, board: int) -> ResultEnteredView:
    """The view of one board's result entry from what the API's command did."""
    after = done.after.round(round_number).board(board)
    before = done.before.round(round_number).board(board) if done.before is not None else None
    assert after.result is not None
    return ResultEnteredView(
        round_number,
        board,
        board_line(done.after, after),
        after.result,
        after.playoff,
        before.result if before is not None else None,
        before.playoff if before is not None else (),
        bool(done.events),
        pending_playoff(done.after, after),
        done.notes,
    )


# -- why this opponent (the public round page, per board) -------------------------------------


@dataclass(frozen=True, slots=True)
class BoardReason:
    """Why a board was paired so, for the players: their points before the round
    (``facts``) and the lines of the pairing system's own explanation that concern the
    board — those that name the board or either player, else the line of the score group
    (bracket, pulje) they were paired in, else the round's general lines (a round robin's
    table). Each text is a message (:mod:`skak.messages`) the face says in its language."""

    board: int
    facts: str
    lines: tuple[str, ...]


#: Parameters of the systems' explanation messages that hold a player (a start number, or a
#: name written "Name (7)"), or several of them.
_PLAYER_PARAMS = frozenset({"player", "opponent", "white", "black", "other", "players", "pairs"})
_NUMBER_IN_NAME = re.compile(r"\((\d+)\)")
#: How lines stored as plain English text (before explanations were kept as messages) name
#: a board and a score group.
_OLD_BOARD = re.compile(r"^board (\d+):")
_OLD_HEAD = re.compile(r"^(?:bracket|score group) ([0-9½]+)[ :]")


#: Systems whose pairings do not follow the scores (a round robin's table, a knock-out's
#: bracket): their boards say no points.
_NOT_BY_SCORE = frozenset({"berger", "dsu-rr", "knockout"})


def _params(line: str) -> Mapping[str, object]:
    return getattr(line, "params", None) or {}


def _mentions(line: str) -> tuple[set[int], set[int]]:
    """The boards and the players (start numbers) an explanation line names."""
    params = _params(line)
    if not params:
        old = _OLD_BOARD.match(line)
        boards = {int(old.group(1))} if old else set()
        return boards, {int(n) for n in _NUMBER_IN_NAME.findall(line)}
    boards = {v for k, v in params.items() if k == "board" and isinstance(v, int)}
    players: set[int] = set()
    for key, value in params.items():
        if key not in _PLAYER_PARAMS or isinstance(value, bool):
            continue
        if isinstance(value, int):
            players.add(value)
        elif isinstance(value, str):
            players |= {int(n) for n in _NUMBER_IN_NAME.findall(value)}
    return boards, players


def _head_score(line: str) -> str | None:
    """The score of a score group's heading line ("bracket 1½: …", "score group 1½ …"),
    ``None`` for any other line."""
    params = _params(line)
    if not params:
        old = _OLD_HEAD.match(line)
        return old.group(1) if old else None
    inner = params.get("head")
    if isinstance(inner, str) and _params(inner):
        params = _params(inner)
    score = params.get("score")
    if isinstance(score, str) and not _mentions(line)[1]:
        return score
    return None


def board_reasons(t: Tournament, number: int) -> tuple[BoardReason, ...]:
    """Why each board of round ``number`` was paired so (see :class:`BoardReason`), read off
    the round's stored explanation (the lines ``skak pair --explain`` shows).

    :raises NotFoundError: for a round not paired yet.
    """
    from skak.messages import N_
    from skak.model.games import pairing_score, score
    from skak.model.results import format_points
    from skak.pairing._words import points_count

    rnd = t.round(number)
    lines = tuple(rnd.explanation)
    mentions = [_mentions(line) for line in lines]
    heads = {i: s for i, line in enumerate(lines) if (s := _head_score(line)) is not None}
    general = tuple(
        line
        for i, line in enumerate(lines)
        if i not in heads and not mentions[i][0] and not mentions[i][1]
    )
    out = []
    for p in rnd.pairings:
        players = set(p.players)
        own = [
            line
            for line, (boards, named) in zip(lines, mentions, strict=True)
            if p.board in boards or players & named
        ]
        groups = {format_points(pairing_score(t, n, after_round=number - 1)) for n in players}
        head = [lines[i] for i, s in heads.items() if s in groups and lines[i] not in own]
        chosen = tuple(head[:1] + own) or general
        points = [score(t, n, after_round=number - 1) for n in p.players]
        if t.pairing_system in _NOT_BY_SCORE:
            facts = ""
        elif p.black is None:
            facts = N_("{points} before this round", points=points_count(points[0]))
        elif points[0] == points[1]:
            facts = N_(
                "Both players had {points} before this round", points=points_count(points[0])
            )
        else:
            facts = N_(
                "White had {white} and black {black} before this round",
                white=points_count(points[0]),
                black=points_count(points[1]),
            )
        out.append(BoardReason(p.board, facts, chosen))
    return tuple(out)
