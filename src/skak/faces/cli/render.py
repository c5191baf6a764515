"""Rich tables and the HTML page for the CLI's listings: each renders one view of
:mod:`skak.views` and decides nothing.

The tables are :class:`~skak.faces.cli._tables.FittedTable`: in a narrow terminal no figure is
cut and the names give way first; print them with :func:`skak.faces.cli._output.print_table`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.markup import escape
from rich.table import Table
from rich.text import Text

from skak.faces.cli._tables import FittedTable
from skak.faces.i18n import _, ngettext, say
from skak.views import local_time, number_column

if TYPE_CHECKING:
    from jinja2 import Environment

    from skak.api import HistoryLine
    from skak.views import (
        CrosstableView,
        PlayerRow,
        PlayersView,
        PlayerView,
        RoundView,
        StandingsView,
        TournamentListing,
    )
    from skak.views.report import ReportView

__all__ = [
    "crosstable_html",
    "crosstable_table",
    "history_table",
    "player_facts",
    "player_table",
    "players_table",
    "report_html",
    "round_table",
    "standings_table",
    "tournaments_table",
]


def _add_row(table: Table, *cells: str) -> None:
    """Add a row whose text is shown as it is: each cell is a :class:`~rich.text.Text`, so
    that neither markup (a name may hold square brackets) nor emoji codes (``:ok:``) are
    read in it. A string cell would be parsed as markup every time Rich measures and
    renders it (about a sixth of the time a 150-player standings table takes)."""
    table.add_row(*(Text(c) for c in cells))


def _name(name: str, n: int | None) -> str:
    return "" if n is None else f"{name} ({n})"


def _number(value: int | None) -> str:
    return "" if value is None else str(value)


def _status(p: PlayerRow) -> str:
    parts = []
    if p.withdrawn_from is not None:
        parts.append(f"withdrawn (udgået) from round {p.withdrawn_from}")
    if p.late_from is not None:
        parts.append(f"late entry from round {p.late_from}")
    if p.absent_rounds:
        parts.append("absent in round " + ", ".join(map(str, sorted(p.absent_rounds))))
    return "; ".join(parts)


def _days(line: TournamentListing) -> str:
    if line.start is None:
        return line.created_at[:10]
    if line.end is None or line.end == line.start:
        return line.start.isoformat()
    return f"{line.start.isoformat()} – {line.end.isoformat()}"


def _tournament_status(line: TournamentListing) -> str:
    words = {"planned": _("planned"), "running": _("running"), "finished": _("finished")}
    status = words.get(line.status, line.status)
    return status + (", " + _("rated") if line.rated and line.status == "finished" else "")


def tournaments_table(lines: Sequence[TournamentListing]) -> Table:
    """The list of tournaments (``skak tournaments``), newest first: ID, name, place,
    organiser, days (the day it was created when none is given), kind and status."""
    table = FittedTable(title="Tournaments (turneringer)")
    table.add_column("ID", justify="right")
    table.add_column(_("Name"))
    table.add_column(_("Venue"))
    table.add_column(_("Organiser"))
    table.add_column(_("Days"))
    table.add_column(_("Kind"))
    table.add_column(_("Status"))
    kinds = {"standard": _("standard"), "rapid": _("rapid"), "blitz": _("blitz")}
    for r in lines:
        _add_row(
            table,
            str(r.id),
            r.name,
            r.place or "",
            r.organiser or "",
            _days(r),
            kinds.get(r.kind, r.kind),
            _tournament_status(r),
        )
    return table.fit(names={1, 2, 3}, texts={6})


def players_table(view: PlayersView) -> Table:
    table = FittedTable(title=f"{escape(view.tournament)}: players (spillere)")
    table.add_column("No.", justify="right")
    table.add_column("Name")
    table.add_column("Title")
    table.add_column("Club")
    table.add_column("Fed")
    table.add_column("Rating", justify="right")
    table.add_column("FIDE", justify="right")
    table.add_column("Status")
    for p in view.players:
        _add_row(
            table,
            str(p.start_number),
            p.name,
            p.title.value if p.title else "",
            p.club or "",
            p.federation or "",
            _number(p.rating),
            _number(p.ratings.fide),
            _status(p),
        )
    return table.fit(names={1, 3}, texts={7})


def withdrawn_name(name: str, withdrawn_from: int | None) -> str:
    """A name in the standings or the crosstable, marked when he withdrew (udgået)."""
    if withdrawn_from is None:
        return name
    return _("{name} (withdrawn)").format(name=name)


def _colour(colour: object) -> str:
    """A colour (the model's ``Colour``, by its value) in the command's language."""
    value = getattr(colour, "value", None)
    return {"white": _("white"), "black": _("black")}.get(str(value), "")


def player_table(view: PlayerView) -> Table:
    """One player's rounds (``skak players show``): opponent, colour, result, score."""
    title = _("{name} ({number}): {tournament}").format(
        name=escape(view.name), number=view.start_number, tournament=escape(view.tournament)
    )
    table = FittedTable(title=title)
    table.add_column(_("Round"), justify="right")
    table.add_column(_("Board"), justify="right")
    table.add_column(_("Colour"))
    table.add_column(_("Opponent"))
    table.add_column(_("Rating"), justify="right")
    table.add_column(_("Result"), justify="center")
    table.add_column(_("Score"), justify="right")
    scores = number_column(r.score for r in view.rounds)
    for i, r in enumerate(view.rounds):
        _add_row(
            table,
            str(r.round),
            _number(r.board),
            _colour(r.colour),
            "" if r.opponent is None else _name(r.opponent_name or "", r.opponent),
            _number(r.opponent_rating),
            say(r.mark),
            scores[i],
        )
    return table.fit(names={3})


def player_facts(view: PlayerView) -> list[str]:
    """The lines below a player's rounds: place and points, performance, rating change,
    withdrawal."""
    from skak.views import Omitted

    lines = [
        _("Place {place} with {points} points").format(
            place=view.place, points=number_column([view.points])[0]
        )
    ]
    if view.performance is not None:
        lines.append(
            ngettext(
                "Performance rating {rating} ({games} rated game)",
                "Performance rating {rating} ({games} rated games)",
                view.games,
            ).format(rating=view.performance, games=view.games)
        )
    cell = view.rating_change
    if not isinstance(cell, Omitted):
        if cell.first:
            lines.append(_("First rating {rating}").format(rating=cell.new))
        else:
            lines.append(
                _("New rating {new} ({change:+d}), from {old}").format(
                    new=cell.new, change=cell.change, old=cell.old
                )
            )
    if view.withdrawn_from is not None:
        lines.append(_("withdrawn (udgået) from round {round}").format(round=view.withdrawn_from))
    return lines


def round_table(view: RoundView) -> Table:
    title = _("{tournament}: round (runde) {round}")
    table = FittedTable(title=title.format(tournament=escape(view.tournament), round=view.round))
    table.add_column(_("Board"), justify="right")
    table.add_column(_("White (hvid)"))
    table.add_column(_("Black (sort)"))
    table.add_column(_("Result"))
    for p in view.pairings:
        result = "" if p.result is None else str(p.result)
        if p.is_bye:
            result = _("bye (oversidder)")
        _add_row(
            table,
            str(p.board),
            _name(p.white_name, p.white),
            _name(p.black_name, p.black),
            result,
        )
    for b in view.byes:
        _add_row(table, "", _name(b.name, b.player), "", say(b.result.label))
    return table.fit(names={1, 2})


def aro_list(view: RoundView) -> Table | None:
    """A Dubov round's players with R and ARO before the round (4.9.6 §9), or ``None``."""
    from skak.views import Omitted

    if isinstance(view.aro, Omitted):
        return None
    title = f"ARO before round {view.round} (Dubov, 4.9.6 §9)"
    table = FittedTable(title=title)
    table.add_column("No.", justify="right")
    table.add_column("Name")
    table.add_column("R", justify="right")
    table.add_column("ARO", justify="right")
    for row in view.aro:
        rating = "" if row.rating is None else str(row.rating)
        _add_row(table, str(row.start_number), row.name, rating, row.shown)
    return table.fit(names={1})


def _unfinished(n: int) -> str:
    """The games of a row still without a final result (afbrudte partier)."""
    return ngettext(" (+{n} unfinished)", " (+{n} unfinished)", n).format(n=n)


def standings_table(view: StandingsView) -> Table:
    from skak.views import Omitted

    rows = view.standings
    title = _("{tournament}: standings (stilling) after round {round}").format(
        tournament=escape(view.tournament), round=view.after_round
    )
    table = FittedTable(title=title)
    table.add_column(_("Place"), justify="right")
    table.add_column(_("No."), justify="right")
    table.add_column(_("Name"))
    table.add_column(_("Club"))
    table.add_column(_("Rating"), justify="right")
    table.add_column(_("Points"), justify="right")
    table.add_column(_("Games"), justify="right")
    for code in view.tiebreaks:
        table.add_column(escape(code), justify="right")
    if view.rating_edition is not None:
        new_rating = _("New rating ({edition})").format(edition=view.rating_edition)
        table.add_column(new_rating, justify="right")
    if view.prize_basis is not None:
        table.add_column(_("Prize"), justify="right")
    if view.fide_edition is not None:
        table.add_column(f"FIDE ({view.fide_edition})", justify="right")
        table.add_column("Norm")
    points = number_column(s.points for s in rows)
    tiebreaks = [number_column(s.tiebreaks[code] for s in rows) for code in view.tiebreaks]
    prizes = number_column(
        (None if isinstance(s.prize, Omitted) else s.prize for s in rows), fractions=False
    )
    for i, s in enumerate(rows):
        cells = [
            s.place,
            str(s.start_number),
            withdrawn_name(s.name, s.withdrawn_from),
            s.club or "",
            _number(s.player_rating),
            points[i] + (_unfinished(s.unfinished) if s.unfinished else ""),
            str(s.games),
        ]
        cells += [column[i] for column in tiebreaks]
        if view.rating_edition is not None:
            c = s.rating
            cells.append(
                ""
                if isinstance(c, Omitted) or not c.games
                else _("{rating} (first rating)").format(rating=c.new)
                if c.first
                else f"{c.new} ({c.change:+d})"
            )
        if view.prize_basis is not None:
            cells.append(prizes[i])
        if view.fide_edition is not None:
            f = s.fide
            if isinstance(f, Omitted):
                cells += ["", ""]
            else:
                shown = "" if f.new is None else str(f.new)
                if f.old is not None and f.games:
                    shown = f"{f.new} ({f.change:+d})"
                elif f.old is None and f.new is not None:
                    shown = _("{rating} (first rating)").format(rating=f.new)
                cells += [shown, f.norm or ""]
        _add_row(table, *cells)
    return table.fit(names={2, 3})


def crosstable_table(view: CrosstableView) -> Table:
    """The crosstable (krydstabel) in standings order: per round the opponent's line number,
    the colour (h/s = hvid/sort) and the result; byes by their kind."""
    title = _("{tournament}: crosstable (krydstabel) after round {round}").format(
        tournament=escape(view.tournament), round=view.after_round
    )
    table = FittedTable(title=title)
    table.add_column("#", justify="right")
    table.add_column(_("Place"), justify="right")
    table.add_column(_("Name"))
    for r in range(1, view.after_round + 1):
        table.add_column(str(r), justify="center")
    table.add_column(_("Points"), justify="right")
    for code in view.tiebreaks:
        table.add_column(escape(code), justify="right")
    rows = view.crosstable
    points = number_column(s.points for s in rows)
    tiebreaks = [number_column(s.tiebreaks[code] for s in rows) for code in view.tiebreaks]
    for i, s in enumerate(rows):
        cells = [str(s.line), s.place, withdrawn_name(s.name, s.withdrawn_from)]
        cells += ["" if c is None else say(c.mark) for c in s.rounds]
        cells.append(points[i])
        cells += [column[i] for column in tiebreaks]
        _add_row(table, *cells)
    return table.fit(names={2})


def _templates() -> Environment:
    from jinja2 import Environment, PackageLoader, select_autoescape

    return Environment(
        loader=PackageLoader("skak.faces.cli", "templates"),
        autoescape=select_autoescape(default=True),
        keep_trailing_newline=True,
    )


def crosstable_html(view: CrosstableView) -> str:
    """The crosstable as a stand-alone HTML page in the command's language (the Jinja2
    template ``templates/crosstable.html``; every text escaped)."""
    from skak.faces.i18n import current

    return (
        _templates()
        .get_template("crosstable.html")
        .render(view=view, lines=_crosstable_lines(view), lang=current(), _=_, say=say)
    )


def _crosstable_lines(view: CrosstableView) -> list[dict[str, object]]:
    rows = view.crosstable
    points = number_column(s.points for s in rows)
    tiebreaks = [number_column(s.tiebreaks[code] for s in rows) for code in view.tiebreaks]
    return [
        {
            "row": s,
            "rating": _number(s.rating),
            "points": points[i],
            "tiebreaks": [column[i] for column in tiebreaks],
        }
        for i, s in enumerate(rows)
    ]


def report_html(view: ReportView, today: str) -> str:
    """§6's report as a stand-alone HTML page (``templates/report.html``) in the command's
    language: the items, the standings and crosstable, the new ratings, the candidate
    results, the warnings and quarantines, the forfeits; every text escaped."""
    from skak.faces.i18n import current
    from skak.views import exact_decimal

    st = view.standings
    rows = st.standings
    points = number_column(r.points for r in rows)
    tiebreaks = [number_column(r.tiebreaks[code] for r in rows) for code in st.tiebreaks]
    standings = [
        {
            "place": r.place,
            "start_number": r.start_number,
            "name": r.name,
            "club": r.club or "",
            "rating": _number(r.player_rating),
            "points": points[i],
            "tiebreaks": [column[i] for column in tiebreaks],
        }
        for i, r in enumerate(rows)
    ]
    rating = [
        {
            "start_number": r.start_number,
            "name": r.name,
            "old": "–" if r.first else r.old,  # a first rating (§4.5.5.2) changes none
            "games": r.games,
            "score": exact_decimal(r.score),
            "expected": exact_decimal(r.expected),
            "bonus": exact_decimal(r.bonus),
            "k": r.k,
            "change": "first rating" if r.first else f"{r.change:+d}",
            "new": r.new,
        }
        for r in view.rating.players
    ]
    candidates = [
        {
            "start_number": c.start_number,
            "name": c.name,
            "dsu_id": _number(c.dsu_id),
            "average": c.average,
            "rounds": c.rounds,
            "score": exact_decimal(c.score),
            "required": "–" if c.required is None else exact_decimal(c.required),
            "reached": c.reached,
        }
        for c in view.candidates
    ]
    dates = " – ".join(d.isoformat() if d else _("not recorded") for d in (view.start, view.end))
    return (
        _templates()
        .get_template("report.html")
        .render(
            view=view,
            today=today,
            dates=dates,
            standings=standings,
            crosstable=_crosstable_lines(view.crosstable),
            rating=rating,
            candidates=candidates,
            reached=sum(1 for c in view.candidates if c.reached),
            lang=current(),
            _=_,
            say=say,
        )
    )


def history_table(lines: list[HistoryLine]) -> Table:
    table = FittedTable(title=_("History"))
    table.add_column("#", justify="right")
    table.add_column(_("When"))
    table.add_column(_("Who"))
    table.add_column(_("What"))
    undone = _("undone")
    for h in lines:
        said = escape(say(h.text))
        text = f"[strike]{said}[/strike] ({undone})" if h.undone else said
        table.add_row(str(h.seq), local_time(h.recorded_at), escape(h.actor), text)
    return table.fit(names={2}, texts={3})
