"""``skak discipline …``: warnings and quarantines (advarsler og karantæner, §7, §19,
4.5.4.2)."""

import datetime
from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape
from rich.table import Table

from skak.errors import InputError
from skak.faces.cli._common import (
    DEFAULT_DB,
    DbOption,
    JsonOption,
    app,
    cli_errors,
    open_db,
    out,
    parse_date,
    print_json,
)
from skak.faces.cli._output import print_table
from skak.faces.cli._tables import FittedTable

if TYPE_CHECKING:
    from skak.views.discipline import SanctionRow

__all__ = ["discipline_add", "discipline_check", "discipline_lift", "discipline_list"]

discipline_app = typer.Typer(
    help="Warnings and quarantines (advarsler og karantæner, §19), kept in the database.\n\n"
    "Example: skak discipline list"
)
app.add_typer(discipline_app, name="discipline")

DayOption = Annotated[
    str | None, typer.Option("--on", help="The day to look at, YYYY-MM-DD; default: today.")
]


def _day(text: str | None, what: str) -> datetime.date:
    return parse_date(text, what) or datetime.date.today()


def _ground(text: str) -> str:
    t = text.replace(" ", "").removeprefix("§")
    if t == "7":
        return "§7"
    if t == "4.5.4.2":
        return "4.5.4.2"
    raise InputError(f"--rule is 7 (the tournament committee, §7) or 4.5.4.2, not {text!r}")


@discipline_app.command("add")
@cli_errors
def discipline_add(
    kind: Annotated[str, typer.Argument(help="warning (advarsel) or quarantine (karantæne).")],
    member: Annotated[int, typer.Argument(help="The player's DSU member number.")],
    given: Annotated[
        str | None, typer.Option("--date", help="The day it was given; default: today.")
    ] = None,
    name: Annotated[
        str | None, typer.Option(help="The player's name; default: the rating registry's.")
    ] = None,
    tournament: Annotated[
        str | None, typer.Option("--tournament", "-t", help="The tournament in this database.")
    ] = None,
    event: Annotated[
        str | None, typer.Option(help="A tournament not in this database (with --last-day).")
    ] = None,
    last_day: Annotated[
        str | None, typer.Option(help="The tournament's last playing day, YYYY-MM-DD.")
    ] = None,
    rule: Annotated[
        str, typer.Option(help="7 (the tournament committee, §7) or 4.5.4.2 (absent throughout).")
    ] = "7",
    reason: Annotated[str, typer.Option(help="Why, in the committee's words.")] = "",
    start: Annotated[
        str | None, typer.Option("--from", help="A quarantine's first day; default: --date.")
    ] = None,
    months: Annotated[int | None, typer.Option(help="A quarantine's length in months.")] = None,
    until: Annotated[
        str | None, typer.Option(help="A quarantine's last day, instead of --months.")
    ] = None,
    db: DbOption = DEFAULT_DB,
    as_json: JsonOption = False,
) -> None:
    """Register a warning or a quarantine given to a player; §19 decides what is registered:
    a second warning within a year becomes a quarantine of 3 months, a new quarantine within
    a year after one is doubled. The entry names the tournament it was given in.

    Example: skak discipline add warning 12345 -t "Vejle EMT 2026" --reason "udeblivelse"
    """
    from skak.views import to_json
    from skak.views.discipline import sanction_row

    s = open_db(db, create=True)
    kind_text = {"advarsel": "warning", "karantæne": "quarantine"}.get(kind.lower(), kind.lower())
    entry = s.discipline.give(
        kind_text,
        member,
        given=_day(given, "--date"),
        name=name,
        tournament=tournament,
        event=event,
        last_day=parse_date(last_day, "--last-day"),
        ground=_ground(rule),
        reason=reason,
        start=parse_date(start, "--from"),
        months=months,
        until=parse_date(until, "--until"),
    )
    row = sanction_row(entry)
    if as_json:
        print_json(to_json(row))
        return
    out.print(f"Registered as entry {row.id}: {escape(row.name)}, {escape(row.text)}")
    if row.escalation:
        out.print(f"§19: {escape(row.escalation)}")


@discipline_app.command("list")
@cli_errors
def discipline_list(
    on: DayOption = None,
    show_all: Annotated[
        bool, typer.Option("--all", help="Every entry ever made, expired and lifted too.")
    ] = False,
    db: DbOption = DEFAULT_DB,
    as_json: JsonOption = False,
) -> None:
    """The registry as it stands on a day (§19: warnings until they expire, quarantines a
    year after their end).

    Example: skak discipline list --on 2026-12-01
    """
    from skak.views import to_json
    from skak.views.discipline import discipline_view

    view = discipline_view(open_db(db).discipline.get(), _day(on, "--on"), show_all=show_all)
    if as_json:
        print_json(to_json(view))
        return
    title = "Every entry" if view.all else f"The discipline registry on {view.day.isoformat()}"
    print_table(_table(title, view.entries))


@discipline_app.command("check")
@cli_errors
def discipline_check(
    member: Annotated[int, typer.Argument(help="The player's DSU member number.")],
    on: DayOption = None,
    db: DbOption = DEFAULT_DB,
    as_json: JsonOption = False,
) -> None:
    """Is the player in quarantine on a day, and by which rule? (the check a registration
    makes)

    Example: skak discipline check 12345 --on 2026-12-01
    """
    from skak.views import to_json
    from skak.views.discipline import check_view

    view = check_view(open_db(db).discipline.get(), member, _day(on, "--on"))
    if as_json:
        print_json(to_json(view))
        return
    out.print(f"DSU member {view.member}: {escape(view.verdict)}")
    if view.entries:
        print_table(_table("Entries", view.entries))


@discipline_app.command("lift")
@cli_errors
def discipline_lift(
    number: Annotated[int, typer.Argument(help="The entry's number (see 'skak discipline list').")],
    reason: Annotated[str, typer.Option(help="Why, e.g. Skaknævnet's ruling.")],
    on: Annotated[
        str | None, typer.Option("--date", help="Lifted from this day; default: today.")
    ] = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Lift an entry (e.g. Skaknævnet set it aside); the history keeps it.

    Example: skak discipline lift 3 --reason "Skaknævnets kendelse nr. 150"
    """
    from skak.views.discipline import sanction_row

    row = sanction_row(open_db(db).discipline.lift(number, _day(on, "--date"), reason))
    out.print(f"Entry {row.id} lifted: {escape(row.text)}")


def _table(title: str, rows: tuple["SanctionRow", ...]) -> Table:
    table = FittedTable(title=escape(title), title_justify="left")
    for col in ("#", "Member", "Name", "What", "Rule", "From", "To", "Tournament"):
        table.add_column(col, justify="right" if col in ("#", "Member") else "left")
    for r in rows:
        what = ("warning (advarsel)" if r.kind == "warning" else f"quarantine, {r.length}") + (
            " — lifted" if r.lifted else ""
        )
        first = r.start or r.given
        table.add_row(
            str(r.id),
            str(r.member),
            escape(r.name),
            what,
            r.rule,
            first.isoformat(),
            r.valid_until.isoformat(),
            escape(r.tournament),
        )
    return table.fit(names={2, 7}, texts={3})
