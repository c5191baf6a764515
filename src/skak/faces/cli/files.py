"""Files in and out: ``skak import trf``, ``skak export trf`` and ``skak engine``."""

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from skak.api import Tournament
from skak.errors import InputError
from skak.faces.cli._common import (
    DEFAULT_DB,
    DbOption,
    ForceOption,
    OutputOption,
    TournamentOption,
    app,
    cli_errors,
    export_app,
    import_app,
    open_db,
    out,
    write_output,
)
from skak.faces.cli._progress import Report, progress

# The TRF reader and writer and the API are imported in the commands that use them.

__all__ = ["engine", "export_trf", "import_trf", "read_trf_file"]


def read_trf_file(
    path: Path,
    *,
    strict: bool = True,
    report: Report | None = None,
    system: str | None = None,
    to_import: bool = False,
) -> Tournament:
    """Read and parse a TRF file; in lenient mode report every problem at once. ``report``
    is told how far the reading has come; ``system`` (when given) pairs the rounds to come,
    and a file ``to_import`` must name a system skak pairs, or be given one.

    :raises InputError: naming the file, line and column of the (first) problem.
    """
    from skak.api import tournament_from_trf

    try:
        data = path.read_bytes()
    except OSError as e:
        raise InputError(f"cannot read the file: {e.strerror}", location=str(path)) from e
    return tournament_from_trf(
        data, path.name, system=system, strict=strict, report=report, to_import=to_import
    )


@import_app.command("trf")
@cli_errors
def import_trf(
    file: Annotated[Path, typer.Argument(help="A TRF16 or TRF-2026 file.")],
    system: Annotated[
        str | None,
        typer.Option(help="Pairing system for the rounds still to play, when the file has none."),
    ] = None,
    lenient: Annotated[
        bool, typer.Option("--lenient", help="Report every problem in the file, not the first.")
    ] = False,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Create a tournament from a FIDE TRF file, with its players, rounds and results.

    All or nothing: a file with any problem imports nothing and the problem is named by line
    and column.

    Example: skak import trf turnering.trf --system berger
    """
    with progress(f"Reading {escape(str(file))}: lines") as report:
        t = read_trf_file(file, strict=not lenient, report=report, system=system, to_import=True)
    s = open_db(db, create=True)
    row = s.tournaments.create(t, source=file.name)
    out.print(
        f"Imported tournament #{row.id} [bold]{escape(t.name)}[/]: {len(t.players)} players, "
        f"{len(t.rounds)} rounds from {escape(file.name)}"
    )


@export_app.command("trf")
@cli_errors
def export_trf(
    trf26: Annotated[
        bool, typer.Option("--trf26/--trf16", help="Write TRF-2026 instead of TRF16.")
    ] = False,
    plain: Annotated[
        bool,
        typer.Option(
            "--plain",
            help="Without skak's SKT/SKP/SKR lines (a rating report): FIDE's records, and the "
            "rounds and scoring as pairing programs write them (XXR, XXS, BB…).",
        ),
    ] = False,
    output: OutputOption = None,
    force: ForceOption = False,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Write the tournament as a FIDE TRF file.

    skak's own SKT/SKP/SKR lines (ignored by other programs) keep what FIDE's records cannot
    hold, so importing the file again gives the same tournament. Every change after the
    creation (FIDE mode left, tie-breaks, settings, corrections, withdrawals, round edits)
    is a ### comment line with its date and round, read back on import.

    Example: skak export trf --trf26 -o turnering.trf
    """
    from skak.api import trf_text

    text = trf_text(open_db(db).tournaments.for_trf(tournament), trf26=trf26, plain=plain)
    write_output(text, output, force=force, db=db)


@app.command(
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
    add_help_option=True,
)
def engine(ctx: typer.Context) -> None:
    """Pair the next round of a TRF file like bbpPairings and JaVaFo, or re-check its rounds.

    --SYSTEM is a pairing system's name (--berger, …). -p writes the number of pairs, then
    one 'white black' line per board (a bye as 'N 0'), to OUTPUT or standard output.
    --check re-pairs every round from the rounds before it and lists where the file differs.
    --baku applies the Baku acceleration (FIDE C.04.5; the Dutch system), as a TRF's record
    192 FIDE_DUTCH_BAKU does. OUTPUT is never the input file; an existing OUTPUT is overwritten
    when it is empty or holds pairs written by -p, anything else only with --force.
    --generate [CONFIG] -o OUT.trf [--seed N] writes a random tournament (FIDE's RTG) with
    bbpPairings' and JaVaFo's configuration keys (or like a model file given as INPUT),
    every round paired by the system; --stats
    (with --generate or --check) prints the pairing statistics (colours, floats, byes).
    Exit codes: 0 done (or no differences), 1 no valid pairing (or differences found),
    3 invalid request or file, 5 file not readable or writable.

    Example: skak engine --berger turnering.trf -p parring.txt

    Example: skak engine --dutch --generate rtg.cfg -o tilfaeldig.trf --seed 42 --stats
    """
    from skak.faces.cli.engine import run

    code = run(ctx.args)
    if code:
        raise typer.Exit(code)
