"""``skak junior …``: DSU's junior team championship (Junior Hold DM, 003 §5.5)."""

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from skak.faces.cli._common import JsonOption, app, cli_errors, out, print_json
from skak.faces.cli._output import print_table
from skak.faces.cli._tables import FittedTable

__all__ = ["junior_app"]

junior_app = typer.Typer(
    help="The junior team championship (Junior Hold DM, 5.5).\n\n"
    "Example: skak junior standings juniorhold.json"
)
app.add_typer(junior_app, name="junior")


@junior_app.command("standings")
@cli_errors
def junior_standings(
    file: Annotated[Path, typer.Argument(help="The championship as JSON (see the README).")],
    as_json: JsonOption = False,
    explain: Annotated[bool, typer.Option("--explain", help="Say how ties were broken.")] = False,
) -> None:
    """Standings by 5.5 §4 (match points, board points, the direct match, board 1, 2, …)
    and every team's §6 problems (6 cadets, a girl or a player rated ≤ 1100, 1 reserve).

    Example: skak junior standings juniorhold.json --explain
    """
    from skak.api import junior_from_file
    from skak.views import exact_decimal, to_json

    view = junior_from_file(file)
    if as_json:
        print_json(to_json(view))
        return
    n = len(view.missing)
    state = "" if view.complete else f", incomplete: {n} match{'' if n == 1 else 'es'} missing"
    table = FittedTable(title=f"Junior Hold DM (5.5 §4{state})")
    for col in ("#", "Team", "MP", "BP", "Placed by"):
        table.add_column(col)
    for r in view.standings:
        table.add_row(
            f"{r.rank}{'=' if r.shared else ''}", escape(r.team), exact_decimal(r.match_points),
            exact_decimal(r.board_points), escape(r.decided_by),
        )  # fmt: skip
    print_table(table.fit(names={1}, texts={4}))
    for line in view.missing:
        out.print(f"note: {escape(line)}")
    for p in view.problems:
        out.print(f"[red]{escape(p)}[/]")
    if explain:
        for line in view.explanation:
            out.print(escape(line))
