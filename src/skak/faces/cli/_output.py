"""The consoles every command prints on, and where a command may write a file.

Kept apart from :mod:`skak.faces.cli._common` (the Typer apps and options) so that
:mod:`skak.faces.cli.engine`, which parses its own command line, runs without Typer."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console, RenderableType

from skak.errors import InputError, SkakError

__all__ = ["check_output", "database_file", "err", "out", "print_error", "print_table"]

#: skak's messages use markup (``[bold]``) but no emoji codes: a name or a file name that
#: holds ``:ok:`` is printed as written (and Rich's table of emoji codes is not loaded).
out = Console(highlight=False, emoji=False)
err = Console(stderr=True, highlight=False, emoji=False)


def print_error(error: SkakError) -> None:
    """``error:`` and what ``error`` says, in the chosen language, on standard error."""
    from rich.markup import escape

    from skak.faces.i18n import _, error_text

    prefix = _("error:")
    err.print(f"[bold red]{prefix}[/] {escape(error_text(error))}", soft_wrap=True)


def print_table(table: RenderableType) -> None:
    """Print a table of :mod:`skak.faces.cli.render` on :data:`out` whole: a table that cannot
    fit the terminal without cutting a figure runs past its right edge (the terminal wraps
    the lines) instead of being cropped there."""
    out.print(table, crop=False)


#: The files SQLite keeps beside a database while it is open.
_SQLITE_TAILS = ("-wal", "-shm", "-journal")


def database_file(db: str) -> Path | None:
    """The SQLite file ``--db`` names, or ``None`` for a database server's URL."""
    from skak.api import database_url

    url = database_url(db)
    if not url.startswith("sqlite:///") or url.endswith(":memory:"):
        return None
    return Path(url.removeprefix("sqlite:///"))


def check_output(
    output: Path, *, force: bool = False, db: str | None = None, inputs: Sequence[Path] = ()
) -> None:
    """:raises InputError: when ``output`` may not be written (see
    :func:`skak.faces.cli._common.write_output`)."""
    where = str(output)
    database = database_file(db) if db is not None else None
    if database is not None and any(
        _same_file(output, p)
        for p in (database, *(database.with_name(database.name + t) for t in _SQLITE_TAILS))
    ):
        raise InputError(
            "this is the database the command works on (--db); write the file elsewhere",
            location=where,
        )
    if any(_same_file(output, p) for p in inputs):
        raise InputError(
            "this is the file the command reads; write the output elsewhere", location=where
        )
    if not output.is_file():
        return
    try:
        with output.open("rb") as f:
            head = f.read(16)
    except OSError as e:
        raise InputError(f"cannot write: {e.strerror}", location=where) from e
    if head.startswith(b"SQLite format 3"):
        raise InputError(
            "this is a database; skak does not write a file over a database", location=where
        )
    if head and not force:
        raise InputError(
            "the file exists already; give --force to overwrite it, or another name",
            location=where,
        )


def _same_file(a: Path, b: Path) -> bool:
    """Whether ``a`` and ``b`` name one file (resolved, or the same file by two names)."""
    try:
        if a.resolve() == b.resolve():
            return True
        return a.exists() and b.exists() and os.path.samefile(a, b)
    except OSError:
        return False
