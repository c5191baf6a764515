"""Tables an arbiter prints before a tournament: round-robin schedules, Varma groups and
draws, knock-out brackets and Olympiad team drafts (``skak schedule``, ``varma``,
``knockout``, ``olympiad``). The views and their size limits are in
:mod:`skak.views.systems`; ``varma --from-tournament`` and ``olympiad --from-tournament``
work on the players of a tournament and write nothing.
"""

from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape

from skak.errors import InputError
from skak.faces.cli._common import (
    DEFAULT_DB,
    DbOption,
    JsonOption,
    TournamentOption,
    app,
    cli_errors,
    open_db,
    out,
    print_json,
)
from skak.faces.cli._output import print_table
from skak.faces.cli._tables import FittedTable
from skak.faces.i18n import _, say

if TYPE_CHECKING:  # the views (and the pairing tables) are imported in the commands
    from skak.views import KnockoutView, OlympiadView, VarmaDrawView
    from skak.views.systems import Delegation, RankedPlayer

__all__ = [
    "knockout_bracket",
    "olympiad_command",
    "schedule",
    "varma",
]

knockout_app = typer.Typer(
    help="DSU's knock-out system (003 §4.9.7): seeding bracket and match state.",
    no_args_is_help=True,
)
app.add_typer(knockout_app, name="knockout")

FromTournamentOpt = Annotated[
    bool,
    typer.Option(
        "--from-tournament",
        help="Use the players of the tournament (--tournament) instead of --players N.",
    ),
]


@app.command("schedule")
@cli_errors
def schedule(
    players: Annotated[int, typer.Option("--players", "-n", help="Number of players.")],
    system: Annotated[
        str, typer.Option("--system", "-s", help="berger (FIDE C.06 annex 1) or dsu (4.9.11).")
    ] = "berger",
    double: Annotated[
        bool, typer.Option("--double", help="Double round robin (dobbeltrundig).")
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Print a round-robin schedule (alle-mod-alle rundeskema) by draw number, for 3–1000
    players (DSU's printed schedules go up to 24; the rule works for any number).

    Example: skak schedule --players 8 --system dsu --double
    """
    from skak.views import schedule_view, to_json

    view = schedule_view(players, system, double)
    if as_json:
        print_json(to_json(view))
        return
    table = FittedTable(title=f"Round robin for {players} ({system}, {view.cycles} cycle(s))")
    table.add_column("Round", justify="right")
    table.add_column("Pairings (white–black; 0 = free round)")
    for i, rnd in enumerate(view.rounds, start=1):
        games = [f"{w}–{b}" for w, b in rnd if w and b]
        free = [f"{w or b} free" for w, b in rnd if not (w and b)]
        table.add_row(str(i), "   ".join(games + free))
    print_table(table.fit(texts={1}))


def _one_source(players: int | None, from_tournament: bool, example: str) -> None:
    if players is not None and from_tournament:
        raise InputError("give --players N or --from-tournament, not both")
    if players is None and not from_tournament:
        raise InputError(
            "give --players N, or --from-tournament for the players of the tournament; "
            f"e.g. {example}"
        )


def _delegation(by: str | None) -> "Delegation":
    if by is None or by == "federation":
        return "federation"
    if by == "club":
        return "club"
    raise InputError(f"--by {by!r}: federation or club")


def _lot_seed(seed: str | None) -> str | int | None:
    """A seed as typed: digits are a number (as ``--setting seed=7``), anything else text."""
    if seed is None:
        return None
    text = seed.strip()
    return int(text) if text.lstrip("-").isdigit() else text


@app.command("varma")
@cli_errors
def varma(
    players: Annotated[
        int | None, typer.Option("--players", "-n", help="Show the Varma groups for N players.")
    ] = None,
    from_tournament: FromTournamentOpt = False,
    by: Annotated[
        str | None,
        typer.Option(
            "--by",
            help="With --from-tournament: federation (default) or club draws from one group.",
        ),
    ] = None,
    seed: Annotated[
        str | None,
        typer.Option(
            "--seed",
            help="With --from-tournament: seed for the lots (default: a new one, printed).",
        ),
    ] = None,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
    as_json: JsonOption = False,
) -> None:
    """Print the Varma groups (FIDE C.06 annex 2) for 9–24 players, or draw the start
    numbers (lodtrækningsnumre) of the tournament's players by them.

    Players of one federation or club draw their numbers from one group, so they meet
    early in the round robin. --from-tournament writes nothing: register the players in
    the order of the numbers drawn.

    Example: skak varma --players 12

    Example: skak varma --from-tournament --by club --seed 2026
    """
    from skak.views import to_json, varma_draw_view, varma_groups_view

    _one_source(players, from_tournament, "skak varma --from-tournament --by club")
    if players is None:
        t = open_db(db).tournaments.get(tournament)
        draw = varma_draw_view(t, _delegation(by), _lot_seed(seed))
        if as_json:
            print_json(to_json(draw))
        else:
            _print_draw(draw)
        return
    if by is not None or seed is not None:
        raise InputError("--by and --seed belong to a draw: use them with --from-tournament")
    view = varma_groups_view(players)
    if as_json:
        print_json(to_json(view))
        return
    table = FittedTable(title=f"Varma groups for {players} players (table {view.table})")
    table.add_column("Group")
    table.add_column("Draw numbers")
    table.add_column("Last meeting within the group", justify="right")
    for name, numbers in view.groups.items():
        last = view.latest_meeting.get(name)
        table.add_row(name, ", ".join(map(str, numbers)), "" if last is None else f"round {last}")
    print_table(table.fit(texts={1}))


def _print_draw(draw: "VarmaDrawView") -> None:
    """The Varma draw for a tournament's players (FIDE C.06 annex 2), printed, never stored."""
    by = _("federation") if draw.by == "federation" else _("club")
    table = FittedTable(
        title=_("Varma draw for the {n} players of {tournament} (table {table}, by {by})").format(
            n=draw.players, tournament=escape(draw.tournament), table=draw.table, by=by
        )
    )
    table.add_column(_("Start no. drawn"), justify="right")
    table.add_column(_("Group"))
    table.add_column(_("Player"))
    table.add_column(by.capitalize())
    table.add_column(_("Registered as"), justify="right")
    for row in draw.numbers:
        table.add_row(
            str(row.number),
            row.group,
            escape(row.name),
            escape(row.delegation or ""),
            str(row.start_number),
        )
    print_table(table.fit(names={2, 3}))
    for line in draw.explanation:
        out.print(escape(say(line)), soft_wrap=True)
    out.print(f"[bold]{escape(say(draw.note))}[/]", soft_wrap=True)


@knockout_app.command("bracket")
@cli_errors
def knockout_bracket(
    players: Annotated[
        int | None,
        typer.Option(
            "--players", "-n", help="Show the empty bracket for N players instead of a tournament."
        ),
    ] = None,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show the knock-out bracket: seed groups by draw number for N players, or the state of
    every match of the current knock-out tournament.

    Example: skak knockout bracket --players 16
    """
    from skak.views import bracket_view, knockout_view, to_json

    if players is not None:
        empty = bracket_view(players)
        if as_json:
            print_json(to_json(empty))
            return
        table = FittedTable(
            title=f"Knock-out bracket for {players} players "
            f"({empty.size} places, {empty.byes} bye(s))"
        )
        table.add_column("Draw no.", justify="right")
        table.add_column("Seeds")
        for row in empty.draw_numbers:
            low, high = row.seeds
            table.add_row(str(row.draw_number), f"{low}–{high}" if low != high else str(low))
        print_table(table.fit())
        rounds = " → ".join(r.name for r in empty.rounds)
        out.print(f"Matches in round 1: draw numbers 1–2, 3–4, …; then {escape(rounds)}")
        return
    view = knockout_view(open_db(db).tournaments.get(tournament))
    if as_json:
        print_json(to_json(view))
        return
    _print_state(view)


def _print_state(view: "KnockoutView") -> None:
    def who(n: int | None) -> str:
        return "bye (fri)" if n is None else f"{n} {view.names.get(n, '')}".strip()

    for rnd in view.rounds:
        table = FittedTable(title=rnd.name)
        table.add_column("Match", justify="right")
        table.add_column("Players")
        table.add_column("Score", justify="center")
        table.add_column("Stage")
        table.add_column("Status")
        for m in rnd.matches:
            table.add_row(
                str(m.match),
                escape(" – ".join(who(n) for n in m.players)),
                escape("–".join(m.score)),
                escape(m.stage or ""),
                escape(m.status + (f": {m.how}" if m.how else "")),
            )
        print_table(table.fit(names={1}, texts={3, 4}))
    if view.winner is not None:
        out.print(f"Winner: {escape(who(view.winner))}")


@app.command("olympiad")
@cli_errors
def olympiad_command(
    teams: Annotated[int, typer.Option("--teams", "-t", help="Number of teams (hold).")],
    players: Annotated[
        int | None, typer.Option("--players", "-n", help="Number of players, ranked 1…N.")
    ] = None,
    from_tournament: FromTournamentOpt = False,
    db: DbOption = DEFAULT_DB,
    tournament: Annotated[
        str | None,
        typer.Option(
            "--tournament",
            help="With --from-tournament: tournament ID or name; may be left out when the "
            "database holds only one.",
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Split players ranked by strength into teams (Olympiadeturnering, DSU 4.9.9.5) and
    print the all-teams-play-all schedule.

    --from-tournament drafts the tournament's players, ranked by DSU rating, then FIDE
    rating, then start number; nothing is written.

    Example: skak olympiad --players 24 --teams 4

    Example: skak olympiad --from-tournament --teams 4
    """
    from skak.views import olympiad_view, to_json

    _one_source(players, from_tournament, "skak olympiad --from-tournament --teams 4")
    source = open_db(db).tournaments.get(tournament) if players is None else players
    view = olympiad_view(source, teams)
    if as_json:
        print_json(to_json(view))
        return
    _print_olympiad(view)


def _print_olympiad(view: "OlympiadView") -> None:
    from skak.views import Omitted

    ranking = None if isinstance(view.ranking, Omitted) else view.ranking
    of = "" if isinstance(view.tournament, Omitted) else f" of {escape(view.tournament)}"
    table = FittedTable(title=f"Olympiad draft: {view.players} players{of} into {view.teams} teams")
    table.add_column("Team", justify="right")
    table.add_column(
        "Players (rank by strength)" + (", board order" if ranking is not None else "")
    )
    table.add_column("Rank sum", justify="right")
    for team in view.draft:
        if ranking is not None:
            who = "; ".join(
                f"{r}. {escape(ranking[r - 1].name)} ({_rating_text(ranking[r - 1])})"
                for r in team.players
            )
        else:
            who = " ".join(map(str, team.players))
        table.add_row(str(team.team), who, str(team.rank_sum))
    print_table(table.fit(texts={1}))
    for rnd in view.schedule:
        matches = ", ".join(f"{m.white_team}–{m.black_team}" for m in rnd.matches)
        bye = f" (team {rnd.bye} free)" if rnd.bye else ""
        out.print(f"Round {rnd.round}: {matches}{bye}")
    if ranking is not None:
        out.print("Nothing was saved: the draft is printed only.")


def _rating_text(p: "RankedPlayer") -> str:
    if p.rating is not None:
        return str(p.rating)
    return f"FIDE {p.fide_rating}" if p.fide_rating is not None else "no rating"
