"""``skak print``: the pairing lists, result slips, standings, crosstable and §6's report as
PDF files (:mod:`skak.faces.pdf`)."""

import datetime
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from skak.errors import InputError, NotFoundError
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

#: What ``skak print`` makes, as typed.
KINDS = ("pairings", "alphabetical", "cards", "standings", "crosstable", "report")


@app.command("print")
@cli_errors
def print_(
    kind: Annotated[
        str,
        typer.Argument(
            metavar="KIND",
            help="pairings (by board), alphabetical (who plays where), cards (result slips), "
            "standings, crosstable or report (§6).",
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
    if kind not in KINDS:
        raise InputError(
            N_(
                "no print is called {kind}; choose one of {kinds}",
                kind=kind,
                kinds=", ".join(KINDS),
            ),
            location="KIND",
        )
    if output.suffix.lower() != ".pdf":
        raise InputError(
            N_("a print is a PDF file: give a name ending in .pdf"), location=str(output)
        )
    check_output(output, force=force, db=db)
    from skak.faces import pdf

    s = open_db(db)
    t = s.tournaments.get(tournament)
    today = datetime.date.today()
    options = pdf.PrintOptions(current(), today, large=large, qr_url=qr)
    number = round_number
    if number is not None and not 1 <= number <= max(t.current_round, 0):
        raise NotFoundError(
            N_(
                "{tournament} has no round {round}: rounds 1 to {last} are paired",
                tournament=t.name,
                round=number,
                last=t.current_round,
            )
            if t.current_round
            else N_("{tournament} has no round paired yet", tournament=t.name)
        )
    if kind in ("pairings", "alphabetical", "cards"):
        from skak.views import round_view

        if t.current_round == 0:
            raise NotFoundError(N_("{tournament} has no round paired yet", tournament=t.name))
        view = round_view(t, number or t.current_round)
        make = {"pairings": pdf.pairings_pdf, "alphabetical": pdf.alphabetical_pdf}
        data = make.get(kind, pdf.cards_pdf)(view, options)
    elif kind == "standings":
        from skak.views import standings_view

        data = pdf.standings_pdf(standings_view(t, after_round=number, today=today), options)
    elif kind == "crosstable":
        from skak.views import crosstable_view

        data = pdf.crosstable_pdf(crosstable_view(t, after_round=number), options)
    else:
        from skak.views.report import report_view

        view_ = report_view(t, s.discipline.get(), arbiter or [], today=today)
        data = pdf.report_pdf(view_, options)
    try:
        output.write_bytes(data)
    except OSError as e:
        raise InputError(
            N_("cannot write: {reason}", reason=e.strerror or str(e)), location=str(output)
        ) from e
    err.print(_("Wrote {file}").format(file=escape(str(output))))
