"""The tournament's basic commands: ``skak new``, ``tournaments``, ``history``, ``undo``,
``export json`` and ``demo``; the round's commands (:mod:`skak.faces.cli.rounds`) are imported
among them, so that ``skak --help`` lists an evening's commands in the order they are used."""

import json
from typing import Annotated

import typer
from rich.markup import escape

from skak.api import RatedKind
from skak.faces.cli import render
from skak.faces.cli._common import (
    DEFAULT_DB,
    DbOption,
    ForceOption,
    JsonOption,
    OutputOption,
    TournamentOption,
    app,
    cli_errors,
    err,
    export_app,
    open_db,
    out,
    parse_date,
    print_json,
    print_notes,
    write_output,
)
from skak.faces.cli._output import print_table
from skak.faces.i18n import _, say
from skak.views import pairing_system as find_system
from skak.views import system_names

# The API (SQLAlchemy, the event store) and the views are imported in the commands that use
# them, so that ``skak --help`` and a command that needs little start at once (issue 23).

__all__ = ["arbiters", "demo", "export_json", "history", "list_tournaments", "new", "undo"]

# -- tournaments ---------------------------------------------------------------------------


@app.command()
@cli_errors
def new(
    name: Annotated[str, typer.Argument(help="The tournament's name.")],
    system: Annotated[
        str,
        typer.Option(
            "--system", "-s", help=f"Pairing system (parringssystem): {', '.join(system_names())}."
        ),
    ] = "berger",
    rounds: Annotated[
        int | None,
        typer.Option(help="Number of rounds; a round robin works it out from the field."),
    ] = None,
    setting: Annotated[
        list[str] | None,
        typer.Option(help="Pairing-system setting KEY=VALUE, e.g. cycles=2 (repeatable)."),
    ] = None,
    scoring: Annotated[
        list[str] | None,
        typer.Option(help="Points KEY=VALUE: win, draw, loss, forfeit-win, bye, half-bye, …"),
    ] = None,
    place: Annotated[str | None, typer.Option(help="Where it is played (spillested).")] = None,
    organiser: Annotated[
        str | None,
        typer.Option(help="Who holds it (arrangør), e.g. the club: its list finds it by this."),
    ] = None,
    start: Annotated[str | None, typer.Option(help="First day, YYYY-MM-DD.")] = None,
    end: Annotated[str | None, typer.Option(help="Last day, YYYY-MM-DD.")] = None,
    kind: Annotated[
        RatedKind | None,
        typer.Option(
            metavar="KIND",
            help="Rated as standard (langsom), rapid (hurtig) or blitz (lyn); default: what "
            "the time control makes the games, else standard.",
        ),
    ] = None,
    time_control: Annotated[
        str | None,
        typer.Option(
            help="Time control (betænkningstid), e.g. '90+30', '40/90+30+30s', '2t/40 + 1t', "
            "'G/15+10': it decides the kind (see 'skak timecontrol')."
        ),
    ] = None,
    tiebreak: Annotated[
        list[str] | None, typer.Option(help="Tie-break code (korrektion), in order (repeatable).")
    ] = None,
    unrated: Annotated[
        bool, typer.Option("--unrated", help="Not rated by DSU (no rating column).")
    ] = False,
    gladiator: Annotated[
        bool,
        typer.Option(
            "--gladiator",
            help="Gladiator scoring (4.9.8): drawn games are played off; the winner scores 1.",
        ),
    ] = False,
    arbiter: Annotated[
        list[str] | None,
        typer.Option(help="An arbiter's name (dommer), the chief arbiter first (repeatable)."),
    ] = None,
    fide_mode: Annotated[
        bool,
        typer.Option(
            "--fide-mode",
            help="FIDE mode: only FIDE's choices (system, C.07 tie-breaks, points and byes).",
        ),
    ] = False,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Create a tournament (turnering), creating the database if needed.

    Example: skak new "Klubmesterskab 2026" --system berger --place Aarhus --start 2026-09-01
    """
    from skak.api import new_tournament

    pairing_system = find_system(system)
    tournament = new_tournament(
        name,
        system=pairing_system.name,
        rounds=rounds,
        settings=setting or [],
        scoring=scoring or [],
        place=place,
        start=start,
        end=end,
        kind=kind,
        time_control=time_control,
        tiebreaks=tiebreak or [],
        unrated=unrated,
        gladiator=gladiator,
        arbiters=arbiter or [],
        fide_mode=fide_mode,
        organiser=organiser,
    )  # a bad setting or code is refused before anything is written
    s = open_db(db, create=True)
    row = s.tournaments.create(tournament)
    out.print(
        f"Created tournament #{row.id} [bold]{escape(row.name)}[/] "
        f"({escape(pairing_system.title)}) in {escape(s.db.location)}"
    )
    namesakes = s.tournaments.namesakes(row)
    if namesakes:
        others = ", ".join(f"#{r.id}" for r in namesakes)
        print_notes(
            [
                _(
                    "tournament {others} has the same name: name this one by its number, "
                    "--tournament '#{id}'"
                ).format(others=others, id=row.id)
            ]
        )


@app.command("tournaments")
@cli_errors
def list_tournaments(
    db: DbOption = DEFAULT_DB,
    search: Annotated[
        str,
        typer.Option(
            "--search",
            metavar="TEXT",
            help="Words of the name, place or organiser, in any order and case.",
        ),
    ] = "",
    organiser: Annotated[
        str | None,
        typer.Option(metavar="NAME", help="One organiser's tournaments (a club's own list)."),
    ] = None,
    from_day: Annotated[
        str | None,
        typer.Option("--from", metavar="YYYY-MM-DD", help="Held on this day or later."),
    ] = None,
    to_day: Annotated[
        str | None,
        typer.Option("--to", metavar="YYYY-MM-DD", help="Held on this day or earlier."),
    ] = None,
    kind: Annotated[
        RatedKind | None,
        typer.Option(metavar="KIND", help="Only standard, rapid or blitz tournaments."),
    ] = None,
    status: Annotated[
        str | None,
        typer.Option(
            metavar="STATUS",
            help="Only planned, running, finished, or rated (finished and rated) ones.",
        ),
    ] = None,
    limit: Annotated[
        int, typer.Option("--limit", metavar="N", help="Tournaments a page (at most 500).")
    ] = 50,
    page: Annotated[int, typer.Option("--page", metavar="N", help="Which page.")] = 1,
    as_json: JsonOption = False,
) -> None:
    """List the tournaments in the database, newest first, a page at a time.

    Example: skak tournaments --search aarhus --status running --page 2
    """
    from skak.views import to_json

    view = open_db(db).tournaments.listing(
        search=search,
        organiser=organiser,
        start=parse_date(from_day, "--from"),
        end=parse_date(to_day, "--to"),
        kind=kind.value if kind is not None else None,
        status=status.strip().lower() if status else None,
        page=page,
        limit=limit,
    )
    if as_json:
        print_json(to_json(view))
        return
    print_table(render.tournaments_table(view.tournaments))
    if view.total > len(view.tournaments) or view.page > 1:
        out.print(
            _("page {page} of {pages} ({total} tournaments); --page N for another").format(
                page=view.page, pages=view.pages, total=view.total
            ),
            highlight=False,
        )


# -- rounds, results and standings: in their own module, registered here to keep --help's order
from skak.faces.cli import rounds as _rounds  # noqa: E402, F401

# -- history -------------------------------------------------------------------------------


@app.command()
@cli_errors
def history(
    db: DbOption = DEFAULT_DB, tournament: TournamentOption = None, as_json: JsonOption = False
) -> None:
    """List every change to the tournament (historik), oldest first.

    Example: skak history
    """
    from skak.views import to_json

    lines = open_db(db).tournaments.history(tournament)
    if as_json:
        print_json(to_json(lines))
    else:
        print_table(render.history_table(lines))


@app.command()
@cli_errors
def undo(
    event: Annotated[
        int | None, typer.Option(help="Undo this event (see 'skak history'); default: the last.")
    ] = None,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Take back the last change (fortryd); refused where later changes depend on it.

    Example: skak undo
    """
    from skak.api import describe, undo_notes

    undone, t = open_db(db).tournaments.undo(tournament, seq=event)
    message = _("Undone: event {seq}, {change}.")
    out.print(escape(message.format(seq=undone.seq, change=say(describe(undone.event)))))
    print_notes(undo_notes(undone.event, t))


# -- export --------------------------------------------------------------------------------


@export_app.command("json")
@cli_errors
def export_json(
    output: OutputOption = None,
    force: ForceOption = False,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Write the whole tournament and its standings as JSON.

    Example: skak export json -o turnering.json
    """
    from skak.views import to_json

    export = open_db(db).tournaments.export(tournament)
    text = json.dumps(to_json(export), ensure_ascii=False, indent=2) + "\n"
    write_output(text, output, force=force, db=db)


# -- demo ----------------------------------------------------------------------------------


@app.command()
@cli_errors
def demo(
    seed: Annotated[int, typer.Option(help="Seed for the simulated results.")] = 2026,
    players: Annotated[int, typer.Option(help="Number of players (3–16).")] = 10,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Build and play a whole round-robin tournament, then print the final standings.

    Results are drawn from DSU table 1's expected scores with a fixed seed, so every run
    with the same seed plays the same tournament.

    Example: skak demo --seed 7
    """
    from skak.faces.demo import check_players, run_demo
    from skak.views import standings_view

    check_players(players)
    s = open_db(db, create=True)
    row, t = run_demo(s, seed=seed, players=players, console=err)
    out.print(
        f"Tournament #{row.id} [bold]{escape(t.name)}[/] in {escape(s.db.location)}: "
        f"{len(t.players)} players, {t.current_round} rounds, all results in."
    )
    print_table(render.standings_table(standings_view(t)))
    out.print(
        "Look closer with: skak round show 1 --explain, skak history, skak standings --json"
        + ("" if len(s.tournaments.rows()) == 1 else f"  (add --tournament {row.id})")
    )


@app.command("arbiters")
@cli_errors
def arbiters(
    names: Annotated[
        list[str] | None,
        typer.Argument(help="The arbiters (dommere), the chief arbiter first; none: show them."),
    ] = None,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Keep the tournament's arbiters, the chief arbiter first (the whole list); without
    names, show them. §6's report (skak report) names them.

    Example: skak arbiters "Inge Holm" "Ole Olsen"
    """
    s = open_db(db)
    if names:
        done = s.tournaments.set_arbiters(tournament, names)
        kept = done.after.arbiters
    else:
        kept = s.tournaments.get(tournament).arbiters
    if kept:
        out.print(escape(_("Arbiters: {names}").format(names=", ".join(kept))))
    else:
        out.print(_("No arbiter is kept yet; name them with 'skak arbiters NAME …'"))
