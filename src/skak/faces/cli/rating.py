"""``skak rating …``: DSU rating calculations."""

from datetime import date
from pathlib import Path
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
    parse_date,
    print_json,
)
from skak.faces.cli._output import print_table
from skak.faces.cli._progress import progress
from skak.faces.cli._tables import FittedTable
from skak.faces.i18n import _, say

if TYPE_CHECKING:
    from skak.views import CorrectionPreview

# The rating file's reader and the views (the rating rules, the tie-breaks' decimals) are
# imported in the commands that use them.

__all__ = [
    "rating_align",
    "rating_amend",
    "rating_apply",
    "rating_calc",
    "rating_candidate",
    "rating_compress",
    "rating_correct",
    "rating_enter",
    "rating_fide",
    "rating_import",
    "rating_list",
    "rating_merge",
    "rating_show",
    "rating_undo",
]

rating_app = typer.Typer(
    help="DSU rating (ratingberegning).\n\nExample: skak rating calc turnering.json"
)
app.add_typer(rating_app, name="rating")


@rating_app.callback()
def _rating(ctx: typer.Context) -> None:
    """A ``skak rating`` command is one short process that replays the national registry
    (tens of thousands of players, their histories, every tournament applied): Python's
    full collections, which walk every object that has lived a while again and again as the
    registry grows, are kept off until the command ends (a registry makes no reference
    cycles; the young collections go on). Not so in the web server, whose requests overlap.
    """
    from skak.faces.collector import collector_paused

    ctx.with_resource(collector_paused())


@rating_app.command("calc")
@cli_errors
def rating_calc(
    file: Annotated[Path, typer.Argument(help="The tournament as JSON (see the README).")],
    as_json: JsonOption = False,
) -> None:
    """Compute the DSU rating changes of one tournament (ratingberegning).

    Example: skak rating calc turnering.json --json
    """
    from skak.api import rating_from_file
    from skak.views import exact_decimal, to_json

    result = rating_from_file(file)
    if as_json:
        print_json(to_json(result))
        return
    title = _("Rating ({edition}, {method} method)")
    table = FittedTable(title=title.format(edition=result.edition, method=say(result.method)))
    columns = (_("Player"), _("Old"), _("Games"), _("Score"), _("Expected"), _("Bonus"), "K",
               _("Change"), _("New"))  # fmt: skip
    for i, col in enumerate(columns):
        table.add_column(col, justify="left" if i == 0 else "right")
    for c in result.players:
        table.add_row(  # a first rating (§4.5.5.2) is no change: old is his performance
            escape(c.id), "–" if c.first else str(c.old), str(c.games), exact_decimal(c.score),
            exact_decimal(c.expected), exact_decimal(c.bonus), str(c.k),
            "first rating" if c.first else f"{c.change:+d}", str(c.new),
        )  # fmt: skip
    print_table(table.fit(names={0}))
    for c in result.players:
        for note in c.notes:
            out.print(f"  {escape(c.id)}: {escape(say(note))}")


@rating_app.command("fide")
@cli_errors
def rating_fide(
    file: Annotated[Path, typer.Argument(help="The tournament as JSON (see the README).")],
    as_json: JsonOption = False,
) -> None:
    """Compute the FIDE rating (Elo) changes of one tournament (4.7): K factors, the
    400-point rule (350 before July 2009), first ratings from a performance (4.7.1).

    Example: skak rating fide turnering.json --json
    """
    from skak.api import fide_rating_from_file
    from skak.views import exact_decimal, to_json

    result = fide_rating_from_file(file)
    if as_json:
        print_json(to_json(result))
        return
    table = FittedTable(title=f"FIDE rating ({result.edition})")
    for col in ("Player", "Old", "Games", "Score", "Expected", "K", "Change", "New"):
        table.add_column(col, justify="left" if col == "Player" else "right")
    for c in result.players:
        table.add_row(
            escape(c.id), "–" if c.old is None else str(c.old), str(c.games),
            exact_decimal(c.score), exact_decimal(c.expected), "–" if c.k is None else str(c.k),
            f"{c.change:+d}" if c.old is not None else "", "–" if c.new is None else str(c.new),
        )  # fmt: skip
    print_table(table.fit(names={0}))
    for note in result.notes:
        out.print(escape(note))
    for c in result.players:
        for note in c.notes:
            out.print(f"  {escape(c.id)}: {escape(note)}")


@rating_app.command("candidate")
@cli_errors
def rating_candidate(
    file: Annotated[Path, typer.Argument(help="The tournament as JSON, as for 'rating calc'.")],
    as_json: JsonOption = False,
) -> None:
    """Show who reached a candidate result (kandidatresultat, DSU §26).

    Games played over the board count as rounds (not forfeits, not games marked unrated);
    the average is of the player's own rating and all his opponents'. In a team event
    ("team_event": true) a result reached after five or more rounds, in the order the games
    are listed, stands whatever follows.

    Example: skak rating candidate turnering.json
    """
    from skak.api import candidates_from_file
    from skak.views import exact_decimal, to_json

    rows = candidates_from_file(file)
    if as_json:
        print_json(to_json(rows))
        return
    table = FittedTable(title="Candidate results (kandidatresultater, §26)")
    for col in ("Player", "Average", "Rounds", "Score", "Required", "Candidate"):
        table.add_column(col, justify="left" if col == "Player" else "right")
    for c in rows:
        table.add_row(
            escape(c.id), str(c.average), str(c.rounds), exact_decimal(c.score),
            "—" if c.required is None else exact_decimal(c.required),
            "yes" if c.candidate else "no",
        )  # fmt: skip
    print_table(table.fit(names={0}))


@rating_app.command("apply")
@cli_errors
def rating_apply(db: DbOption = DEFAULT_DB, tournament: TournamentOption = None) -> None:
    """Add a finished tournament's rating changes to the rating registry (ratingkartotek).

    Players are matched by DSU member number; each tournament is applied once. The change is
    computed from the start ratings and added to the registered rating (§4.5.4.1).

    Example: skak rating apply --tournament 3
    """
    s = open_db(db)
    with progress("Replaying the rating registry: events") as report:
        applied = s.registry.apply(tournament, date.today(), progress=report)
    out.print(
        f"Applied {escape(applied.name)} ({applied.edition}): "
        f"{len(applied.changes)} players with a DSU member number"
    )


@rating_app.command("list")
@cli_errors
def rating_list(
    show_all: Annotated[
        bool, typer.Option("--all", help="Also players archived after 3 years without a result.")
    ] = False,
    name: Annotated[
        str | None,
        typer.Option("--name", help="Only players whose name holds this text (any case)."),
    ] = None,
    club: Annotated[
        str | None,
        typer.Option("--club", help="Only players whose club holds this text (any case)."),
    ] = None,
    limit: Annotated[
        int | None,
        typer.Option("--limit", metavar="N", help="Only the first N (the highest rated)."),
    ] = None,
    db: DbOption = DEFAULT_DB,
    as_json: JsonOption = False,
) -> None:
    """List the rating registry: every player's standard, rapid and blitz rating, the
    highest standard rating first.

    Players without a rated result for more than three years are archived (001 §5.1) and
    shown only with --all. One player's card with every change: skak rating show.

    Example: skak rating list --club Vejle --limit 20
    """
    from skak.views import registry_rows, to_json

    if limit is not None and limit < 1:
        raise InputError(f"--limit: {limit} is below 1")
    s = open_db(db)
    with progress("Replaying the rating registry: events") as report:
        registry = s.registry.get(progress=report)
    players = registry_rows(registry, date.today(), show_all=show_all, name=name, club=club)
    if limit is not None:
        players = players[:limit]
    if as_json:
        print_json(to_json(players))
        return
    table = FittedTable(title="Rating registry (ratingkartotek)")
    for col in ("DSU no.", "Name", "Standard", "Rapid", "Blitz", "Class (§23)"):
        table.add_column(col, justify="left" if col in ("Name", "Class (§23)") else "right")
    for p in players:
        table.add_row(
            str(p.dsu_id), escape(p.name),
            *(str(p.rating(k) or "") for k in ("standard", "rapid", "blitz")),
            p.designation or "",
        )  # fmt: skip
    print_table(table.fit(names={1}, texts={5}))


@rating_app.command("show")
@cli_errors
def rating_show(
    dsu_id: Annotated[int, typer.Argument(metavar="MEMBER", help="The DSU member number.")],
    db: DbOption = DEFAULT_DB,
    as_json: JsonOption = False,
) -> None:
    """Show one player's card in the rating registry (ratingkartotek): his ratings, §23's
    class and every change of each rating, oldest first, with its reason (the tournament
    applied, the list entered, the compression, the alignment with FIDE's list).

    Example: skak rating show 12345
    """
    from skak.views import registry_row, to_json

    s = open_db(db)
    with progress("Replaying the rating registry: events") as report:
        registry = s.registry.get(progress=report)
    card = registry_row(registry, dsu_id, date.today())
    if as_json:
        print_json(to_json(card))
        return
    ratings = ", ".join(f"{kind} {card.ratings[kind]}" for kind in _KINDS if kind in card.ratings)
    out.print(f"[bold]{escape(card.name)}[/] (DSU no. {card.dsu_id})")
    if card.club:
        out.print(f"Club (klub): {escape(card.club)}")
    out.print(f"Ratings: {ratings or 'none'}")
    if card.designation:
        out.print(f"Class (§23): {card.designation}")
    if card.archived:
        out.print("Archived: no rated result for more than three years (001 §5.1)")
    table = FittedTable(title="Rating history (ratinghistorik)")
    for col in ("Date", "Rating", "Before", "After", "Change", "Why"):
        table.add_column(col, justify="left" if col in ("Date", "Rating", "Why") else "right")
    for line in card.history:
        change = "" if line.old is None else f"{line.new - line.old:+d}"
        table.add_row(
            line.date.isoformat(), line.kind, "" if line.old is None else str(line.old),
            str(line.new), change, escape(say(line.reason)),
        )  # fmt: skip
    print_table(table.fit(names={5}))


#: The ratings a registry card shows, in this order.
_KINDS = ("standard", "rapid", "blitz")


@rating_app.command("import")
@cli_errors
def rating_import(
    file: Annotated[Path, typer.Argument(help="DSU's rating list as its club export writes it.")],
    day: Annotated[
        str | None, typer.Option("--date", help="The list's date, YYYY-MM-DD; default: today.")
    ] = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Enter or update the registry's players from DSU's rating list (all or nothing).

    The list as DSU's club export writes it: semicolon-separated, quoted, UTF-8, its first
    line "Nummer";"Født år";"Navn";"Klub";"Titel";"Rating";"Hurtig";"Lyn";"Elo";"Fide";"K-factor"
    (Nummer: the DSU member number; Rating, Hurtig, Lyn: the standard, rapid and blitz
    ratings, empty or 0 for none). Every bad line is named and nothing is entered.

    Example: skak rating import ratingliste.csv --date 2026-11-01
    """
    when = parse_date(day, "date") or date.today()
    s = open_db(db, create=True)
    with progress("Entering the list in the rating registry: events") as report:
        count = s.registry.import_list(file, when, progress=report)
    players = "player" if count == 1 else "players"
    out.print(f"Entered {count} {players} from {escape(file.name)}")


@rating_app.command("compress")
@cli_errors
def rating_compress(
    day: Annotated[str, typer.Option("--date", help="The day it takes effect.")] = "2024-06-01",
    db: DbOption = DEFAULT_DB,
) -> None:
    """Compress every rating below 2000 once: Rn = Ro + ½ × (2000 − Ro) (1 June 2024).

    Example: skak rating compress
    """
    when = parse_date(day, "date") or date(2024, 6, 1)
    count = open_db(db).registry.compress(when)
    players = "player" if count == 1 else "players"
    out.print(f"Compressed the ratings of {count} {players} (from {when.isoformat()})")


@rating_app.command("align")
@cli_errors
def rating_align(
    file: Annotated[
        Path,
        typer.Argument(help='FIDE\'s list as JSON: [{"dsu_id": 1, "fide": 2210, "games": 45}, …]'),
    ],
    day: Annotated[
        str | None, typer.Option("--date", help="The day it takes effect (1–15 August).")
    ] = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Align Danish standard ratings with FIDE's list (001 §6), the yearly adjustment.

    The registry's current standard ratings are taken as those of 1 June.

    Example: skak rating align fide-juli.json --date 2026-08-10
    """
    from skak.views import exact_decimal

    when = parse_date(day, "date") or date.today()
    result = open_db(db).registry.align_file(file, when)
    out.print(
        f"Sample of {len(result.sample)} player{'' if len(result.sample) == 1 else 's'}; "
        f"Danish average minus FIDE's: "
        f"{exact_decimal(result.difference)}; adjustment N = {result.n}; "
        f"{len(result.changes)} ratings changed"
    )


@rating_app.command("correct")
@cli_errors
def rating_correct(
    day: Annotated[
        str | None, typer.Option("--date", help="As of this day; default: today.")
    ] = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Raise rapid and blitz ratings that lag far behind the standard rating (001 §2.7).

    Example: skak rating correct
    """
    when = parse_date(day, "date") or date.today()
    changes = open_db(db).registry.correct_rapid_blitz(when)
    for pid, which, old, new in changes:
        out.print(f"DSU {pid}: {which} {old} → {new}")
    out.print(f"{len(changes)} rapid/blitz ratings corrected")


@rating_app.command("enter")
@cli_errors
def rating_enter(
    dsu_id: Annotated[int, typer.Argument(help="DSU member number.")],
    name: Annotated[str, typer.Argument(help='Name as "Last, First".')],
    rating: Annotated[int, typer.Argument(help="The entry rating.")],
    by: Annotated[str, typer.Option("--by", help="club, district (hovedkreds) or rk.")] = "club",
    kind: Annotated[str, typer.Option(help="standard, rapid or blitz.")] = "standard",
    day: Annotated[str | None, typer.Option("--date", help="Default: today.")] = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Enter a new player in the registry with an entry rating (001 §5.1).

    Example: skak rating enter 123456 "Hansen, Jens" 1400 --by club
    """
    when = parse_date(day, "date") or date.today()
    open_db(db, create=True).registry.enter(dsu_id, name, rating, authority=by, day=when, kind=kind)
    out.print(f"Entered DSU {dsu_id} {escape(name)} with {kind} rating {rating}")


def _was_becomes(was: object, becomes: object) -> str:
    """``was → becomes``, or the one value when it stays."""
    shown = "–" if was is None else str(was)
    return shown if was == becomes else f"{shown} → {'–' if becomes is None else becomes}"


def _kind_name(kind: str) -> str:
    return {"standard": _("Standard"), "rapid": _("Rapid"), "blitz": _("Blitz")}.get(kind, kind)


def _candidate(reached: bool | None) -> str:
    return "" if reached is None else _("yes") if reached else _("no")


def print_correction(preview: "CorrectionPreview") -> None:
    """A correction's preview: each tournament it rates again (the players whose figures
    move) and each card's rating that moves."""
    out.print(escape(_("Correction: {what}").format(what=say(preview.correction))))
    for t in preview.tournaments:
        title = _("{name} ({day}), rated again").format(name=t.name, day=t.day.isoformat())
        if not t.rerated:
            title = _("{name} ({day}): its games are not kept; its changes stand").format(
                name=t.name, day=t.day.isoformat()
            )
        table = FittedTable(title=title)
        columns = (_("DSU no."), _("Name"), _("Start"), _("After"), _("Class (§23)"),
                   _("Candidate (§26)"))  # fmt: skip
        for i, col in enumerate(columns):
            table.add_column(col, justify="left" if i in (1, 4) else "right")
        for r in t.rows:
            if not r.changed:
                continue
            table.add_row(
                str(r.dsu_id), escape(r.name), _was_becomes(r.start_was, r.start_becomes),
                _was_becomes(r.new_was, r.new_becomes),
                _was_becomes(r.class_was or "", r.class_becomes or ""),
                _was_becomes(_candidate(r.candidate_was), _candidate(r.candidate_becomes)),
            )  # fmt: skip
        print_table(table.fit(names={1}, texts={4}))
    table = FittedTable(title=_("The players' cards"))
    for i, col in enumerate((_("DSU no."), _("Name"), _("Rating"), _("Before"), _("After"),
                             _("Class (§23)"))):  # fmt: skip
        table.add_column(col, justify="left" if i in (1, 2, 5) else "right")
    for c in preview.cards:
        table.add_row(
            str(c.dsu_id), escape(c.name), _kind_name(c.kind), str(c.was), str(c.becomes),
            _was_becomes(c.class_was or "", c.class_becomes or ""),
        )  # fmt: skip
    print_table(table.fit(names={1}, texts={5}))


@rating_app.command("amend")
@cli_errors
def rating_amend(
    tournament: Annotated[
        str, typer.Argument(help="The applied tournament: its name, #id or key.")
    ],
    round_number: Annotated[int, typer.Argument(metavar="ROUND", help="The game's round.")],
    first: Annotated[str, typer.Argument(help="One player: DSU number or name.")],
    second: Annotated[str, typer.Argument(help="His opponent: DSU number or name.")],
    result: Annotated[
        str, typer.Argument(help="The right result, as if FIRST had white: 1-0, ½-½, 0-1, +-, -+.")
    ],
    day: Annotated[
        str | None, typer.Option("--date", help="The day of the correction; default: today.")
    ] = None,
    preview_only: Annotated[
        bool, typer.Option("--preview", help="Show what it changes; write nothing.")
    ] = False,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Write it without asking.")] = False,
    db: DbOption = DEFAULT_DB,
    as_json: JsonOption = False,
) -> None:
    """Correct a result of a tournament already applied to the registry: it and every later
    tournament are rated again (001 §4.1), shown first — every rating, §23 class, §26
    candidate result and card that changes — and written when confirmed. 'skak rating undo'
    takes it back.

    Example: skak rating amend "Vejle Open 2026" 3 123456 234567 0-1 --preview
    """
    from skak.views import to_json

    when = parse_date(day, "date") or date.today()
    played = result
    s = open_db(db)
    preview = s.registry.correction_preview(tournament, round_number, first, second, played, when)
    if as_json:
        print_json(to_json(preview))
    else:
        print_correction(preview)
    if preview_only:
        return
    if not yes and (as_json or not typer.confirm(_("Write the correction?"), default=False)):
        out.print(_("Nothing was written."))
        raise typer.Exit(1)
    s.registry.correct(
        tournament, round_number, first, second, played, when, at_version=preview.version
    )
    if not as_json:
        out.print(_("The correction is written; 'skak rating undo' takes it back."))


@rating_app.command("merge")
@cli_errors
def rating_merge(
    keep: Annotated[int, typer.Argument(help="The DSU member number that stays.")],
    gone: Annotated[int, typer.Argument(help="The number found to be the same person.")],
    day: Annotated[str | None, typer.Option("--date", help="Default: today.")] = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Merge two DSU member numbers found to be one person: GONE's history joins KEEP's
    card (both kept, in date order, the merge on the card); each rating is that of the
    number rated last. 'skak rating undo' takes it back.

    Example: skak rating merge 123456 654321
    """
    when = parse_date(day, "date") or date.today()
    card = open_db(db).registry.merge(keep, gone, when)
    ratings = ", ".join(f"{_kind_name(k)} {card.ratings[k]}" for k in _KINDS if k in card.ratings)
    message = _("DSU {gone} is merged into DSU {keep} {name}: {ratings}")
    out.print(escape(message.format(gone=gone, keep=keep, name=card.name, ratings=ratings)))


@rating_app.command("undo")
@cli_errors
def rating_undo(db: DbOption = DEFAULT_DB) -> None:
    """Take back the registry's last correction of a result or merge of players (the
    registry is then as if it was never made).

    Example: skak rating undo
    """
    out.print(escape(say(open_db(db).registry.undo_said())))
