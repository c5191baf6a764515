"""``skak players …``: register and edit players."""

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from skak.api import Ratings, Title
from skak.errors import InputError, NotFoundError
from skak.faces.cli import render
from skak.faces.cli._common import (
    DEFAULT_DB,
    NUMBERS,
    DbOption,
    JsonOption,
    TournamentOption,
    cli_errors,
    open_db,
    out,
    parse_date,
    parse_sex,
    players_app,
    print_json,
    print_notes,
)
from skak.faces.cli._output import print_table
from skak.faces.cli._progress import progress
from skak.faces.i18n import _, ngettext

# The API and the views are imported in the commands that use them (a fast --help).

__all__ = [
    "players_absent",
    "players_add",
    "players_edit",
    "players_import",
    "players_list",
    "players_show",
    "players_withdraw",
]

RatingOpt = Annotated[int | None, typer.Option(help="DSU rating (ratingtal).")]


@players_app.command("add")
@cli_errors
def players_add(
    name: Annotated[
        str | None,
        typer.Argument(help='Name as "Last, First" (leave out with --member or --search).'),
    ] = None,
    start_number: Annotated[
        int | None, typer.Option(help="Start number (startnummer); default: the next free one.")
    ] = None,
    rating: RatingOpt = None,
    rapid: Annotated[int | None, typer.Option(help="DSU rapid rating.")] = None,
    blitz: Annotated[int | None, typer.Option(help="DSU blitz rating.")] = None,
    fide_rating: Annotated[int | None, typer.Option(help="FIDE rating (Elo).")] = None,
    club: Annotated[str | None, typer.Option(help="Club (klub).")] = None,
    federation: Annotated[str | None, typer.Option(help="FIDE federation code, e.g. DEN.")] = None,
    sex: Annotated[str | None, typer.Option(help="m or w (k).")] = None,
    born: Annotated[str | None, typer.Option(help="Birth date YYYY-MM-DD.")] = None,
    dsu_id: Annotated[int | None, typer.Option(help="DSU member number.")] = None,
    fide_id: Annotated[int | None, typer.Option(help="FIDE id.")] = None,
    title: Annotated[str | None, typer.Option(help="FIDE title: GM, IM, FM, …")] = None,
    member: Annotated[
        list[int] | None,
        typer.Option(
            "--member",
            help="Register DSU member N from the rating registry (repeatable): name, club, "
            "birth year and ratings come from the registry.",
        ),
    ] = None,
    search: Annotated[
        str | None,
        typer.Option(
            help="Search the rating registry by part of a name or a member number; one match "
            "is registered, several are listed.",
        ),
    ] = None,
    pick: Annotated[
        int | None,
        typer.Option(help="With --search: register this match (its member number)."),
    ] = None,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Register a player (tilmelding). After round 1 the player is a late entry.

    With --member or --search the player is read from the database's rating registry
    (skak rating import): name, club, birth year, DSU ratings and FIDE id and rating.

    Example: skak players add "Hansen, Jens" --rating 1850 --club "Aarhus Skakklub"

    Example: skak players add --member 101 --member 102

    Example: skak players add --search "jens hansen" --pick 101
    """
    from skak.api import added, one_player

    if member or search is not None or pick is not None:
        given: tuple[object, ...] = (name, start_number, rating, rapid, blitz, fide_rating)
        given += (club, federation, sex, born, dsu_id, fide_id, title)
        if any(value is not None for value in given):
            raise InputError(
                _(
                    "--member and --search read the player from the rating registry: leave "
                    "out the name and the other details"
                )
            )
        _add_from_registry(member or [], search, pick, db, tournament)
        return
    if name is None:
        raise InputError(_("give the player's name, --member or --search"))

    make = one_player(
        name,
        start_number,
        sex=parse_sex(sex),
        birth_date=parse_date(born, "birth date"),
        club=club,
        federation=federation.upper() if federation else None,
        dsu_id=dsu_id,
        fide_id=fide_id,
        title=Title.parse(title) if title else None,
        ratings=Ratings(dsu=rating, dsu_rapid=rapid, dsu_blitz=blitz, fide=fide_rating),
    )
    done = open_db(db).tournaments.register_players(tournament, make)
    (player,) = added(done)
    print_notes(done.notes)
    late = f", late entry from round {player.late_from}" if player.late_from else ""
    out.print(f"Added {escape(player.name)} as start number {player.start_number}{late}")


def _add_from_registry(
    members: list[int], search: str | None, pick: int | None, db: str, tournament: str | None
) -> None:
    """``skak players add --member N … | --search TEXT [--pick N]``."""
    from skak.api import added

    s = open_db(db)
    if pick is not None and search is None:
        raise InputError(_("--pick chooses among the matches of --search"))
    chosen = list(members)
    if search is not None:
        if members:
            raise InputError(_("give --member or --search, not both"))
        found = s.registry.search(search)
        if not found.matches:
            raise NotFoundError(
                _("no player in the rating registry matches {text}").format(text=search)
            )
        _print_matches(found)
        numbers = [m.dsu_id for m in found.matches]
        if pick is not None:
            if pick not in numbers:
                raise InputError(
                    _("{pick} is not the member number of a match of {text}").format(
                        pick=pick, text=search
                    )
                )
            chosen = [pick]
        elif len(numbers) == 1:
            chosen = numbers
        else:
            raise InputError(
                ngettext(
                    "{n} player matches {text}: choose one with --pick and his member number",
                    "{n} players match {text}: choose one with --pick and his member number",
                    len(numbers) + found.more,
                ).format(n=len(numbers) + found.more, text=search)
            )
    done = s.tournaments.register_from_registry(tournament, chosen)
    print_notes(done.notes)
    for player in added(done):
        late = (
            _(", late entry from round {round}").format(round=player.late_from)
            if player.late_from
            else ""
        )
        out.print(
            _("Added {name} (DSU {dsu_id}) as start number {number}{late}").format(
                name=escape(player.name),
                dsu_id=player.dsu_id,
                number=player.start_number,
                late=late,
            )
        )


def _print_matches(found: Any) -> None:
    """The registry players a search found: member number, name, club, birth year and
    ratings."""
    from skak.faces.cli._tables import FittedTable

    table = FittedTable(title=_("Rating registry: {text}").format(text=escape(found.text)))
    for header in (_("DSU no."), _("Name"), _("Club"), _("Born"), _("Rating")):
        table.add_column(header)
    table.add_column(_("Rapid"))
    table.add_column(_("Blitz"))
    table.add_column(_("FIDE"))
    for m in found.matches:
        table.add_row(
            str(m.dsu_id),
            escape(m.name),
            escape(m.club or ""),
            "" if m.born is None else str(m.born),
            *(
                "" if v is None else str(v)
                for v in (m.rating("standard"), m.rating("rapid"), m.rating("blitz"), m.fide_rating)
            ),
        )
    print_table(table.fit(names={1, 2}))
    if found.more:
        out.print(ngettext("… and {n} more", "… and {n} more", found.more).format(n=found.more))


@players_app.command("import")
@cli_errors
def players_import(
    file: Annotated[Path, typer.Argument(help="CSV file; the first line names the columns.")],
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Import players from CSV, all or nothing; every bad line is reported.

    Columns (English or Danish): name/navn, rating/ratingtal, club/klub, federation, sex/køn,
    birth_date/født, dsu_id/medlemsnummer, fide_id, fide_rating/elo, title/titel, rapid,
    blitz, start_number/startnummer.

    Example: skak players import spillere.csv
    """
    from skak.api import added, players_from_csv

    s = open_db(db)
    with progress(f"Importing {escape(str(file))}: lines") as report:
        make, source = players_from_csv(file, report)
        done = s.tournaments.register_players(tournament, make, source=source)
    players = added(done)
    print_notes(done.notes)
    numbers = sorted(p.start_number for p in players)
    first, last = numbers[0], numbers[-1]
    out.print(
        ngettext(
            "Imported {n} player from {file} (start number {numbers})",
            "Imported {n} players from {file} (start numbers {numbers})",
            len(players),
        ).format(
            n=len(players),
            file=escape(file.name),
            numbers=first if first == last else f"{first}–{last}",
        )
    )


@players_app.command("list")
@cli_errors
def players_list(
    db: DbOption = DEFAULT_DB, tournament: TournamentOption = None, as_json: JsonOption = False
) -> None:
    """List the players by start number.

    Example: skak players list --json
    """
    from skak.views import players_view, to_json

    t = open_db(db).tournaments.get(tournament)
    if as_json:
        print_json(to_json(players_view(t).players))
    else:
        print_table(render.players_table(players_view(t)))


@players_app.command("show", context_settings=NUMBERS)
@cli_errors
def players_show(
    start_number: Annotated[int, typer.Argument(help="The player's start number.")],
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show one player's tournament: each round's opponent, colour, result and score, his
    place, his performance rating and, once a rated tournament is finished, his new rating
    (the web's page /t/ID/players/N).

    Example: skak players show 3 --json
    """
    from skak.views import player_view, to_json

    view = player_view(open_db(db).tournaments.get(tournament), start_number)
    if as_json:
        print_json(to_json(view))
        return
    print_table(render.player_table(view))
    for line in render.player_facts(view):
        out.print(escape(line))


@players_app.command("edit", context_settings=NUMBERS)
@cli_errors
def players_edit(
    start_number: Annotated[int, typer.Argument(help="The player's start number.")],
    name: Annotated[str | None, typer.Option(help='New name, "Last, First".')] = None,
    rating: RatingOpt = None,
    rapid: Annotated[int | None, typer.Option(help="DSU rapid rating.")] = None,
    blitz: Annotated[int | None, typer.Option(help="DSU blitz rating.")] = None,
    fide_rating: Annotated[int | None, typer.Option(help="FIDE rating (Elo).")] = None,
    club: Annotated[str | None, typer.Option(help="Club (klub).")] = None,
    federation: Annotated[str | None, typer.Option(help="FIDE federation code.")] = None,
    sex: Annotated[str | None, typer.Option(help="m or w (k).")] = None,
    born: Annotated[str | None, typer.Option(help="Birth date YYYY-MM-DD.")] = None,
    dsu_id: Annotated[int | None, typer.Option(help="DSU member number.")] = None,
    fide_id: Annotated[int | None, typer.Option(help="FIDE id.")] = None,
    title: Annotated[str | None, typer.Option(help="FIDE title.")] = None,
    absent: Annotated[
        list[int] | None,
        typer.Option(help="A round the player will miss, announced in advance (repeatable)."),
    ] = None,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Change a player's details; options left out stay as they are.

    Example: skak players edit 3 --rating 1910 --club "Skakklubben Nordkalotten"
    """
    changes: dict[str, Any] = {}
    for key, value in (
        ("name", name),
        ("club", club),
        ("federation", federation.upper() if federation else None),
        ("sex", parse_sex(sex)),
        ("birth_date", parse_date(born, "birth date")),
        ("dsu_id", dsu_id),
        ("fide_id", fide_id),
        ("title", Title.parse(title) if title else None),
    ):
        if value is not None:
            changes[key] = value
    new_ratings = {
        k: v
        for k, v in (
            ("dsu", rating),
            ("dsu_rapid", rapid),
            ("dsu_blitz", blitz),
            ("fide", fide_rating),
        )
        if v is not None
    }
    player = open_db(db).tournaments.edit_player(
        tournament,
        start_number,
        rating_changes=new_ratings,
        add_absent=frozenset(absent or ()),
        **changes,
    )
    out.print(f"Player {player.start_number} is now: {escape(player.name)}")


@players_app.command("absent", context_settings=NUMBERS)
@cli_errors
def players_absent(
    start_number: Annotated[int, typer.Argument(help="The player's start number.")],
    round_number: Annotated[
        list[int], typer.Option("--round", "-r", help="A round he will miss (repeatable).")
    ],
    half: Annotated[
        bool, typer.Option("--half", help="A requested half-point bye (½ point) instead of 0.")
    ] = False,
    cancel: Annotated[
        bool, typer.Option("--cancel", help="Take back an announced absence or bye.")
    ] = False,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Announce that a player will miss a round (meldt afbud): he is not paired and gets no
    point, or half a point with --half (a requested bye, where the tournament allows it).

    Example: skak players absent 7 --round 5 --half
    """
    rounds = frozenset(round_number)
    player = open_db(db).tournaments.announce_absence(
        tournament, start_number, rounds, half=half, cancel=cancel
    )
    what = "no longer absent" if cancel else ("half-point bye" if half else "absent (0 points)")
    listed = ", ".join(map(str, sorted(rounds)))
    out.print(f"{escape(player.name)}: {what} in round(s) {listed}")


@players_app.command("renumber")
@cli_errors
def players_renumber(
    by: Annotated[
        str, typer.Option(help="Rank by dsu (the tournament's DSU rating) or fide ratings.")
    ] = "dsu",
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Number the players by the initial ranking (C.04.2): rating, then title, then name.
    Only before round 1; the Dutch system does it itself when round 1 is paired.

    Example: skak players renumber --by fide
    """
    from skak.views import players_view

    done = open_db(db).tournaments.renumber_players(tournament, by=by)
    if not done.events:
        out.print("The start numbers follow the initial ranking already; nothing changed.")
        return
    print_notes(done.notes)
    print_table(render.players_table(players_view(done.after)))


@players_app.command("remove", context_settings=NUMBERS)
@cli_errors
def players_remove(
    start_number: Annotated[int, typer.Argument(help="The player's start number.")],
    reason: Annotated[str, typer.Option(help="Why, in words (the history keeps it).")] = "",
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Take a player registered by mistake off the list, before round 1: the players after
    him move up a number, so the list keeps no gap ('skak undo' brings him back). After
    round 1 a player withdraws instead.

    Example: skak players remove 12 --reason "tilmeldt to gange"
    """
    from skak.views import players_view

    done = open_db(db).tournaments.remove_player(tournament, start_number, reason=reason)
    gone = done.before.player(start_number) if done.before is not None else None
    name = gone.name if gone is not None else str(start_number)
    out.print(
        escape(_("{name} is removed; the players after him moved up a number.").format(name=name))
    )
    print_table(render.players_table(players_view(done.after)))


@players_app.command("withdraw", context_settings=NUMBERS)
@cli_errors
def players_withdraw(
    start_number: Annotated[int, typer.Argument(help="The player's start number.")],
    from_round: Annotated[
        int | None, typer.Option(help="First round not played; default: the next round.")
    ] = None,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Withdraw a player (udgået): not paired from that round on.

    Example: skak players withdraw 7 --from-round 4
    """
    player = open_db(db).tournaments.withdraw(tournament, start_number, from_round=from_round)
    out.print(f"{escape(player.name)} withdraws from round {player.withdrawn_from}")
