"""``skak standings --trf FILE --json``, run without Typer.

A program that ranks a tournament from its TRF file wants the standings as JSON and nothing
else; through Typer, a run would spend most of its time importing Typer, Click and pydantic
(Typer reads every option through a pydantic ``TypeAdapter``). :func:`skak.faces.cli.main`
runs :func:`run` at once for a command line that :func:`options` reads in full: the
command's ``--trf`` and ``--json`` with only the options below, each given once. Any other
command line goes to Typer, and so does a run that ends in an error (:func:`run` answers
``None``), so that every message, exit code and ``--help`` stays the one command's own. The
JSON printed is the same as the Typer command's (``tests/cli/test_trf_standings_fast.py``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from skak.errors import InputError, SkakError

__all__ = ["options", "run"]

#: The options read here, each with a value (the Typer command's names).
_VALUED = ("--trf", "--tiebreaks", "--rules", "--edition", "--after-round", "--rating")


def options(args: list[str]) -> dict[str, str] | None:
    """The options of ``standings`` (the arguments after the command's name) by name, or
    ``None`` when Typer must read them: an option not in :data:`_VALUED` or ``--json``, one
    given twice, a value that looks like an option, or no ``--trf`` or ``--json``."""
    found: dict[str, str] = {}
    i = 0
    while i < len(args):
        arg = args[i]
        name, eq, value = arg.partition("=")
        if arg == "--json" and name not in found:
            found[name] = ""
        elif name in _VALUED and name not in found:
            if not eq:
                if i + 1 >= len(args):
                    return None
                i += 1
                value = args[i]
            if not value or value.startswith("-"):
                return None
            found[name] = value
        else:
            return None
        i += 1
    if "--trf" not in found or "--json" not in found:
        return None
    after = found.get("--after-round")
    if after is not None and not (after.isascii() and after.isdecimal()):
        return None  # Typer's words for a round that is no whole number
    return found


def run(given: dict[str, str]) -> int | None:
    """Print the standings as :func:`skak.faces.cli.rounds.standings` does with ``--trf``
    and ``--json``; the exit code, or ``None`` when the file or an option is refused (Typer
    runs the command then, and says why)."""
    from skak.api import tournament_from_trf
    from skak.views import standings_view, to_json

    trf = Path(given["--trf"])
    after = given.get("--after-round")
    try:
        t = tournament_from_trf(trf.read_bytes(), trf.name, to_import=False)
        if not any(p.result is not None for r in t.rounds for p in r.pairings):
            return None
        view = standings_view(
            t,
            after_round=int(after) if after is not None else None,
            tiebreaks=given.get("--tiebreaks"),
            rules=given.get("--rules"),
            edition=given.get("--edition"),
            rating=given.get("--rating"),
            with_rating=False,
        )
    except (OSError, InputError, SkakError):
        return None
    if view.rating_note or view.fide_notes:
        return None  # printed on standard error by the command itself
    sys.stdout.write(json.dumps(to_json(view), ensure_ascii=False, indent=2) + "\n")
    return 0
