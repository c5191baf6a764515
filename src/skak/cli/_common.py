"""What every ``skak`` command shares: the Typer apps, consoles, options and error handling."""

from __future__ import annotations

import functools
import getpass
import json
import os
import sys
from collections.abc import Callable
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import Annotated, Any, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

from skak.api import Skak
from skak.errors import InputError, SkakError
from skak.model.player import Sex
from skak.model.results import Scoring, parse_points
from skak.model.tournament import SettingValue

__all__ = [
    "DEFAULT_DB",
    "DbOption",
    "JsonOption",
    "TournamentOption",
    "app",
    "cli_errors",
    "err",
    "export_app",
    "import_app",
    "open_db",
    "out",
    "parse_date",
    "parse_setting",
    "parse_sex",
    "players_app",
    "print_json",
    "round_app",
    "scoring_from",
    "write_output",
]

P = ParamSpec("P")
R = TypeVar("R")

app = typer.Typer(
    name="skak",
    help=(
        "skak — the arbiter's toolkit for DSU and FIDE tournaments: players, pairings "
        "(rundelægning), results, standings and history, kept safely in one database.\n\n"
        "Example: skak demo"
    ),
    rich_markup_mode="rich",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
players_app = typer.Typer(
    help="Register and edit players (spillere).\n\nExample: skak players list"
)
round_app = typer.Typer(help="Look at a round (runde).\n\nExample: skak round show 1")
export_app = typer.Typer(help="Write the tournament to a file.\n\nExample: skak export json")
import_app = typer.Typer(
    help="Create a tournament from another program's file.\n\n"
    "Example: skak import trf turnering.trf"
)
app.add_typer(players_app, name="players")
app.add_typer(round_app, name="round")
app.add_typer(export_app, name="export")
app.add_typer(import_app, name="import")

out = Console(highlight=False)
err = Console(stderr=True, highlight=False)

DbOption = Annotated[
    str,
    typer.Option(
        "--db",
        envvar="SKAK_DB",
        help="Database: an SQLite file or an SQLAlchemy URL (else $SKAK_DB, else ./skak.db).",
    ),
]
TournamentOption = Annotated[
    str | None,
    typer.Option(
        "--tournament",
        "-t",
        help="Tournament ID or name; may be left out when the database holds only one.",
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
DEFAULT_DB = "skak.db"


def _actor() -> str:
    name = os.environ.get("SKAK_ACTOR")
    if name:
        return name
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # pragma: no cover - no user name on this system
        return "unknown"


#: The databases this command opened; closed when it ends (see :func:`cli_errors`).
_OPENED: list[Skak] = []


def open_db(db: str, *, create: bool = False) -> Skak:
    """The database the command works on; closed when the command ends, so SQLite's
    write-ahead log is folded into the file before the next command runs."""
    s = Skak(db, create=create, actor=_actor())
    _OPENED.append(s)
    return s


def _close_opened() -> None:
    while _OPENED:
        _OPENED.pop().close()


def cli_errors(fn: Callable[P, R]) -> Callable[P, R]:
    """Turn skak's errors into a message on standard error and the documented exit code."""

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except SkakError as e:
            err.print(f"[bold red]error:[/] {escape(str(e))}", soft_wrap=True)
            raise typer.Exit(e.exit_code) from None
        finally:
            _close_opened()

    return wrapper


def write_output(text: str, output: Path | None) -> None:
    """Write ``text`` to the file ``output``, or to standard output when none is given."""
    if output is None:
        sys.stdout.write(text)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as e:
        raise InputError(f"cannot write: {e.strerror}", location=str(output)) from e
    err.print(f"Wrote {escape(str(output))}")


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def parse_setting(text: str) -> tuple[str, SettingValue]:
    key, sep, raw = text.partition("=")
    if not sep or not key.strip():
        raise InputError(f"setting {text!r} must look like KEY=VALUE, e.g. cycles=2")
    value: SettingValue
    low = raw.strip().lower()
    if low in ("true", "yes", "ja", "on"):
        value = True
    elif low in ("false", "no", "nej", "off"):
        value = False
    elif low.lstrip("-").isdigit():
        value = int(low)
    else:
        value = raw.strip()
    return key.strip(), value


_SCORING_KEYS = {
    "win": "win",
    "draw": "draw",
    "loss": "loss",
    "forfeit-win": "forfeit_win",
    "forfeit-loss": "forfeit_loss",
    "bye": "pairing_bye",
    "half-bye": "half_bye",
    "zero-bye": "zero_bye",
}


def scoring_from(base: Scoring, items: list[str]) -> Scoring:
    changes: dict[str, Any] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        field = _SCORING_KEYS.get(key.strip())
        if not sep or field is None:
            raise InputError(
                f"scoring {item!r} must be KEY=POINTS with KEY one of {', '.join(_SCORING_KEYS)}"
            )
        changes[field] = parse_points(raw, what=f"scoring {key}")
    return replace(base, **changes)


def parse_date(text: str | None, what: str) -> date | None:
    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise InputError(f"{what} {text!r} is not a date like 2026-11-21") from None


def parse_sex(text: str | None) -> Sex | None:
    if text is None:
        return None
    t = text.strip().lower()
    if t in ("m",):
        return Sex.MALE
    if t in ("w", "f", "k"):
        return Sex.FEMALE
    raise InputError(f"sex {text!r} is not m or w (k)")
