"""Tables an arbiter prints before a tournament: round-robin schedules, Varma groups,
knock-out brackets and Olympiad team drafts (``skak schedule``, ``varma``, ``knockout``,
``olympiad``)."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from skak.cli._common import (
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
from skak.errors import InputError
from skak.pairing.berger import berger_schedule
from skak.pairing.dsu_rr import dsu_schedule
from skak.pairing.knockout import bracket, bracket_state
from skak.pairing.varma import varma_groups
from skak.teams.olympiad import olympiad

__all__ = ["knockout_bracket", "olympiad_command", "schedule", "varma"]

knockout_app = typer.Typer(
    help="DSU's knock-out system (003 §4.9.7): seeding bracket and match state.",
    no_args_is_help=True,
)
app.add_typer(knockout_app, name="knockout")

PlayersOpt = Annotated[int, typer.Option("--players", "-n", help="Number of players.")]


def schedule_json(players: int, system: str, double: bool) -> dict[str, Any]:
    """Rounds as lists of ``[white, black]`` start numbers; the free round as ``0``."""
    if players < 3:
        raise InputError(f"a round robin needs at least 3 players, not {players}")
    if players > 24 and system == "dsu":
        raise InputError(f"DSU's schedule (4.9.11) is printed for 3–24 players, not {players}")
    make = {"berger": berger_schedule, "dsu": dsu_schedule}.get(system)
    if make is None:
        raise InputError(f"unknown schedule {system!r}: berger or dsu")
    cycles = 2 if double else 1
    rounds = make(players, cycles=cycles)
    free = players + 1 if players % 2 else None
    return {
        "players": players,
        "system": system,
        "cycles": cycles,
        "rounds": [
            [[0 if w == free else w, 0 if b == free else b] for w, b in rnd] for rnd in rounds
        ],
    }


@app.command("schedule")
@cli_errors
def schedule(
    players: PlayersOpt,
    system: Annotated[
        str, typer.Option("--system", "-s", help="berger (FIDE C.06 annex 1) or dsu (4.9.11).")
    ] = "berger",
    double: Annotated[
        bool, typer.Option("--double", help="Double round robin (dobbeltrundig).")
    ] = False,
    as_json: JsonOption = False,
) -> None:
    """Print a round-robin schedule (alle-mod-alle rundeskema) by draw number.

    Example: skak schedule --players 8 --system dsu --double
    """
    data = schedule_json(players, system, double)
    if as_json:
        print_json(data)
        return
    table = Table(title=f"Round robin for {players} ({system}, {data['cycles']} cycle(s))")
    table.add_column("Round", justify="right")
    table.add_column("Pairings (white–black; 0 = free round)")
    for i, rnd in enumerate(data["rounds"], start=1):
        games = [f"{w}–{b}" for w, b in rnd if w and b]
        free = [f"{w or b} free" for w, b in rnd if not (w and b)]
        table.add_row(str(i), "   ".join(games + free))
    out.print(table)


@app.command("varma")
@cli_errors
def varma(players: PlayersOpt, as_json: JsonOption = False) -> None:
    """Print the Varma groups (FIDE C.06 annex 2) for 9–24 players.

    Players of one federation or club draw their numbers from one group, so they meet
    early in the round robin.

    Example: skak varma --players 12
    """
    data = varma_groups(players)
    if as_json:
        print_json(data)
        return
    table = Table(title=f"Varma groups for {players} players (table {data['table']})")
    table.add_column("Group")
    table.add_column("Draw numbers")
    table.add_column("Last meeting within the group", justify="right")
    groups: dict[str, list[int]] = data["groups"]  # type: ignore[assignment]
    latest: dict[str, int | None] = data["latest_meeting"]  # type: ignore[assignment]
    for name, numbers in groups.items():
        last = latest.get(name)
        table.add_row(name, ", ".join(map(str, numbers)), "" if last is None else f"round {last}")
    out.print(table)


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
    if players is not None:
        data = bracket(players)
        if as_json:
            print_json(data)
            return
        table = Table(
            title=f"Knock-out bracket for {players} players "
            f"({data['size']} places, {data['byes']} bye(s))"
        )
        table.add_column("Draw no.", justify="right")
        table.add_column("Seeds")
        for row in data["draw_numbers"]:
            low, high = row["seeds"]
            table.add_row(str(row["draw_number"]), f"{low}–{high}" if low != high else str(low))
        out.print(table)
        rounds = " → ".join(r["name"] for r in data["rounds"])
        out.print(f"Matches in round 1: draw numbers 1–2, 3–4, …; then {escape(rounds)}")
        return
    t = open_db(db).load(tournament)
    if t.pairing_system != "knockout":
        raise InputError(
            f"tournament {t.name!r} is paired by {t.pairing_system}, not knockout; "
            "use --players N for an empty bracket"
        )
    state = bracket_state(t)
    if as_json:
        print_json(state)
        return
    _print_state(state, {p.start_number: p.name for p in t.players})


def _print_state(state: dict[str, Any], names: dict[int, str]) -> None:
    def who(n: int | None) -> str:
        return "bye (fri)" if n is None else f"{n} {names.get(n, '')}".strip()

    for rnd in state["rounds"]:
        table = Table(title=str(rnd["name"]))
        table.add_column("Match", justify="right")
        table.add_column("Players")
        table.add_column("Score", justify="center")
        table.add_column("Stage")
        table.add_column("Status")
        for m in rnd["matches"]:
            table.add_row(
                str(m["match"]),
                escape(" – ".join(who(n) for n in m["players"])),
                escape("–".join(m["score"])),
                escape(str(m["stage"] or "")),
                escape(str(m["status"]) + (f": {m['how']}" if m.get("how") else "")),
            )
        out.print(table)
    if state["winner"] is not None:
        out.print(f"Winner: {escape(who(state['winner']))}")


@app.command("olympiad")
@cli_errors
def olympiad_command(
    players: PlayersOpt,
    teams: Annotated[int, typer.Option("--teams", "-t", help="Number of teams (hold).")],
    as_json: JsonOption = False,
) -> None:
    """Split players ranked by strength into teams (Olympiadeturnering, DSU 4.9.9.5) and
    print the all-teams-play-all schedule.

    Example: skak olympiad --players 24 --teams 4
    """
    data: dict[str, Any] = dict(olympiad(players, teams))
    if as_json:
        print_json(data)
        return
    table = Table(title=f"Olympiad draft: {players} players into {teams} teams")
    table.add_column("Team", justify="right")
    table.add_column("Players (rank by strength)")
    table.add_column("Rank sum", justify="right")
    for team in data["draft"]:
        table.add_row(
            str(team["team"]),
            " ".join(map(str, team["players"])),
            str(team["rank_sum"]),
        )
    out.print(table)
    for rnd in data["schedule"]:
        matches = ", ".join(f"{m['white_team']}–{m['black_team']}" for m in rnd["matches"])
        bye = f" (team {rnd['bye']} free)" if rnd.get("bye") else ""
        out.print(f"Round {rnd['round']}: {matches}{bye}")
