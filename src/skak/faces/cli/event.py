"""``skak event …``: an event with groups (a DM's classes, an EMT's A, B and C groups), each
group a tournament of the database."""

from typing import Annotated

import typer
from rich.markup import escape

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
from skak.faces.i18n import _, say

__all__ = ["event_app"]

event_app = typer.Typer(
    help="An event with groups (a DM's classes, an EMT's A, B and C groups): one register of "
    "entrants, a player moved between groups before round 1, the groups' §6 reports.\n\n"
    "Example: skak event show 'DM 2026'"
)
app.add_typer(event_app, name="event")

EventArg = Annotated[str, typer.Argument(help="The event's ID or name.")]


@event_app.command("new")
@cli_errors
def event_new(
    name: Annotated[str, typer.Argument(help="The event's name.")],
    place: Annotated[str | None, typer.Option(help="Where it is played.")] = None,
    start: Annotated[str | None, typer.Option(help="First day, YYYY-MM-DD.")] = None,
    end: Annotated[str | None, typer.Option(help="Last day, YYYY-MM-DD.")] = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Create an event; then add its groups with 'skak event group'.

    Example: skak event new "DM 2026" --place Vejle --start 2026-04-02 --end 2026-04-10
    """
    row = open_db(db, create=True).event.new(
        name, start=parse_date(start, "--start"), end=parse_date(end, "--end"), place=place
    )
    out.print(escape(_("Created event #{id} {name}").format(id=row.id, name=row.name)))


@event_app.command("group")
@cli_errors
def event_group(
    event: EventArg,
    label: Annotated[str, typer.Argument(help="The group's name, e.g. Mesterklassen, A.")],
    tournament: Annotated[
        str | None, typer.Option(help="A tournament of the database (ID or name) as the group.")
    ] = None,
    system: Annotated[
        str, typer.Option("--system", "-s", help="A new tournament's pairing system.")
    ] = "dutch",
    rounds: Annotated[int | None, typer.Option(help="A new tournament's rounds.")] = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Add a group: an existing tournament (--tournament), or a new one named after the
    event and the group, with the event's place and dates.

    Example: skak event group "DM 2026" Mesterklassen --system dutch --rounds 9
    """
    s = open_db(db)
    if tournament is not None:
        s.event.add_group(event, label, tournament)
    else:
        from skak.api import new_tournament
        from skak.views import pairing_system

        name = f"{s.event.get(event).name} – {label.strip()}"
        t = new_tournament(name, system=pairing_system(system).name, rounds=rounds)
        s.event.new_group(event, label, t)
    view = s.event.view(event)
    g = next(g for g in view.groups if g.label.casefold() == label.strip().casefold())
    out.print(
        escape(
            _("Group {label}: tournament #{id} {name}").format(
                label=g.label, id=g.tournament, name=g.name
            )
        )
    )


@event_app.command("show")
@cli_errors
def event_show(
    event: Annotated[str | None, typer.Argument(help="The event's ID or name.")] = None,
    db: DbOption = DEFAULT_DB,
    as_json: JsonOption = False,
) -> None:
    """The event's groups and one register of all their entrants, by name.

    Example: skak event show "DM 2026" --json
    """
    from skak.views import to_json

    view = open_db(db).event.view(event)
    if as_json:
        print_json(to_json(view))
        return
    groups = FittedTable(title=escape(view.name))
    for col in (_("Group"), "#", _("Tournament"), _("Players"), _("Rounds")):
        groups.add_column(col)
    for g in view.groups:
        groups.add_row(
            escape(g.label), str(g.tournament), escape(g.name), str(g.players),
            f"{g.paired}/{g.rounds}" if g.rounds else str(g.paired),
        )  # fmt: skip
    print_table(groups.fit(names={2}))
    entrants = FittedTable(title=_("Entrants"))
    for col in (_("Name"), _("Club"), _("Rating"), _("Group"), _("No.")):
        entrants.add_column(col)
    for e in view.entrants:
        entrants.add_row(
            escape(e.name), escape(e.club or ""), str(e.rating or ""), escape(e.group),
            str(e.start_number),
        )  # fmt: skip
    print_table(entrants.fit(names={0}, texts={1}))


@event_app.command("move")
@cli_errors
def event_move(
    event: EventArg,
    player: Annotated[str, typer.Argument(help="The entrant: his name, or GROUP:NUMBER.")],
    to: Annotated[str, typer.Option("--to", help="The group he moves to.")],
    db: DbOption = DEFAULT_DB,
) -> None:
    """Move an entrant to another group before either has paired a round (taken off one
    list, registered on the other; the numbers after him close up).

    Example: skak event move "DM 2026" "Hansen, Bo" --to Mesterklassen
    """
    moved = open_db(db).event.move(event, player, to)
    out.print(
        escape(
            _("{name} moved to {group} as no. {number}").format(
                name=moved.name, group=to, number=moved.start_number
            )
        )
    )


@event_app.command("report")
@cli_errors
def event_report(
    event: Annotated[str | None, typer.Argument(help="The event's ID or name.")] = None,
    db: DbOption = DEFAULT_DB,
    as_json: JsonOption = False,
) -> None:
    """The §6 reports of the event's finished, rated groups at once (each as 'skak report'
    gives it; write each group's files with 'skak report --tournament ID').

    Example: skak event report "DM 2026" --json
    """
    from skak.views import to_json

    reports = open_db(db).event.reports(event)
    if as_json:
        print_json([{"group": label, "report": to_json(view)} for label, view in reports])
        return
    missing = _("missing")
    for label, view in reports:
        table = FittedTable(title=escape(f"{label}: {view.tournament}"))
        table.add_column("§6")
        table.add_column(_("In the report"))
        table.add_column("")
        for item in view.items:
            table.add_row(
                escape(item.item), escape(say(item.content)),
                "✓" if item.complete else f"[red]{missing}[/]",
            )  # fmt: skip
        print_table(table.fit(texts={1}))


@event_app.command("list")
@cli_errors
def event_list(db: DbOption = DEFAULT_DB, as_json: JsonOption = False) -> None:
    """The events the database holds.

    Example: skak event list
    """
    from skak.views import to_json

    lines = open_db(db).event.lines()
    if as_json:
        print_json(to_json(lines))
        return
    table = FittedTable(title=_("Events"))
    for col in ("#", _("Name"), _("Date"), _("Place"), _("Groups")):
        table.add_column(col)
    for e in lines:
        table.add_row(
            str(e.id), escape(e.name), e.start.isoformat() if e.start else "",
            escape(e.place or ""), str(e.groups),
        )  # fmt: skip
    print_table(table.fit(names={1}))
