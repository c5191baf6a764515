"""``skak junior …``: DSU's junior team championship (Junior Hold DM, 003 §5.5)."""

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from skak.faces.cli._common import (
    DEFAULT_DB,
    DbOption,
    JsonOption,
    app,
    cli_errors,
    open_db,
    out,
    print_json,
    print_notes,
)
from skak.faces.cli._output import print_table
from skak.faces.cli._tables import FittedTable
from skak.faces.i18n import _

__all__ = ["junior_app"]

junior_app = typer.Typer(
    help="The junior team championship (Junior Hold DM, 5.5): from its file, or kept in the "
    "database (import, match, standings).\n\nExample: skak junior standings juniorhold.json"
)
app.add_typer(junior_app, name="junior")


ChampionshipOption = Annotated[
    str | None,
    typer.Option(
        "--championship",
        help="The championship's ID or name; may be left out when the database holds one.",
    ),
]


@junior_app.command("import")
@cli_errors
def junior_import(
    file: Annotated[Path, typer.Argument(help="The championship as JSON (see the README).")],
    name: Annotated[str | None, typer.Option(help="Its name (default: the file's).")] = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Keep a championship in the database: its teams and the matches its file holds, all
    or nothing; then enter the matches as they are played (skak junior match) and publish
    it on the web (/junior/ID).

    Example: skak junior import juniorhold.json --name "Junior Hold DM 2026"
    """
    row = open_db(db, create=True).junior.import_file(file, name=name)
    out.print(
        escape(_("Junior team championship {name} kept as #{id}").format(name=row.name, id=row.id))
    )


@junior_app.command("list")
@cli_errors
def junior_list(db: DbOption = DEFAULT_DB, as_json: JsonOption = False) -> None:
    """The junior team championships the database holds.

    Example: skak junior list
    """
    from skak.views import to_json

    lines = open_db(db).junior.lines()
    if as_json:
        print_json(to_json(lines))
        return
    table = FittedTable(title=_("Junior team championships"))
    for col in ("#", _("Name"), _("Date"), _("Teams"), _("Matches")):
        table.add_column(col)
    for line in lines:
        table.add_row(
            str(line.id), escape(line.name), str(line.day), str(line.teams), str(line.matches)
        )
    print_table(table.fit(names={1}))


@junior_app.command("match")
@cli_errors
def junior_match(
    round_number: Annotated[int, typer.Argument(metavar="ROUND", help="The round.")],
    first: Annotated[str, typer.Argument(help="The team with white on board 1.")],
    second: Annotated[str, typer.Argument(help="Its opponent.")],
    results: Annotated[
        list[str],
        typer.Argument(help="One result a board from the first team's side: 1-0 ½-½ 0-1 +- -+ --."),
    ],
    first_players: Annotated[
        str | None,
        typer.Option("--first-players", help="The first team's players by board, comma-separated."),
    ] = None,
    second_players: Annotated[
        str | None,
        typer.Option("--second-players", help="The second team's players by board."),
    ] = None,
    championship: ChampionshipOption = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Enter a match of the championship kept in the database (entered again: corrected);
    the players are checked against §6 at once (6 cadets, a girl or a player rated at most
    1100).

    Example: skak junior match 1 "1. HK" "2. HK" 1-0 1-0 ½-½ 0-1 1-0 1-0 0-1 1-0
    """
    done = open_db(db).junior.enter_match(
        championship, round_number, first, second, results,
        first_players=(first_players or "").split(",") if first_players else (),
        second_players=(second_players or "").split(",") if second_players else (),
    )  # fmt: skip
    if not done.events:
        out.print(_("Round {round}: nothing changed").format(round=round_number))
        return
    out.print(_("Round {round}: match entered").format(round=round_number))
    print_notes(done.notes)


@junior_app.command("standings")
@cli_errors
def junior_standings(
    file: Annotated[
        Path | None,
        typer.Argument(
            help="The championship as JSON (see the README); none: the one in the database."
        ),
    ] = None,
    championship: ChampionshipOption = None,
    db: DbOption = DEFAULT_DB,
    as_json: JsonOption = False,
    explain: Annotated[bool, typer.Option("--explain", help="Say how ties were broken.")] = False,
) -> None:
    """Standings by 5.5 §4 (match points, board points, the direct match, board 1, 2, …)
    and every team's §6 problems (6 cadets, a girl or a player rated ≤ 1100, 1 reserve).

    Example: skak junior standings juniorhold.json --explain
    """
    from skak.views import exact_decimal, to_json

    if file is not None:
        from skak.api import junior_from_file

        view = junior_from_file(file)
    else:
        view = open_db(db).junior.view(championship)
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
