"""One correspondence game card by card: its moves, move series and each player's time.

A game is the cards (or e-mails) its players exchanged, in order, the first from the side
to move. Each card holds the moves it makes: a repetition of the opponent's last move and
the accepted part of his series may come first (6.2.1; they are checked against the game),
then the player's own move, then, after a ``0`` (6.2.5), a series he proposes. Moves of the
opponent's series that the card repeats are accepted; the first move that differs from the
series breaks it off (6.2.5: "kun ved at vælge en anden fortsættelse"), and the proposer is
bound by his series up to there. :func:`clock` plays the game through python-chess and
counts each card's reflection time (:mod:`.clock`), holidays (:mod:`.holidays`), penalties
and the time controls, and finds the first overstep with the move at which it happened.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from fractions import Fraction

import chess

from skak.correspondence.clock import (
    LONG_MOVE_DAYS,
    TimeControl,
    adjudication_date,
    counted_dispatch,
    counted_receipt,
    first_late_date,
    invalid_move_penalty,
    long_move_penalty,
    reflection_days,
    series_limit,
    silence_dates,
)
from skak.correspondence.holidays import Holiday, HolidayUse, Mode, stopped_days
from skak.correspondence.notation import numeric_of, numeric_text, pgn_text, san_text
from skak.correspondence.series import COLOURS, Play, at_card, card_moves, labels
from skak.errors import InputError
from skak.messages import N_

__all__ = [
    "Card",
    "CardTime",
    "ControlTime",
    "CorrespondenceGame",
    "GameTime",
    "Overstep",
    "PlayerTime",
    "Waiting",
    "clock",
]

_DAY = dt.timedelta(days=1)


@dataclass(frozen=True, slots=True)
class Card:
    """One card (or e-mail): the moves it holds (any notation; ``0`` before a numeric move
    starts a proposed series), or a proposed series as ``series``; the date its sender
    received the opponent's last move, and the dispatch: the date written (``sent``), the
    postmark and the post office's receipt (6.3.2). ``notice``: the sender had told the
    opponent he would use more than 14 days on this move; ``reminder``/``tl_contacted``:
    the opponent sent a reminder, and went to the TL (6.3.4); ``invalid_moves``: impossible,
    illegible or wrongly repeated moves the sender sent before this card (6.3.5.1, 6.8.6).
    """

    moves: str
    sent: dt.date | None = None
    received: dt.date | None = None
    postmark: dt.date | None = None
    receipt_slip: dt.date | None = None
    series: str | None = None
    late_receipt_accepted: bool = False
    notice: bool = False
    reminder: bool = False
    tl_contacted: bool = False
    invalid_moves: int = 0


@dataclass(frozen=True, slots=True)
class Waiting:
    """The player to move, as of a day: when he received the last card (``None``: the day
    after it was sent by e-mail, after the postal days by post) and whether he gave notice
    of more than 14 days (6.3.4)."""

    as_of: dt.date
    received: dt.date | None = None
    notice: bool = False


@dataclass(frozen=True, slots=True)
class CorrespondenceGame:
    """A correspondence game's cards and the rules it is played under."""

    cards: tuple[Card, ...]
    mode: Mode = Mode.POST
    control: TimeControl | None = None
    start: dt.date | None = None
    fen: str | None = None
    holidays: tuple[Holiday, ...] = ()
    white: str = "White"
    black: str = "Black"
    email_next_day: bool = False
    mandatory_holidays: bool = True
    postal_days: int = 1
    waiting: Waiting | None = None
    result: str | None = None

    def time_control(self) -> TimeControl:
        if self.control is not None:
            return self.control
        return TimeControl.named(self.mode.value)


@dataclass(frozen=True, slots=True)
class CardTime:
    """One card's moves and time: the moves it made final (``12... axb5``), those of them
    accepted from the opponent's series, the series it proposes, the dates counted, the
    days, extra days, the sender's total after it and the limit it was checked against."""

    number: int
    colour: str
    moves: tuple[str, ...]
    numeric: tuple[str, ...]
    accepted: tuple[str, ...]
    proposed: tuple[str, ...]
    received: dt.date | None
    sent: dt.date
    days: int
    penalty: int
    total: int
    limit: Fraction
    limit_move: int
    notes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ControlTime:
    """A player's time at one control: the limit, the time used when he sent the control
    move (``None`` while not sent), the card, and whether a series moved the check."""

    move: int
    limit: Fraction
    used: int | None
    card: int | None
    series_to: int | None = None


@dataclass(frozen=True, slots=True)
class Overstep:
    """The first time overstep (tidsoverskridelse, 6.3.3.1): who, on which of his moves,
    the control (or series end) it was checked at, the limit and the time used, the card
    (``None``: the move not yet sent, as of the waiting day), and the first dispatch date
    that was too late (``None`` when extra days made it so)."""

    colour: str
    player: str
    move: int
    control_move: int
    limit: Fraction
    used: int
    card: int | None
    late_from: dt.date | None
    rule: str


@dataclass(frozen=True, slots=True)
class PlayerTime:
    colour: str
    name: str
    used: int
    penalties: int
    moves_sent: int
    controls: tuple[ControlTime, ...]
    pending: int | None
    holidays: tuple[HolidayUse, ...]


@dataclass(frozen=True, slots=True)
class GameTime:
    """:func:`clock`'s answer."""

    mode: Mode
    control: TimeControl
    cards: tuple[CardTime, ...]
    white: PlayerTime
    black: PlayerTime
    overstep: Overstep | None
    san: str
    numeric: str
    pgn: str
    to_move: str | None
    notes: tuple[str, ...]
    repeat_from: dt.date | None = None
    tell_tl_from: dt.date | None = None
    adjudication_from: dt.date | None = None


@dataclass
class _Side:
    sent: int
    total: int = 0
    penalties: int = 0
    invalid: int = 0
    controls: dict[int, ControlTime] = field(default_factory=dict)


def _dates(
    g: CorrespondenceGame, card: Card, i: int, me: chess.Color, previous: dt.date | None
) -> tuple[dt.date | None, dt.date, list[str]]:
    """The receipt and dispatch that count for card ``i`` (6.3.2, 6.3.2.1)."""
    where = at_card(i, me)
    notes: list[str] = []
    if g.mode is Mode.POST:
        try:
            sent, note = counted_dispatch(card.sent, card.postmark, card.receipt_slip)
        except InputError as e:
            raise InputError(f"{where}{e.message}") from None
        if note:
            notes.append(note)
    else:
        if card.sent is None:
            raise InputError(f"{where}no date of dispatch ('sent')")
        sent = card.sent
    if previous is None:
        received = card.received
    elif card.received is not None and card.received < previous:
        raise InputError(
            f"{where}received {card.received.isoformat()}, before the opponent's card was "
            f"sent ({previous.isoformat()})"
        )
    elif card.received is not None and sent < card.received:
        raise InputError(
            f"{where}sent {sent.isoformat()}, before the opponent's move was received "
            f"({card.received.isoformat()})"
        )
    elif g.mode is Mode.EMAIL:
        received, note = counted_receipt(
            card.received,
            previous,
            sent,
            next_day=g.email_next_day,
            late_accepted=card.late_receipt_accepted,
        )
        if note:
            notes.append(note)
    elif card.received is None:
        raise InputError(f"{where}the date the opponent's card was received is missing")
    else:
        received = card.received
    if received is not None and sent < received:
        raise InputError(
            f"{where}sent {sent.isoformat()}, before the opponent's move was received "
            f"({received.isoformat()})"
        )
    return received, sent, notes


def clock(g: CorrespondenceGame) -> GameTime:
    """Play the game's cards through and count each player's time (6.3, 6.8.6).

    :raises InputError: naming the card and the move or date that is wrong: an illegal
        move, a wrong repetition, a date before the previous one.
    """
    control = g.time_control()
    game = Play(g.fen)
    s = game.start
    # moves each side has sent before the first card: none from the start position
    sides = {
        chess.WHITE: _Side(s.fullmove_number - (1 if s.turn == chess.WHITE else 0)),
        chess.BLACK: _Side(s.fullmove_number - 1),
    }
    first_day = g.start or min(
        (d for c in g.cards for d in (c.received, c.sent, c.postmark) if d is not None),
        default=dt.date(2000, 1, 1),
    )
    stopped, uses = stopped_days(g.holidays, first_day, g.mode, mandatory=g.mandatory_holidays)
    mandatory = g.mandatory_holidays
    cards: list[CardTime] = []
    totals_at: list[int] = []
    overstep: Overstep | None = None
    notes: list[str] = []
    me = s.turn
    previous: dt.date | None = None
    for i, card in enumerate(g.cards):
        side, other = sides[me], sides[not me]
        received, sent, card_notes = _dates(g, card, i, me, previous)
        if game.board.is_game_over():
            raise InputError(f"{at_card(i, me)}the game is over: {game.board.result()}")
        pending = game.proposal
        made, proposal, move_notes = card_moves(game, card.moves, card.series, i, me)
        card_notes += move_notes
        move_days = (
            0
            if received is None
            else reflection_days(received, sent, g.mode, stopped, mandatory=mandatory)
        )
        extra, why = long_move_penalty(move_days, card.notice, card.reminder, card.tl_contacted)
        if why:
            card_notes.append(why)
        elif move_days > LONG_MOVE_DAYS and not card.notice:
            card_notes.append(N_("{days} days on one move without notice (6.3.4)", days=move_days))
        for _ in range(card.invalid_moves):
            days_ = invalid_move_penalty(g.mode, side.invalid)
            side.invalid += 1
            extra += days_
            rule = "6.8.6" if g.mode is Mode.EMAIL else "6.3.5.1"
            card_notes.append(
                N_(
                    "an invalid or illegible move before it: {days} extra days ({rule})",
                    days=days_,
                    rule=rule,
                )
            )
        before = side.total
        side.total += move_days + extra
        side.penalties += extra
        own_numbers = [int(lbl.split(".")[0]) for _, lbl, _ in made]
        mine = [n for (_, lbl, _), n in zip(made, own_numbers, strict=True) if _is(me, lbl)]
        accepted_mine = [
            n for (_, lbl, acc), n in zip(made, own_numbers, strict=True) if acc and _is(me, lbl)
        ]
        series_to = series_limit(control, accepted_mine) if accepted_mine else None
        check_move = series_to if series_to is not None else control.next_control(side.sent)
        limit = control.limit(check_move)
        if overstep is None and side.total > limit:
            late = None
            if received is not None and before + move_days > limit:
                late = first_late_date(
                    received, sent, limit - before, g.mode, stopped, mandatory=mandatory
                )
            overstep = Overstep(
                COLOURS[me],
                g.white if me == chess.WHITE else g.black,
                side.sent + 1,
                check_move,
                limit,
                side.total,
                i + 1,
                late,
                "6.3.3.2" if series_to is not None else "6.3.3.1",
            )
        elif (
            overstep is not None
            and overstep.card is not None
            and overstep.card < i + 1
            and not any("6.3.3.4" in n for n in notes)
        ):
            notes.append(
                N_("the game went on after a time overstep: lost for both players (6.3.3.4)")
            )
        if mine:
            _reach(side, control, side.sent, max(mine), side.total, i + 1, series_to)
            side.sent = max(side.sent, max(mine))
        theirs = [n for (_, lbl, acc), n in zip(made, own_numbers, strict=True) if not _is(me, lbl)]
        if theirs and pending is not None:
            _reach(
                other,
                control,
                other.sent,
                max(theirs),
                totals_at[pending.card],
                pending.card + 1,
                None,
            )
            other.sent = max(other.sent, max(theirs))
        game.proposal = proposal
        totals_at.append(side.total)
        cards.append(
            CardTime(
                i + 1,
                COLOURS[me],
                tuple(lbl for _, lbl, _ in made),
                tuple(numeric_of(m) for m, _, _ in made),
                tuple(lbl for _, lbl, acc in made if acc),
                tuple(labels(game.board, proposal.moves) if proposal else ()),
                received,
                sent,
                move_days,
                extra,
                side.total,
                limit,
                check_move,
                tuple(card_notes),
            )
        )
        previous = sent
        me = not me
    return _finish(g, control, game, sides, cards, overstep, notes, uses, previous, me,
                   stopped)  # fmt: skip


def _is(colour: chess.Color, lbl: str) -> bool:
    return ("..." not in lbl) == (colour == chess.WHITE)


def _reach(
    side: _Side,
    control: TimeControl,
    before: int,
    now: int,
    used: int,
    card: int,
    series_to: int | None,
) -> None:
    """Record the controls a player passed by sending moves ``before``+1 to ``now``."""
    c = control.next_control(before)
    while c <= now:
        limit = control.limit(series_to) if series_to is not None else control.limit(c)
        side.controls[c] = ControlTime(c, limit, used, card, series_to)
        c += control.moves


def _finish(
    g: CorrespondenceGame,
    control: TimeControl,
    game: Play,
    sides: dict[chess.Color, _Side],
    cards: list[CardTime],
    overstep: Overstep | None,
    notes: list[str],
    uses: tuple[HolidayUse, ...],
    previous: dt.date | None,
    to_move: chess.Color,
    stopped: frozenset[dt.date],
) -> GameTime:
    over = g.result is not None or game.board.is_game_over()
    pending: dict[chess.Color, int | None] = {chess.WHITE: None, chess.BLACK: None}
    repeat = tell = None
    if not over and previous is not None:
        repeat, tell = silence_dates(
            previous, g.mode, g.postal_days, stopped, mandatory=g.mandatory_holidays
        )
    w = g.waiting
    if w is not None and not over:
        side = sides[to_move]
        if previous is None:
            received = w.received or w.as_of
        elif w.received is not None:
            if w.received < previous:
                raise InputError(
                    f"waiting: received {w.received.isoformat()}, before the last card was "
                    f"sent ({previous.isoformat()})"
                )
            received = w.received
        else:
            received = previous + _DAY * (g.postal_days if g.mode is Mode.POST else 1)
        if w.as_of < received:
            raise InputError(
                f"waiting: as of {w.as_of.isoformat()}, before the last card was received "
                f"({received.isoformat()})"
            )
        days_ = reflection_days(received, w.as_of, g.mode, stopped, mandatory=g.mandatory_holidays)
        pending[to_move] = days_
        check = control.next_control(side.sent)
        limit = control.limit(check)
        if overstep is None and side.total + days_ > limit:
            overstep = Overstep(
                COLOURS[to_move],
                g.white if to_move == chess.WHITE else g.black,
                side.sent + 1,
                check,
                limit,
                side.total + days_,
                None,
                first_late_date(
                    received, w.as_of, limit - side.total, g.mode, stopped,
                    mandatory=g.mandatory_holidays,
                ),
                "6.3.3.1",
            )  # fmt: skip
        if w.notice:
            repeat = tell = None
            notes.append(N_("the player to move gave notice of more than 14 days (6.3.4)"))
    players = []
    for colour in (chess.WHITE, chess.BLACK):
        side = sides[colour]
        controls = dict(side.controls)
        nxt = control.next_control(side.sent)
        if not over and nxt not in controls:
            controls[nxt] = ControlTime(nxt, control.limit(nxt), None, None)
        players.append(
            PlayerTime(
                COLOURS[colour],
                g.white if colour == chess.WHITE else g.black,
                side.total,
                side.penalties,
                side.sent,
                tuple(controls[k] for k in sorted(controls)),
                pending[colour],
                tuple(u for u in uses if u.holiday.player == COLOURS[colour]),
            )
        )
    if game.board.is_game_over():
        notes.append(N_("the game ended on the board: {result}", result=game.board.result()))
    result = g.result or (game.board.result() if game.board.is_game_over() else "*")
    return GameTime(
        g.mode,
        control,
        tuple(cards),
        players[0],
        players[1],
        overstep,
        san_text(game.start, game.moves),
        numeric_text(game.start, game.moves),
        pgn_text(game.start, game.moves, {"White": g.white, "Black": g.black}, result=result),
        None if over else COLOURS[to_move],
        tuple(notes),
        repeat,
        tell,
        adjudication_date(g.start) if g.start is not None and not over else None,
    )
