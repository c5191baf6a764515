"""Tables an arbiter prints before a tournament: round-robin schedules, Varma groups and
draws, knock-out brackets and Olympiad team drafts (``skak schedule``, ``varma``,
``knockout``, ``olympiad``).

Size limits: a round-robin schedule has 3–1000 players (DSU prints its schedules, 003
§4.9.11, up to 24; the rule that makes them, like Berger's, works for any number, and 1000
is far beyond any round robin while it keeps the output printable); a knock-out bracket has
4–1024 players (:data:`skak.pairing.knockout.MAX_BRACKET_PLAYERS`); an Olympiad draft at most
1000 players. ``varma --from-tournament`` and ``olympiad --from-tournament`` work on the
players of a tournament and write nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal

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
from skak.model.player import Player
from skak.model.tournament import Tournament
from skak.pairing.berger import berger_schedule
from skak.pairing.dsu_rr import dsu_schedule
from skak.pairing.knockout import bracket, bracket_state
from skak.pairing.varma import varma_draw, varma_entries, varma_group_numbers, varma_groups
from skak.teams.olympiad import olympiad

__all__ = [
    "MAX_OLYMPIAD_PLAYERS",
    "MAX_SCHEDULE_PLAYERS",
    "knockout_bracket",
    "olympiad_command",
    "schedule",
    "varma",
]

#: The most players ``skak schedule`` prints a round robin for (any system).
MAX_SCHEDULE_PLAYERS = 1000
#: The most players ``skak olympiad`` drafts.
MAX_OLYMPIAD_PLAYERS = 1000

knockout_app = typer.Typer(
    help="DSU's knock-out system (003 §4.9.7): seeding bracket and match state.",
    no_args_is_help=True,
)
app.add_typer(knockout_app, name="knockout")

PlayersOpt = Annotated[int, typer.Option("--players", "-n", help="Number of players.")]
FromTournamentOpt = Annotated[
    bool,
    typer.Option(
        "--from-tournament",
        help="Use the players of the tournament (--tournament) instead of --players N.",
    ),
]


def schedule_json(players: int, system: str, double: bool) -> dict[str, Any]:
    """Rounds as lists of ``[white, black]`` start numbers; the free round as ``0``.

    :raises InputError: outside 3–:data:`MAX_SCHEDULE_PLAYERS` players or for an unknown
        system.
    """
    make = {"berger": berger_schedule, "dsu": dsu_schedule}.get(system)
    if make is None:
        raise InputError(f"unknown schedule {system!r}: berger or dsu")
    if players < 3:
        raise InputError(f"a round robin needs at least 3 players, not {players}")
    if players > MAX_SCHEDULE_PLAYERS:
        raise InputError(
            f"a round-robin schedule here has at most {MAX_SCHEDULE_PLAYERS} players, not "
            f"{players} (DSU prints its schedules, 4.9.11, for up to 24; the rule, like "
            "Berger's, works for any number)"
        )
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
    """Print a round-robin schedule (alle-mod-alle rundeskema) by draw number, for 3–1000
    players (DSU's printed schedules go up to 24; the rule works for any number).

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


Delegation = Literal["federation", "club"]


def _from_round_one(t: Tournament) -> list[Player]:
    """The players registered from round 1 and not withdrawn before it, by start number."""
    return [p for p in t.players if (p.late_from or 1) == 1 and not p.is_withdrawn(1)]


def _one_source(players: int | None, from_tournament: bool, example: str) -> None:
    if players is not None and from_tournament:
        raise InputError("give --players N or --from-tournament, not both")
    if players is None and not from_tournament:
        raise InputError(
            "give --players N, or --from-tournament for the players of the tournament; "
            f"e.g. {example}"
        )


def _delegation(by: str | None) -> Delegation:
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
    _one_source(players, from_tournament, "skak varma --from-tournament --by club")
    if players is None:
        t = open_db(db).load(tournament)
        _varma_draw(t, _delegation(by), _lot_seed(seed), as_json)
        return
    if by is not None or seed is not None:
        raise InputError("--by and --seed belong to a draw: use them with --from-tournament")
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


_NOT_SAVED = (
    "Nothing was saved: register the players in the order of the start numbers drawn "
    "(start number = lodtrækningsnummer) before round 1 is paired."
)


def _varma_draw(t: Tournament, by: Delegation, seed: str | int | None, as_json: bool) -> None:
    """The Varma draw for ``t``'s players (FIDE C.06 annex 2), printed, never stored."""
    if t.rounds:
        raise InputError(
            f"round {t.current_round} of {t.name!r} has been paired: the Varma draw gives the "
            "start numbers before round 1"
        )
    field = _from_round_one(t)
    entries = varma_entries(field, by=by)
    draw = varma_draw(entries, seed=seed, kind=by)
    notes = list(draw.explanation)
    if t.pairing_system not in ("berger", "dsu-rr"):
        notes.append(
            f"note: {t.name!r} is paired by {t.pairing_system}; the Varma tables are made for "
            "a round robin by the Berger tables (berger or dsu-rr)"
        )
    rows = sorted(zip(draw.numbers, field, entries, strict=True), key=lambda row: row[0])
    group_of = {n: g for g, nums in varma_group_numbers(draw.players).items() for n in nums}
    if as_json:
        data = draw.as_dict(entries)
        data.update(
            tournament=t.name,
            by=by,
            saved=False,
            numbers=[
                {
                    "number": n,
                    "group": group_of[n],
                    "start_number": p.start_number,
                    "name": p.name,
                    "delegation": e.delegation,
                }
                for n, p, e in rows
            ],
            explanation=notes,
            note=_NOT_SAVED,
        )
        print_json(data)
        return
    table = Table(
        title=f"Varma draw for the {draw.players} players of {escape(t.name)} "
        f"(table {draw.table}, by {by})"
    )
    table.add_column("Start no. drawn", justify="right")
    table.add_column("Group")
    table.add_column("Player")
    table.add_column(by.capitalize())
    table.add_column("Registered as", justify="right")
    for n, p, e in rows:
        table.add_row(
            str(n), group_of[n], escape(p.name), escape(e.delegation or ""), str(p.start_number)
        )
    out.print(table)
    for line in notes:
        out.print(escape(line), soft_wrap=True)
    out.print(f"[bold]{escape(_NOT_SAVED)}[/]", soft_wrap=True)


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


def _strength_order(t: Tournament, players: Sequence[Player]) -> list[Player]:
    """``players`` strongest first: DSU rating of the tournament's kind, then FIDE rating, then
    start number; a missing rating below every rating."""
    kind = t.rated_kind.dsu_rating_field

    def key(p: Player) -> tuple[bool, int, bool, int, int]:
        dsu, fide = p.rating(kind), p.ratings.fide
        return (dsu is None, -(dsu or 0), fide is None, -(fide or 0), p.start_number)

    return sorted(players, key=key)


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
    _one_source(players, from_tournament, "skak olympiad --from-tournament --teams 4")
    t: Tournament | None = None
    ranked: list[Player] = []
    if players is None:
        t = open_db(db).load(tournament)
        ranked = _strength_order(t, _from_round_one(t))
        players = len(ranked)
    if players > MAX_OLYMPIAD_PLAYERS:
        raise InputError(
            f"an Olympiad draft here has at most {MAX_OLYMPIAD_PLAYERS} players, not {players}"
        )
    data: dict[str, Any] = dict(olympiad(players, teams))
    if t is not None:
        _name_the_draft(data, t, ranked)
    if as_json:
        print_json(data)
        return
    of = f" of {escape(t.name)}" if t is not None else ""
    table = Table(title=f"Olympiad draft: {players} players{of} into {teams} teams")
    table.add_column("Team", justify="right")
    table.add_column("Players (rank by strength)" + (", board order" if t is not None else ""))
    table.add_column("Rank sum", justify="right")
    for team in data["draft"]:
        if t is not None:
            who = "; ".join(
                f"{r}. {escape(ranked[r - 1].name)} ({_rating_text(t, ranked[r - 1])})"
                for r in team["players"]
            )
        else:
            who = " ".join(map(str, team["players"]))
        table.add_row(str(team["team"]), who, str(team["rank_sum"]))
    out.print(table)
    for rnd in data["schedule"]:
        matches = ", ".join(f"{m['white_team']}–{m['black_team']}" for m in rnd["matches"])
        bye = f" (team {rnd['bye']} free)" if rnd.get("bye") else ""
        out.print(f"Round {rnd['round']}: {matches}{bye}")
    if t is not None:
        out.print("Nothing was saved: the draft is printed only.")


def _name_the_draft(data: dict[str, Any], t: Tournament, ranked: Sequence[Player]) -> None:
    """Add the players behind the ranks to :func:`olympiad`'s data."""
    kind = t.rated_kind.dsu_rating_field
    data["tournament"] = t.name
    data["ranking"] = [
        {
            "rank": r,
            "start_number": p.start_number,
            "name": p.name,
            "rating": p.rating(kind),
            "fide_rating": p.ratings.fide,
        }
        for r, p in enumerate(ranked, start=1)
    ]
    for team in data["draft"]:
        team["start_numbers"] = [ranked[r - 1].start_number for r in team["players"]]
        team["names"] = [ranked[r - 1].name for r in team["players"]]
    data["explanation"].insert(
        1,
        f"the {len(ranked)} players of {t.name!r} ranked by strength: DSU rating, then FIDE "
        "rating, then start number",
    )


def _rating_text(t: Tournament, p: Player) -> str:
    dsu = p.rating(t.rated_kind.dsu_rating_field)
    if dsu is not None:
        return str(dsu)
    return f"FIDE {p.ratings.fide}" if p.ratings.fide is not None else "no rating"
