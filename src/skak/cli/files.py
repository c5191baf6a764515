"""Files in and out: ``skak import trf``, ``skak export trf`` and ``skak engine``."""

import re
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from skak.cli._common import (
    DEFAULT_DB,
    DbOption,
    ForceOption,
    TournamentOption,
    app,
    check_output,
    cli_errors,
    err,
    export_app,
    import_app,
    open_db,
    out,
    write_output,
)
from skak.cli._progress import Report, progress
from skak.errors import InputError, NoValidPairingError, SkakError, StateError
from skak.model.tournament import Tournament
from skak.views import system_names

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
    row = s.import_tournament(t, source=file.name)
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
            "--plain", help="Only FIDE's records, without skak's SKT/SKP/SKR lines (rating report)."
        ),
    ] = False,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="File to write; default: standard output.")
    ] = None,
    force: ForceOption = False,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Write the tournament as a FIDE TRF file.

    skak's own SKT/SKP/SKR lines (ignored by other programs) keep what FIDE's records cannot
    hold, so importing the file again gives the same tournament.

    Example: skak export trf --trf26 -o turnering.trf
    """
    from skak.io.trf import TrfVersion, write_trf

    t = open_db(db).load(tournament)
    version = TrfVersion.TRF26 if trf26 else TrfVersion.TRF16
    text = write_trf(t, version=version, extensions=not plain)
    write_output(text, output, force=force, db=db)


#: ``skak engine`` exit codes, as bbpPairings uses them.
ENGINE_NO_PAIRING = 1
ENGINE_INVALID = 3
ENGINE_FILE = 5

_ENGINE_USAGE = (
    "usage: skak engine --SYSTEM INPUT.trf -p [OUTPUT] [--force] [--explain] [--baku]\n"
    "       skak engine --SYSTEM --check INPUT.trf [--baku]"
)


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
    Exit codes: 0 done (or no differences), 1 no valid pairing (or differences found),
    3 invalid request or file, 5 file not readable or writable.

    Example: skak engine --berger turnering.trf -p parring.txt
    """
    from skak.api import engine_check, engine_pair, pairs_text
    from skak.io.trf import decode_trf, parse_trf

    args = list(ctx.args)
    systems = [a[2:] for a in args if a.startswith("--") and a[2:] in system_names()]
    check = "--check" in args or "-c" in args
    explain = "--explain" in args
    baku = "--baku" in args
    force = "--force" in args
    output: str | None = None
    to_stdout = False
    rest: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "-p":
            if i + 1 < len(args) and args[i + 1] == "-":
                to_stdout = True
                i += 1
            elif i + 1 < len(args) and not args[i + 1].startswith("-"):
                output = args[i + 1]
                i += 1
            else:
                to_stdout = True
        elif not a.startswith("-"):
            rest.append(a)
        elif a[2:] not in system_names() and a not in (
            "--check",
            "-c",
            "--explain",
            "--baku",
            "--force",
        ):
            _fail(
                ENGINE_INVALID, f"unknown option {a}; pairing systems: {', '.join(system_names())}"
            )
        i += 1
    if len(systems) != 1 or len(rest) != 1 or check == (output is not None or to_stdout):
        _fail(ENGINE_INVALID, _ENGINE_USAGE)
    path = Path(rest[0])
    if output is not None:
        try:
            check_output(Path(output), force=force or _pairs_file(output), inputs=[path])
        except InputError as e:
            _fail(ENGINE_FILE, str(e))
    try:
        data = path.read_bytes()
    except OSError as e:
        _fail(ENGINE_FILE, f"{path}: cannot read the file: {e.strerror}")
    try:
        t = parse_trf(decode_trf(data), path.name).tournament
        if check:
            with progress("Re-pairing the file's rounds") as report:
                results = engine_check(t, systems[0], baku=baku, progress=report)
            for r in results:
                out.print(escape(r.describe()), soft_wrap=True)
            differing = [r.round for r in results if not r.agrees]
            if differing:
                _fail(ENGINE_NO_PAIRING, f"rounds that differ: {', '.join(map(str, differing))}")
            return
        with progress("Pairing: score brackets") as report:
            rnd = engine_pair(t, systems[0], baku=baku, progress=report)
    except NoValidPairingError as e:
        _fail(ENGINE_NO_PAIRING, f"no valid pairing exists: {e}")
    except (InputError, StateError) as e:
        _fail(ENGINE_INVALID, str(e))
    except SkakError as e:  # pragma: no cover - every error above is an input or state error
        _fail(ENGINE_INVALID, str(e))
    if explain:
        for line in rnd.explanation:
            err.print(f"  • {escape(line)}", soft_wrap=True)
    text = pairs_text(rnd)
    if output is None:
        sys.stdout.write(text)
        return
    try:
        Path(output).write_text(text, encoding="utf-8")
    except OSError as e:
        _fail(ENGINE_FILE, f"{output}: cannot write the file: {e.strerror}")


def _pairs_file(name: str) -> bool:
    """Whether ``name`` holds pairs as ``-p`` writes them (a count, then ``white black``
    lines): a program that calls the engine round after round with one output file, as it
    calls bbpPairings or JaVaFo, has it overwritten without ``--force``."""
    try:
        with Path(name).open("rb") as f:
            data = f.read(1 << 20)
        lines = data.decode("ascii").splitlines()
    except (OSError, UnicodeDecodeError):
        return False
    return (
        bool(lines)
        and lines[0].strip().isdecimal()
        and int(lines[0]) == len(lines) - 1
        and all(_PAIR.fullmatch(line.strip()) for line in lines[1:])
    )


_PAIR = re.compile(r"[0-9]+ [0-9]+")


def _fail(code: int, message: str) -> typer.Exit:
    err.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)
    raise typer.Exit(code)
