"""``skak cup …``: DSU's team cup (pokalstævnet, 003 §5.3–5.4), one row at a time."""

from typing import TYPE_CHECKING, Annotated

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
    parse_setting,
    print_json,
    print_notes,
)
from skak.faces.cli._output import print_table
from skak.faces.cli._tables import FittedTable

if TYPE_CHECKING:
    from skak.views import CupRoundView

__all__ = ["cup_app"]

cup_app = typer.Typer(
    help="The team cup (pokalstævnet, 5.3): a row's teams, team Monrad rounds, line-ups "
    "with the Bredde row's rating cap, results, standings and §9's play-off.\n\n"
    "Example: skak cup standings"
)
app.add_typer(cup_app, name="cup")

CupOption = Annotated[
    str | None,
    typer.Option(
        "--cup", "-C", help="Cup ID or name; may be left out when the database holds one."
    ),
]
ExplainOption = Annotated[bool, typer.Option("--explain", help="Say why, rule by rule.")]


@cup_app.command("new")
@cli_errors
def cup_new(
    name: Annotated[str, typer.Argument(help="The row's name, e.g. 'Pokal 2025 Bredde'.")],
    row: Annotated[str, typer.Option(help="junior, senior, bredde or elite (5.3 §2).")],
    day: Annotated[str, typer.Option("--date", help="The day (Whit Sunday), YYYY-MM-DD.")],
    rounds: Annotated[int, typer.Option(help="The number of rounds.")],
    setting: Annotated[
        list[str] | None,
        typer.Option(
            help="KEY=VALUE: cap (1800), bye-points (2: half the boards), bye-match-points "
            "(1: a drawn match), lot-seed (§2's lot)."
        ),
    ] = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Create a row of the cup day (5.3 §2).

    Example: skak cup new "Pokal 2025 Bredde" --row bredde --date 2025-06-08 --rounds 5
    """
    when = parse_date(day, "--date")
    assert when is not None
    s = open_db(db, create=True)
    r = s.cup.new(name, row, when, rounds, settings=[parse_setting(x) for x in setting or []])
    out.print(f"Created cup #{r.id} [bold]{escape(r.name)}[/] ({row}) in {escape(s.db.location)}")


@cup_app.command("list")
@cli_errors
def cup_list(db: DbOption = DEFAULT_DB, as_json: JsonOption = False) -> None:
    """List the cups in the database.

    Example: skak cup list --json
    """
    from skak.views import to_json

    lines = open_db(db).cup.lines()
    if as_json:
        print_json(to_json(lines))
        return
    table = FittedTable(title="Cups (pokalstævner)")
    for col in ("ID", "Cup", "Row", "Day", "Rounds", "Teams", "Paired"):
        table.add_column(col)
    for c in lines:
        table.add_row(
            str(c.id), escape(c.name), c.row, str(c.day), str(c.rounds), str(c.teams),
            str(c.paired),
        )  # fmt: skip
    print_table(table.fit(names={1}, texts={2}))


@cup_app.command("teams")
@cli_errors
def cup_teams(
    file: Annotated[
        str | None,
        typer.Argument(
            help="A CSV, one line a player in list order: team, club, name, id, rating, …"
        ),
    ] = None,
    cup: CupOption = None,
    db: DbOption = DEFAULT_DB,
    as_json: JsonOption = False,
) -> None:
    """Enter the row's teams with their strength lists (5.3 §4), or list them.

    Example: skak cup teams hold.csv
    """
    from skak.views import exact_decimal, to_json

    s = open_db(db)
    if file is not None:
        done = s.cup.teams_file(cup, file)
        out.print(f"{len(done.after.teams)} teams entered")
        print_notes([n for t in s.cup.teams(cup) for n in t.notes])
        return
    teams = s.cup.teams(cup)
    if as_json:
        print_json(to_json(teams))
        return
    for t in teams:
        avg = "" if t.average is None else f", first four average {exact_decimal(t.average)}"
        table = FittedTable(title=f"{escape(t.team)} ({escape(t.club)}{avg})")
        for col in ("No.", "Id", "Name", "Club", "Rating", "Born"):
            table.add_column(col)
        for p in t.players:
            table.add_row(
                str(p.number), escape(p.id), escape(p.name), escape(p.club),
                "" if p.rating is None else str(p.rating), str(p.birth_date or ""),
            )  # fmt: skip
        print_table(table.fit(names={2, 3}))
        print_notes(t.notes)


@cup_app.command("pair")
@cli_errors
def cup_pair(
    cup: CupOption = None,
    db: DbOption = DEFAULT_DB,
    as_json: JsonOption = False,
    explain: ExplainOption = False,
) -> None:
    """Pair the next round by team Monrad (5.3 §2, 4.9.1): the first team named has white on
    board 1 and the odd boards (the visiting team, §8).

    Example: skak cup pair --explain
    """
    from skak.views import to_json

    view = open_db(db).cup.pair(cup)
    if as_json:
        print_json(to_json(view))
        return
    _show_round(view, explain)


@cup_app.command("round")
@cli_errors
def cup_round(
    number: Annotated[int, typer.Argument(help="The round.")],
    cup: CupOption = None,
    db: DbOption = DEFAULT_DB,
    as_json: JsonOption = False,
) -> None:
    """Show a round: its pairings, players, averages and results.

    Example: skak cup round 1
    """
    from skak.views import to_json

    view = open_db(db).cup.round(cup, number)
    if as_json:
        print_json(to_json(view))
        return
    _show_round(view, True)


def _show_round(view: "CupRoundView", explain: bool) -> None:
    from skak.views import exact_decimal

    table = FittedTable(title=f"Round {view.round} (runde)")
    for col in ("White on board 1", "Home", "Result", "Averages"):
        table.add_column(col)
    for m in view.matches:
        result = (
            ""
            if m.first_points is None or m.second_points is None
            else f"{exact_decimal(m.first_points)}-{exact_decimal(m.second_points)}"
        )
        averages = "/".join(
            "—" if a is None else exact_decimal(a) for a in (m.first_average, m.second_average)
        )
        table.add_row(escape(m.first), escape(m.second), result, averages)
    print_table(table.fit(names={0, 1}))
    if view.bye:
        out.print(f"Free round (oversidder): {escape(view.bye)}")
    lines = list(view.explanation) if explain else []
    for m in view.matches:
        lines += list(m.notes)
    for line in lines:
        out.print(escape(line))


@cup_app.command("lineup")
@cli_errors
def cup_lineup(
    number: Annotated[int, typer.Argument(metavar="ROUND", help="The round.")],
    team: Annotated[str, typer.Argument(help="The team.")],
    players: Annotated[list[str], typer.Argument(help="Player ids, board 1 first.")],
    cup: CupOption = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Enter a team's players for a round (by default the first four of its list). Refused
    above the Bredde row's average of 1800 (5.3 §4).

    Example: skak cup lineup 1 "Skakklubben" 101 102 103 105
    """
    done = open_db(db).cup.lineup(cup, number, team, players)
    out.print(
        f"Line-up of {escape(team)} for round {number} entered"
        if done.events
        else "Nothing changed"
    )
    print_notes(done.notes)


@cup_app.command("result")
@cli_errors
def cup_result(
    number: Annotated[int, typer.Argument(metavar="ROUND", help="The round.")],
    first: Annotated[str, typer.Argument(help="The team with white on board 1.")],
    results: Annotated[
        list[str],
        typer.Argument(
            help="Per board from its side: 1 ½ 0, + / - (the other / its player not there), "
            "x, . (not filled in)."
        ),
    ],
    cup: CupOption = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Enter a round card (rundekort, 5.3 §8).

    Example: skak cup result 1 "Team B" 1 ½ 0 1
    """
    done = open_db(db).cup.result(cup, number, first, results)
    out.print("Result entered" if done.events else "Nothing changed (entered so already)")


@cup_app.command("standings")
@cli_errors
def cup_standings(
    cup: CupOption = None,
    db: DbOption = DEFAULT_DB,
    as_json: JsonOption = False,
    explain: ExplainOption = False,
) -> None:
    """The row's standings (5.3 §8): board points, match points, the direct encounter; for
    first place §9's play-off.

    Example: skak cup standings --explain
    """
    from skak.views import exact_decimal, to_json

    view = open_db(db).cup.standings(cup)
    if as_json:
        print_json(to_json(view))
        return
    table = FittedTable(title=f"{escape(view.name)} ({view.row})")
    for col in ("#", "Team", "BP", "MP", "Placed by"):
        table.add_column(col)
    for r in view.standings:
        table.add_row(
            f"{r.rank}{'=' if r.shared else ''}", escape(r.team), exact_decimal(r.board_points),
            exact_decimal(r.match_points), escape(r.decided_by),
        )  # fmt: skip
    print_table(table.fit(names={1}, texts={4}))
    if view.playoff:
        out.print(
            f"First place: {escape(' and '.join(view.playoff))} play a blitz play-off (5.3 §9): "
            "skak cup playoff"
        )
    if explain:
        for line in view.explanation:
            out.print(escape(line))


@cup_app.command("playoff")
@cli_errors
def cup_playoff(
    first: Annotated[str, typer.Argument(help="The team with white on board 1 in the play-off.")],
    second: Annotated[str, typer.Argument(help="The other team.")],
    results: Annotated[
        list[str], typer.Argument(help="Per board from the first team's side: 1 ½ 0.")
    ],
    cup: CupOption = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Enter §9's blitz play-off between the two teams tied for first: colours swapped from
    their match, a draw scores 1 for black, then board 1 decides. Entered again, it
    corrects the earlier entry.

    Example: skak cup playoff "Team B" "Team A" 1 0 ½ 1
    """
    s = open_db(db)
    done = s.cup.playoff(cup, first, second, results)
    out.print(
        "Play-off entered"
        if done.events
        else "Play-off: nothing changed (it was entered so already)"
    )
    view = s.cup.standings(cup)
    for line in view.explanation:
        if line.startswith("first place"):
            out.print(escape(line))
