"""Correspondence chess as every face shows it: a game's reflection time card by card, each
player's time per control and any overstep (``skak corr time``), a game in the numeric
notation, SAN and PGN (``skak corr notation``), and a group kept in the database: its
players and games, standings and what is overdue (``skak corr players``, ``standings``,
``overdue``)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, replace
from fractions import Fraction

from skak.correspondence.classes import EmtClass, class_outcome, cup_right
from skak.correspondence.clock import silence_dates
from skak.correspondence.game import (
    CardTime,
    CorrespondenceGame,
    GameTime,
    Overstep,
    Waiting,
    clock,
)
from skak.correspondence.group_state import CorrGroup
from skak.correspondence.groups import (
    GroupGame,
    apply_withdrawals,
    group_standings,
    tie_break_places,
    withdrawal,
)
from skak.correspondence.holidays import Mode, stopped_days
from skak.correspondence.notation import (
    moves_of_pgn,
    numeric_text,
    pgn_text,
    read_moves,
    san_text,
)
from skak.correspondence.teams import TeamGame, division_for, team_standings
from skak.errors import InputError
from skak.messages import N_

__all__ = [
    "CorrControlRow",
    "CorrDueRow",
    "CorrEntrantRow",
    "CorrGameLine",
    "CorrGroupLine",
    "CorrGroupView",
    "CorrHolidayRow",
    "CorrOpenGameRow",
    "CorrOverdueView",
    "CorrPlayerRow",
    "CorrStandingRow",
    "CorrStandingsView",
    "CorrTeamStandingRow",
    "CorrTimeView",
    "NotationView",
    "corr_group_line",
    "corr_group_view",
    "corr_overdue_view",
    "corr_standings_view",
    "corr_time_view",
    "notation_view",
]


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
class CorrTimeView:
    """``{"white", "black", "mode", "control": {"days", "moves"}, "to_move", "players",
    "cards", "overstep", "repeat_from", "tell_tl_from", "adjudication_from", "notes",
    "san", "numeric", "pgn"}`` (README, "Correspondence chess"); ``cards`` and ``overstep``
    are the clock's own values (:class:`~skak.correspondence.game.CardTime`,
    :class:`~skak.correspondence.game.Overstep`)."""

    white: str
    black: str
    mode: str
    control: dict[str, int]
    to_move: str | None
    players: tuple[CorrPlayerRow, ...]
    cards: tuple[CardTime, ...]
    overstep: Overstep | None
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
    return CorrTimeView(
        game.white,
        game.black,
        t.mode.value,
        {"days": t.control.days, "moves": t.control.moves},
        t.to_move,
        _rows(t),
        t.cards,
        t.overstep,
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


# -- a correspondence group kept in the database (``skak corr new`` … ``overdue``) ----------


@dataclass(frozen=True, slots=True)
class CorrGroupLine:
    """A group in the database: ``event`` ``emt``, ``cup`` or ``team`` with its ``detail``
    (the class, the stage, the division), its start, mode, players, games and results in."""

    id: int
    name: str
    event: str
    detail: str
    start: datetime.date
    mode: str
    players: int
    games: int
    finished: int


def _detail(group: CorrGroup) -> str:
    k = group.competition
    if k.emt_class is not None:
        return k.emt_class.value
    if k.stage is not None:
        return k.stage
    return str(k.division)


def corr_group_line(ident: int, group: CorrGroup) -> CorrGroupLine:
    return CorrGroupLine(
        ident,
        group.name,
        group.competition.event,
        _detail(group),
        group.start,
        group.rules.mode.value,
        len(group.players),
        len(group.games),
        sum(1 for g in group.games if g.result is not None),
    )


@dataclass(frozen=True, slots=True)
class CorrEntrantRow:
    """A player of the group: his number (the TL's drawn order), name, member number,
    rating, club and board (the team championship), and his withdrawal (6.2.8)."""

    number: int
    name: str
    member: int | None
    rating: int | None
    club: str | None
    board: int | None
    withdrawn: datetime.date | None
    reason: str | None


@dataclass(frozen=True, slots=True)
class CorrGameLine:
    """A game: ``game`` as the TL names it (``3-5``: White's number, Black's), the players,
    the board (team championship), the cards entered, the moves so far (SAN), who is to
    move, the result and whether it was adjudicated."""

    number: int
    game: str
    board: int | None
    white: str
    black: str
    cards: int
    moves: str
    to_move: str | None
    result: str | None
    adjudicated: bool


@dataclass(frozen=True, slots=True)
class CorrGroupView:
    """``{"name", "event", "detail", "start", "mode", "control": {"days", "moves"},
    "players", "games"}`` (``skak corr players``)."""

    name: str
    event: str
    detail: str
    start: datetime.date
    mode: str
    control: dict[str, int]
    players: tuple[CorrEntrantRow, ...]
    games: tuple[CorrGameLine, ...]


def corr_group_view(group: CorrGroup) -> CorrGroupView:
    """The group's players and games (the start letter's list, 6.5.2.1), each game with
    its cards so far.

    :raises InputError: when a stored game no longer plays through (a damaged record)."""
    players = []
    for p in group.players:
        w = group.withdrawal(p.number)
        players.append(
            CorrEntrantRow(
                p.number, p.name, p.member, p.rating, p.club, p.board,
                None if w is None else w.day, None if w is None else w.reason,
            )
        )  # fmt: skip
    games = []
    for g in group.games:
        t = clock(group.game_of(g))
        games.append(
            CorrGameLine(
                g.number, group.label(g), g.pairing.board, group.name_of(g.white),
                group.name_of(g.black), len(g.cards), t.san, t.to_move, g.result,
                g.adjudicated,
            )
        )  # fmt: skip
    tc = CorrespondenceGame((), mode=group.rules.mode, control=group.rules.control).time_control()
    return CorrGroupView(
        group.name,
        group.competition.event,
        _detail(group),
        group.start,
        group.rules.mode.value,
        {"days": tc.days, "moves": tc.moves},
        tuple(players),
        tuple(games),
    )


@dataclass(frozen=True, slots=True)
class CorrStandingRow:
    """A player's line (6.5.4.1, 6.6.1.4): rank (``shared`` when equal after the
    tie-breaks in force), points after 6.2.8, games finished and not, Sonneborn-Berger, the
    points between the players equal on both (``None`` when not needed), the withdrawal and
    the prize right (6.2.8), and what the result leads to: ``outcome`` (``up``, ``stays``,
    ``down`` in the EMT, 6.5.2.2–6.5.3.3; ``right`` for a cup result's EMT right, 6.6.2;
    ``None`` where the rules give nothing), the class (``next_class``) and why (``reason``).
    Given when every game is finished (``None`` before)."""

    rank: int
    shared: bool
    number: int
    name: str
    club: str | None
    points: Fraction
    finished: int
    unfinished: int
    sonneborn_berger: Fraction
    direct: Fraction | None
    withdrawn: bool
    prize_right: bool
    outcome: str | None
    next_class: str | None
    reason: str | None


@dataclass(frozen=True, slots=True)
class CorrTeamStandingRow:
    """A club's line in the team championship (6.7.4.5): points, then the tie-breaks as far
    as they were needed, ``lots`` when only a lot parts it from the clubs on its rank; and
    the division its score gives (6.7.5.1)."""

    rank: int
    club: str
    points: Fraction
    finished: int
    mutual: Fraction | None
    weighted: Fraction | None
    mutual_weighted: Fraction | None
    lots: bool
    division: int | None
    reason: str | None


@dataclass(frozen=True, slots=True)
class CorrStandingsView:
    """``{"name", "event", "detail", "places", "complete", "standings", "teams", "notes"}``:
    ``places`` the places the tie-breaks decide (below them equal points share), ``complete``
    when every game counts a result."""

    name: str
    event: str
    detail: str
    places: int | None
    complete: bool
    standings: tuple[CorrStandingRow, ...]
    teams: tuple[CorrTeamStandingRow, ...]
    notes: tuple[str, ...]


def corr_standings_view(group: CorrGroup) -> CorrStandingsView:
    """The group's standings by 6.5.4.1 (the EMT), 6.5.2 (the DM class), 6.6.1.4–6.6.1.5
    (the cup) or 6.7.4.5 (the team championship, clubs), every withdrawn player's games
    counted by 6.2.8, with each result's consequence in the EMT (6.5) and the cup (6.6.2)
    and each club's division (6.7.5.1)."""
    k = group.competition
    names = [p.name for p in group.players]
    by_name = {p.name: p for p in group.players}
    games = [
        GroupGame(group.name_of(g.white), group.name_of(g.black), g.result) for g in group.games
    ]
    withdrawn = [group.name_of(w.player) for w in group.withdrawals]
    places = tie_break_places(k.event, dm_class=k.emt_class is EmtClass.DM, stage=k.stage)
    rows = group_standings(names, games, withdrawn=withdrawn, places=places) if names else ()
    complete = bool(rows) and all(r.unfinished == 0 for r in rows)
    top = max((r.points for r in rows), default=Fraction(0))
    notes: list[str] = []
    out = []
    for r in rows:
        p = by_name[r.player]
        w = group.withdrawal(p.number)
        played = r.finished + r.unfinished
        outcome = next_class = reason = None
        if not complete:
            pass
        elif k.event == "emt" and k.emt_class is not None and played:
            o = class_outcome(k.emt_class, r.points, played, first_place=r.points == top)
            outcome, next_class, reason = o.outcome, o.next_class.value, f"{o.reason} ({o.rule})"
        elif k.event == "cup" and k.stage in ("semifinal", "final") and played:
            right = cup_right(
                k.stage, r.points, played, place=r.rank,
                preliminary_players=k.preliminary_players, semifinal_held=k.semifinal_held,
            )  # fmt: skip
            outcome = "right"
            next_class = None if right.cls is None else right.cls.value
            reason = right.reason
        out.append(
            CorrStandingRow(
                r.rank, r.shared, p.number, p.name, p.club, r.points, r.finished, r.unfinished,
                r.sonneborn_berger, r.direct, w is not None, w is None or w.prize_right,
                outcome, next_class, reason,
            )
        )  # fmt: skip
    for w in group.withdrawals:
        ruling = withdrawal(group.name_of(w.player), games)
        notes.append(ruling.reason)
    teams = _team_rows(group, games, withdrawn) if k.event == "team" else ()
    if not complete and rows:
        notes.append(
            N_(
                "not every game is finished: the standings are so far, and what they lead to "
                "in the classes (6.5, 6.6.2, 6.7.5) is given when the group is finished"
            )
        )
    return CorrStandingsView(
        group.name, k.event, _detail(group), places, complete, tuple(out), teams, tuple(notes)
    )


def _team_rows(
    group: CorrGroup, games: list[GroupGame], withdrawn: list[str]
) -> tuple[CorrTeamStandingRow, ...]:
    """6.7.4.5's order of the clubs and 6.7.5.1's division for each."""
    player = {p.name: p for p in group.players}
    clubs: list[str] = []
    for p in group.players:
        if p.club is not None and p.club not in clubs:
            clubs.append(p.club)
    counted = apply_withdrawals(games, withdrawn)
    team_games = []
    for g in counted:
        w, b = player[g.white], player[g.black]
        assert w.club is not None
        assert b.club is not None
        assert w.board is not None
        team_games.append(TeamGame(w.board, w.club, b.club, g.result))
    rows = team_standings(clubs, team_games)
    division = group.competition.division
    out = []
    for r in rows:
        finished = sum(
            1 for g in team_games if g.result is not None and r.club in (g.white, g.black)
        )
        div = reason = None
        if division is not None and (finished or division == 3):
            d = division_for(
                division, r.points, finished,
                group_winner=r.rank == 1 and sum(1 for x in rows if x.rank == 1) == 1,
            )  # fmt: skip
            div, reason = d.division, d.reason
        out.append(
            CorrTeamStandingRow(
                r.rank, r.club, r.points, finished, r.mutual, r.weighted, r.mutual_weighted,
                r.lots, div, reason,
            )
        )  # fmt: skip
    return tuple(out)


@dataclass(frozen=True, slots=True)
class CorrDueRow:
    """One thing due by the day asked (``skak corr overdue``): in game ``game``,

    * ``overstep`` — ``player`` overstepped (6.3.3.1, 6.3.3.2) on his move ``move``, the
      limit ``limit`` by move ``control_move`` with ``used`` days; ``day`` the first late
      day; the game is lost (6.3.3.3) when the opponent claims it (6.3.3.5);
    * ``repeat`` — ``player`` has not heard from ``opponent``: he repeats his last move from
      ``day`` (6.3.4; by e-mail with a copy to the TL, 6.8.3);
    * ``write`` — no answer 7 days after the repetition: from ``day`` the TL is told and
      writes to the silent ``opponent``, who loses unless he answers at once (6.3.4, 6.8.3);
    * ``adjudicate`` — unfinished 18 months after the start: the TL may call it in (6.2.7);
    * ``withdrawal`` — ``player`` withdrew on ``day`` with more than half his games
      finished: ``opponent`` sends the game and its final position to the TL (6.2.8);
    * ``report`` — the game ended on the board (``result``) and no result is entered:
      the winner (White at a draw) reports it (6.2.6).
    """

    game: str
    white: str
    black: str
    action: str
    player: str | None
    opponent: str | None
    day: datetime.date | None
    rule: str
    move: int | None = None
    control_move: int | None = None
    limit: Fraction | None = None
    used: int | None = None
    result: str | None = None


@dataclass(frozen=True, slots=True)
class CorrOpenGameRow:
    """An unfinished game as of the day: who is to move, his last card's dispatch, the days
    on the move to come, and the dates of 6.3.4 / 6.8.3 and 6.2.7."""

    game: str
    white: str
    black: str
    cards: int
    to_move: str | None
    last_sent: datetime.date | None
    pending: int | None
    repeat_from: datetime.date | None
    tell_tl_from: datetime.date | None
    adjudication_from: datetime.date | None
    overstep: bool


@dataclass(frozen=True, slots=True)
class CorrOverdueView:
    """``{"name", "as_of", "due", "games"}``: what is due by ``as_of`` (earliest first),
    and every unfinished game's dates."""

    name: str
    as_of: datetime.date
    due: tuple[CorrDueRow, ...]
    games: tuple[CorrOpenGameRow, ...]


def corr_overdue_view(group: CorrGroup, as_of: datetime.date) -> CorrOverdueView:
    """What the TL and the players must do by ``as_of``: each unfinished game counted by
    the clock up to that day (:func:`skak.correspondence.game.clock` with the player to
    move waiting since his receipt): an overstep, a silence (the repetition, then the
    letter to the TL), adjudication after 18 months, a withdrawn player's games to
    adjudicate (6.2.8), a game over on the board without its result.

    A game without a card counts White's first move from the group's start, and Black's
    waiting from the start too (he has had no card to repeat: he reminds White).

    :raises InputError: when ``as_of`` is before the group's start, or a game's last card.
    """
    if as_of < group.start:
        raise InputError(
            N_(
                "{day} is before the group's start ({start})",
                day=as_of.isoformat(),
                start=group.start.isoformat(),
            )
        )
    due: list[tuple[datetime.date, int, CorrDueRow]] = []
    rows: list[CorrOpenGameRow] = []
    games = [
        GroupGame(group.name_of(g.white), group.name_of(g.black), g.result) for g in group.games
    ]
    rulings = {w.player: withdrawal(group.name_of(w.player), games) for w in group.withdrawals}
    for g in group.games:
        if g.result is not None:
            continue
        white, black = group.name_of(g.white), group.name_of(g.black)
        label = group.label(g)

        def add(day: datetime.date | None, row: CorrDueRow, n: int = g.number) -> None:
            due.append((day or as_of, n, row))

        gone = [p for p in (g.white, g.black) if p in rulings]
        if gone:
            for p in gone:
                if rulings[p].loses_all:
                    continue
                w = group.withdrawal(p)
                assert w is not None
                other = g.black if p == g.white else g.white
                add(w.day, CorrDueRow(label, white, black, "withdrawal", group.name_of(p),
                                      group.name_of(other), w.day, "6.2.8"))  # fmt: skip
            continue
        last = g.cards[-1] if g.cards else None
        so_far = clock(group.game_of(g))
        last_sent = so_far.cards[-1].sent if so_far.cards else None
        if last_sent is not None and as_of < last_sent:
            raise InputError(
                N_(
                    "game {game}: {day} is before its last card was sent ({sent})",
                    game=label,
                    day=as_of.isoformat(),
                    sent=last_sent.isoformat(),
                )
            )
        waiting = Waiting(as_of, received=group.start) if last is None else Waiting(as_of)
        try:
            t = clock(group.game_of(g, waiting=waiting))
        except InputError:  # the last card not received yet (the post's days): as it stands
            t = so_far
        repeat, tell = t.repeat_from, t.tell_tl_from
        if last is None:
            pair = group.game_of(g)
            stopped, _ = stopped_days(
                pair.holidays, group.start, pair.mode, mandatory=pair.mandatory_holidays
            )
            repeat, tell = silence_dates(
                group.start, pair.mode, pair.postal_days, stopped,
                mandatory=pair.mandatory_holidays,
            )  # fmt: skip
        to_move = None if t.to_move is None else (white if t.to_move == "white" else black)
        waiter = None if t.to_move is None else (black if t.to_move == "white" else white)
        pending = None
        if t.to_move is not None:
            pending = (t.white if t.to_move == "white" else t.black).pending
        o = t.overstep
        rows.append(
            CorrOpenGameRow(
                label, white, black, len(g.cards), to_move, last_sent, pending, repeat, tell,
                t.adjudication_from, o is not None,
            )
        )  # fmt: skip
        rule = "6.8.3" if group.rules.mode is Mode.EMAIL else "6.3.4"
        if t.to_move is None:
            add(last_sent, CorrDueRow(label, white, black, "report", None, None, last_sent,
                                      "6.2.6", result=t.pgn.split()[-1]))  # fmt: skip
        elif o is not None:
            opponent = black if o.colour == "white" else white
            add(o.late_from, CorrDueRow(label, white, black, "overstep", o.player, opponent,
                                        o.late_from, o.rule, o.move, o.control_move, o.limit,
                                        o.used))  # fmt: skip
        elif tell is not None and tell <= as_of:
            add(tell, CorrDueRow(label, white, black, "write", waiter, to_move, tell, rule))
        elif repeat is not None and repeat <= as_of:
            add(repeat, CorrDueRow(label, white, black, "repeat", waiter, to_move, repeat, rule))
        if t.adjudication_from is not None and t.adjudication_from <= as_of:
            add(t.adjudication_from, CorrDueRow(label, white, black, "adjudicate", None, None,
                                                t.adjudication_from, "6.2.7"))  # fmt: skip
    due.sort(key=lambda d: (d[0], d[1]))
    return CorrOverdueView(group.name, as_of, tuple(r for _, _, r in due), tuple(rows))
