"""``skak engine``: pair the next round of a TRF file as bbpPairings and JaVaFo do.

The engine's command line is theirs (``--dutch input.trf -p output.txt``; exit codes 1, 3
and 5), so it is read here by hand, not by Typer's parser. A program that pairs its rounds
with skak calls it once per round: :func:`skak.faces.cli.main` runs :func:`run` at once for a
command line that names ``engine`` (without ``--help``), before Typer and pydantic are
imported, which saves a tenth of a second on every call. ``skak engine --help`` goes
through Typer (:func:`skak.faces.cli.files.engine`), which calls :func:`run` too.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from rich.markup import escape

from skak.errors import InputError, NoValidPairingError, SkakError, StateError
from skak.faces.cli._output import check_output, err, out

__all__ = ["ENGINE_FILE", "ENGINE_INVALID", "ENGINE_NO_PAIRING", "run"]

#: ``skak engine`` exit codes, as bbpPairings uses them.
ENGINE_NO_PAIRING = 1
ENGINE_INVALID = 3
ENGINE_FILE = 5

_ENGINE_USAGE = (
    "usage: skak engine --SYSTEM INPUT.trf -p [OUTPUT] [--force] [--explain] [--baku]\n"
    "       skak engine --SYSTEM --check INPUT.trf [--baku]"
)

_FLAGS = ("--check", "-c", "--explain", "--baku", "--force")


class _Stop(Exception):
    """The engine stops with an exit code; its message is already printed."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


def run(args: list[str]) -> int:
    """Run ``skak engine`` with the arguments after ``engine``; the exit code."""
    try:
        _run(list(args))
    except _Stop as stop:
        return stop.code
    return 0


def _run(args: list[str]) -> None:
    from skak.api import engine_check, engine_pair, pairs_text, tournament_from_trf_bytes
    from skak.faces.cli._progress import progress
    from skak.views.catalogue import system_names

    names = system_names()
    systems = [a[2:] for a in args if a.startswith("--") and a[2:] in names]
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
        elif a[2:] not in names and a not in _FLAGS:
            _fail(ENGINE_INVALID, f"unknown option {a}; pairing systems: {', '.join(names)}")
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
        t = tournament_from_trf_bytes(data, path.name)
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


def _fail(code: int, message: str) -> None:
    err.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)
    raise _Stop(code)
