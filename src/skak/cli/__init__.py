"""The ``skak`` command: thin commands over :class:`skak.api.Skak`.

Each command opens the database, calls one API method and prints the outcome. Errors from
skak (:class:`skak.errors.SkakError`) are printed in plain words on standard error and end the
command with the exit code of the README's table; nothing else catches them.
"""

from __future__ import annotations

import functools
import getpass
import json
import os
import sys
from collections.abc import Callable
from dataclasses import replace
from datetime import date
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.markup import escape

from skak.api import Skak
from skak.cli import render
from skak.errors import InputError, SkakError
from skak.model.events import PlayerWithdrawn, describe
from skak.model.player import Ratings, Sex, Title
from skak.model.results import Result, Scoring, parse_points
from skak.model.tournament import RatedKind, SettingValue, Tournament
from skak.pairing import get_system, system_names
from skak.standings import standings as compute_standings
from skak.storage.codec import dump_tournament

__all__ = ["app", "main", "normalise_argv"]

P = ParamSpec("P")
R = TypeVar("R")

app = typer.Typer(
    name="skak",
    help=(
        "skak — the arbiter's toolkit for DSU and FIDE tournaments: players, pairings "
        "(rundelægning), results, standings and history, kept safely in one database.\n\n"
        "Example: skak demo"
    ),
    rich_markup_mode="rich",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
players_app = typer.Typer(
    help="Register and edit players (spillere).\n\nExample: skak players list"
)
round_app = typer.Typer(help="Look at a round (runde).\n\nExample: skak round show 1")
export_app = typer.Typer(help="Write the tournament to a file.\n\nExample: skak export json")
app.add_typer(players_app, name="players")
app.add_typer(round_app, name="round")
app.add_typer(export_app, name="export")

out = Console(highlight=False)
err = Console(stderr=True, highlight=False)

DbOption = Annotated[
    str,
    typer.Option(
        "--db",
        envvar="SKAK_DB",
        help="Database: an SQLite file or an SQLAlchemy URL (else $SKAK_DB, else ./skak.db).",
    ),
]
TournamentOption = Annotated[
    str | None,
    typer.Option(
        "--tournament",
        "-t",
        help="Tournament ID or name; may be left out when the database holds only one.",
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]
DEFAULT_DB = "skak.db"


def _actor() -> str:
    name = os.environ.get("SKAK_ACTOR")
    if name:
        return name
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # pragma: no cover - no user name on this system
        return "unknown"


def _open(db: str, *, create: bool = False) -> Skak:
    return Skak(db, create=create, actor=_actor())


def cli_errors(fn: Callable[P, R]) -> Callable[P, R]:
    """Turn skak's errors into a message on standard error and the documented exit code."""

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return fn(*args, **kwargs)
        except SkakError as e:
            err.print(f"[bold red]error:[/] {escape(str(e))}", soft_wrap=True)
            raise typer.Exit(e.exit_code) from None

    return wrapper


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")


def _parse_setting(text: str) -> tuple[str, SettingValue]:
    key, sep, raw = text.partition("=")
    if not sep or not key.strip():
        raise InputError(f"setting {text!r} must look like KEY=VALUE, e.g. cycles=2")
    value: SettingValue
    low = raw.strip().lower()
    if low in ("true", "yes", "ja", "on"):
        value = True
    elif low in ("false", "no", "nej", "off"):
        value = False
    elif low.lstrip("-").isdigit():
        value = int(low)
    else:
        value = raw.strip()
    return key.strip(), value


_SCORING_KEYS = {
    "win": "win",
    "draw": "draw",
    "loss": "loss",
    "forfeit-win": "forfeit_win",
    "forfeit-loss": "forfeit_loss",
    "bye": "pairing_bye",
    "half-bye": "half_bye",
    "zero-bye": "zero_bye",
}


def _scoring(base: Scoring, items: list[str]) -> Scoring:
    changes: dict[str, Fraction] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        field = _SCORING_KEYS.get(key.strip())
        if not sep or field is None:
            raise InputError(
                f"scoring {item!r} must be KEY=POINTS with KEY one of {', '.join(_SCORING_KEYS)}"
            )
        changes[field] = parse_points(raw, what=f"scoring {key}")
    fields = {name: getattr(base, name) for name in base.__dataclass_fields__}
    return Scoring(**{**fields, **changes})


def _date(text: str | None, what: str) -> date | None:
    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise InputError(f"{what} {text!r} is not a date like 2026-11-21") from None


def _sex(text: str | None) -> Sex | None:
    if text is None:
        return None
    t = text.strip().lower()
    if t in ("m",):
        return Sex.MALE
    if t in ("w", "f", "k"):
        return Sex.FEMALE
    raise InputError(f"sex {text!r} is not m or w (k)")


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
    db: DbOption = DEFAULT_DB,
) -> None:
    """Create a tournament (turnering), creating the database if needed.

    Example: skak new "Klubmesterskab 2026" --system berger --place Aarhus --start 2026-09-01
    """
    pairing_system = get_system(system)
    tournament = Tournament(
        name=name.strip(),
        pairing_system=pairing_system.name,
        number_of_rounds=rounds,
        place=place,
        start_date=_date(start, "start date"),
        end_date=_date(end, "end date"),
        rated_kind=kind,
        time_control=time_control,
        pairing_settings=tuple(_parse_setting(s) for s in setting or []),
        tiebreaks=tuple(tiebreak or []),
        scoring=_scoring(pairing_system.default_scoring, scoring or []),
    )
    pairing_system.check_settings(tournament.settings)
    s = _open(db, create=True)
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
    rows = _open(db).tournaments()
    if as_json:
        _print_json([{"id": r.id, "name": r.name, "created_at": r.created_at} for r in rows])
    else:
        out.print(render.tournaments_table(rows))


# -- players -------------------------------------------------------------------------------

RatingOpt = Annotated[int | None, typer.Option(help="DSU rating (ratingtal).")]


@players_app.command("add")
@cli_errors
def players_add(
    name: Annotated[str, typer.Argument(help='Name as "Last, First".')],
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
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Register a player (tilmelding). After round 1 the player is a late entry.

    Example: skak players add "Hansen, Jens" --rating 1850 --club "Aarhus Skakklub"
    """
    player = _open(db).add_player(
        tournament,
        name,
        start_number=start_number,
        sex=_sex(sex),
        birth_date=_date(born, "birth date"),
        club=club,
        federation=federation.upper() if federation else None,
        dsu_id=dsu_id,
        fide_id=fide_id,
        title=Title.parse(title) if title else None,
        ratings=Ratings(dsu=rating, dsu_rapid=rapid, dsu_blitz=blitz, fide=fide_rating),
    )
    late = f", late entry from round {player.late_from}" if player.late_from else ""
    out.print(f"Added {escape(player.name)} as start number {player.start_number}{late}")


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
    s = _open(db)
    with err.status(f"Importing {escape(str(file))} …"):
        players = s.import_players_csv(tournament, file)
    numbers = sorted(p.start_number for p in players)
    out.print(
        f"Imported {len(players)} players from {escape(file.name)} "
        f"(start numbers {numbers[0]}–{numbers[-1]})"
    )


@players_app.command("list")
@cli_errors
def players_list(
    db: DbOption = DEFAULT_DB, tournament: TournamentOption = None, as_json: JsonOption = False
) -> None:
    """List the players by start number.

    Example: skak players list --json
    """
    t = _open(db).load(tournament)
    if as_json:
        _print_json([render.player_json(p) for p in t.players])
    else:
        out.print(render.players_table(t))


@players_app.command("edit")
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
    s = _open(db)
    current = s.load(tournament).player(start_number)
    changes: dict[str, Any] = {}
    for key, value in (
        ("name", name),
        ("club", club),
        ("federation", federation.upper() if federation else None),
        ("sex", _sex(sex)),
        ("birth_date", _date(born, "birth date")),
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
    if new_ratings:
        changes["ratings"] = replace(current.ratings, **new_ratings)
    if absent:
        changes["absent_rounds"] = current.absent_rounds | frozenset(absent)
    if not changes:
        raise InputError("nothing to change: give at least one option, e.g. --rating 1910")
    player = s.edit_player(tournament, start_number, **changes)
    out.print(f"Player {player.start_number} is now: {escape(player.name)}")


@players_app.command("withdraw")
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
    player = _open(db).withdraw(tournament, start_number, from_round=from_round)
    out.print(f"{escape(player.name)} withdraws from round {player.withdrawn_from}")


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
    s = _open(db)
    rnd = s.pair(tournament, allow_unfinished=allow_unfinished)
    if as_json:
        _print_json(render.round_json(rnd))
        return
    out.print(render.round_table(s.load(tournament), rnd))
    if explain:
        _print_explanation(rnd.explanation)


def _print_explanation(lines: tuple[str, ...]) -> None:
    out.print("[bold]Why (begrundelse):[/]")
    for line in lines:
        out.print(f"  • {escape(line)}")


@app.command()
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
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Enter or correct a result (resultat).

    Example: skak result 1 3 ½-½
    """
    parsed = Result.parse(outcome)
    s = _open(db)
    p, previous = s.enter_result(tournament, round_number, board, parsed)
    t = s.load(tournament)
    white = t.player(p.white).name
    black = t.player(p.black).name if p.black is not None else ""
    corrected = f", corrected from {previous}" if previous is not None else ""
    out.print(
        f"Round {round_number} board {board}: {escape(white)} – {escape(black)} "
        f"{parsed} ({parsed.label}{corrected})"
    )


@round_app.command("show")
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
    t = _open(db).load(tournament)
    rnd = t.round(number)
    if as_json:
        _print_json(render.round_json(rnd))
        return
    out.print(render.round_table(t, rnd))
    if explain:
        _print_explanation(rnd.explanation)


@app.command()
@cli_errors
def standings(
    after_round: Annotated[
        int | None, typer.Option(help="Standings after this round; default: the latest.")
    ] = None,
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
    as_json: JsonOption = False,
) -> None:
    """Show the standings (stilling) by points.

    Example: skak standings --after-round 3
    """
    t = _open(db).load(tournament)
    rows = compute_standings(t, after_round=after_round)
    if as_json:
        _print_json(render.standings_json(rows))
    else:
        out.print(
            render.standings_table(t, rows, t.current_round if after_round is None else after_round)
        )


# -- history -------------------------------------------------------------------------------


@app.command()
@cli_errors
def history(
    db: DbOption = DEFAULT_DB, tournament: TournamentOption = None, as_json: JsonOption = False
) -> None:
    """List every change to the tournament (historik), oldest first.

    Example: skak history
    """
    lines = _open(db).history(tournament)
    if as_json:
        _print_json(render.history_json(lines))
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
    s = _open(db)
    undone = s.undo(tournament, seq=event)
    out.print(f"Undone: event {undone.seq} ({escape(describe(undone.event))})")
    if isinstance(undone.event, PlayerWithdrawn):
        t = s.load(tournament)
        if undone.event.from_round <= t.current_round:
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
    db: DbOption = DEFAULT_DB,
    tournament: TournamentOption = None,
) -> None:
    """Write the whole tournament and its standings as JSON.

    Example: skak export json -o turnering.json
    """
    s = _open(db)
    row = s.resolve(tournament)
    t = s.load(row.id)
    data = {
        "format": "skak-tournament",
        "version": 1,
        "id": row.id,
        "tournament": dump_tournament(t),
        "standings": render.standings_json(compute_standings(t)),
    }
    text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    if output is None:
        sys.stdout.write(text)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as e:
        raise InputError(f"cannot write: {e.strerror}", location=str(output)) from e
    err.print(f"Wrote {escape(str(output))}")


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
    s = _open(db, create=True)
    row, t = run_demo(s, seed=seed, players=players, console=err)
    out.print(
        f"Tournament #{row.id} [bold]{escape(t.name)}[/] in {escape(s.db.location)}: "
        f"{len(t.players)} players, {t.current_round} rounds, all results in."
    )
    out.print(render.standings_table(t, compute_standings(t), t.current_round))
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
    of the forfeit results.
    """
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
        if not arg.startswith("-"):
            positional += 1
        j += 1
    return out


def main() -> None:
    """Console entry point."""
    app(args=normalise_argv(sys.argv[1:]))


if __name__ == "__main__":  # pragma: no cover
    main()
