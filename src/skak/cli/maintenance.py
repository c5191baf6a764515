"""``skak check``: whether the database is sound."""

from __future__ import annotations

from rich.markup import escape

from skak.cli._common import DEFAULT_DB, DbOption, app, cli_errors, err, open_db, out
from skak.errors import StorageError

__all__ = ["check"]

#: The problems listed; a damaged page often gives dozens of lines about one thing.
_SHOWN = 20


@app.command()
@cli_errors
def check(db: DbOption = DEFAULT_DB) -> None:
    """Check the database: SQLite's full integrity check, then every tournament and the
    rating registry read back and rebuilt from their events. Changes nothing; exit code 7
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
    count = len(s.tournaments())
    out.print(
        f"{escape(where)} is sound: "
        + ("SQLite's integrity check finds nothing wrong; " if s.db.is_sqlite else "")
        + f"{count} tournament{'s' if count != 1 else ''}, the rating registry and the "
        "discipline registry read back from their events."
    )
