"""The ``skak`` command: thin commands over :class:`skak.api.Skak`.

Each command opens the database, calls one API method and prints the outcome. Errors from
skak (:class:`skak.errors.SkakError`) are printed in plain words on standard error and end the
command with the exit code of the README's table; nothing else catches them.
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from skak.api import check_new_tournament
from skak.cli import render
from skak.cli._common import (
    DEFAULT_DB,
    NUMBERS,
    DbOption,
    ForceOption,
    JsonOption,
    TournamentOption,
    app,
    cli_errors,
    err,
    export_app,
    open_db,
    out,
    parse_date,
    parse_setting,
    print_json,
    print_notes,
    round_app,
    scoring_from,
    write_output,
)
from skak.errors import InputError
from skak.io.results_text import parse_board_lines, parse_result_word
from skak.model.events import PlayerWithdrawn, describe
from skak.model.results import Result
from skak.model.tournament import RatedKind, Tournament
from skak.views import (
    board_line,
    crosstable_view,
    pending_playoff,
    round_view,
    standings_view,
    system_names,
    tiebreak_lists,
    to_json,
    tournament_lines,
)
from skak.views import pairing_system as find_system

__all__ = ["app", "main", "normalise_argv"]

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
    start: Annotated[str | None, typer.Option(help="First day, YYYY-MM-DD.")] = None,
    end: Annotated[str | None, typer.Option(help="Last day, YYYY-MM-DD.")] = None,
    kind: Annotated[
        RatedKind, typer.Option(help="Rated as standard (langsom), rapid (hurtig) or blitz (lyn).")
    ] = RatedKind.STANDARD,
    time_control: Annotated[
        str | None, typer.Option(help="Time control (betænkningstid), e.g. '90 min + 30 s'.")
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
    db: DbOption = DEFAULT_DB,
) -> None:
    """Create a tournament (turnering), creating the database if needed.

    Example: skak new "Klubmesterskab 2026" --system berger --place Aarhus --start 2026-09-01
    """
    pairing_system = find_system(system)
    tournament = Tournament(
        name=name.strip(),
        pairing_system=pairing_system.name,
        number_of_rounds=rounds,
        place=place,
        start_date=parse_date(start, "start date"),
        end_date=parse_date(end, "end date"),
        rated_kind=kind,
        rated=not unrated,
        time_control=time_control,
        pairing_settings=tuple(parse_setting(s) for s in setting or []),
        scoring=scoring_from(
            replace(pairing_system.default_scoring, gladiator=gladiator), scoring or []
        ),
        tiebreaks=tuple(tiebreak or ([] if not gladiator else ["GLO", "GLR", "DE"])),
    )
    check_new_tournament(tournament)  # a bad setting or code is refused before anything is written
    s = open_db(db, create=True)
    row = s.create(tournament)
    out.print(
        f"Created tournament #{row.id} [bold]{escape(row.name)}[/] "
        f"({escape(pairing_system.title)}) in {escape(s.db.location)}"
    )


@app.command("tournaments")
@cli_errors
def list_tournaments(db: DbOption = DEFAULT_DB, as_json: JsonOption = False) -> None:
    """List the tournaments in the database.

    Example: skak tournaments --json
    """
    lines = tournament_lines(open_db(db).tournaments())
    if as_json:
        print_json(to_json(lines))
    else:
        out.print(render.tournaments_table(lines))


# -- rounds and results --------------------------------------------------------------------


@app.command()
@cli_errors
def pair(
    allow_unfinished: Annotated[
        bool,
        typer.Option(
            "--allow-unfinished",
            help="Pair although results are missing; those games count as draws.",
        ),
    ] = False,
    explain: Annotated[
        bool, typer.Option("--explain", help="Say why the pairing is as it is.")
    ] = False,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
    as_json: JsonOption = False,
) -> None:
    """Pair the next round (rundelægning) with the tournament's pairing system.

    Example: skak pair --explain
    """
    done = open_db(db).pair_round(tournament, allow_unfinished=allow_unfinished)
    rnd = done.after.rounds[-1]
    view = round_view(done.after, rnd)
    if as_json:
        print_json(to_json(view))
        return
    out.print(render.round_table(view))
    print_notes(done.notes)
    if explain:
        _print_explanation(rnd.explanation)


def _print_explanation(lines: tuple[str, ...]) -> None:
    out.print("[bold]Why (begrundelse):[/]")
    for line in lines:
        out.print(f"  • {escape(line)}")


@app.command(context_settings=NUMBERS)
@cli_errors
def result(
    round_number: Annotated[int, typer.Argument(metavar="ROUND", help="Round number.")],
    board: Annotated[int, typer.Argument(help="Board number (bræt).")],
    outcome: Annotated[
        str,
        typer.Argument(
            metavar="RESULT",
            help="1-0, ½-½ (or 1/2-1/2, =), 0-1, +- / -+ (forfeit, udeblivelse: white / black "
            "wins), -- (both forfeit) or unfinished (afbrudt).",
        ),
    ],
    playoff: Annotated[
        str | None,
        typer.Option(
            help="Gladiator (4.9.8): the play-off of a drawn game, comma-separated, each from "
            "that game's white side; the replay has reversed colours, e.g. '½-½,0-1'.",
        ),
    ] = None,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Enter or correct a result (resultat).

    Example: skak result 1 3 ½-½ --playoff 1-0
    """
    parsed = Result.parse(outcome)
    games = tuple(Result.parse(g.strip()) for g in playoff.split(",")) if playoff else ()
    done = open_db(db).result_entry(tournament, round_number, board, parsed, games)
    assert done.before is not None
    previous = done.before.round(round_number).board(board).result
    t = done.after
    p = t.round(round_number).board(board)
    if not done.events:
        out.print(
            f"Round {round_number} board {board}: {escape(board_line(t, p))} has {parsed} "
            "already; nothing changed"
        )
        return
    corrected = f", corrected from {previous}" if previous is not None else ""
    out.print(
        f"Round {round_number} board {board}: {escape(board_line(t, p))} "
        f"{parsed} ({parsed.label}{corrected})"
        + (f", play-off {' '.join(str(g) for g in games)}" if games else "")
    )
    print_notes(done.notes)
    if pending_playoff(t, p):
        err.print(
            "Gladiator (4.9.8): the play-off has no winner yet; enter it with "
            f"skak result {round_number} {board} ½-½ --playoff …"
        )


@app.command(context_settings=NUMBERS)
@cli_errors
def results(
    round_number: Annotated[int, typer.Argument(metavar="ROUND", help="Round number.")],
    outcomes: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="[RESULT]...",
            help="One result per game in board order (the bye left out): 1-0, ½-½, 0-1, +-, "
            "-+, --, or the short keys 1, ½ (=), 0, + (white wins by forfeit), - (black wins "
            "by forfeit).",
        ),
    ] = None,
    file: Annotated[
        Path | None,
        typer.Option(
            "--file",
            "-f",
            help="Read lines 'BOARD RESULT' (a Gladiator play-off after it) from this file, "
            "or '-' for standard input.",
        ),
    ] = None,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Enter a whole round's results at once, in one go: all or nothing, each board checked
    as 'skak result' checks it.

    Example: skak results 3 1-0 ½ 0-1 + 1
    """
    if (file is None) == (not outcomes):
        raise InputError("give either the results in board order or --file FILE")
    if file is not None:
        name = "standard input" if str(file) == "-" else str(file)
        try:
            text = sys.stdin.read() if str(file) == "-" else file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise InputError(f"cannot read the file: {e}", location=name) from e
        entries = parse_board_lines(text, name)
        in_order = False
    else:
        words = outcomes or []
        entries = [(i, parse_result_word(w), ()) for i, w in enumerate(words, start=1)]
        in_order = True
    done = open_db(db).enter_results(tournament, round_number, entries, in_board_order=in_order)
    changed = sum(1 for e in done.events)
    out.print(
        f"Round {round_number}: {changed} result{'s' if changed != 1 else ''} entered"
        + ("" if changed == len(entries) else f" ({len(entries) - changed} unchanged)")
    )
    print_notes(done.notes)


@round_app.command("show", context_settings=NUMBERS)
@cli_errors
def round_show(
    number: Annotated[int, typer.Argument(help="Round number.")],
    explain: Annotated[
        bool, typer.Option("--explain", help="Say why the pairing is as it is.")
    ] = False,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show a round's pairings and results.

    Example: skak round show 2 --explain
    """
    view = round_view(open_db(db).load(tournament), number)
    if as_json:
        print_json(to_json(view))
        return
    out.print(render.round_table(view))
    if explain:
        _print_explanation(view.explanation)


TiebreaksOpt = Annotated[
    str | None,
    typer.Option(
        "--tiebreaks",
        help="Tie-breaks (korrektion) in order, comma-separated, e.g. BH/C1,BH,SB; default: the "
        "tournament's own list, else DSU's (§24: Sonneborn-Berger in a round robin, almindelig "
        "korrektion otherwise).",
    ),
]
RulesOpt = Annotated[
    str | None,
    typer.Option(
        "--rules",
        help="A named list instead: " + ", ".join(tiebreak_lists()) + " (it also says how "
        "cash prizes are shared).",
    ),
]
TrfOpt = Annotated[
    Path | None, typer.Option("--trf", help="Read the tournament from this TRF file instead.")
]
RatingKindOpt = Annotated[
    str | None,
    typer.Option("--rating", help="Ratings for ARO, TPR, …: dsu, dsu_rapid, dsu_blitz or fide."),
]
RoundRobinOpt = Annotated[
    bool | None,
    typer.Option(
        "--round-robin/--swiss",
        help="Read the tournament as a round robin or a Swiss (default: from its system).",
    ),
]


@app.command()
@cli_errors
def standings(
    after_round: Annotated[
        int | None, typer.Option(help="Standings after this round; default: the latest.")
    ] = None,
    tiebreaks: TiebreaksOpt = None,
    rules: RulesOpt = None,
    edition: Annotated[
        str | None,
        typer.Option(
            help="Rules for unplayed games: c07-2026, c07-2024, annex-2010; "
            "default: the edition in force on the last day.",
        ),
    ] = None,
    prizes: Annotated[
        str | None,
        typer.Option(
            help="Cash prizes from first place down, e.g. 1000,600,400: tied players share "
            "(DSU §24).",
        ),
    ] = None,
    trf: TrfOpt = None,
    rating: RatingKindOpt = None,
    round_robin: RoundRobinOpt = None,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show the standings (stilling): points, then the tie-breaks; places still level on
    everything are shared. A player who withdrew is handled by DSU §16.

    Example: skak standings --tiebreaks BH/C1,BH,SB --edition c07-2026 --prizes 1000,600
    """
    view = standings_view(
        _load(trf, db, tournament),
        after_round=after_round,
        tiebreaks=tiebreaks,
        rules=rules,
        edition=edition,
        prizes=prizes.split(",") if prizes else None,
        round_robin=round_robin,
        rating=rating,
        with_rating=trf is None,
    )
    if view.rating_note:
        err.print(escape(view.rating_note), soft_wrap=True)
    if as_json:
        print_json(to_json(view))
    else:
        out.print(render.standings_table(view))
        if view.note:
            err.print(escape(view.note))
        if view.prize_basis is not None:
            how = (
                "level on points" if view.prize_basis == "points" else "level after the tie-breaks"
            )
            err.print(f"Cash prizes: players {how} share the prizes of the places they cover.")


@app.command()
@cli_errors
def crosstable(
    after_round: Annotated[
        int | None, typer.Option(help="Crosstable after this round; default: the latest.")
    ] = None,
    tiebreaks: TiebreaksOpt = None,
    rules: RulesOpt = None,
    html: Annotated[
        Path | None,
        typer.Option(
            "--html",
            help="Also write the crosstable as an HTML page: start number, name, rating, club, "
            "each round, points, tie-breaks and place.",
        ),
    ] = None,
    force: ForceOption = False,
    trf: TrfOpt = None,
    round_robin: RoundRobinOpt = None,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show the crosstable (krydstabel) in standings order: each player's opponent (by line
    number), colour (h/s) and result per round, the points and the tie-breaks.

    Example: skak crosstable --html krydstabel.html
    """
    view = crosstable_view(
        _load(trf, db, tournament),
        after_round=after_round,
        tiebreaks=tiebreaks,
        rules=rules,
        round_robin=round_robin,
    )
    if html is not None:
        inputs = [trf] if trf is not None else []
        write_output(render.crosstable_html(view), html, force=force, db=db, inputs=inputs)
    if as_json:
        print_json(to_json(view))
        return
    out.print(render.crosstable_table(view))
    if view.note:
        err.print(escape(view.note))


def _load(trf: Path | None, db: str, tournament: str | None) -> Tournament:
    """The tournament from a TRF file, or from the database."""
    if trf is None:
        return open_db(db).load(tournament)
    from skak.cli.files import read_trf_file

    t = read_trf_file(trf)
    if not any(p.result is not None for r in t.rounds for p in r.pairings):
        raise InputError("the file has no results to rank (no round played)", location=str(trf))
    return t


# -- history -------------------------------------------------------------------------------


@app.command()
@cli_errors
def history(
    db: DbOption = DEFAULT_DB, tournament: TournamentOption = None, as_json: JsonOption = False
) -> None:
    """List every change to the tournament (historik), oldest first.

    Example: skak history
    """
    lines = open_db(db).history(tournament)
    if as_json:
        print_json(to_json(lines))
    else:
        out.print(render.history_table(lines))


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
    undone, t = open_db(db).take_back(tournament, seq=event)
    out.print(f"Undone: event {undone.seq} ({escape(describe(undone.event))})")
    if isinstance(undone.event, PlayerWithdrawn) and undone.event.from_round <= t.current_round:
        out.print(
            f"Note: rounds {undone.event.from_round}–{t.current_round} were paired while the "
            "player was withdrawn; forfeits entered then stay until you correct them "
            "with 'skak result'."
        )


# -- export --------------------------------------------------------------------------------


@export_app.command("json")
@cli_errors
def export_json(
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="File to write; default: standard output.")
    ] = None,
    force: ForceOption = False,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Write the whole tournament and its standings as JSON.

    Example: skak export json -o turnering.json
    """
    export = open_db(db).export(tournament)
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
    from skak.demo import check_players, run_demo

    check_players(players)
    s = open_db(db, create=True)
    row, t = run_demo(s, seed=seed, players=players, console=err)
    out.print(
        f"Tournament #{row.id} [bold]{escape(t.name)}[/] in {escape(s.db.location)}: "
        f"{len(t.players)} players, {t.current_round} rounds, all results in."
    )
    out.print(render.standings_table(standings_view(t)))
    out.print(
        "Look closer with: skak round show 1 --explain, skak history, skak standings --json"
        + ("" if len(s.tournaments()) == 1 else f"  (add --tournament {row.id})")
    )


#: Forfeit results that an option parser would take for options (``-+``) or for the end of
#: the options (``--``), and the spellings ``Result.parse`` reads the same way.
_DASH_RESULTS = {"+-": "1f-0f", "-+": "0f-1f", "--": "0f-0f"}
_OPTIONS_WITH_VALUE = {"--db", "--tournament", "-t"}


def normalise_argv(args: list[str]) -> list[str]:
    """Let ``skak result 1 2 -+`` and ``skak result 1 2 --`` mean what an arbiter means.

    Only the third argument of ``result`` (the result) is rewritten, and only when it is one
    of the forfeit results; for ``results`` every forfeit result after the round number.
    """
    if "results" in args:
        out = list(args)
        start = out.index("results") + 2  # after the round number
        return out[:start] + [_DASH_RESULTS.get(a, a) for a in out[start:]]
    if "result" not in args:
        return args
    out = list(args)
    positional = 0
    j = out.index("result") + 1
    while j < len(out):
        arg = out[j]
        if arg in _OPTIONS_WITH_VALUE:
            j += 2
            continue
        if positional == 2 and arg in _DASH_RESULTS:
            out[j] = _DASH_RESULTS[arg]
            break
        if not arg.startswith("-") or arg[1:].isdecimal():  # -1: a (bad) round or board
            positional += 1
        j += 1
    return out


# Commands in their own modules register themselves on the shared apps.
from skak.cli import files as _files  # noqa: E402, F401
from skak.cli import maintenance as _maintenance  # noqa: E402, F401
from skak.cli import players as _players  # noqa: E402, F401
from skak.cli import rating as _rating  # noqa: E402, F401
from skak.cli import systems as _systems  # noqa: E402, F401


def main() -> None:
    """Console entry point."""
    app(args=normalise_argv(sys.argv[1:]))


if __name__ == "__main__":  # pragma: no cover
    main()
