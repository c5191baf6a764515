"""The pages' templates, their language, and the rows they show: each helper lays out one
view of :mod:`skak.views` for a table (a column of points in one format, as the CLI writes
it) and decides nothing.

**Language.** Every page is in Danish (the default) or English: ``?lang=en`` or
``?lang=da`` on any page chooses, and a cookie remembers the choice. The templates mark
their text with the ``_`` function (``.format(...)`` fills in the fields, as the catalogue's
``{field}`` style has it); one Jinja2 environment per language holds that language's
gettext, so a request never changes another's language. What the core says (errors,
notes, result labels) is translated by its template with the ``say`` filter.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.templating import Jinja2Templates

from skak.api import Result
from skak.errors import (
    DatabaseBusyError,
    InputError,
    NotFoundError,
    NoValidPairingError,
    PermissionDenied,
    SkakError,
    StateError,
)
from skak.faces.i18n import LANGUAGES, error_text, say, translations
from skak.faces.web.auth import csrf_token, logged_in
from skak.views import (
    BoardRow,
    CrosstableRow,
    CrosstableView,
    Omitted,
    StandingRow,
    StandingsView,
    exact_decimal,
    local_time,
    number_column,
    quarters,
)

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGE_COOKIE",
    "RETRY_AFTER",
    "BoardLine",
    "CrossLine",
    "Pages",
    "StandingLine",
    "board_line",
    "crosstable_lines",
    "error_message",
    "flash",
    "fragment",
    "gettext_for",
    "language",
    "ngettext_for",
    "page",
    "remember_language",
    "result_text",
    "standings_lines",
    "status_of",
]

#: The pages' language when nobody chose one: the arbiters' own.
DEFAULT_LANGUAGE = "da"
#: The cookie that remembers the language chosen with ``?lang=``.
LANGUAGE_COOKIE = "skak_lang"


def language(request: Request) -> str:
    """The request's language: ``?lang=``, else the cookie, else Danish."""
    for given in (request.query_params.get("lang"), request.cookies.get(LANGUAGE_COOKIE)):
        if given in LANGUAGES:
            assert given is not None
            return given
    return DEFAULT_LANGUAGE


def remember_language(request: Request, response: Response) -> None:
    """Keep the language ``?lang=`` chose in a cookie, for the pages to come."""
    chosen = request.query_params.get("lang")
    if chosen in LANGUAGES and request.cookies.get(LANGUAGE_COOKIE) != chosen:
        secure: bool = getattr(request.app.state, "secure_cookies", False)
        response.set_cookie(
            LANGUAGE_COOKIE, str(chosen), max_age=365 * 24 * 3600, samesite="lax", secure=secure
        )


def gettext_for(lang: str) -> Callable[[str], str]:
    """The gettext of ``lang`` (English: the text as it is)."""
    if lang == "en":
        return lambda message: message
    return translations(lang).gettext


def ngettext_for(lang: str) -> Callable[[str, str, int], str]:
    """The ngettext of ``lang``: a message's singular or plural by ``n``."""
    if lang == "en":
        return lambda singular, plural, n: singular if n == 1 else plural
    return translations(lang).ngettext


class Pages:
    """The templates (``skak/faces/web/templates``), one environment per language, every text
    escaped."""

    def __init__(self) -> None:
        self.by_language = {lang: self._templates(lang) for lang in LANGUAGES}

    @staticmethod
    def _templates(lang: str) -> Jinja2Templates:
        env = Environment(
            loader=PackageLoader("skak.faces.web", "templates"),
            autoescape=select_autoescape(default=True),
            trim_blocks=True,
            lstrip_blocks=True,
        )
        env.globals["_"] = gettext_for(lang)
        env.globals["ngettext"] = ngettext_for(lang)
        env.globals["lang"] = lang
        env.filters["result"] = result_text
        env.filters["decimal"] = exact_decimal
        env.filters["half"] = quarters
        env.filters["points"] = lambda value: number_column([value])[0]
        env.filters["local_time"] = local_time
        env.filters["say"] = lambda text: say(text, lang) if isinstance(text, str) else text
        return Jinja2Templates(env=env)

    def for_request(self, request: Request) -> Jinja2Templates:
        return self.by_language[language(request)]


#: The seconds a page answered 503 (the database busy or out of reach) asks a client to
#: wait before it tries again (``Retry-After``).
RETRY_AFTER = 5


def status_of(err: SkakError) -> int:
    """The HTTP status of one of skak's errors (its exit code's kind)."""
    if isinstance(err, InputError):
        return 400
    if isinstance(err, PermissionDenied):
        return 403
    if isinstance(err, NotFoundError):
        return 404
    if isinstance(err, StateError):
        return 409
    if isinstance(err, NoValidPairingError):
        return 422
    if isinstance(err, DatabaseBusyError):
        return 503  # busy or out of reach for now: try again (with Retry-After)
    return 500  # every other StorageError: retrying does not mend it


def error_message(request: Request, err: Exception) -> str:
    """An error's text in the request's language (as the CLI says it)."""
    return error_text(err, language(request))


def result_text(result: Result | None) -> str:
    """A board's result as the pairing list writes it (empty while there is none)."""
    return "" if result is None else str(result)


def _switch(request: Request, lang: str) -> str:
    """This page in the other language (``?lang=``), as a path on this server."""
    url = request.url.include_query_params(lang=lang)
    return f"{url.path}?{url.query}"


def page(
    request: Request, template: str, context: Mapping[str, Any], *, status: int = 200
) -> HTMLResponse:
    """``template`` rendered with ``context``, the logged-in arbiter, the session's CSRF
    token (for an arbiter), the messages left for this page and the language links."""
    arbiter = logged_in(request)
    flashes = request.session.pop("flash", []) if arbiter else []
    lang = language(request)
    other = "en" if lang == "da" else "da"
    full = {
        "arbiter": arbiter,
        "csrf": csrf_token(request) if arbiter else "",
        "flashes": flashes,
        "other_language": other,
        "other_language_url": _switch(request, other),
        **context,
    }
    pages: Pages = request.app.state.pages
    response: HTMLResponse = pages.for_request(request).TemplateResponse(
        request, template, full, status_code=status
    )
    remember_language(request, response)
    if status == 503:
        response.headers["Retry-After"] = str(RETRY_AFTER)
    return response


def fragment(request: Request, template: str, context: Mapping[str, Any]) -> HTMLResponse:
    """A part of a page (an HTMX answer, e.g. one board's row): no messages are taken."""
    pages: Pages = request.app.state.pages
    response: HTMLResponse = pages.for_request(request).TemplateResponse(
        request, template, dict(context)
    )
    return response


def flash(request: Request, message: str) -> None:
    """A message for the arbiter's next page ("Round 3 paired"), in the page's language."""
    request.session.setdefault("flash", [])
    request.session["flash"] = [*request.session["flash"], message]


@dataclass(frozen=True, slots=True)
class StandingLine:
    row: StandingRow
    points: str
    tiebreaks: tuple[str, ...]
    rating: str
    #: A first rating (§4.5.5.2), which the page shows as one, not as a change.
    first_rating: int | None = None


def standings_lines(view: StandingsView) -> list[StandingLine]:
    """The standings' rows with their points and tie-breaks written as the CLI writes them."""
    rows = view.standings
    points = number_column(s.points for s in rows)
    columns = [number_column(s.tiebreaks[code] for s in rows) for code in view.tiebreaks]
    lines = []
    for i, s in enumerate(rows):
        cell = s.rating
        rating, first = "", None
        if not isinstance(cell, Omitted) and cell.games:
            rating = f"{cell.new} ({cell.change:+d})"
            first = cell.new if cell.first else None
        unfinished = f" (+{s.unfinished})" if s.unfinished else ""
        tiebreaks = tuple(c[i] for c in columns)
        lines.append(StandingLine(s, points[i] + unfinished, tiebreaks, rating, first))
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
    #: Gladiator scoring (4.9.8): the row has a field for a drawn game's play-off, with
    #: the text in it and the play-off the page saw (sent back as ``seen_playoff``).
    gladiator: bool = False
    playoff: str = ""
    seen_playoff: str = ""


def board_line(
    board: BoardRow,
    status: str = "",
    message: str = "",
    value: str | None = None,
    *,
    gladiator: bool = False,
    playoff: str | None = None,
) -> BoardLine:
    seen = result_text(board.result)
    stored = ",".join(str(g) for g in board.playoff)
    return BoardLine(
        board,
        seen if value is None else value,
        seen,
        status,
        message,
        gladiator,
        stored if playoff is None else playoff,
        stored,
    )
