"""``skak classes`` and ``skak dm select``: who may play where (age classes, the DM's
classes)."""

from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape
from rich.table import Table

from skak.errors import InputError
from skak.faces.cli._common import (
    JsonOption,
    app,
    cli_errors,
    err,
    out,
    parse_date,
    parse_sex,
    print_json,
)
from skak.faces.cli._output import print_table
from skak.faces.cli._tables import FittedTable

if TYPE_CHECKING:
    from skak.views.eligibility import DmClass, Placed

__all__ = ["classes", "dm_select"]

dm_app = typer.Typer(
    help="The Danish Championship (DM, §31–40).\n\nExample: skak dm select dm-2026.json"
)
app.add_typer(dm_app, name="dm")


@app.command("classes")
@cli_errors
def classes(
    born: Annotated[str, typer.Argument(help="Birth date YYYY-MM-DD, or the year of birth.")],
    day: Annotated[
        str, typer.Option("--date", help="The event's first day, YYYY-MM-DD.", show_default=False)
    ],
    sex: Annotated[str | None, typer.Option(help="m or w (k).")] = None,
    edition: Annotated[
        str | None,
        typer.Option(help="dsu-2011 (003) or dsu-later (000); default: the one in force."),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """The age and sex classes a player belongs to at an event (junior §37, veteran §38,
    Senior-DM 4.3.2, women's rapid DM 4.3.4, U/P groups 4.3.5, cup rows 5.3, kadet 5.5).

    Example: skak classes 2008-03-03 --sex w --date 2026-10-02
    """
    from skak.views import to_json
    from skak.views.eligibility import classes_view

    text = born.strip()
    birth: date | int | None
    if text.isascii() and text.isdigit() and len(text) == 4:
        birth = int(text)
    else:
        birth = parse_date(text, "birth date")
    event = parse_date(day, "date")
    if event is None:  # pragma: no cover - typer requires the option
        raise InputError("give the event's first day with --date")
    view = classes_view(birth, parse_sex(sex), event, edition)
    if as_json:
        print_json(to_json(view))
        return
    table = FittedTable(title=f"Classes at an event on {view.event.isoformat()} ({view.edition})")
    for col in ("Class", "§", "Belongs", "Why"):
        table.add_column(col)
    for v in view.classes:
        mark = {True: "yes", False: "no", None: "?"}[v.holds]
        table.add_row(escape(v.name), escape(v.paragraph), mark, escape(v.reason))
    print_table(table.fit(names={0}, texts={3}))


@dm_app.command("select")
@cli_errors
def dm_select(
    file: Annotated[
        Path, typer.Argument(help="The rating list, applications and last year's DM as JSON.")
    ],
    as_json: JsonOption = False,
) -> None:
    """Place the DM's applicants in the classes (§34): the landsholdsklasse (§36), the
    kandidatklasse (§37), the veteranklasse (§38) and the other groups (§39), each player
    with the rule that placed him; the free places and the reserves; late applications
    (§33). See the README for the file.

    Example: skak dm select dm-2026.json --json
    """
    from skak.api import dm_selection_from_file
    from skak.views import to_json

    view = dm_selection_from_file(file)
    if as_json:
        print_json(to_json(view))
        return
    out.print(
        f"DM {view.year} ({view.edition}): applications valid until "
        f"{view.deadline.isoformat()} (§33); candidate results after "
        f"{view.previous_deadline.isoformat()} count; first round {view.first_round.isoformat()}"
    )
    for c in view.classes:
        print_table(_class_table(c))
        if c.free_places:
            out.print(f"  {c.free_places} free place(s)")
        for note in c.notes:
            out.print(f"  note: {escape(note)}")
        if c.reserves:
            print_table(_players_table(f"{c.name}: reserves", c.reserves))
    if view.refused:
        print_table(_players_table("Applications refused", view.refused))
    err.print(f"{sum(len(c.players) for c in view.classes)} players placed")


def _class_table(c: "DmClass") -> Table:
    places = f", {c.places} places" if c.places is not None else ""
    return _players_table(f"{c.name} ({c.paragraph}{places})", c.players)


def _players_table(title: str, players: tuple["Placed", ...]) -> Table:
    table = FittedTable(title=escape(title), title_justify="left")
    table.add_column("#", justify="right")
    table.add_column("Member", justify="right")
    table.add_column("Name")
    table.add_column("Rating", justify="right")
    table.add_column("Rule")
    table.add_column("Why")
    for i, p in enumerate(players, start=1):
        table.add_row(
            str(i),
            str(p.member),
            escape(p.name),
            "" if p.rating is None else str(p.rating),
            escape(p.rule),
            escape(p.reason),
        )
    return table.fit(names={2}, texts={4, 5})
