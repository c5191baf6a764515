"""``skak check``: whether the database is sound; ``skak backup`` and ``skak restore``."""

from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from skak.errors import StorageError
from skak.faces.cli._common import (
    DEFAULT_DB,
    DbOption,
    ForceOption,
    app,
    check_output,
    cli_errors,
    err,
    open_db,
    out,
)
from skak.faces.cli._progress import progress

__all__ = ["backup", "check", "restore"]

#: The problems listed; a damaged page often gives dozens of lines about one thing.
_SHOWN = 20


@app.command()
@cli_errors
def check(db: DbOption = DEFAULT_DB) -> None:
    """Check the database: SQLite's full integrity check, then every tournament, league
    season, cup row and the rating registry read back and rebuilt from their events (a
    season's standings and a cup's ranking computed anew). Changes nothing; exit code 7
    when anything is damaged.

    Example: skak check --db klub.db
    """
    s = open_db(db)
    problems = s.check()
    where = s.db.location
    if problems:
        for p in problems[:_SHOWN]:
            err.print(f"  {escape(p)}", soft_wrap=True)
        if len(problems) > _SHOWN:
            err.print(f"  … and {len(problems) - _SHOWN} more")
        raise StorageError(
            f"the database {where} is damaged ({len(problems)} problem"
            f"{'s' if len(problems) != 1 else ''}, listed above): restore it from a backup, "
            "or export what can still be read ('skak export trf') and import it anew"
        )
    records = [
        _count(len(s.tournaments.all_rows()), "tournament"),  # the deleted ones too
        _count(len(s.league.rows()), "league season"),
        _count(len(s.cup.rows()), "cup row"),
        _count(len(s.correspondence.rows()), "correspondence group"),
    ]
    out.print(
        f"{escape(where)} is sound: "
        + ("SQLite's integrity check finds nothing wrong; " if s.db.is_sqlite else "")
        + f"{', '.join(records)}, the rating registry and the discipline registry read back "
        "from their events (the seasons' standings and the cups' rankings computed anew)."
    )


@app.command()
@cli_errors
def backup(
    file: Annotated[Path, typer.Argument(help="The backup file to write.")],
    logical: Annotated[
        bool,
        typer.Option(
            "--json",
            help="The event log as JSON (any database; restorable into SQLite or PostgreSQL). "
            "Default for a database server; an SQLite file is copied as it is.",
        ),
    ] = False,
    force: ForceOption = False,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Back up the whole database while others keep working: an SQLite file with SQLite's
    online backup (the copy opens with --db as it is), any database with --json as its event
    log as JSON Lines, written a line at a time (every record, event, actor and time). Never
    written over the database, another database, or an existing file without --force.

    Example: skak backup klub-2026-11-26.db
    """
    check_output(file, force=force, db=db)
    s = open_db(db)
    with progress(f"Writing {escape(str(file))}: events") as report:
        done = s.backup(file, logical=logical, progress=report)
    how = "an SQLite copy" if done.form == "sqlite" else "the event log as JSON"
    out.print(f"Wrote {escape(str(file))}: {how} of {escape(done.describe())}")


@app.command()
@cli_errors
def restore(
    file: Annotated[Path, typer.Argument(help="A backup written by 'skak backup'.")],
    force: Annotated[
        bool,
        typer.Option("--force", help="Replace every record the database holds already."),
    ] = False,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Restore a backup (either form) into a database: a new SQLite file, an empty database
    on a server, or — with --force — one whose records it replaces. The backup is read a
    record at a time and every record read back as it is written, all in one transaction: a
    damaged or cut-short file writes nothing, and the error names its line.

    Example: skak restore klub-2026-11-26.db --db postgresql://skak@server/dsu
    """
    s = open_db(db, create=True)
    with progress(f"Restoring {escape(str(file))}: events") as report:
        done = s.restore(file, replace=force, progress=report)
    out.print(
        f"Restored {escape(done.describe())} from {escape(str(file))} into {escape(s.db.location)}"
    )


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'s' if n != 1 else ''}"
