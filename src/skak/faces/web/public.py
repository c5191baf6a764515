"""The public pages: read-only, for players and spectators (and the notice board).

Every page renders a view of :mod:`skak.views` of the tournament as stored: the list of
tournaments, a round's pairings with its results (rundelægning), the standings (stilling,
with the tournament's own tie-breaks or others chosen with ``?tiebreaks=`` or ``?rules=``),
the crosstable (krydstabel), the players, a page per player (his rounds, performance and
rating change) and the rating result. They answer GET only; a
POST to any of them is refused (405). What they build is kept per tournament version
(:mod:`skak.faces.web._cache`), so a hall full of phones costs one replay per change.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Hashable
from datetime import date
from typing import Annotated
from urllib.parse import urlencode

from fastapi import APIRouter, Depends, Request
from starlette.concurrency import run_in_threadpool
from starlette.responses import HTMLResponse, RedirectResponse, Response

from skak.api import Skak, Tournament, parse_date
from skak.errors import InputError
from skak.faces.web._cache import Page, ReadCache, kept_response, remember_seen, seen_version
from skak.faces.web._render import (
    crosstable_lines,
    error_message,
    language,
    page,
    remember_language,
    standings_lines,
)
from skak.faces.web.auth import SESSION_ARBITER, logged_in
from skak.views import (
    board_reasons,
    crosstable_view,
    number_column,
    pairing_system,
    player_view,
    players_view,
    round_view,
    standings_view,
    tiebreak_lists,
    tournament_rating_view,
)

__all__ = [
    "CacheDep",
    "SkakDep",
    "get_cache",
    "get_skak",
    "load_tournament",
    "public_page",
    "router",
    "tournament_context",
]

router = APIRouter()


async def get_skak(request: Request) -> Skak:
    """The server's one :class:`Skak` (the database it was started on); ``async``, as
    every dependency that only looks something up, so that it costs no thread."""
    skak: Skak = request.app.state.skak
    return skak


async def get_cache(request: Request) -> ReadCache:
    """What the server's pages have built, by tournament version."""
    cache: ReadCache = request.app.state.cache
    return cache


#: The server's Skak and its read cache, for a route's parameters.
SkakDep = Annotated[Skak, Depends(get_skak)]
CacheDep = Annotated[ReadCache, Depends(get_cache)]


#: A page builder: the page, and the tournament version it shows.
Build = Callable[[], tuple[Response, int]]


def _seen_cookie(tid: int) -> str:
    """The cookie that holds the newest version of tournament ``tid`` a reader was shown."""
    return f"skak_seen_{tid}"


async def public_page(request: Request, tid: int, build: Build) -> Response:
    """The page ``build`` makes, kept per tournament version for visitors without a login
    (see :mod:`skak.faces.web._cache`); an arbiter's page is built anew, with its menus.

    A kept page is answered at once, on the event loop (one small query for the version);
    building a page, and everything an arbiter asks for, runs in a worker thread. A cookie
    remembers the newest version the reader was shown, so that the page of an older version
    (given while a newer one is being built) is never older than what the reader saw.
    """
    if request.session.get(SESSION_ARBITER) is not None:
        return await run_in_threadpool(_arbiters_or_public, request, tid, build)
    cache: ReadCache = request.app.state.cache
    key = (tid, request.url.path, request.url.query, language(request))
    seen = seen_version(request, _seen_cookie(tid))
    # A reader another worker has shown a newer version than this one knows makes it ask.
    version = cache.record_version(
        "tournament", tid, lambda: cache.skak.tournaments.version(tid), at_least=seen
    )
    kept = cache.kept_page(key, version, seen)
    if kept is not None:
        return _answer(request, tid, kept, 200, seen)
    older = cache.newest(key)
    if older is not None and older.version >= seen and cache.claim(key):
        # Built behind this reader, who is answered the page before (skak serve's choice).
        task = asyncio.create_task(run_in_threadpool(_rebuilt_page, cache, key, version, build))
        _BEHIND.add(task)
        task.add_done_callback(_BEHIND.discard)
        return _answer(request, tid, older, 200, seen)
    built, status = await run_in_threadpool(_built_page, cache, key, version, build)
    return _answer(request, tid, built, status, seen)


#: The pages being built behind their readers (kept here until done, so that none is lost).
_BEHIND: set[asyncio.Task[object]] = set()


def _rebuilt_page(cache: ReadCache, key: Hashable, version: int, build: Build) -> None:
    def render() -> tuple[bytes, int, bool]:
        response, built = build()
        return bytes(response.body), built, response.status_code == 200

    cache.rebuild(key, version, render)


def _built_page(cache: ReadCache, key: Hashable, version: int, build: Build) -> tuple[Page, int]:
    status: list[int] = []

    def render() -> tuple[bytes, int, bool]:
        response, built = build()
        status.append(response.status_code)
        return bytes(response.body), built, response.status_code == 200

    page = cache.page(key, version, render)
    return page, status[0] if status else 200


def _answer(request: Request, tid: int, kept: Page, status: int, seen: int) -> Response:
    response = kept_response(request, kept, status)
    remember_language(request, response)
    remember_seen(request, response, _seen_cookie(tid), f"/t/{tid}", kept.version, seen)
    return response


def _arbiters_or_public(request: Request, tid: int, build: Build) -> Response:
    """A page for a session that names an arbiter: built anew while the account exists."""
    if logged_in(request) is not None:
        return build()[0]
    cache: ReadCache = request.app.state.cache
    key = (tid, request.url.path, request.url.query, language(request))
    page, status = _built_page(cache, key, cache.skak.tournaments.version(tid), build)
    return _answer(request, tid, page, status, 0)


def load_tournament(cache: ReadCache, tid: int) -> tuple[Tournament, int]:
    """Tournament ``tid`` and its version. :raises NotFoundError: without one."""
    return cache.tournament(tid)


def tournament_context(tid: int, t: Tournament) -> dict[str, object]:
    """What every page of a tournament shows in its heading and menu."""
    return {
        "tid": tid,
        "tournament": t,
        "system": pairing_system(t.pairing_system).title,
        "rounds": [r.number for r in t.rounds],
    }


@router.get("/", response_class=HTMLResponse)
async def home(request: Request, skak: SkakDep) -> Response:
    """The standings of the database's one tournament; with several, the list of them."""
    rows = await run_in_threadpool(skak.tournaments.rows)
    if len(rows) == 1:
        query = f"?{request.url.query}" if request.url.query else ""
        return RedirectResponse(f"/t/{rows[0].id}/standings{query}", status_code=302)
    return await tournaments(request, request.app.state.cache)


@router.get("/tournaments", response_class=HTMLResponse)
async def tournaments(request: Request, cache: CacheDep) -> Response:
    """The tournaments, newest first, a page at a time (``skak tournaments``): ``?q=``
    words of the name, place or organiser, ``?organiser=`` a club's own, ``?from=`` and
    ``?to=`` the days, ``?kind=``, ``?status=`` and ``?page=``.

    Kept per stamp of the list (``skak.tournaments.list_stamp()``, asked of the
    database at most twice a second: it grows only when something the list shows changes)
    and query for visitors without a login, so a federation's thousands of tournaments cost
    one small query a half second and a page per change."""
    skak = cache.skak
    if request.session.get(SESSION_ARBITER) is not None:
        return await run_in_threadpool(_tournament_list, request, skak)
    version = cache.record_version("tournament-list", 0, skak.tournaments.list_stamp)
    key = ("tournaments", request.url.path, request.url.query, language(request))
    kept = cache.kept_page(key, version)
    if kept is not None:
        shown = kept
    else:
        shown, _status = await run_in_threadpool(
            _built_page, cache, key, version, lambda: (_tournament_list(request, skak), version)
        )
    response = kept_response(request, shown)
    remember_language(request, response)
    return response


#: What the list's form may ask for, as the page offers it.
_LIST_PARAMS = ("q", "organiser", "from", "to", "kind", "status")


def _tournament_list(request: Request, skak: Skak) -> Response:
    """The page of the list the query asks for; a field that cannot be read is said, and
    the list shown without it."""
    params = request.query_params
    asked = {name: params.get(name, "").strip() for name in _LIST_PARAMS}
    number = params.get("page", "1").strip()
    refused: list[str] = []

    def day(name: str) -> date | None:
        try:
            return parse_date(asked[name] or None, name)
        except InputError as err:
            refused.append(error_message(request, err))
            asked[name] = ""
            return None

    start, end = day("from"), day("to")
    try:
        view = skak.tournaments.listing(
            search=asked["q"],
            organiser=asked["organiser"] or None,
            start=start,
            end=end,
            kind=asked["kind"] or None,
            status=asked["status"] or None,
            page=int(number) if number.isdigit() and 0 < int(number) < 10**6 else 1,
        )
    except InputError as err:
        refused.append(error_message(request, err))
        view = skak.tournaments.listing()
        asked = dict.fromkeys(_LIST_PARAMS, "")

    def link(to_page: int, **changed: str) -> str:
        fields = {k: v for k, v in ({**asked, **changed}).items() if v}
        if to_page > 1:
            fields["page"] = str(to_page)
        return "/tournaments" + (f"?{urlencode(fields)}" if fields else "")

    context = {
        "view": view,
        "asked": asked,
        "refused": refused,
        "link": link,
    }
    return page(request, "tournaments.html", context)


@router.get("/t/{tid}")
def tournament_home(tid: int) -> Response:
    return RedirectResponse(f"/t/{tid}/standings", status_code=302)


@router.get("/t/{tid}/standings", response_class=HTMLResponse)
async def standings(
    request: Request,
    tid: int,
    cache: CacheDep,
    after_round: int | None = None,
    tiebreaks: str | None = None,
    rules: str | None = None,
) -> Response:
    """The standings; ``tiebreaks`` (``BH/C1,BH,SB``) or ``rules`` (a named list) choose
    other tie-breaks than the tournament's own, as ``skak standings`` does."""
    chosen = tiebreaks.strip() or None if tiebreaks else None
    named = rules.strip() or None if rules else None

    def build() -> tuple[Response, int]:
        t, version = load_tournament(cache, tid)
        refused = ""
        try:
            view = cache.view(
                tid,
                version,
                "standings",
                (after_round, chosen, named),
                lambda: standings_view(t, after_round=after_round, tiebreaks=chosen, rules=named),
            )
        except InputError as err:  # a tie-break typed wrong: the tournament's own, and why
            refused = error_message(request, err)
            view = cache.view(
                tid,
                version,
                "standings",
                (after_round, None, None),
                lambda: standings_view(t, after_round=after_round),
            )
        lines = standings_lines(view)
        context = tournament_context(tid, t) | {
            "refused": refused,
            "view": view,
            "lines": lines,
            "chosen_tiebreaks": chosen or "",
            "chosen_rules": named or "",
            "rule_lists": tiebreak_lists(),
            "after": after_round,
        }
        return page(request, "standings.html", context), version

    return await public_page(request, tid, build)


@router.get("/t/{tid}/rounds", response_class=HTMLResponse)
def latest_round(request: Request, tid: int, cache: CacheDep) -> Response:
    t, _version = load_tournament(cache, tid)
    if t.rounds:
        return RedirectResponse(f"/t/{tid}/rounds/{t.current_round}", status_code=302)
    return page(request, "no_round.html", tournament_context(tid, t))


@router.get("/t/{tid}/rounds/{number}", response_class=HTMLResponse)
async def round_page(request: Request, tid: int, number: int, cache: CacheDep) -> Response:
    def build() -> tuple[Response, int]:
        t, version = load_tournament(cache, tid)
        view = cache.view(tid, version, "round", (number,), lambda: round_view(t, number))
        why = cache.view(tid, version, "reasons", (number,), lambda: board_reasons(t, number))
        context = {"view": view, "reasons": {r.board: r for r in why}}
        return page(request, "round.html", tournament_context(tid, t) | context), version

    return await public_page(request, tid, build)


@router.get("/t/{tid}/crosstable", response_class=HTMLResponse)
async def crosstable(
    request: Request, tid: int, cache: CacheDep, after_round: int | None = None
) -> Response:
    def build() -> tuple[Response, int]:
        t, version = load_tournament(cache, tid)
        view = cache.view(
            tid,
            version,
            "crosstable",
            (after_round,),
            lambda: crosstable_view(t, after_round=after_round),
        )
        context = tournament_context(tid, t) | {"view": view, "lines": crosstable_lines(view)}
        return page(request, "crosstable.html", context), version

    return await public_page(request, tid, build)


@router.get("/t/{tid}/players", response_class=HTMLResponse)
async def players(request: Request, tid: int, cache: CacheDep) -> Response:
    def build() -> tuple[Response, int]:
        t, version = load_tournament(cache, tid)
        view = cache.view(tid, version, "players", (), lambda: players_view(t))
        context = tournament_context(tid, t) | {"view": view}
        return page(request, "players.html", context), version

    return await public_page(request, tid, build)


@router.get("/t/{tid}/rating", response_class=HTMLResponse)
async def rating(request: Request, tid: int, cache: CacheDep) -> Response:
    """The DSU rating result of a finished rated tournament, every figure of it."""

    def build() -> tuple[Response, int]:
        t, version = load_tournament(cache, tid)
        view = cache.view(tid, version, "rating", (), lambda: tournament_rating_view(t))
        context = tournament_context(tid, t) | {"view": view}
        return page(request, "rating.html", context), version

    return await public_page(request, tid, build)


@router.get("/t/{tid}/players/{number}", response_class=HTMLResponse)
async def player(request: Request, tid: int, number: int, cache: CacheDep) -> Response:
    """One player's tournament: every round's opponent, colour, result and score, his
    place, performance rating and rating change (``skak players show N``)."""

    def build() -> tuple[Response, int]:
        t, version = load_tournament(cache, tid)
        ranked = cache.view(
            tid, version, "standings", (None, None, None), lambda: standings_view(t)
        )
        view = cache.view(tid, version, "player", (number,), lambda: player_view(t, number, ranked))
        context = tournament_context(tid, t) | {"view": view}
        return page(request, "player.html", context), version

    return await public_page(request, tid, build)


@router.get("/t/{tid}/prizes", response_class=HTMLResponse)
async def prizes(request: Request, tid: int, cache: CacheDep) -> Response:
    """The prize list: the prizes declared and who wins them in the standings (§24)."""

    def build() -> tuple[Response, int]:
        t, version = load_tournament(cache, tid)
        view = cache.view(
            tid, version, "prizes", (), lambda: cache.skak.tournaments.prizes(f"#{tid}")
        )
        amounts = number_column((line.amount for line in view.lines), fractions=False)
        points = number_column(line.points for line in view.lines)
        total = number_column([view.total], fractions=False)[0]
        context = tournament_context(tid, t) | {
            "view": view,
            "lines": list(zip(view.lines, points, amounts, strict=True)),
            "total": total,
        }
        return page(request, "prizes.html", context), version

    return await public_page(request, tid, build)
