"""``skak engine``: pair the next round of a TRF file as bbpPairings and JaVaFo do.

The engine's command line is theirs (``--dutch input.trf -p output.txt``; exit codes 1, 3
and 5), so it is read here by hand, not by Typer's parser. A program that pairs its rounds
with skak calls it once per round: :func:`skak.faces.cli.main` runs :func:`run` at once for a
command line that names ``engine`` (without ``--help``), before Typer and pydantic are
imported, which saves a tenth of a second on every call. ``skak engine --help`` goes
through Typer (:func:`skak.faces.cli.files.engine`), which calls :func:`run` too.

``--generate`` is their random tournament generator (``-g``, ``-o``, ``-s``; FIDE C.04A's
RTG), and ``--stats`` prints the pairing statistics of the file generated or checked.
"""

from __future__ import annotations

import os
import re
import sys
from typing import TYPE_CHECKING, NoReturn

from skak.errors import InputError, NoValidPairingError, SkakError, StateError
from skak.faces.cli import _output
from skak.faces.cli._output import check_output

if TYPE_CHECKING:
    from pathlib import Path

    from skak.api import Tournament

__all__ = ["ENGINE_FILE", "ENGINE_INVALID", "ENGINE_NO_PAIRING", "run"]

#: ``skak engine`` exit codes, as bbpPairings uses them.
ENGINE_NO_PAIRING = 1
ENGINE_INVALID = 3
ENGINE_FILE = 5

_ENGINE_USAGE = (
    "usage: skak engine --SYSTEM INPUT.trf -p [OUTPUT] [--force] [--explain] [--baku]\n"
    "       skak engine --SYSTEM --check INPUT.trf [--baku] [--stats]\n"
    "       skak engine --SYSTEM [MODEL.trf] --generate [CONFIG] -o OUTPUT.trf [--seed N] [--stats]"
)

_FLAGS = ("--check", "-c", "--explain", "--baku", "--force", "--stats")

#: The first line of a file ``--generate`` writes (bbpPairings' own, with the seed after it).
_GENERATED = "012 AutoTest Tournament "


class _Stop(Exception):
    """The engine stops with an exit code; its message is already printed."""

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


def escape(text: str) -> str:
    """Rich's ``escape`` of markup, imported only when something is printed."""
    from rich.markup import escape as rich_escape

    return rich_escape(text)


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
    stats = "--stats" in args
    output: str | None = None
    to_stdout = False
    generate = False
    config: str | None = None
    trf_out: str | None = None
    seed: str | None = None
    rest: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("--generate", "-g"):
            generate = True
            if i + 1 < len(args) and not args[i + 1].startswith("-"):
                config = args[i + 1]
                i += 1
        elif a in ("-o", "--seed", "-s"):
            if i + 1 >= len(args):
                _fail(ENGINE_INVALID, f"{a} needs a value\n{_ENGINE_USAGE}")
            if a == "-o":
                trf_out = args[i + 1]
            else:
                seed = args[i + 1]
            i += 1
        elif a == "-p":
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
    if generate:
        if (
            len(systems) != 1
            or len(rest) > 1
            or (rest and config is not None)
            or check
            or output
            or to_stdout
            or trf_out is None
        ):
            _fail(ENGINE_INVALID, _ENGINE_USAGE)
        model = rest[0] if rest else None
        _generate(systems[0], config, model, trf_out, seed, force=force, stats=stats)
        return
    if trf_out is not None or seed is not None or (stats and not check):
        _fail(ENGINE_INVALID, _ENGINE_USAGE)
    if len(systems) != 1 or len(rest) != 1 or check == (output is not None or to_stdout):
        _fail(ENGINE_INVALID, _ENGINE_USAGE)
    path = rest[0]  # read and written through os (a run imports no pathlib for it)
    if output is not None:
        try:
            check_output(output, force=force or _pairs_file(output), inputs=[path])
        except InputError as e:
            _fail(ENGINE_FILE, str(e))
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        _fail(ENGINE_FILE, f"{_path_text(path)}: cannot read the file: {e.strerror}")
    try:
        t = tournament_from_trf_bytes(data, os.path.basename(path))
        if check:
            with progress("Re-pairing the file's rounds") as report:
                results = engine_check(t, systems[0], baku=baku, progress=report)
            for r in results:
                _output.out.print(escape(r.describe()), soft_wrap=True)
            if stats:
                _print_stats(t)
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
            _output.err.print(f"  • {escape(line)}", soft_wrap=True)
    text = pairs_text(rnd)
    if output is None:
        sys.stdout.write(text)
        return
    try:
        with open(output, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        _fail(ENGINE_FILE, f"{output}: cannot write the file: {e.strerror}")


def _path_text(name: str) -> str:
    """A file's ``name`` as a message names it: as :class:`pathlib.Path` writes it."""
    from pathlib import Path

    return str(Path(name))


def _generate(
    system: str,
    config: str | None,
    model_file: str | None,
    output: str,
    seed: str | None,
    *,
    force: bool,
    stats: bool,
) -> None:
    """``--generate``: a random tournament paired round by round, written to ``output``
    (like ``model_file``'s tournament when one is given); its first line (the seed) is
    written before the work, as bbpPairings writes it, so a run that fails can be repeated."""
    from pathlib import Path

    from skak.api import MAX_SEED, engine_generate, random_seed, tournament_from_trf_bytes, trf_text
    from skak.faces.cli._progress import progress

    number = random_seed() if seed is None else _seed(seed, MAX_SEED)
    out_path = Path(output)
    try:
        inputs = [Path(f) for f in (config, model_file) if f is not None]
        check_output(out_path, force=force or _generated_file(output), inputs=inputs)
    except InputError as e:
        _fail(ENGINE_FILE, str(e))
    model = None
    if model_file is not None:
        try:
            data = Path(model_file).read_bytes()
        except OSError as e:
            _fail(ENGINE_FILE, f"{model_file}: cannot read the file: {e.strerror}")
        try:
            model = tournament_from_trf_bytes(data, Path(model_file).name)
        except InputError as e:
            _fail(ENGINE_INVALID, str(e))
    _write(out_path, f"{_GENERATED}{number}\n")
    try:
        with progress("Generating: rounds paired") as report:
            t = engine_generate(config, system, seed=number, model=model, progress=report)
    except NoValidPairingError as e:
        _fail(ENGINE_NO_PAIRING, f"no valid pairing exists: {e}")
    except InputError as e:
        code = ENGINE_FILE if str(e).startswith(f"{config}: cannot read") else ENGINE_INVALID
        _fail(code, str(e))
    except SkakError as e:  # pragma: no cover - every error above is an input or state error
        _fail(ENGINE_INVALID, str(e))
    _write(out_path, trf_text(t, plain=True))
    if stats:
        _print_stats(t)


def _seed(text: str, top: int) -> int:
    if not text.isascii() or not text.isdecimal() or int(text) > top:
        _fail(ENGINE_INVALID, f"the seed is a whole number from 0 to {top}, not {text!r}")
    return int(text)


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as e:
        _fail(ENGINE_FILE, f"{path}: cannot write the file: {e.strerror}")


def _generated_file(name: str) -> bool:
    """Whether ``name`` is a file ``--generate`` wrote (its first line names the seed): a
    script that generates tournament after tournament into one file overwrites it."""
    try:
        with open(name, "rb") as f:
            head = f.read(len(_GENERATED))
    except OSError:
        return False
    return head == _GENERATED.encode("ascii")


def _print_stats(t: Tournament) -> None:
    """``--stats``: the file's pairing statistics (C.04A), as a table on standard output."""
    from skak.api import tournament_statistics
    from skak.faces.cli._tables import FittedTable
    from skak.faces.i18n import _

    s = tournament_statistics(t)
    rows: list[tuple[str, str]] = [
        (_("Players"), str(s.players)),
        (_("Rounds"), str(s.rounds)),
        (_("Games (boards with two players)"), str(s.games)),
        (_("White wins"), str(s.white_wins)),
        (_("Draws"), str(s.draws)),
        (_("Black wins"), str(s.black_wins)),
        (_("Forfeits (of them both players missing)"), f"{s.forfeits} ({s.double_forfeits})"),
        (_("Pairing-allocated byes"), str(s.pairing_byes)),
        (_("Half-point byes"), str(s.half_point_byes)),
        (_("Full-point byes"), str(s.full_point_byes)),
        (_("Zero-point byes and absences"), str(s.zero_point_byes)),
    ]
    rows += [
        (
            _("Players with colour difference {difference}").format(
                difference=f"{d:+d}" if d else "0"
            ),
            str(n),
        )
        for d, n in s.colour_differences
    ]
    rows += [
        (_("Players beyond colour difference ±2 (C.04.1.f)"), str(s.colour_difference_beyond_two)),
        (
            _("Players with one colour three times in a row (C.04.1.g; of them in the last round)"),
            f"{s.same_colour_three_times} ({s.same_colour_three_times_last_round})",
        ),
        (_("Upfloats"), str(s.upfloats)),
        (_("Downfloats"), str(s.downfloats)),
        (_("Players upfloated in two rounds in a row"), str(s.upfloats_in_a_row)),
        (_("Players downfloated in two rounds in a row"), str(s.downfloats_in_a_row)),
        (_("Largest score difference of a pair"), s.largest_score_difference_text),
    ]
    table = FittedTable(title=_("Pairing statistics"))
    table.add_column(_("What"))
    table.add_column(_("Number"), justify="right")
    for what, value in rows:
        table.add_row(escape(what), value)
    _output.out.print(table.fit(texts=[0]))


def _pairs_file(name: str) -> bool:
    """Whether ``name`` holds pairs as ``-p`` writes them (a count, then ``white black``
    lines): a program that calls the engine round after round with one output file, as it
    calls bbpPairings or JaVaFo, has it overwritten without ``--force``."""
    try:
        with open(name, "rb") as f:
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


def _fail(code: int, message: str) -> NoReturn:
    _output.err.print(f"[bold red]error:[/] {escape(message)}", soft_wrap=True)
    raise _Stop(code)
