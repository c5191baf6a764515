"""``skak timecontrol`` and ``skak game …``: time controls and games (PGN)."""

from __future__ import annotations

from datetime import date
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from skak.cli._common import JsonOption, app, cli_errors, out, parse_date, print_json

__all__ = ["timecontrol"]


@app.command("timecontrol")
@cli_errors
def timecontrol(
    control: Annotated[str, typer.Argument(help="The time control, e.g. '40/90+30+30s'.")],
    on: Annotated[
        str | None, typer.Option("--date", help="The rules in force on this day (YYYY-MM-DD).")
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Read a time control (betænkningstid): standard, rapid or blitz, and whether DSU, FIDE
    and a title norm accept it, each with the article that decides.

    Example: skak timecontrol "2t/40 + 1t" --date 2026-09-01
    """
    from skak.views import time_control_view, to_json

    view = time_control_view(control, parse_date(on, "date") or date.today())
    if as_json:
        print_json(to_json(view))
        return
    out.print(
        f"[bold]{escape(view.control)}[/] (PGN {escape(view.pgn)}) on "
        f"{view.date.isoformat()}: [bold]{view.kind}[/]"
    )
    table = Table()
    for col in ("Question", "Answer", "Article", "Why"):
        table.add_column(col)
    for f in view.findings:
        answer = (
            f.question
            if f.question in ("standard", "rapid", "blitz")
            else ("yes" if f.holds else "no")
        )
        question = "kind" if f.question in ("standard", "rapid", "blitz") else f.question
        table.add_row(question, answer, escape(f.article), escape(f.reason))
    out.print(table)
