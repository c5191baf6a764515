"""The pages' templates and the rows they show: each helper lays out one view of
:mod:`skak.views` for a table (a column of points in one format, as the CLI writes it) and
decides nothing."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.templating import Jinja2Templates

from skak.errors import (
    InputError,
    NotFoundError,
    NoValidPairingError,
    SkakError,
    StateError,
    StorageError,
)
from skak.model.results import Result
from skak.views import (
    BoardRow,
    CrosstableRow,
    CrosstableView,
    Omitted,
    StandingRow,
    StandingsView,
    number_column,
)
from skak.web.auth import csrf_token, logged_in

__all__ = [
    "BoardLine",
    "CrossLine",
    "StandingLine",
    "board_line",
    "crosstable_lines",
    "flash",
    "fragment",
    "page",
    "result_text",
    "standings_lines",
    "status_of",
    "templates",
]


def templates() -> Jinja2Templates:
    """The pages' Jinja2 templates (``skak/web/templates``), every text escaped."""
    env = Environment(
        loader=PackageLoader("skak.web", "templates"),
        autoescape=select_autoescape(default=True),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["result"] = result_text
    return Jinja2Templates(env=env)


def status_of(err: SkakError) -> int:
    """The HTTP status of one of skak's errors (its exit code's kind)."""
    if isinstance(err, InputError):
        return 400
    if isinstance(err, NotFoundError):
        return 404
    if isinstance(err, StateError):
        return 409
    if isinstance(err, NoValidPairingError):
        return 422
    if isinstance(err, StorageError):
        return 503
    return 500


def result_text(result: Result | None) -> str:
    """A board's result as the pairing list writes it (empty while there is none)."""
    return "" if result is None else str(result)


def page(
    request: Request, template: str, context: Mapping[str, Any], *, status: int = 200
) -> HTMLResponse:
    """``template`` rendered with ``context``, the logged-in arbiter, the session's CSRF
    token (for an arbiter) and the messages left for this page."""
    arbiter = logged_in(request)
    flashes = request.session.pop("flash", []) if arbiter else []
    full = {
        "arbiter": arbiter,
        "csrf": csrf_token(request) if arbiter else "",
        "flashes": flashes,
        **context,
    }
    response: HTMLResponse = request.app.state.templates.TemplateResponse(
        request, template, full, status_code=status
    )
    return response


def fragment(request: Request, template: str, context: Mapping[str, Any]) -> HTMLResponse:
    """A part of a page (an HTMX answer, e.g. one board's row): no messages are taken."""
    response: HTMLResponse = request.app.state.templates.TemplateResponse(
        request, template, dict(context)
    )
    return response


def flash(request: Request, message: str) -> None:
    """A message for the arbiter's next page ("Round 3 paired")."""
    request.session.setdefault("flash", [])
    request.session["flash"] = [*request.session["flash"], message]


@dataclass(frozen=True, slots=True)
class StandingLine:
    row: StandingRow
    points: str
    tiebreaks: tuple[str, ...]
    rating: str


def standings_lines(view: StandingsView) -> list[StandingLine]:
    """The standings' rows with their points and tie-breaks written as the CLI writes them."""
    rows = view.standings
    points = number_column(s.points for s in rows)
    columns = [number_column(s.tiebreaks[code] for s in rows) for code in view.tiebreaks]
    lines = []
    for i, s in enumerate(rows):
        cell = s.rating
        rating = (
            f"{cell.new} ({cell.change:+d})" if not isinstance(cell, Omitted) and cell.games else ""
        )
        unfinished = f" (+{s.unfinished} unfinished)" if s.unfinished else ""
        lines.append(StandingLine(s, points[i] + unfinished, tuple(c[i] for c in columns), rating))
    return lines


@dataclass(frozen=True, slots=True)
class CrossLine:
    row: CrosstableRow
    points: str
    tiebreaks: tuple[str, ...]


def crosstable_lines(view: CrosstableView) -> list[CrossLine]:
    rows = view.crosstable
    points = number_column(s.points for s in rows)
    columns = [number_column(s.tiebreaks[code] for s in rows) for code in view.tiebreaks]
    return [CrossLine(s, points[i], tuple(c[i] for c in columns)) for i, s in enumerate(rows)]


@dataclass(frozen=True, slots=True)
class BoardLine:
    """One board of the arbiter's result list: the board, the text in its field, the result
    the page saw on it (sent back as ``seen``) and what became of the last entry."""

    board: BoardRow
    value: str
    seen: str
    status: str = ""  # "saved", "unchanged", "conflict", "error"
    message: str = ""


def board_line(
    board: BoardRow, status: str = "", message: str = "", value: str | None = None
) -> BoardLine:
    seen = result_text(board.result)
    return BoardLine(board, seen if value is None else value, seen, status, message)
