"""The consoles every command prints on, and where a command may write a file.

Kept apart from :mod:`skak.faces.cli._common` (the Typer apps and options) so that
:mod:`skak.faces.cli.engine`, which parses its own command line, runs without Typer. The
consoles :data:`out` and :data:`err` are made (and Rich imported) when first used: ``skak
engine -p FILE`` prints nothing, and a program that pairs with it starts it every round.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from skak.errors import InputError, SkakError

if TYPE_CHECKING:
    from pathlib import Path

    from rich.console import Console, RenderableType

    #: skak's messages use markup (``[bold]``) but no emoji codes: a name or a file name
    #: that holds ``:ok:`` is printed as written (and Rich's table of emoji codes is not
    #: loaded). Standard output and standard error.
    out: Console
    err: Console

__all__ = ["check_output", "database_file", "err", "out", "print_error", "print_table"]


def __getattr__(name: str) -> Console:
    """:data:`out` and :data:`err`, made on first use (then they are the module's own)."""
    if name not in ("out", "err"):
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from rich.console import Console

    console = Console(stderr=name == "err", highlight=False, emoji=False)
    globals()[name] = console
    return console


def _console(name: str) -> Console:
    """:data:`out` or :data:`err` (a module's own functions do not see its ``__getattr__``)."""
    made: Console | None = globals().get(name)
    return made if made is not None else __getattr__(name)


def print_error(error: SkakError) -> None:
    """``error:`` and what ``error`` says, in the chosen language, on standard error."""
    from rich.markup import escape

    from skak.faces.i18n import _, error_text

    prefix = _("error:")
    _console("err").print(f"[bold red]{prefix}[/] {escape(error_text(error))}", soft_wrap=True)


def print_table(table: RenderableType) -> None:
    """Print a table of :mod:`skak.faces.cli.render` on :data:`out` whole: a table that cannot
    fit the terminal without cutting a figure runs past its right edge (the terminal wraps
    the lines) instead of being cropped there."""
    _console("out").print(table, crop=False)


#: The files SQLite keeps beside a database while it is open.
_SQLITE_TAILS = ("-wal", "-shm", "-journal")


def database_file(db: str) -> Path | None:
    """The SQLite file ``--db`` names, or ``None`` for a database server's URL."""
    from skak.api import database_url

    url = database_url(db)
    if not url.startswith("sqlite:///") or url.endswith(":memory:"):
        return None
    from pathlib import Path

    return Path(url.removeprefix("sqlite:///"))


#: A file's name as text or as a path.
FileName = str | os.PathLike[str]


def check_output(
    output: FileName,
    *,
    force: bool = False,
    db: str | None = None,
    inputs: Sequence[FileName] = (),
) -> None:
    """:raises InputError: when ``output`` may not be written (see
    :func:`skak.faces.cli._common.write_output`).

    The files are looked at through :mod:`os.path` (``skak engine -p FILE``, which a program
    runs every round, imports no :mod:`pathlib` for it); a message names ``output`` as a
    :class:`pathlib.Path` writes it."""
    database = database_file(db) if db is not None else None
    if database is not None and any(
        _same_file(output, p)
        for p in (database, *(database.with_name(database.name + t) for t in _SQLITE_TAILS))
    ):
        raise InputError(
            "this is the database the command works on (--db); write the file elsewhere",
            location=_where(output),
        )
    if any(_same_file(output, p) for p in inputs):
        raise InputError(
            "this is the file the command reads; write the output elsewhere",
            location=_where(output),
        )
    if not os.path.isfile(output):
        return
    try:
        with open(output, "rb") as f:
            head = f.read(16)
    except OSError as e:
        raise InputError(f"cannot write: {e.strerror}", location=_where(output)) from e
    if head.startswith(b"SQLite format 3"):
        raise InputError(
            "this is a database; skak does not write a file over a database",
            location=_where(output),
        )
    if head and not force:
        raise InputError(
            "the file exists already; give --force to overwrite it, or another name",
            location=_where(output),
        )


def _where(output: FileName) -> str:
    """``output`` as a message names it: as :class:`pathlib.Path` writes it."""
    from pathlib import Path

    return str(Path(output))


def _same_file(a: FileName, b: FileName) -> bool:
    """Whether ``a`` and ``b`` name one file (resolved, or the same file by two names)."""
    try:
        if os.path.normcase(os.path.realpath(a)) == os.path.normcase(os.path.realpath(b)):
            return True
        return os.path.exists(a) and os.path.exists(b) and os.path.samefile(a, b)
    except OSError:
        return False
