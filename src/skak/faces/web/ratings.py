"""The public rating pages (no login, phone first): ``/ratings``, DSU's rating list from the
database's rating registry — standard, rapid and blitz, §23's class — searched by name, club
or member number (``?q=``), as of a day (``?date=``), a hundred players a page; and
``/ratings/{member}``, a player's card: every rating, §23's class and every change with its
reason and the tournament behind it (as ``skak rating show``). The registry is replayed once
a version, and the list built once a version and day; each page only searches and pages it,
and a page a visitor without a login reads is kept per registry version.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from datetime import date

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, Response

from skak.errors import InputError
from skak.faces.web._cache import ReadCache
from skak.faces.web._render import language, page, remember_language
from skak.faces.web.auth import SESSION_ARBITER
from skak.faces.web.public import CacheDep, SkakDep
from skak.messages import N_
from skak.views import RatingIndex, rating_list_view, registry_row, registry_rows

__all__ = ["router"]

router = APIRouter()

#: The pages a reader is building now (touched on the event loop only).
_BUILDING: set[Hashable] = set()


async def _kept(request: Request, cache: ReadCache, build: Callable[[], Response]) -> Response:
    """The page ``build`` makes, kept per registry version and day for visitors without a
    login: fifty phones reading the list, or one search again and again, cost one small
    query each and one build a change of the registry (a reader who comes while it is built
    anew reads the one before); a logged-in user's page, with its menus, is built anew."""
    if request.session.get(SESSION_ARBITER) is not None:
        return await run_in_threadpool(build)
    version = await run_in_threadpool(cache.skak.registry.version)
    key = ("ratings", request.url.path, request.url.query, language(request), date.today())
    kept = cache.kept_page(key, version)
    older = cache.newest(key) if kept is None else None
    if kept is None and older is not None and key in _BUILDING:
        kept = older
    if kept is None:

        def render() -> tuple[bytes, int, bool]:
            response = build()
            return bytes(response.body), version, response.status_code == 200

        _BUILDING.add(key)
        try:
            kept = await run_in_threadpool(cache.page, key, version, render)
        finally:
            _BUILDING.discard(key)
    response = HTMLResponse(kept.body)
    remember_language(request, response)
    return response


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
