"""``skak print``: the pairing lists, result slips, standings, crosstable and §6's report as
PDF files (:mod:`skak.faces.pdf`)."""

import datetime
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from skak.errors import InputError
from skak.faces.cli._common import (
    DEFAULT_DB,
    DbOption,
    ForceOption,
    TournamentOption,
    app,
    check_output,
    cli_errors,
    err,
    open_db,
)
from skak.faces.i18n import _, current
from skak.messages import N_

__all__ = ["print_"]


@app.command("print")
@cli_errors
def print_(
    kind: Annotated[
        str,
        typer.Argument(
            metavar="KIND",
            help="pairings (by board), alphabetical (who plays where), cards (result slips), "
            "standings, crosstable, prizes (the prize list) or report (§6).",
        ),
    ],
    output: Annotated[
        Path, typer.Option("--output", "-o", help="The PDF file to write.", show_default=False)
    ],
    round_number: Annotated[
        int | None,
        typer.Option(
            "--round",
            help="The round: of the lists and slips, default the latest; of the standings and "
            "the crosstable, after that round.",
        ),
    ] = None,
    large: Annotated[
        bool, typer.Option("--large", help="Large type, for the notice board.")
    ] = False,
    qr: Annotated[
        str | None,
        typer.Option("--qr", metavar="URL", help="Print this address's QR code on every page."),
    ] = None,
    arbiter: Annotated[
        list[str] | None,
        typer.Option(help="The report's arbiters, the chief arbiter first (repeatable)."),
    ] = None,
    force: ForceOption = False,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Print a list as a PDF file: the pairings by board (--large for the notice board),
    the alphabetical list of who plays where, the result slips to cut out, the standings,
    the crosstable or §6's report to the rating registrar. Every page names the
    tournament, the round and the day.

    Example: skak print pairings --round 1 -o p.pdf
    """
    from skak.faces import pdf

    if kind not in pdf.KINDS:
        raise InputError(
            N_(
                "no print is called {kind}; choose one of {kinds}",
                kind=kind,
                kinds=", ".join(pdf.KINDS),
            ),
            location="KIND",
        )
    if output.suffix.lower() != ".pdf":
        raise InputError(
            N_("a print is a PDF file: give a name ending in .pdf"), location=str(output)
        )
    check_output(output, force=force, db=db)

    s = open_db(db)
    t = s.tournaments.get(tournament)
    today = datetime.date.today()
    options = pdf.PrintOptions(current(), today, large=large, qr_url=qr)
    if kind == "report":
        from skak.views.report import report_view

        view = report_view(t, s.discipline.get(), arbiter or [], today=today)
        data = pdf.report_pdf(view, options)
    else:
        data = pdf.list_pdf(kind, t, options, round_number)
    try:
        output.write_bytes(data)
    except OSError as e:
        raise InputError(
            N_("cannot write: {reason}", reason=e.strerror or str(e)), location=str(output)
        ) from e
    err.print(_("Wrote {file}").format(file=escape(str(output))))
