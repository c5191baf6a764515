"""Rich tables and JSON-ready dicts for the CLI's listings."""

from __future__ import annotations

import html
import io
from fractions import Fraction
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from skak.model.games import Entry, entries_by_player
from skak.model.player import Player
from skak.model.results import Colour, Result, Scoring, format_points
from skak.model.tournament import Pairing, Round, Tournament
from skak.standings import Standing
from skak.store import StreamRow
from skak.tiebreaks import exact_decimal
from skak.views import HistoryLine, StandingsView

__all__ = [
    "crosstable",
    "history_json",
    "history_table",
    "html_page",
    "player_json",
    "players_table",
    "round_table",
    "standings_table",
    "tournaments_table",
]


def _add_row(table: Table, *cells: str) -> None:
    """Add a row whose text is shown as it is (a name may hold square brackets)."""
    table.add_row(*(escape(c) for c in cells))


def _name(t: Tournament, n: int | None) -> str:
    if n is None:
        return ""
    return f"{t.player(n).name} ({n})"


def _rating(p: Player, t: Tournament) -> str:
    value = p.rating(t.rated_kind.dsu_rating_field)
    return "" if value is None else str(value)


def _status(p: Player) -> str:
    parts = []
    if p.withdrawn_from is not None:
        parts.append(f"withdrawn (udgået) from round {p.withdrawn_from}")
    if p.late_from is not None:
        parts.append(f"late entry from round {p.late_from}")
    if p.absent_rounds:
        parts.append("absent in round " + ", ".join(map(str, sorted(p.absent_rounds))))
    return "; ".join(parts)


def tournaments_table(rows: list[StreamRow]) -> Table:
    table = Table(title="Tournaments (turneringer)")
    table.add_column("ID", justify="right")
    table.add_column("Name")
    table.add_column("Created")
    for r in rows:
        _add_row(table, str(r.id), r.name, r.created_at[:10])
    return table


def players_table(t: Tournament) -> Table:
    table = Table(title=f"{escape(t.name)}: players (spillere)")
    table.add_column("No.", justify="right")
    table.add_column("Name")
    table.add_column("Title")
    table.add_column("Club")
    table.add_column("Fed")
    table.add_column("Rating", justify="right")
    table.add_column("FIDE", justify="right")
    table.add_column("Status")
    for p in t.players:
        _add_row(
            table,
            str(p.start_number),
            p.name,
            p.title.value if p.title else "",
            p.club or "",
            p.federation or "",
            _rating(p, t),
            "" if p.ratings.fide is None else str(p.ratings.fide),
            _status(p),
        )
    return table


def player_json(p: Player) -> dict[str, Any]:
    return {
        "start_number": p.start_number,
        "name": p.name,
        "sex": p.sex.value if p.sex else None,
        "birth_date": p.birth_date.isoformat() if p.birth_date else None,
        "club": p.club,
        "federation": p.federation,
        "dsu_id": p.dsu_id,
        "fide_id": p.fide_id,
        "title": p.title.value if p.title else None,
        "ratings": {
            "dsu": p.ratings.dsu,
            "dsu_rapid": p.ratings.dsu_rapid,
            "dsu_blitz": p.ratings.dsu_blitz,
            "fide": p.ratings.fide,
        },
        "withdrawn_from": p.withdrawn_from,
        "late_from": p.late_from,
        "absent_rounds": sorted(p.absent_rounds),
    }


def _result_text(p: Pairing) -> str:
    if p.is_bye:
        return "bye (oversidder)"
    return "" if p.result is None else str(p.result)


def round_table(t: Tournament, rnd: Round) -> Table:
    table = Table(title=f"{escape(t.name)}: round (runde) {rnd.number}")
    table.add_column("Board", justify="right")
    table.add_column("White (hvid)")
    table.add_column("Black (sort)")
    table.add_column("Result")
    for p in rnd.pairings:
        _add_row(table, str(p.board), _name(t, p.white), _name(t, p.black), _result_text(p))
    for b in rnd.byes:
        _add_row(table, "", _name(t, b.player), "", b.result.label)
    return table


def standings_table(view: StandingsView) -> Table:
    t, rows, after_round = view.tournament, view.rows, view.after_round
    rating, prizes = view.rating, view.prizes
    table = Table(title=f"{escape(t.name)}: standings (stilling) after round {after_round}")
    table.add_column("Place", justify="right")
    table.add_column("No.", justify="right")
    table.add_column("Name")
    table.add_column("Club")
    table.add_column("Rating", justify="right")
    table.add_column("Points", justify="right")
    table.add_column("Games", justify="right")
    codes = [code for code, _ in rows[0].tiebreaks] if rows else []
    for code in codes:
        table.add_column(escape(code), justify="right")
    if rating is not None:
        table.add_column(f"New rating ({rating.edition})", justify="right")
    if prizes is not None:
        table.add_column("Prize", justify="right")
    for s in rows:
        points = format_points(s.points) + (
            f" (+{s.unfinished} unfinished)" if s.unfinished else ""
        )
        cells = [
            s.place,
            str(s.player.start_number),
            s.player.name,
            s.player.club or "",
            _rating(s.player, t),
            points,
            str(s.games),
        ]
        cells += ["" if v is None else _value(v) for _, v in s.tiebreaks]
        if rating is not None:
            c = view.rating_change(s.player)
            cells.append(f"{c.new} ({c.change:+d})" if c and c.games else "")
        if prizes is not None:
            prize = prizes.get(s.player.start_number)
            cells.append("" if prize is None else _value(prize))
        _add_row(table, *cells)
    return table


def _value(value: Fraction) -> str:
    """A tie-break value or amount: halves as arbiters write them (``23½``), other fractions
    as exact decimals (``27.75``), a repeating fraction to two decimals (``17.63``)."""
    if value.denominator in (1, 2):
        return format_points(value)
    text = exact_decimal(value)
    return f"{float(value):.2f}" if "/" in text else text


def crosstable(t: Tournament, rows: tuple[Standing, ...], after_round: int) -> Table:
    """The crosstable (krydstabel) in standings order: per round the opponent's line number,
    the colour (h/s = hvid/sort) and the result; byes by their kind."""
    place = {s.player.start_number: i for i, s in enumerate(rows, start=1)}
    table = Table(title=f"{escape(t.name)}: crosstable (krydstabel) after round {after_round}")
    table.add_column("#", justify="right")
    table.add_column("Place", justify="right")
    table.add_column("Name")
    for r in range(1, after_round + 1):
        table.add_column(str(r), justify="center")
    table.add_column("Points", justify="right")
    by_player = entries_by_player(t)
    for s in rows:
        cells = [str(place[s.player.start_number]), s.place, s.player.name]
        mine = {e.round: e for e in by_player.get(s.player.start_number, ())}
        for r in range(1, after_round + 1):
            e = mine.get(r)
            cells.append(_cell(e, place, t) if e is not None else "")
        cells.append(format_points(s.points))
        _add_row(table, *cells)
    return table


def _cell(e: Entry, place: dict[int, int], t: Tournament) -> str:
    if e.opponent is None:
        name = e.result.name if e.result is not None else ""
        return {"PAIRING_BYE": "bye", "FULL_BYE": "+", "HALF_BYE": "½", "ZERO_BYE": "0"}.get(
            name, "–"
        )
    if e.result is None:
        mark = "…"
    elif e.result is Result.UNFINISHED:
        mark = "*"
    else:
        mark = format_points(e.points(Scoring(gladiator=t.scoring.gladiator)))
        if e.playoff:
            mark += "ᵍ"  # decided in the Gladiator play-off
        if e.result.is_forfeit:
            mark = "+" if mark == "1" else "−"
    colour = "h" if e.colour is Colour.WHITE else "s"
    return f"{place.get(e.opponent, '?')}{colour}{mark}"


def html_page(table: Table, title: str) -> str:
    """A stand-alone HTML page showing ``table`` (Rich's own HTML export)."""
    console = Console(record=True, width=200, file=io.StringIO())
    console.print(table)
    return console.export_html(inline_styles=True).replace(
        "<head>", f"<head>\n<title>{html.escape(title)}</title>", 1
    )


def history_table(lines: list[HistoryLine]) -> Table:
    table = Table(title="History (historik)")
    table.add_column("#", justify="right")
    table.add_column("When (UTC)")
    table.add_column("Who")
    table.add_column("What")
    for h in lines:
        text = f"[strike]{escape(h.text)}[/strike] (undone)" if h.undone else escape(h.text)
        table.add_row(str(h.seq), h.recorded_at.replace("T", " ")[:19], escape(h.actor), text)
    return table


def history_json(lines: list[HistoryLine]) -> list[dict[str, Any]]:
    return [h.to_json() for h in lines]
