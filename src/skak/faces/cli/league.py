"""``skak league …``: DSU's division league (divisionsturneringen, 003 §5.1)."""

from typing import TYPE_CHECKING, Annotated

import typer
from rich.markup import escape

from skak.errors import InputError, StateError
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
from skak.faces.cli._league_tables import show_lineup, show_match, show_season_end, show_standings
from skak.faces.cli._output import print_table
from skak.faces.cli._tables import FittedTable
from skak.faces.i18n import _

if TYPE_CHECKING:
    from skak.api import LeagueOutcome

__all__ = ["league_app"]

league_app = typer.Typer(
    help="The division league (divisionsturneringen, 5.1): seasons, teams, strength lists, "
    "line-ups, results, standings and the season's end.\n\nExample: skak league standings"
)
app.add_typer(league_app, name="league")

SeasonOption = Annotated[
    str | None,
    typer.Option(
        "--season", "-S", help="Season ID or name; may be left out when the database holds one."
    ),
]
ExplainOption = Annotated[bool, typer.Option("--explain", help="Say why, rule by rule.")]
DivisionOption = Annotated[
    str | None, typer.Option("--division", help="Only this division (række), e.g. '1. division'.")
]
GroupOption = Annotated[int | None, typer.Option("--group", help="Only this group (gruppe).")]


def _dates(text: str | None, what: str) -> tuple:  # type: ignore[type-arg]
    if not text:
        return ()
    out_dates = []
    for part in text.split(","):
        day = parse_date(part.strip(), what)
        assert day is not None
        out_dates.append(day)
    return tuple(out_dates)


def _round(text: str) -> int:
    """A round number, or ``playoff``/``omkamp`` for the play-off (round 0 inside)."""
    if text.strip().lower() in ("playoff", "play-off", "omkamp"):
        return 0
    if not text.strip().lstrip("-").isdigit():
        raise InputError(f"round {text!r}: a round is a number from 1, or 'playoff' (omkamp)")
    if int(text) < 1:
        raise InputError(
            f"round {int(text)}: rounds are numbered from 1 (the play-off is 'playoff')"
        )
    return int(text)


def _setting(text: str) -> tuple[str, object]:
    """A ``--setting KEY=VALUE`` of the league (its example a league setting)."""
    key, sep, _ = text.partition("=")
    if not sep or not key.strip():
        raise InputError(
            f"setting {text!r} must look like KEY=VALUE, e.g. lot-seed=2025 (the league's "
            "settings: empty-boards-last, penalty-points-from, board-by-board, lot-seed, "
            "lot-order)"
        )
    return parse_setting(text)


def _count(n: int, noun: str) -> str:
    """``1 team``, ``2 teams``."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _outcome(done: "LeagueOutcome", what: str) -> None:
    if not done.events:
        out.print(f"{what}: nothing changed (it was entered so already)")
        return
    out.print(what)
    print_notes(done.notes)


@league_app.command("new")
@cli_errors
def league_new(
    name: Annotated[
        str, typer.Argument(help="The season's name, e.g. 'Divisionsturneringen 2025/26'.")
    ],
    start: Annotated[str, typer.Option(help="The season's first day, YYYY-MM-DD.")],
    dates: Annotated[
        str | None,
        typer.Option(help="The rounds' dates (§6 a), comma-separated: 2025-10-05,2025-11-02,…"),
    ] = None,
    division_dates: Annotated[
        list[str] | None,
        typer.Option(
            "--division-dates",
            help="A division's own dates (§6 b), DIVISION=DATE,DATE,… (repeatable).",
        ),
    ] = None,
    edition: Annotated[
        str | None,
        typer.Option(
            help="dsu-2011, or dsu-2022 (Skakligaen by match points first); default: the "
            "one in force on --start."
        ),
    ] = None,
    setting: Annotated[
        list[str] | None,
        typer.Option(
            help="KEY=VALUE: empty-boards-last, penalty-points-from, board-by-board, lot-seed, "
            "lot-order (team;team;…, a lot drawn by hand)."
        ),
    ] = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Create a season of the division league (§1: Skakligaen, 1. and 2. division).

    Example: skak league new "Divisionen 2025/26" --start 2025-09-01 --dates 2025-10-05,2025-11-02
    """
    day = parse_date(start, "start")
    assert day is not None
    own = {}
    for item in division_dates or []:
        division, sep, text = item.partition("=")
        if not sep:
            raise InputError(f"--division-dates {item!r} must look like DIVISION=DATE,DATE,…")
        own[division.strip()] = _dates(text, f"a date of {division.strip()}")
    s = open_db(db, create=True)
    row = s.league.new(
        name,
        day,
        edition=edition,
        dates=_dates(dates, "a round's date"),
        division_dates=own,
        settings=[_setting(x) for x in setting or []],
    )
    season = s.league.get(row.id)
    out.print(
        f"Created league season #{row.id} [bold]{escape(row.name)}[/] (edition "
        f"{season.edition}) in {escape(s.db.location)}"
    )


@league_app.command("list")
@cli_errors
def league_list(db: DbOption = DEFAULT_DB, as_json: JsonOption = False) -> None:
    """List the league seasons in the database.

    Example: skak league list --json
    """
    from skak.views import to_json

    lines = open_db(db).league.lines()
    if as_json:
        print_json(to_json(lines))
        return
    table = FittedTable(title="League seasons")
    for col in ("ID", "Season", "Start", "Edition", "Teams"):
        table.add_column(col)
    for line in lines:
        table.add_row(
            str(line.id), escape(line.name), str(line.start), line.edition, str(line.teams)
        )
    print_table(table.fit(names={1}))


@league_app.command("teams")
@cli_errors
def league_teams(
    file: Annotated[
        str | None,
        typer.Argument(
            help="A CSV of teams to enter (team, club, division, group[, number, club_team])."
        ),
    ] = None,
    season: SeasonOption = None,
    db: DbOption = DEFAULT_DB,
    as_json: JsonOption = False,
) -> None:
    """Enter the season's teams and groups from a CSV file, or list them.

    The draw number (number) is the team's Berger number in its group; club_team is 1 for a
    club's first team (a lower team is a higher number, §10 b).

    Example: skak league teams hold.csv
    """
    from skak.views import to_json

    s = open_db(db)
    if file is not None:
        done = s.league.teams_file(season, file)
        _outcome(done, _count(len(done.after.teams), "team") + " entered")
        return
    rows = s.league.team_rows(season)
    if as_json:
        print_json(to_json(rows))
        return
    table = FittedTable(title="Teams (hold)")
    for col in ("Division", "Group", "No.", "Team", "Club", "Club team", "Left"):
        table.add_column(col)
    for r in rows:
        table.add_row(
            escape(r.division), str(r.group), str(r.number), escape(r.team), escape(r.club),
            str(r.club_team), "" if r.withdrawn_from is None else f"from round {r.withdrawn_from}",
        )  # fmt: skip
    print_table(table.fit(names={3, 4}, texts={0, 6}))


@league_app.command("schedule")
@cli_errors
def league_schedule(
    division: DivisionOption = None,
    group: GroupOption = None,
    season: SeasonOption = None,
    db: DbOption = DEFAULT_DB,
    as_json: JsonOption = False,
) -> None:
    """The matches of each group (Berger tables): home team first; the visiting team has
    white on board 1 (§12 c).

    Example: skak league schedule --division "1. division" --group 1
    """
    from skak.views import to_json

    rows = open_db(db).league.schedule(season, division=division, group=group)
    if as_json:
        print_json(to_json(rows))
        return
    table = FittedTable(title="Schedule (turneringsplan)")
    for col in ("Division", "Group", "Round", "Date", "Home", "Away", "Result"):
        table.add_column(col)
    for r in rows:
        table.add_row(
            escape(r.division), str(r.group) if r.round else "",
            str(r.round) if r.round else "omkamp",
            str(r.date or ""), escape(r.home), escape(r.away), escape(r.result or ""),
        )  # fmt: skip
    print_table(table.fit(names={4, 5}, texts={0}))


@league_app.command("strength")
@cli_errors
def league_strength(
    file: Annotated[
        str | None,
        typer.Argument(help="A CSV of strength lists (club, number, id, name, team, foreign)."),
    ] = None,
    club: Annotated[
        str | None,
        typer.Option(
            help="The club, when the file has no club column; else only this club's list."
        ),
    ] = None,
    notified: Annotated[
        str | None,
        typer.Option(
            help="The day the tournament leader received a changed list (§11), YYYY-MM-DD. "
            "A change adds to the club's list: the players it names take the numbers it gives "
            "them, the others keep their teams and order."
        ),
    ] = None,
    replace: Annotated[
        bool,
        typer.Option(
            "--replace",
            help="A change is the club's whole new list: the players it leaves out are off "
            "the list once it holds (the note names them).",
        ),
    ] = False,
    season: SeasonOption = None,
    db: DbOption = DEFAULT_DB,
    as_json: JsonOption = False,
) -> None:
    """File clubs' strength lists (styrkelister, §9 b 3; a change: §11), or show them. A
    change adds to the club's list (new players at the numbers the file gives them).

    Example: skak league strength styrkelister.csv
    """
    from skak.views import to_json

    s = open_db(db)
    if file is not None:
        day = parse_date(notified, "--notified")
        done = s.league.strength_file(season, file, club=club, notified=day, replace=replace)
        _outcome(done, _count(len(done.events), "strength list") + " filed")
        return
    lists = s.league.strength_lists(season, club)
    if as_json:
        print_json(to_json(lists))
        return
    for lst in lists:
        when = (
            "by the deadline"
            if lst.notified is None
            else f"received {lst.notified}, in force from {lst.in_force_from}"
        )
        table = FittedTable(title=f"{escape(lst.club)} (styrkeliste, {when})")
        for col in ("No.", "Id", "Name", "Team", "Foreign", "Other club"):
            table.add_column(col)
        for p in lst.players:
            table.add_row(
                str(p.number), escape(p.id), escape(p.name),
                "reserve" if p.team is None else str(p.team),
                "yes" if p.foreign else "", "yes" if p.other_club else "",
            )  # fmt: skip
        print_table(table.fit(names={2}))


@league_app.command("lineup")
@cli_errors
def league_lineup(
    round_text: Annotated[str, typer.Argument(metavar="ROUND", help="The round, or 'playoff'.")],
    team: Annotated[str, typer.Argument(help="The team.")],
    players: Annotated[
        list[str] | None,
        typer.Argument(
            help="Player ids, board 1 first, one a board; '-' for an empty board. None: show "
            "the line-up."
        ),
    ] = None,
    day: Annotated[
        str | None, typer.Option("--date", help="The match's day when it was moved (§6 f).")
    ] = None,
    quarantine: Annotated[
        list[str] | None,
        typer.Option(help="PLAYER:FROM:TO, a quarantine (§10 d) to check against (repeatable)."),
    ] = None,
    check: Annotated[
        bool,
        typer.Option(
            "--check",
            help="Check the line-up; write nothing. Exit code 5 when it breaks a rule of §10.",
        ),
    ] = False,
    season: SeasonOption = None,
    db: DbOption = DEFAULT_DB,
    as_json: JsonOption = False,
    explain: ExplainOption = False,
) -> None:
    """Enter a team's line-up (holdopstilling) for a match and check it against §10, or show
    the line-up entered. A line-up that breaks a rule is entered (it is what was played) and
    each illegally used player's game goes to the opponent (§13 b). With --check nothing is
    written, and a line-up that breaks a rule exits with code 5.

    Example: skak league lineup 1 "Skive 1" SKI01 SKI02 SKI03 SKI04 SKI05 SKI06 SKI07 -
    """
    from skak.views import to_json

    s = open_db(db)
    number = _round(round_text)
    when = parse_date(day, "--date")
    if players and not check:
        done = s.league.lineup(
            season, number, team, players, day=when, quarantines=quarantine or []
        )
        _outcome(done, f"Line-up of {escape(team)} entered")
        view = s.league.lineup_view(season, number, team)
    elif players:
        view = s.league.check_lineup(
            season, number, team, players, day=when, quarantines=quarantine or []
        )
    else:
        view = s.league.lineup_view(season, number, team)
    if as_json:
        print_json(to_json(view))
    elif not players or check or explain:
        show_lineup(view, explain)
    if check and not view.legal:
        raise typer.Exit(StateError.exit_code)  # README: a rule of the season refuses it


@league_app.command("result")
@cli_errors
def league_result(
    round_text: Annotated[str, typer.Argument(metavar="ROUND", help="The round, or 'playoff'.")],
    home: Annotated[str, typer.Argument(help="The home team (hjemmehold).")],
    results: Annotated[
        list[str] | None,
        typer.Argument(
            help="One result a board from the home side: 1 ½ 0, x (no game), + / - (the away "
            "/ home player did not come). None: show the match."
        ),
    ] = None,
    absent: Annotated[
        list[str] | None,
        typer.Option(
            help="BOARD:home|away[:no-show|late|leader]: a player on the card who played no "
            "game (repeatable)."
        ),
    ] = None,
    late: Annotated[
        list[str] | None, typer.Option(help="A team more than 60 minutes late: loses 8-0 (§13 a).")
    ] = None,
    no_show: Annotated[
        list[str] | None,
        typer.Option(
            "--no-show", help="A team that did not come: it leaves the tournament (§13 a)."
        ),
    ] = None,
    remark: Annotated[
        str,
        typer.Option(help="Irregularities at the match (§12.7): the leader looks at the card."),
    ] = "",
    season: SeasonOption = None,
    db: DbOption = DEFAULT_DB,
    as_json: JsonOption = False,
    explain: ExplainOption = False,
) -> None:
    """Enter a match's result card, board by board from the home team's side, or show the
    match as it counts (board points, match points, penalties of §13).

    Example: skak league result 1 "Skive 1" 0 0 ½ 0 x 0 ½ 0 --absent 5:home:leader
    """
    from skak.views import to_json

    s = open_db(db)
    number = _round(round_text)
    if results or late or no_show:
        done = s.league.result(
            season, number, home, results or [], absent=absent or [], late=late or [],
            no_show=no_show or [], remark=remark,
        )  # fmt: skip
        _outcome(done, "Result entered")
    view = s.league.match(season, number, home)
    if as_json:
        print_json(to_json(view))
        return
    if not (results or late or no_show) or explain:
        show_match(view, explain)


@league_app.command("standings")
@cli_errors
def league_standings(
    division: DivisionOption = None,
    group: GroupOption = None,
    after_round: Annotated[int | None, typer.Option(help="Standings after this round.")] = None,
    season: SeasonOption = None,
    db: DbOption = DEFAULT_DB,
    as_json: JsonOption = False,
    explain: ExplainOption = False,
) -> None:
    """Each group's standings (stilling, 5.1 §3): board points, match points (Skakligaen
    match points first from 2022), the direct encounter, board by board, lot; a team that
    left placed last (§13 a).

    Example: skak league standings --division "1. division" --group 1 --explain
    """
    from skak.views import to_json

    views = open_db(db).league.standings(
        season, division=division, group=group, after_round=after_round
    )
    if as_json:
        print_json(to_json(views))
        return
    for v in views:
        show_standings(v, explain)


@league_app.command("withdraw")
@cli_errors
def league_withdraw(
    team: Annotated[str, typer.Argument(help="The team that leaves (udgår).")],
    round_number: Annotated[
        int | None, typer.Option("--round", help="The first round it does not play.")
    ] = None,
    reason: Annotated[str | None, typer.Option(help="Why, in words.")] = None,
    cancel: Annotated[
        bool,
        typer.Option(
            "--cancel",
            help="Undo a withdrawal entered by mistake (one a result card wrote goes when "
            "that result is entered again).",
        ),
    ] = False,
    season: SeasonOption = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """A team leaves the tournament: its matches are struck out, it is placed last (§13 a).

    Example: skak league withdraw "Skive 1" --round 5 --reason "trak holdet"
    """
    s = open_db(db)
    if cancel:
        if round_number is not None:
            raise InputError("--cancel takes no --round: it undoes the team's withdrawal")
        done = s.league.cancel_withdrawal(season, team, reason or "")
        _outcome(done, f"{escape(team)} is back in the tournament")
        return
    if round_number is None:
        raise InputError("give the first round the team does not play: --round N")
    done = s.league.withdraw(season, team, round_number, reason or "withdrew")
    _outcome(done, f"{escape(team)} leaves the tournament from round {round_number}")


@league_app.command("penalty")
@cli_errors
def league_penalty(
    team: Annotated[str, typer.Argument(help="The team.")],
    reason: Annotated[str, typer.Option(help="The rule broken (5.1 §13 e).")],
    points: Annotated[int, typer.Option(help="Penalty points (strafpoint).")] = 1,
    round_number: Annotated[
        int | None, typer.Option("--round", help="The round it concerns.")
    ] = None,
    season: SeasonOption = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Give a team penalty points (strafpoint, §13 e): taken off its board points.

    Example: skak league penalty "Skive 1" --reason "resultatkort for sent"
    """
    done = open_db(db).league.penalty(season, team, points, reason, round_number=round_number)
    _outcome(done, f"{escape(team)}: {_count(points, 'penalty point')}")


RoundArg = Annotated[str, typer.Argument(help="The round (a number, or 'playoff').")]
TeamArg = Annotated[str, typer.Argument(help="A team of the match.")]


@league_app.command("cards")
@cli_errors
def league_cards(
    season: SeasonOption = None,
    as_of: Annotated[
        str | None, typer.Option("--as-of", help="The day to judge the deadlines on (today).")
    ] = None,
    db: DbOption = DEFAULT_DB,
    as_json: JsonOption = False,
) -> None:
    """The result cards entered and what the captains and the leader said of them: the
    disputed and flagged ones (the leader's business) first, then those awaiting the away
    captain's confirmation, those that stand as reported (confirm-days passed), confirmed
    and approved.

    Example: skak league cards
    """
    from skak.views import to_json

    day = parse_date(as_of, "--as-of") if as_of else None
    lines = open_db(db).league.cards(season, today=day)
    if as_json:
        print_json(to_json(lines))
        return
    table = FittedTable(title=_("Result cards"))
    for col in (_("Round"), _("Match"), _("Result"), _("State"), _("Why")):
        table.add_column(col)
    for c in lines:
        table.add_row(
            str(c.round) if c.round else "playoff",
            escape(f"{c.home}–{c.away}"),
            c.result,
            c.state,
            escape("; ".join(c.reasons)),
        )
    print_table(table.fit(names={1}, texts={4}))


@league_app.command("confirm")
@cli_errors
def league_confirm(
    round_number: RoundArg,
    team: TeamArg,
    dispute: Annotated[
        str | None,
        typer.Option("--dispute", help="Object to the card instead, saying what is wrong."),
    ] = None,
    season: SeasonOption = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """The away captain's signature on the card the home team reported (5.1 §12.6), or
    his objection (--dispute TEXT), which goes to the league leader.

    Example: skak league confirm 3 "Skive 1" --dispute "bræt 2 endte remis"
    """
    s = open_db(db)
    r = _round(round_number)
    if dispute is not None:
        done = s.league.dispute(season, r, team, dispute)
        _outcome(done, _("Round {round}: objection recorded").format(round=round_number))
        return
    done = s.league.confirm(season, r, team)
    _outcome(done, _("Round {round}: card confirmed").format(round=round_number))


@league_app.command("approve")
@cli_errors
def league_approve(
    round_number: RoundArg,
    team: TeamArg,
    note: Annotated[str, typer.Option(help="The leader's note on it.")] = "",
    season: SeasonOption = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """The league leader approves a card as it stands (after an objection, a remark or a
    broken rule); to change it, enter it again with 'skak league result'.

    Example: skak league approve 3 "Skive 1" --note "som indberettet"
    """
    done = open_db(db).league.approve(season, _round(round_number), team, note)
    _outcome(done, _("Round {round}: card approved").format(round=round_number))


def _penalties(texts: list[str] | None) -> list[tuple[str, int]]:
    """``TEAM:POINTS`` texts (``TEAM`` alone: 1 point)."""
    out_pairs = []
    for text in texts or []:
        team, sep, points = text.rpartition(":")
        if not sep:
            team, points = text, "1"
        if not team.strip() or not points.strip().isdigit():
            raise InputError(
                _("--penalty {text}: write TEAM:POINTS, e.g. 'Skive 1:1'").format(text=text)
            )
        out_pairs.append((team.strip(), int(points)))
    return out_pairs


PenaltyOption = Annotated[
    list[str] | None,
    typer.Option(
        "--penalty", help="TEAM:POINTS: penalty points the ruling gives (§13 e; repeatable)."
    ),
]


@league_app.command("rule")
@cli_errors
def league_rule(
    paragraph: Annotated[str, typer.Argument(help="The paragraph applied, e.g. '5.1 §13 b'.")],
    text: Annotated[str, typer.Argument(help="What is decided, and why.")],
    round_text: Annotated[
        str | None, typer.Option("--round", help="The round of the match it concerns.")
    ] = None,
    team: Annotated[str | None, typer.Option(help="A team of the match it concerns.")] = None,
    results: Annotated[
        list[str] | None,
        typer.Option(
            "--result",
            help="The match's result as ruled: one per board from the home side, in order "
            "(repeat the option, as 'skak league result' takes them).",
        ),
    ] = None,
    penalty: PenaltyOption = None,
    season: SeasonOption = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """The league leader's ruling (kendelse, 5.1 §14–§15): it may decide a match's result
    and give penalty points; it counts at once and may be appealed to the tournament
    committee within 10 days (§15 b).

    Example: skak league rule "5.1 §12" "Bræt 3 endte remis" --round 3 --team "Skive 1"
    --result 1 --result 1 --result ½ --result 0
    """
    r = _round(round_text) if round_text is not None else None
    done = open_db(db).league.rule(
        season, paragraph, text, round_number=r, team=team, results=results,
        penalties=_penalties(penalty),
    )  # fmt: skip
    ruling = done.after.rulings[-1]
    _outcome(
        done,
        _("Ruling {number} given; it may be appealed until {day} (5.1 §15 b)").format(
            number=ruling.number, day=ruling.appeal_until
        ),
    )


@league_app.command("appeal")
@cli_errors
def league_appeal(
    number: Annotated[int, typer.Argument(help="The ruling's number.")],
    reason: Annotated[str, typer.Argument(help="What is wrong with the ruling.")],
    season: SeasonOption = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """A club's appeal of a ruling to the tournament committee (5.1 §15 b: within 10 days
    after it was sent); the ruling counts until the committee decides.

    Example: skak league appeal 2 "Bræt 3 blev vundet, se noteringsblanketterne"
    """
    done = open_db(db).league.appeal(season, number, reason)
    _outcome(done, _("Ruling {number}: appeal recorded").format(number=number))


@league_app.command("decide")
@cli_errors
def league_decide(
    number: Annotated[int, typer.Argument(help="The ruling's number.")],
    outcome: Annotated[
        str, typer.Argument(help="upheld (stadfæstet), overturned (ophævet) or changed (ændret).")
    ],
    text: Annotated[str, typer.Argument(help="The committee's decision and its reasons.")],
    results: Annotated[
        list[str] | None,
        typer.Option("--result", help="A changed ruling's result, one per board (repeatable)."),
    ] = None,
    penalty: PenaltyOption = None,
    season: SeasonOption = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """The tournament committee's decision of an appeal (5.1 §14, §15 b): a ruling set
    aside has what it changed undone; a changed one takes the committee's result or
    penalty points instead.

    Example: skak league decide 2 overturned "Noteringsblanketterne viser gevinst"
    """
    words = {"stadfæstet": "upheld", "ophævet": "overturned", "ændret": "changed"}
    chosen = words.get(outcome.strip().lower(), outcome.strip().lower())
    done = open_db(db).league.decide_appeal(
        season, number, chosen, text, results=results, penalties=_penalties(penalty)
    )
    _outcome(done, _("Ruling {number}: the committee's decision recorded").format(number=number))


@league_app.command("rulings")
@cli_errors
def league_rulings(
    season: SeasonOption = None, db: DbOption = DEFAULT_DB, as_json: JsonOption = False
) -> None:
    """The league leader's rulings, the newest first: the paragraph, what was decided, the
    last day of appeal (5.1 §15 b) and the tournament committee's decision.

    Example: skak league rulings --json
    """
    from skak.views import to_json

    rulings = open_db(db).league.rulings(season)
    if as_json:
        print_json(to_json(rulings))
        return
    table = FittedTable(title=_("Rulings"))
    for col in (
        "#",
        _("Day"),
        _("Paragraph"),
        _("Match"),
        _("Ruling"),
        _("Appeal until"),
        _("State"),
    ):
        table.add_column(col)
    for r in rulings:
        match = f"{r.round}: {r.home}–{r.away}" if r.round is not None else ""
        table.add_row(
            str(r.number), str(r.day), escape(r.paragraph), escape(match), escape(r.text),
            str(r.appeal_until), _ruling_state(r.state),
        )  # fmt: skip
    print_table(table.fit(names={3}, texts={4}))


def _ruling_state(state: str) -> str:
    return {
        "given": _("given"),
        "appealed": _("appealed"),
        "upheld": _("upheld"),
        "overturned": _("overturned"),
        "changed": _("changed"),
    }.get(state, state)


@league_app.command("lot")
@cli_errors
def league_lot(
    teams: Annotated[
        list[str], typer.Argument(help="The teams in the order the lot gave, the first highest.")
    ],
    season: SeasonOption = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Record a lot drawn by hand (lodtrækning, §3's last step): it decides a tie between
    teams it all names, instead of the lot skak draws from the seed. It names all the teams
    of one group that the standings as they stand leave tied for the lot (else exit 5,
    naming them).

    Example: skak league lot "Helsingør 1" "Nørresundby 1"
    """
    done = open_db(db).league.lot(season, teams)
    _outcome(done, f"Lot recorded: {escape(', '.join(done.after.lots[-1]))}")


@league_app.command("playoff")
@cli_errors
def league_playoff(
    home: Annotated[str, typer.Option(help="The home team.")],
    away: Annotated[str, typer.Option(help="The visiting team.")],
    day: Annotated[
        str, typer.Option("--date", help="The day (§6 c: with Skakligaen's last round).")
    ],
    season: SeasonOption = None,
    db: DbOption = DEFAULT_DB,
) -> None:
    """Set 2. division's play-off (omkamp, §5) between the third-last teams of groups 3
    and 4; then enter its line-ups and result with round 'playoff'.

    Example: skak league playoff --home "Team A" --away "Team B" --date 2026-04-26
    """
    when = parse_date(day, "--date")
    assert when is not None
    done = open_db(db).league.playoff(season, home, away, when)
    _outcome(done, f"Play-off {escape(home)}–{escape(away)} on {when}")


@league_app.command("season-end")
@cli_errors
def league_season_end(
    district_winner: Annotated[
        list[str] | None,
        typer.Option(help="A district tournament's winner coming up to 2. division (repeatable)."),
    ] = None,
    leaving: Annotated[
        list[str] | None,
        typer.Option(help="A team that leaves the division tournament (repeatable)."),
    ] = None,
    liga_club: Annotated[
        list[str] | None,
        typer.Option(
            help="A club with a Skakliga team next season, when the season holds no Skakliga."
        ),
    ] = None,
    season: SeasonOption = None,
    db: DbOption = DEFAULT_DB,
    as_json: JsonOption = False,
    explain: ExplainOption = False,
) -> None:
    """Next season's divisions: promotion and relegation (§4–§5), one Skakliga team a club,
    the play-off and vacancies. Changes nothing.

    Example: skak league season-end --explain
    """
    from skak.views import to_json

    view = open_db(db).league.season_end(
        season, district_winners=district_winner or [], leaving=leaving or [],
        liga_clubs=liga_club or [],
    )  # fmt: skip
    if as_json:
        print_json(to_json(view))
        return
    show_season_end(view, explain)
