"""What every ``skak`` command shares: the Typer apps, consoles, options and error handling."""

from __future__ import annotations

import functools
import getpass
import json
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, ParamSpec, TypeVar

import typer
from rich.markup import escape

from skak.api import parse_date, parse_setting, parse_sex, scoring_from
from skak.errors import DatabaseBusyError, InputError, SkakError, StorageError
from skak.faces.cli._help import SkakGroup
from skak.faces.cli._output import (
    _SQLITE_TAILS,
    check_output,
    database_file,
    err,
    out,
    print_error,
)
from skak.faces.i18n import _, language_from, say, use

if TYPE_CHECKING:  # the API (SQLAlchemy, the store) is imported when a database is opened
    from skak.api import Skak

__all__ = [
    "DEFAULT_DB",
    "NUMBERS",
    "ArbiterOption",
    "DbOption",
    "ForceOption",
    "GamesADayOption",
    "JsonOption",
    "OutputOption",
    "OwnFederationOption",
    "TournamentOption",
    "app",
    "check_output",
    "cli_errors",
    "database_file",
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
    "print_notes",
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
    cls=SkakGroup,
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


@app.callback()
def _global_options(
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="da|en",
            help="Language: da (dansk) or en (English); else $SKAK_LANG, else the locale "
            "(LANG=da_DK.UTF-8 speaks Danish).",
        ),
    ] = None,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            metavar="FILE-OR-URL",
            help="Database of every command that takes one: an SQLite file or an SQLAlchemy "
            "URL (a command's own --db comes first; else $SKAK_DB, else ./skak.db).",
        ),
    ] = None,
    wait: Annotated[
        float | None,
        typer.Option(
            "--wait",
            metavar="SECONDS",
            envvar="SKAK_WAIT",
            min=0,
            help="How long to wait for a database that is busy or out of reach (its server "
            "restarting), trying again, before giving up with exit code 9 (else $SKAK_WAIT, "
            "else 30; 0: give up at once).",
        ),
    ] = None,
    verbose: Annotated[
        bool,
        typer.Option("--verbose", help="Show the database driver's own words under an error."),
    ] = False,
) -> None:
    # ``db`` is read by each command's own --db when it is not given there (``_parsing``).
    try:
        use(language_from(lang))
    except ValueError as e:
        raise typer.BadParameter(str(e)) from None
    _SETTINGS.wait = DEFAULT_WAIT if wait is None else wait
    _SETTINGS.verbose = verbose
    _SETTINGS.waited = False


class _Settings:
    """The global options of this run that the commands' helpers read."""

    wait: float = 30.0
    verbose: bool = False
    #: Whether this run said it waits (it says so once, however often it waits).
    waited: bool = False


_SETTINGS = _Settings()
#: How long a command waits for a busy or unreachable database unless told (``--wait``).
DEFAULT_WAIT = 30.0


app.add_typer(players_app, name="players")
app.add_typer(round_app, name="round")
app.add_typer(export_app, name="export")
app.add_typer(import_app, name="import")

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
#: 4.7.4's conditions skak cannot know from the tournament (``skak norms``, ``standings --fide``).
ArbiterOption = Annotated[
    bool | None,
    typer.Option(
        "--ia/--no-ia",
        help="An International Arbiter (IA) was in charge (4.7.4); --no-ia: not; "
        "default: not known.",
    ),
]
GamesADayOption = Annotated[
    int | None,
    typer.Option("--games-a-day", help="The most games played on one day; default: not known."),
]
#: Context settings for a command that takes round, board or start numbers: ``-1`` typed for
#: one reaches the command, which names the bad number (exit 3), instead of the option parser
#: calling it an unknown option.
NUMBERS = {"ignore_unknown_options": True}
OwnFederationOption = Annotated[
    bool | None,
    typer.Option(
        "--own-federation",
        help="4.7.4's 'at least 3 federations': count the player's own with the opponents' "
        "(FIDE's wording); default: the opponents' only (the handbook).",
    ),
]
ForceOption = Annotated[
    bool, typer.Option("--force", help="Overwrite the output file when it exists already.")
]
OutputOption = Annotated[
    Path | None, typer.Option("--output", "-o", help="File to write; default: standard output.")
]
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
#: The SQLite files this command created, with the database that created each: removed
#: again when the command fails, so that a failed command creates nothing.
_CREATED: list[tuple[Skak, Path]] = []


def open_db(db: str, *, create: bool = False) -> Skak:
    """The database the command works on; closed when the command ends, so SQLite's
    write-ahead log is folded into the file before the next command runs. A file created
    here is removed again if the command fails (see :func:`cli_errors`)."""
    from skak.api import Skak

    path = database_file(db) if create else None
    new = path if path is not None and not path.exists() else None
    try:
        s = Skak(db, create=create, actor=_actor(), wait=_SETTINGS.wait, on_wait=_say_waiting)
    except BaseException:
        if new is not None:
            _remove_database_file(new)
        raise
    _OPENED.append(s)
    if new is not None:
        _CREATED.append((s, new))
    return s


def _say_waiting(error: DatabaseBusyError, seconds: float) -> None:
    """The one line a command prints when it starts to wait for its database."""
    if _SETTINGS.waited:
        return
    _SETTINGS.waited = True
    prefix = _("waiting:")
    why = (
        _("another skak command is writing to it")
        if error.locked
        else _("its server is not answering (it may be restarting)")
    )
    text = _(
        "the database {location} cannot be used now: {why}; trying again for up to "
        "{seconds} s (--wait)"
    ).format(location=error.location, why=why, seconds=f"{seconds:g}")
    err.print(f"[bold yellow]{prefix}[/] {escape(text)}", soft_wrap=True)


def _close_opened() -> None:
    while _OPENED:
        _OPENED.pop().close()


def _forget_created(failed: bool) -> None:
    """After a failed command, remove the database files it created, as long as they hold
    no record (nothing another command may have written meanwhile)."""
    while _CREATED:
        s, path = _CREATED.pop()
        if not failed:
            continue
        try:
            empty = not s.db.holds_records()
        except StorageError:
            empty = False
        s.close()
        if empty:
            _remove_database_file(path)


def _remove_database_file(path: Path) -> None:
    for name in (path, *(path.with_name(path.name + tail) for tail in _SQLITE_TAILS)):
        name.unlink(missing_ok=True)


def cli_errors(fn: Callable[P, R]) -> Callable[P, R]:
    """Turn skak's errors into a message on standard error and the documented exit code;
    a database file the command created is removed again when it fails."""

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        failed = True
        try:
            value = fn(*args, **kwargs)
            failed = False
            return value
        except SkakError as e:
            print_error(e)
            detail = getattr(e, "detail", None)
            if _SETTINGS.verbose and detail:
                label = _("the database said:")
                err.print(f"  {label} {escape(detail)}", soft_wrap=True, highlight=False)
            raise typer.Exit(e.exit_code) from None
        except typer.Exit as e:
            failed = e.exit_code != 0
            raise
        finally:
            _forget_created(failed)
            _close_opened()

    return wrapper


def write_output(
    text: str,
    output: Path | None,
    *,
    force: bool = False,
    db: str | None = None,
    inputs: Sequence[Path] = (),
) -> None:
    """Write ``text`` to the file ``output``, or to standard output when none is given.

    Refused, before anything is written: the database ``db`` (when it is a file) and any
    SQLite database, a file the command reads (``inputs``), and an existing file that holds
    something unless ``force`` is given. Paths are compared resolved, so ``./x`` and a
    symbolic link to ``x`` are ``x``.

    :raises InputError: naming the file and why it is not written.
    """
    if output is None:
        sys.stdout.write(text)
        return
    check_output(output, force=force, db=db, inputs=inputs)
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as e:
        raise InputError(f"cannot write: {e.strerror}", location=str(output)) from e
    err.print(_("Wrote {file}").format(file=escape(str(output))))


def print_notes(notes: tuple[str, ...] | list[str]) -> None:
    """What skak wants the arbiter to know about a change (warnings), on standard error."""
    for note in notes:
        prefix = _("note:")
        err.print(f"[bold yellow]{prefix}[/] {escape(say(note))}", soft_wrap=True)


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
