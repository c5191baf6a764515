"""``skak corr …``: correspondence chess (section 6) — a game's reflection time and the
numeric notation. Both work on files and text only; nothing is stored."""

from fractions import Fraction
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from skak.cli._common import JsonOption, app, cli_errors, out, parse_date, print_json
from skak.cli._output import print_table
from skak.cli._tables import FittedTable
from skak.errors import InputError

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


def _n(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


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
    from skak.io.correspondence_json import read_game
    from skak.views import corr_time_view, to_json

    game = read_game(file)
    view = corr_time_view(game, location=str(file), as_of=parse_date(as_of, "--as-of"))
    if as_json:
        print_json(to_json(view))
        return
    control = f"{view.control['days']} days to {view.control['moves']} moves"
    table = FittedTable(
        title=f"{escape(view.white)} – {escape(view.black)} ({view.mode}, {control})"
    )
    for col in ("Card", "Player", "Moves", "Received", "Sent", "Days", "+", "Total", "Limit"):
        table.add_column(col, justify="left" if col in ("Player", "Moves") else "right")
    for c in view.cards:
        moves = " ".join(c.moves)
        if c.proposed:
            moves += f" (series: {' '.join(c.proposed)})"
        table.add_row(
            str(c.number), c.colour, escape(moves),
            c.received.isoformat() if c.received else "—", c.sent.isoformat(), str(c.days),
            str(c.penalty) if c.penalty else "", str(c.total),
            f"{_days(c.limit)}/{c.limit_move}",
        )  # fmt: skip
    print_table(table.fit(texts={2}))
    for c in view.cards:
        for note in c.notes:
            out.print(f"  card {c.number}: {escape(note)}")
    for p in view.players:
        extra = f", {_n(p.penalties, 'extra day')} among them" if p.penalties else ""
        pending = f"; {_n(p.pending, 'day')} on the move to come" if p.pending is not None else ""
        out.print(
            f"[bold]{p.colour.capitalize()}[/] ({escape(p.name)}): {_n(p.used, 'day')} used"
            f"{extra}, {_n(p.moves_sent, 'move')} sent{pending}"
        )
        for k in p.controls:
            if k.used is None:
                out.print(f"  move {k.move}: limit {_days(k.limit)} days — running")
            else:
                series = f" (series to move {k.series_to}, 6.3.3.2)" if k.series_to else ""
                out.print(
                    f"  move {k.move}: limit {_days(k.limit)}{series}, used {k.used} "
                    f"(card {k.card}) — {k.status}"
                )
        for h in p.holidays:
            out.print(
                f"  holiday {h.first.isoformat()}–{h.last.isoformat()}: {h.days} days stop the "
                f"clock, {h.counted} counted against the 35"
            )
            for note in h.notes:
                out.print(f"    {escape(note)}")
    o = view.overstep
    if o is not None:
        where = f"card {o.card}" if o.card is not None else "the move not yet sent"
        late = f"; late from {o.late_from.isoformat()}" if o.late_from else ""
        out.print(
            f"[bold red]Time overstep ({o.rule}):[/] {o.colour.capitalize()} "
            f"({escape(o.player)}) used {o.used} days, more than {_days(o.limit)} by move "
            f"{o.control_move}, on his move {o.move} ({where}{late})"
        )
    else:
        out.print("No time overstep.")
    if view.to_move is not None and view.repeat_from is not None:
        waiting = "White" if view.to_move == "black" else "Black"
        out.print(
            f"{view.to_move.capitalize()} to move. If he is silent, {waiting} repeats his last "
            f"move from {view.repeat_from.isoformat()} and tells the TL from "
            f"{view.tell_tl_from.isoformat() if view.tell_tl_from else '—'} (6.3.4, 6.8.3)."
        )
    if view.adjudication_from is not None:
        out.print(
            "Unfinished, the game may be called in for adjudication from "
            f"{view.adjudication_from.isoformat()} (6.2.7)."
        )
    for note in view.notes:
        out.print(f"Note: {escape(note)}")


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
            out.print(f"[bold]Game {i + 1}[/]")
        out.print(f"numeric: {escape(v.numeric)}")
        out.print(f"SAN:     {escape(v.san)}")
        out.print(f"Danish:  {escape(v.danish)}")
