"""Correspondence chess as every face shows it: a game's reflection time card by card, each
player's time per control and any overstep (``skak corr time``), and a game in the numeric
notation, SAN and PGN (``skak corr notation``)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, replace
from fractions import Fraction

from skak.correspondence.game import CorrespondenceGame, GameTime, Waiting, clock
from skak.correspondence.notation import (
    moves_of_pgn,
    numeric_text,
    pgn_text,
    read_moves,
    san_text,
)
from skak.errors import InputError

__all__ = [
    "CorrCardRow",
    "CorrControlRow",
    "CorrHolidayRow",
    "CorrOverstepRow",
    "CorrPlayerRow",
    "CorrTimeView",
    "NotationView",
    "corr_time_view",
    "notation_view",
]


@dataclass(frozen=True, slots=True)
class CorrCardRow:
    """One card: its moves (SAN and numeric), what it accepted and proposed, the dates
    counted, days, extra days, the sender's total and the limit checked."""

    number: int
    colour: str
    moves: tuple[str, ...]
    numeric: tuple[str, ...]
    accepted: tuple[str, ...]
    proposed: tuple[str, ...]
    received: datetime.date | None
    sent: datetime.date
    days: int
    penalty: int
    total: int
    limit: Fraction
    limit_move: int
    notes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CorrControlRow:
    """A control: ``status`` ``ok``, ``overstepped`` or ``running`` (not yet reached)."""

    move: int
    limit: Fraction
    used: int | None
    card: int | None
    series_to: int | None
    status: str


@dataclass(frozen=True, slots=True)
class CorrHolidayRow:
    first: datetime.date
    last: datetime.date
    days: int
    mandatory: int
    counted: int
    notes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CorrPlayerRow:
    colour: str
    name: str
    used: int
    penalties: int
    moves_sent: int
    pending: int | None
    controls: tuple[CorrControlRow, ...]
    holidays: tuple[CorrHolidayRow, ...]


@dataclass(frozen=True, slots=True)
class CorrOverstepRow:
    colour: str
    player: str
    move: int
    control_move: int
    limit: Fraction
    used: int
    card: int | None
    late_from: datetime.date | None
    rule: str


@dataclass(frozen=True, slots=True)
class CorrTimeView:
    """``{"white", "black", "mode", "control": {"days", "moves"}, "to_move", "players",
    "cards", "overstep", "repeat_from", "tell_tl_from", "adjudication_from", "notes",
    "san", "numeric", "pgn"}`` (README, "Correspondence chess")."""

    white: str
    black: str
    mode: str
    control: dict[str, int]
    to_move: str | None
    players: tuple[CorrPlayerRow, ...]
    cards: tuple[CorrCardRow, ...]
    overstep: CorrOverstepRow | None
    repeat_from: datetime.date | None
    tell_tl_from: datetime.date | None
    adjudication_from: datetime.date | None
    notes: tuple[str, ...]
    san: str
    numeric: str
    pgn: str


def _rows(t: GameTime) -> tuple[CorrPlayerRow, ...]:
    out = []
    for p in (t.white, t.black):
        controls = tuple(
            CorrControlRow(
                c.move, c.limit, c.used, c.card, c.series_to,
                "running" if c.used is None else "ok" if c.used <= c.limit else "overstepped",
            )
            for c in p.controls
        )  # fmt: skip
        holidays = tuple(
            CorrHolidayRow(
                u.holiday.first, u.holiday.last, len(u.days), u.mandatory, u.counted, u.notes
            )
            for u in p.holidays
        )
        out.append(
            CorrPlayerRow(
                p.colour, p.name, p.used, p.penalties, p.moves_sent, p.pending, controls, holidays
            )
        )
    return tuple(out)


def corr_time_view(
    game: CorrespondenceGame,
    *,
    location: str | None = None,
    as_of: datetime.date | None = None,
) -> CorrTimeView:
    """The game's time card by card (:func:`skak.correspondence.game.clock`); ``as_of``
    counts the time of the player to move up to that day (the game's ``waiting`` day).

    :raises InputError: naming ``location``, the card and the move or date that is wrong.
    """
    if as_of is not None:
        w = game.waiting
        game = replace(
            game,
            waiting=Waiting(as_of, w.received, w.notice) if w is not None else Waiting(as_of),
        )
    try:
        t = clock(game)
    except InputError as e:
        if location is None:
            raise
        raise InputError(e.message, location=location) from None
    o = t.overstep
    return CorrTimeView(
        game.white,
        game.black,
        t.mode.value,
        {"days": t.control.days, "moves": t.control.moves},
        t.to_move,
        _rows(t),
        tuple(
            CorrCardRow(
                c.number,
                c.colour,
                c.moves,
                c.numeric,
                c.accepted,
                c.proposed,
                c.received,
                c.sent,
                c.days,
                c.penalty,
                c.total,
                c.limit,
                c.limit_move,
                c.notes,
            )
            for c in t.cards
        ),
        None
        if o is None
        else CorrOverstepRow(
            o.colour,
            o.player,
            o.move,
            o.control_move,
            o.limit,
            o.used,
            o.card,
            o.late_from,
            o.rule,
        ),
        t.repeat_from,
        t.tell_tl_from,
        t.adjudication_from,
        t.notes,
        t.san,
        t.numeric,
        t.pgn,
    )


@dataclass(frozen=True, slots=True)
class NotationView:
    """``{"numeric", "san", "danish", "pgn"}``: one game in each notation."""

    numeric: str
    san: str
    danish: str
    pgn: str


def notation_view(
    text: str, *, fen: str | None = None, pgn: bool = False, iccf: bool = False,
    location: str | None = None,
) -> tuple[NotationView, ...]:  # fmt: skip
    """Each game of ``text`` — moves in any notation (numeric, SAN, Danish letters, long
    algebraic), or a PGN file (``pgn``: every game) — in the numeric notation (6.2.2; ICCF's
    promotion digit without brackets with ``iccf``), SAN, Danish letters and PGN.

    :raises InputError: naming ``location``, the game and the move that is illegal.
    """
    try:
        if pgn:
            games = [(b, m, tags) for b, m, tags in moves_of_pgn(text, location or "PGN")]
        else:
            board, moves = read_moves(text, fen)
            games = [(board, moves, {})]
    except InputError as e:
        if location is None or pgn:
            raise
        raise InputError(e.message, location=location) from None
    return tuple(
        NotationView(
            numeric_text(b, m, iccf=iccf),
            san_text(b, m),
            san_text(b, m, danish=True),
            pgn_text(
                b,
                m,
                {k: v for k, v in tags.items() if k != "Result"},
                result=tags.get("Result", "*"),
            ),
        )
        for b, m, tags in games
    )
