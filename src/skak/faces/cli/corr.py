"""``skak corr …``: correspondence chess (section 6) — a game's reflection time and the
numeric notation. Both work on files and text only; nothing is stored."""

from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape

from skak.errors import InputError
from skak.faces.cli._common import JsonOption, app, cli_errors, out, parse_date, print_json
from skak.faces.cli._output import print_table
from skak.faces.cli._tables import FittedTable

if TYPE_CHECKING:
    from skak.views import CorrPlayerRow, CorrTimeView

# The game's reader and the views (python-chess, the rules) are imported in the commands.

__all__ = ["corr_notation", "corr_time"]

corr_app = typer.Typer(
    help="Correspondence chess (korrespondanceskak, section 6): reflection time and the "
    "numeric notation.\n\nExample: skak corr time parti.json"
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
