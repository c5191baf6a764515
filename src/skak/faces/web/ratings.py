"""The public rating pages (no login, phone first): ``/ratings``, DSU's rating list from the
database's rating registry — standard, rapid and blitz, §23's class — searched by name, club
or member number (``?q=``), as of a day (``?date=``), a hundred players a page; and
``/ratings/{member}``, a player's card: every rating, §23's class and every change with its
reason and the tournament behind it (as ``skak rating show``). The registry is replayed once
a version, and the list built once a version and day; each page only searches and pages it,
and a page a visitor without a login reads is kept per registry version.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from fastapi import APIRouter, Request
from starlette.responses import HTMLResponse, Response

from skak.errors import InputError
from skak.faces.web._cache import ReadCache, Shown, public_page
from skak.faces.web._render import page
from skak.faces.web.public import CacheDep, SkakDep
from skak.messages import N_
from skak.views import RatingIndex, rating_list_view, registry_row, registry_rows

__all__ = ["router"]

router = APIRouter()


async def _kept(request: Request, cache: ReadCache, build: Callable[[], Response]) -> Response:
    """The page ``build`` makes, kept per registry version and day for visitors without a
    login (:func:`skak.faces.web._cache.public_page`): fifty phones reading the list, or one
    search again and again, cost one small query (under ``skak serve`` one a fifth of a
    second) and one build a change. The query is asked on the event loop, as a tournament's
    version is: sent to a thread, it held every reader up by 50–100 ms each time."""
    key = ("ratings", request.url.path, request.url.query, date.today())
    shown = Shown("registry", 0, cache.skak.registry.version, "/ratings")
    return await public_page(request, cache, key, shown, build)


def _index(skak: SkakDep, cache: CacheDep, today: date) -> RatingIndex:
    """The list's rows and their search texts, built once a registry version and day."""
    version = skak.registry.version()

    def build() -> RatingIndex:
        # the registry replayed once a version: the list and the cards share it
        registry = cache.kept(("registry", version), skak.registry.get)
        return RatingIndex.of(registry_rows(registry, today))

    return cache.kept(("registry-index", version, today), build)


def _day(text: str | None) -> date | None:
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise InputError(N_("{day} is not a date (YYYY-MM-DD)", day=repr(text))) from None


@router.get("/ratings", response_class=HTMLResponse)
async def ratings(
    request: Request,
    skak: SkakDep,
    cache: CacheDep,
    q: str = "",
) -> Response:
    """The rating list, searched and paged (``?q=``, ``?page=``, ``?date=``)."""
    params = request.query_params
    number = int(params["page"]) if params.get("page", "").isdigit() else 1
    as_of = _day(params.get("date"))
    today = date.today()

    def build() -> Response:
        view = rating_list_view(
            _index(skak, cache, today), today, query=q, as_of=as_of, page=number
        )
        return page(request, "ratings/list.html", {"view": view})

    return await _kept(request, cache, build)


@router.get("/ratings/{member}", response_class=HTMLResponse)
async def card(request: Request, member: int, skak: SkakDep, cache: CacheDep) -> Response:
    """A player's card: his ratings, §23's class and every change with its reason."""
    today = date.today()

    def build() -> Response:
        version = skak.registry.version()
        registry = cache.kept(("registry", version), skak.registry.get)
        view = registry_row(registry, member, today)
        return page(request, "ratings/card.html", {"card": view})

    return await _kept(request, cache, build)
