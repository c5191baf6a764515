"""``skak corr …``: correspondence chess (section 6) — a game's reflection time and the
numeric notation on files and text (``time``, ``notation``: nothing is stored), and a
group kept in the database (``new``, ``players``, ``card``, ``result``, ``withdraw``,
``holiday``, ``game``, ``standings``, ``overdue``, ``list``)."""

from datetime import date
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape

from skak.errors import InputError
from skak.faces.cli._common import (
    DEFAULT_DB,
    DbOption,
    JsonOption,
    app,
    cli_errors,
    open_db,
    out,
    parse_date,
    print_json,
    print_notes,
)
from skak.faces.cli._output import print_table
from skak.faces.cli._tables import FittedTable
from skak.messages import N_

if TYPE_CHECKING:
    from skak.api import CorrOutcome
    from skak.views import (
        CorrDueRow,
        CorrPlayerRow,
        CorrStandingsView,
        CorrTimeView,
    )

# The game's reader and the views (python-chess, the rules) are imported in the commands.

__all__ = [
    "corr_card",
    "corr_game",
    "corr_holiday",
    "corr_list",
    "corr_new",
    "corr_notation",
    "corr_overdue",
    "corr_players",
    "corr_result",
    "corr_standings",
    "corr_time",
    "corr_withdraw",
]

corr_app = typer.Typer(
    help="Correspondence chess (korrespondanceskak, section 6): reflection time and the "
    "numeric notation of a game's file, and a group kept in the database: its players, "
    "cards, results, standings and what is overdue.\n\nExample: skak corr time parti.json"
)
app.add_typer(corr_app, name="corr")


def _days(value: Fraction) -> str:
    from skak.views import exact_decimal

    return exact_decimal(value)


@corr_app.command("time")
@cli_errors
def corr_time(
    file: Annotated[Path, typer.Argument(help="The game as JSON (see the README).")],
    as_of: Annotated[
        str | None,
        typer.Option(
            "--as-of", help="Count the player to move's time up to this day (YYYY-MM-DD)."
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Each player's reflection time (betænkningstid) card by card and per time control, and
    the first overstep (tidsoverskridelse) with the move at which it happened (6.3, 6.8.6).

    Example: skak corr time parti.json --as-of 2026-03-01
    """
    from skak.api import corr_time_from_file
    from skak.views import to_json

    view = corr_time_from_file(file, as_of=parse_date(as_of, "--as-of"))
    if as_json:
        print_json(to_json(view))
        return
    _show_time(view)


def _show_time(view: "CorrTimeView") -> None:
    """The game's reflection time as tables and lines, in the command's language."""
    from skak.faces.i18n import _, say

    colours = {"white": _("White"), "black": _("Black")}
    modes = {"post": _("post"), "email": _("e-mail")}
    control = _("{days} days to {moves} moves").format(
        days=view.control["days"], moves=view.control["moves"]
    )
    table = FittedTable(
        title=f"{escape(view.white)} – {escape(view.black)} "
        f"({modes.get(view.mode, view.mode)}, {control})"
    )
    left = (_("Player"), _("Moves"))
    for col in (_("Card"), *left, _("Received"), _("Sent"), _("Days"), "+", _("Total"),
                _("Limit")):  # fmt: skip
        table.add_column(col, justify="left" if col in left else "right")
    for c in view.cards:
        moves = " ".join(c.moves)
        if c.proposed:
            moves += _(" (series: {moves})").format(moves=" ".join(c.proposed))
        table.add_row(
            str(c.number), colours[c.colour].lower(), escape(moves),
            c.received.isoformat() if c.received else "—", c.sent.isoformat(), str(c.days),
            str(c.penalty) if c.penalty else "", str(c.total),
            f"{_days(c.limit)}/{c.limit_move}",
        )  # fmt: skip
    print_table(table.fit(texts={2}))
    for c in view.cards:
        for note in c.notes:
            line = _("card {number}: {note}").format(number=c.number, note=say(note))
            out.print(f"  {escape(line)}")
    for p in view.players:
        _show_player(p, colours)
    o = view.overstep
    if o is not None:
        where = (
            _("card {number}").format(number=o.card)
            if o.card is not None
            else _("the move not yet sent")
        )
        late = _("; late from {day}").format(day=o.late_from.isoformat()) if o.late_from else ""
        head = _("Time overstep ({rule}):").format(rule=o.rule)
        text = _(
            "{colour} ({player}) used {used} days, more than {limit} by move {control}, on "
            "his move {move} ({where}{late})"
        ).format(
            colour=colours[o.colour], player=o.player, used=o.used, limit=_days(o.limit),
            control=o.control_move, move=o.move, where=where, late=late,
        )  # fmt: skip
        out.print(f"[bold red]{escape(head)}[/] {escape(text)}")
    else:
        out.print(escape(_("No time overstep.")))
    if view.to_move is not None and view.repeat_from is not None:
        waiting = "white" if view.to_move == "black" else "black"
        text = _(
            "{colour} to move. If he is silent, {waiting} repeats his last move from {repeat} "
            "and tells the TL from {tell} (6.3.4, 6.8.3)."
        ).format(
            colour=colours[view.to_move], waiting=colours[waiting],
            repeat=view.repeat_from.isoformat(),
            tell=view.tell_tl_from.isoformat() if view.tell_tl_from else "—",
        )  # fmt: skip
        out.print(escape(text))
    if view.adjudication_from is not None:
        text = _(
            "Unfinished, the game may be called in for adjudication from {day} (6.2.7)."
        ).format(day=view.adjudication_from.isoformat())
        out.print(escape(text))
    for note in view.notes:
        out.print(escape(_("Note: {note}").format(note=say(note))))


def _show_player(p: "CorrPlayerRow", colours: dict[str, str]) -> None:
    from skak.faces.i18n import _, ngettext, say

    used = ngettext("{n} day used", "{n} days used", p.used).format(n=p.used)
    extra = (
        ngettext(", {n} extra day among them", ", {n} extra days among them", p.penalties).format(
            n=p.penalties
        )
        if p.penalties
        else ""
    )
    sent = ngettext("{n} move sent", "{n} moves sent", p.moves_sent).format(n=p.moves_sent)
    pending = (
        ngettext(
            "; {n} day on the move to come", "; {n} days on the move to come", p.pending
        ).format(n=p.pending)
        if p.pending is not None
        else ""
    )
    line = _("{colour} ({name}): {used}{extra}, {sent}{pending}").format(
        colour=colours[p.colour], name=p.name, used=used, extra=extra, sent=sent,
        pending=pending,
    )  # fmt: skip
    colour = escape(colours[p.colour])
    out.print(escape(line).replace(colour, f"[bold]{colour}[/]", 1))
    status = {"ok": _("ok"), "overstepped": _("overstepped")}
    for k in p.controls:
        if k.used is None:
            text = _("move {move}: limit {limit} days — running").format(
                move=k.move, limit=_days(k.limit)
            )
        else:
            series = (
                _(" (series to move {move}, 6.3.3.2)").format(move=k.series_to)
                if k.series_to
                else ""
            )
            template = _("move {move}: limit {limit}{series}, used {used} (card {card}) — {status}")
            text = template.format(
                move=k.move, limit=_days(k.limit), series=series, used=k.used, card=k.card,
                status=status.get(k.status, k.status),
            )  # fmt: skip
        out.print(f"  {escape(text)}")
    for h in p.holidays:
        text = ngettext(
            "holiday {first}–{last}: {n} day stops the clock, {counted} counted against the 35",
            "holiday {first}–{last}: {n} days stop the clock, {counted} counted against the 35",
            h.days,
        ).format(first=h.first.isoformat(), last=h.last.isoformat(), n=h.days, counted=h.counted)
        out.print(f"  {escape(text)}")
        for note in h.notes:
            out.print(f"    {escape(say(note))}")


@corr_app.command("notation")
@cli_errors
def corr_notation(
    moves: Annotated[
        str | None,
        typer.Argument(help="The moves: numeric (1. 5254 5755), SAN, Danish or long algebraic."),
    ] = None,
    file: Annotated[
        Path | None,
        typer.Option("--file", help="Read the moves, or a PGN file (*.pgn, every game), here."),
    ] = None,
    fen: Annotated[
        str | None, typer.Option("--fen", help="The start position, if not the usual one.")
    ] = None,
    iccf: Annotated[
        bool, typer.Option("--iccf", help="Promotions as ICCF writes them: 57581, not 5758(1).")
    ] = False,
    pgn: Annotated[bool, typer.Option("--pgn", help="Print the game as PGN.")] = False,
    as_json: JsonOption = False,
) -> None:
    """Convert a game between the numeric notation (6.2.2) and SAN, Danish letters and PGN;
    every move is checked by the laws (python-chess), an illegal one named by its number.

    Example: skak corr notation "1. 5254 5755 2. 7163 2836"
    """
    from skak.faces.i18n import _
    from skak.views import notation_view, to_json

    if (moves is None) == (file is None):
        raise InputError("give the moves, or --file FILE (not both)")
    location = None
    is_pgn = False
    if file is not None:
        location = str(file)
        try:
            text = file.read_text(encoding="utf-8")
        except (OSError, ValueError) as e:
            raise InputError(f"cannot read the file: {e}", location=location) from e
        is_pgn = file.suffix.lower() == ".pgn" or text.lstrip().startswith("[")
    else:
        assert moves is not None
        text = moves
    views = notation_view(text, fen=fen, pgn=is_pgn, iccf=iccf, location=location)
    if as_json:
        print_json(to_json(list(views)))
        return
    for i, v in enumerate(views):
        if pgn:
            out.print(escape(v.pgn), end="")
            continue
        if len(views) > 1:
            title = _("Game {number}").format(number=i + 1)
            out.print(f"[bold]{escape(title)}[/]")
        labels = (_("numeric:"), _("SAN:"), _("Danish:"))
        width = max(map(len, labels))
        for label, written in zip(labels, (v.numeric, v.san, v.danish), strict=True):
            out.print(f"{label:<{width}} {escape(written)}")


# -- a group kept in the database ------------------------------------------------------------

GroupOption = Annotated[
    str | None,
    typer.Option(
        "--group", "-G", help="Group ID or name; may be left out when the database holds one."
    ),
]
GameArgument = Annotated[
    str,
    typer.Argument(
        metavar="GAME", help="The game: its players' numbers, White's first (3-5), or #NUMBER."
    ),
]


def _date(text: str | None, what: str) -> date | None:
    return parse_date(text, what)


@corr_app.command("new")
@cli_errors
def corr_new(
    name: Annotated[str, typer.Argument(help="The group's name, e.g. 'EMT K 2026/3'.")],
    start: Annotated[str, typer.Option("--start", help="The group's start day, YYYY-MM-DD.")],
    event: Annotated[
        str, typer.Option("--event", help="emt (6.5), cup (6.6) or team (6.7).")
    ] = "emt",
    emt_class: Annotated[
        str | None, typer.Option("--class", help="The EMT class: DM, M, K or Å (6.5.1).")
    ] = None,
    stage: Annotated[
        str | None,
        typer.Option("--stage", help="The cup's stage: preliminary, semifinal or final (6.6.1)."),
    ] = None,
    division: Annotated[
        int | None, typer.Option("--division", help="The team championship's division, 1–3.")
    ] = None,
    mode: Annotated[str, typer.Option("--mode", help="post or email.")] = "post",
    control: Annotated[
        str | None,
        typer.Option(
            "--control",
            help="post (30 days to 10 moves), email (40 to 10) or DAYS/MOVES; default: the mode's.",
        ),
    ] = None,
    postal_days: Annotated[
        int, typer.Option("--postal-days", help="The days a card takes by post.")
    ] = 1,
    no_mandatory_holidays: Annotated[
        bool,
        typer.Option(
            "--no-mandatory-holidays",
            help="Play on in Easter's and Christmas' obligatory holidays (6.3.6.2).",
        ),
    ] = False,
    email_next_day: Annotated[
        bool,
        typer.Option(
            "--email-next-day", help="Count every e-mail received the day after (6.3.2.1)."
        ),
    ] = False,
    preliminary_players: Annotated[
        int,
        typer.Option(
            "--preliminary-players",
            metavar="N",
            help="The cup's players in the preliminary round (6.6.2.2: the final's DM places).",
        ),
    ] = 0,
    no_semifinal: Annotated[
        bool,
        typer.Option("--no-semifinal", help="The cup held no semifinal (6.6.2.1)."),
    ] = False,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Create a correspondence group: an EMT class's, a cup stage's or a team division's.

    Example: skak corr new "EMT K 2026/3" --class K --start 2026-03-01
    """
    from skak.faces.i18n import _

    when = _date(start, "--start")
    assert when is not None
    s = open_db(db, create=True)
    row = s.correspondence.new(
        name, event, when, emt_class=emt_class, stage=stage, division=division, mode=mode,
        control=control, postal_days=postal_days, mandatory_holidays=not no_mandatory_holidays,
        email_next_day=email_next_day, preliminary_players=preliminary_players,
        semifinal_held=not no_semifinal,
    )  # fmt: skip
    text = _("Created correspondence group #{id} {name} in {db}").format(
        id=row.id, name=row.name, db=s.db.location
    )
    out.print(escape(text))


@corr_app.command("list")
@cli_errors
def corr_list(db: DbOption = DEFAULT_DB, as_json: JsonOption = False) -> None:
    """List the correspondence groups in the database.

    Example: skak corr list --json
    """
    from skak.faces.i18n import _
    from skak.views import to_json

    lines = open_db(db).correspondence.lines()
    if as_json:
        print_json(to_json(lines))
        return
    table = FittedTable(title=_("Correspondence groups"))
    for col in ("ID", _("Group"), _("Event"), _("Start"), _("Mode"), _("Players"), _("Games"),
                _("Finished")):  # fmt: skip
        table.add_column(col)
    for g in lines:
        table.add_row(
            str(g.id), escape(g.name), f"{g.event} {g.detail}", g.start.isoformat(),
            _mode_word(g.mode), str(g.players), str(g.games), str(g.finished),
        )  # fmt: skip
    print_table(table.fit(names={1}))


def _mode_word(mode: str) -> str:
    from skak.faces.i18n import _

    return {"post": _("post"), "email": _("e-mail")}.get(mode, mode)


@corr_app.command("players")
@cli_errors
def corr_players(
    names: Annotated[
        list[str] | None,
        typer.Argument(help="The players' names in the TL's drawn order (or --file)."),
    ] = None,
    file: Annotated[
        Path | None,
        typer.Option(
            "--file",
            help="A CSV of the players in order: name (navn), member (medlemsnummer), rating, "
            "club (klub; the team championship's, board by board in order).",
        ),
    ] = None,
    group: GroupOption = None,
    db: DbOption = DEFAULT_DB,
    as_json: JsonOption = False,
) -> None:
    """Enter the group's players in the TL's drawn order — the games and their colours are
    fixed then (6.5.2.1, 6.5.3.1) — or, with none given, list the players and games.

    Example: skak corr players "Hansen, Jens" "Olsen, Ole" "Berg, Ib"
    """
    from skak.faces.i18n import _
    from skak.views import to_json

    s = open_db(db)
    if names and file is not None:
        raise InputError(N_("give the players' names or --file, not both"))
    if file is not None:
        done = s.correspondence.players_file(group, file)
    elif names:
        done = s.correspondence.enter_players(group, names)
    else:
        done = None
    view = s.correspondence.players(group)
    if as_json:
        print_json(to_json(view))
        return
    if done is not None:
        text = _("{players} players entered, {games} games").format(
            players=len(done.after.players), games=len(done.after.games)
        )
        out.print(escape(text))
    table = FittedTable(title=f"{escape(view.name)} ({view.event} {view.detail})")
    for col in (_("No."), _("Name"), _("Member"), _("Rating"), _("Club"), _("Board"),
                _("Withdrew")):  # fmt: skip
        table.add_column(col)
    for p in view.players:
        table.add_row(
            str(p.number), escape(p.name), _opt(p.member), _opt(p.rating), escape(p.club or ""),
            _opt(p.board), p.withdrawn.isoformat() if p.withdrawn else "",
        )  # fmt: skip
    print_table(table.fit(names={1, 4}))
    games = FittedTable(title=_("Games"))
    for col in (_("Game"), _("White"), _("Black"), _("Cards"), _("Moves"), _("Result")):
        games.add_column(col)
    for g in view.games:
        result = g.result or ""
        if g.adjudicated:
            result += " " + _("(adjudicated)")
        games.add_row(
            g.game, escape(g.white), escape(g.black), str(g.cards), escape(g.moves), result
        )
    print_table(games.fit(names={1, 2}, texts={4}))


def _opt(value: object) -> str:
    return "" if value is None else str(value)


@corr_app.command("card")
@cli_errors
def corr_card(
    game: GameArgument,
    moves: Annotated[
        str | None,
        typer.Option(
            "--moves",
            help="The card's moves in any notation: a repetition first, the own move, a series "
            "after 0 (12. 2425, 01625).",
        ),
    ] = None,
    sent: Annotated[
        str | None, typer.Option("--sent", help="The date written, YYYY-MM-DD.")
    ] = None,
    received: Annotated[
        str | None, typer.Option("--received", help="The day the opponent's card came.")
    ] = None,
    postmark: Annotated[
        str | None, typer.Option("--postmark", help="The postmark's date (6.3.2).")
    ] = None,
    receipt_slip: Annotated[
        str | None, typer.Option("--receipt-slip", help="The post office's receipt (6.3.2).")
    ] = None,
    series: Annotated[
        str | None, typer.Option("--series", help="A series proposed (6.2.5), without the 0.")
    ] = None,
    notice: Annotated[
        bool, typer.Option("--notice", help="He gave notice of more than 14 days (6.3.4).")
    ] = False,
    reminder: Annotated[
        bool, typer.Option("--reminder", help="The opponent sent a reminder (6.3.4).")
    ] = False,
    tl_contacted: Annotated[
        bool, typer.Option("--tl-contacted", help="The opponent wrote to the TL too (6.3.4).")
    ] = False,
    invalid_moves: Annotated[
        int,
        typer.Option("--invalid-moves", help="Invalid moves he sent before it (6.3.5.1, 6.8.6)."),
    ] = 0,
    late_receipt_accepted: Annotated[
        bool,
        typer.Option(
            "--late-receipt-accepted", help="The TL accepted a longer e-mail transmission (6.8.2)."
        ),
    ] = False,
    take_back: Annotated[
        bool, typer.Option("--take-back", help="Take back the game's last card (entered wrongly).")
    ] = False,
    group: GroupOption = None,
    db: DbOption = DEFAULT_DB,
    as_json: JsonOption = False,
) -> None:
    """Enter a game's next card as it arrives: the clock checks it with the cards before it
    (a wrong move or date is refused, nothing written) and says the sender's time, and any
    overstep (6.3.3).

    Example: skak corr card 1-2 --moves "1. 5254" --sent 2026-03-02
    """
    from skak.views import to_json

    s = open_db(db)
    if take_back:
        if moves is not None:
            raise InputError(N_("--take-back takes no --moves"))
        done = s.correspondence.take_back_card(group, game)
    else:
        if moves is None:
            raise InputError(N_("the card's moves are missing: give --moves"))
        done = s.correspondence.card(
            group, game, moves, sent=_date(sent, "--sent"),
            received=_date(received, "--received"), postmark=_date(postmark, "--postmark"),
            receipt_slip=_date(receipt_slip, "--receipt-slip"), series=series,
            late_receipt_accepted=late_receipt_accepted, notice=notice, reminder=reminder,
            tl_contacted=tl_contacted, invalid_moves=invalid_moves,
        )  # fmt: skip
    view = done.time
    assert view is not None
    if as_json:
        print_json(to_json(view))
        return
    _show_card(done, view, take_back)
    print_notes(done.notes)


def _show_card(done: "CorrOutcome", view: "CorrTimeView", take_back: bool) -> None:
    from skak.faces.i18n import _, ngettext

    colours = {"white": _("White"), "black": _("Black")}
    label = done.after.label(next(g for g in done.after.games if g.number == _number(done)))
    if take_back:
        n = len(view.cards)
        text = ngettext(
            "Game {game}: the last card was taken back; {n} card stands",
            "Game {game}: the last card was taken back; {n} cards stand",
            n,
        ).format(game=label, n=n)
        out.print(escape(text))
        return
    c = view.cards[-1]
    days = c.days + c.penalty
    used = ngettext("{n} day", "{n} days", days).format(n=days)
    text = _(
        "Game {game}, card {card} ({colour}): {moves} — {days}, {total} in all, limit {limit} "
        "by move {control}"
    ).format(
        game=label, card=c.number, colour=colours[c.colour].lower(), moves=" ".join(c.moves),
        days=used, total=c.total, limit=_days(c.limit), control=c.limit_move,
    )  # fmt: skip
    out.print(escape(text))


def _number(done: "CorrOutcome") -> int:
    event = done.events[0] if done.events else None
    number = getattr(event, "game", None)
    assert isinstance(number, int)
    return number


@corr_app.command("result")
@cli_errors
def corr_result(
    game: GameArgument,
    result: Annotated[
        str, typer.Argument(help="1-0, 0-1, 1/2-1/2 (½-½, =) or 0-0 (lost for both, 6.3.3.4).")
    ],
    adjudicated: Annotated[
        bool, typer.Option("--adjudicated", help="The TL adjudicated it (6.2.7, 6.2.8).")
    ] = False,
    group: GroupOption = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Enter or correct a game's result, or the TL's adjudication (bedømmelse).

    Example: skak corr result 1-2 1-0
    """
    from skak.faces.i18n import _

    done = open_db(db).correspondence.result(group, game, result, adjudicated=adjudicated)
    out.print(escape(_("Result entered") if done.events else _("Nothing changed")))
    print_notes(done.notes)


@corr_app.command("withdraw")
@cli_errors
def corr_withdraw(
    player: Annotated[str, typer.Argument(help="The player: his number or name.")],
    day: Annotated[str, typer.Option("--date", help="The day he withdrew, YYYY-MM-DD.")],
    reason: Annotated[
        str,
        typer.Option(
            "--reason", help="good, none or silent (a silent player: without good reason)."
        ),
    ] = "none",
    group: GroupOption = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """A player withdraws (udtræden, 6.2.8): with at most half his games finished he loses
    them all; else the TL adjudicates the unfinished ones. Without good reason he loses his
    right to a prize.

    Example: skak corr withdraw 4 --date 2026-06-01 --reason silent
    """
    from skak.faces.i18n import _

    when = _date(day, "--date")
    assert when is not None
    done = open_db(db).correspondence.withdraw(group, player, when, reason=reason)
    out.print(escape(_("Withdrawal entered")))
    print_notes(done.notes)


@corr_app.command("holiday")
@cli_errors
def corr_holiday(
    player: Annotated[str, typer.Argument(help="The player: his number or name.")],
    first: Annotated[str, typer.Option("--from", help="The first day, YYYY-MM-DD.")],
    last: Annotated[str, typer.Option("--to", help="The last day, YYYY-MM-DD.")],
    notice: Annotated[
        str | None, typer.Option("--notice", help="The day he sent notice (6.3.6.1).")
    ] = None,
    special_leave: Annotated[
        bool, typer.Option("--special-leave", help="The TL's special leave (særlov, 6.3.6.4).")
    ] = False,
    group: GroupOption = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """A player's holiday (ferie, 6.3.6): the clock of his games stops on its days.

    Example: skak corr holiday 2 --from 2026-07-01 --to 2026-07-21 --notice 2026-06-20
    """
    from skak.faces.i18n import _

    a, b = _date(first, "--from"), _date(last, "--to")
    assert a is not None
    assert b is not None
    open_db(db).correspondence.holiday(
        group, player, a, b, notice=_date(notice, "--notice"), special_leave=special_leave
    )
    out.print(escape(_("Holiday entered")))


@corr_app.command("game")
@cli_errors
def corr_game(
    game: GameArgument,
    as_of: Annotated[
        str | None,
        typer.Option("--as-of", help="Count the player to move's time up to this day."),
    ] = None,
    group: GroupOption = None,
    db: DbOption = DEFAULT_DB,
    as_json: JsonOption = False,
) -> None:
    """A stored game's reflection time card by card, as 'skak corr time' shows a file's.

    Example: skak corr game 1-2 --as-of 2026-05-01
    """
    from skak.views import to_json

    view = open_db(db).correspondence.game(group, game, as_of=_date(as_of, "--as-of"))
    if as_json:
        print_json(to_json(view))
        return
    _show_time(view)


@corr_app.command("standings")
@cli_errors
def corr_standings(
    group: GroupOption = None, db: DbOption = DEFAULT_DB, as_json: JsonOption = False
) -> None:
    """The group's standings: points, then Sonneborn-Berger and the game between for the
    places the rules name (6.5.4.1, 6.5.2, 6.6.1.4); a withdrawal counted by 6.2.8; when
    the group is finished, each result's class (6.5) or cup right (6.6.2); the team
    championship's clubs by 6.7.4.5.

    Example: skak corr standings --json
    """
    from skak.views import to_json

    view = open_db(db).correspondence.standings(group)
    if as_json:
        print_json(to_json(view))
        return
    _show_standings(view)


def _show_standings(view: "CorrStandingsView") -> None:
    from skak.faces.i18n import _, say

    title = f"{escape(view.name)} ({view.event} {view.detail})"
    table = FittedTable(title=title)
    for col in ("#", _("No."), _("Player"), _("Points"), "SB", _("Games"), _("Next")):
        table.add_column(col)
    for r in view.standings:
        name = r.name + (" " + _("(withdrew)") if r.withdrawn else "")
        if not r.prize_right:
            name += " " + _("(no prize, 6.2.8)")
        nxt = ""
        if r.outcome is not None:
            nxt = r.next_class or "—"
        table.add_row(
            f"{r.rank}{'=' if r.shared else ''}", str(r.number), escape(name), _days(r.points),
            _days(r.sonneborn_berger), f"{r.finished}/{r.finished + r.unfinished}", nxt,
        )  # fmt: skip
    print_table(table.fit(names={2}))
    if view.teams:
        teams = FittedTable(title=_("Clubs (6.7.4.5)"))
        for col in ("#", _("Club"), _("Points"), _("Division")):
            teams.add_column(col)
        for t in view.teams:
            teams.add_row(
                f"{t.rank}{'=' if t.lots else ''}", escape(t.club), _days(t.points),
                _opt(t.division),
            )  # fmt: skip
        print_table(teams.fit(names={1}))
    for r in view.standings:
        if r.reason is not None:
            out.print(escape(f"{r.name}: {say(r.reason)}"))
    for note in view.notes:
        out.print(escape(_("Note: {note}").format(note=say(note))))


@corr_app.command("overdue")
@cli_errors
def corr_overdue(
    as_of: Annotated[str, typer.Option("--as-of", help="The day to count to, YYYY-MM-DD.")],
    group: GroupOption = None,
    db: DbOption = DEFAULT_DB,
    as_json: JsonOption = False,
) -> None:
    """What is due by a day: time oversteps (6.3.3), silent opponents — who must repeat his
    last move and whom the TL must write to (6.3.4, 6.8.3) — games to adjudicate (6.2.7,
    6.2.8) and results to report, with their dates.

    Example: skak corr overdue --as-of 2026-09-01
    """
    from skak.faces.i18n import _
    from skak.views import to_json

    when = _date(as_of, "--as-of")
    assert when is not None
    view = open_db(db).correspondence.overdue(group, when)
    if as_json:
        print_json(to_json(view))
        return
    if not view.due:
        out.print(escape(_("Nothing is due on {day}.").format(day=view.as_of.isoformat())))
        return
    out.print(escape(_("Due on {day}:").format(day=view.as_of.isoformat())))
    for d in view.due:
        out.print(escape(f"  {_due(d)}"))


def _due(d: "CorrDueRow") -> str:
    from skak.faces.i18n import _

    day = d.day.isoformat() if d.day else "—"
    game = _("game {game} ({white} – {black})").format(game=d.game, white=d.white, black=d.black)
    if d.action == "overstep":
        text = _(
            "{player} overstepped the time on his move {move} ({used} days, more than {limit} "
            "by move {control}; late from {day}): the game is lost when {opponent} claims it "
            "({rule}, 6.3.3.3)"
        ).format(
            player=d.player, move=d.move, used=d.used,
            limit=_days(d.limit) if d.limit is not None else "—", control=d.control_move,
            day=day, opponent=d.opponent, rule=d.rule,
        )  # fmt: skip
    elif d.action == "repeat":
        text = _(
            "{player} has not heard from {opponent}: he repeats his last move from {day} ({rule})"
        ).format(player=d.player, opponent=d.opponent, day=day, rule=d.rule)
    elif d.action == "write":
        text = _(
            "{opponent} is silent after the repetition: the TL writes to him from {day}; "
            "he loses unless he answers at once ({rule})"
        ).format(opponent=d.opponent, day=day, rule=d.rule)
    elif d.action == "adjudicate":
        text = _("unfinished after 18 months: the TL may call it in for adjudication from {day} "
                 "(6.2.7)").format(day=day)  # fmt: skip
    elif d.action == "withdrawal":
        text = _(
            "{player} withdrew on {day}: {opponent} sends the game and its final position to "
            "the TL for adjudication (6.2.8)"
        ).format(player=d.player, day=day, opponent=d.opponent)
    else:
        text = _("the game ended on the board ({result}): its result is to be reported "
                 "(6.2.6)").format(result=d.result)  # fmt: skip
    return f"{day}  {game}: {text}"
