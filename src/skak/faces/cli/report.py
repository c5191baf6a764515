"""``skak report``: the tournament report to the rating registrar (§6)."""

import datetime
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from skak.errors import InputError
from skak.faces.cli import render
from skak.faces.cli._common import (
    DEFAULT_DB,
    DbOption,
    ForceOption,
    JsonOption,
    TournamentOption,
    app,
    check_output,
    cli_errors,
    err,
    open_db,
    out,
    parse_date,
    print_json,
    write_output,
)
from skak.faces.cli._output import print_table
from skak.faces.cli._tables import FittedTable
from skak.faces.i18n import _, current, say
from skak.messages import N_

__all__ = ["report"]


@app.command("report")
@cli_errors
def report(
    arbiter: Annotated[
        list[str] | None,
        typer.Option(help="An arbiter's name, the chief arbiter first (repeatable)."),
    ] = None,
    trf: Annotated[
        Path | None, typer.Option("--trf", help="Write the games as a TRF16 file here.")
    ] = None,
    html: Annotated[
        Path | None, typer.Option("--html", help="Write the report as a web page here.")
    ] = None,
    start: Annotated[
        str | None, typer.Option(help="The first day, where the tournament has none.")
    ] = None,
    end: Annotated[
        str | None, typer.Option(help="The last day, where the tournament has none.")
    ] = None,
    force: ForceOption = False,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
    as_json: JsonOption = False,
) -> None:
    """The report of a finished, rated tournament to DSU's rating registrar (§6): the
    results, the new ratings, the candidate results, the dates, the warnings and quarantines
    given, the arbiters — and the forfeits. --trf writes the games (TRF16), --html the
    report as a page with the crosstable; without them a summary is printed.

    Example: skak report --arbiter "Inge Holm" --trf rapport.trf --html rapport.html
    """
    from skak.views import to_json
    from skak.views.report import report_trf, report_view

    s = open_db(db)
    t = s.tournaments.get(tournament)
    today = datetime.date.today()
    view = report_view(
        t,
        s.discipline.get(),
        arbiter or [],
        today=today,
        start=parse_date(start, "--start"),
        end=parse_date(end, "--end"),
    )
    outputs = [p for p in (trf, html) if p is not None]
    if trf is not None and html is not None and trf.resolve() == html.resolve():
        raise InputError(N_("--trf and --html name the same file"), location=str(trf))
    for p in outputs:  # every file checked before any is written
        check_output(p, force=force, db=db)
    if trf is not None:
        write_output(report_trf(t, arbiter or []), trf, force=force, db=db)
    if html is not None:
        write_output(render.report_html(view, today.isoformat()), html, force=force, db=db)
    if as_json:
        print_json(to_json(view))
        return
    if outputs:
        if view.due:
            err.print(
                _("Send them to {recipient} by {due}").format(
                    recipient=view.recipient, due=view.due
                )
            )
        else:
            err.print(_("Send them to {recipient}").format(recipient=view.recipient))
        return
    title = _("{tournament}: report to the rating registrar (§6)")
    table = FittedTable(title=title.format(tournament=escape(view.tournament)))
    # §6 names its items in Danish; in English a column glosses them.
    english = current() == "en"
    table.add_column("§6")
    if english:
        table.add_column("Item")
    table.add_column(_("In the report"))
    table.add_column("")
    missing = _("missing")
    for item in view.items:
        cells = [escape(item.item), item.english] if english else [escape(item.item)]
        cells += [escape(say(item.content)), "✓" if item.complete else f"[red]{missing}[/]"]
        table.add_row(*cells)
    print_table(table.fit(texts={1, 2} if english else {1}))
    for a in view.absent:
        line = _("{name} came to none of his games: {note}")
        out.print(line.format(name=escape(a.name), note=escape(say(a.note))))
    out.print(_("Write the files with --trf FILE and --html FILE."))
