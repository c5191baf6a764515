"""What the pages build, kept per tournament version: a tournament replayed once per
version, each view (standings, crosstable, …) computed once per version and options, and
each public page as a visitor without a login sees it.

Pages are read far more often than tournaments change (players reload the standings on
their phones between rounds), and every view is a pure function of the tournament and its
options, so what was built for version *v* holds for as long as the tournament is at *v*.
Each request asks the database for the version only (one small indexed query; under
``skak serve`` at most every :attr:`ReadCache.fresh_for` seconds a record), so a change
made anywhere (another worker process of ``skak serve --workers N``, the CLI) is shown by
the next request whichever worker answers it (that much later); the cache is bounded (least
recently used out) and shared by one process's threads (each worker keeps its own). A kept
page is kept compressed too, for the browsers that take it (all do).

A public page is built once per version, by the first reader who asks for it. Readers who
come while it is being built are given the page of the version before (a few hundred
milliseconds old) rather than each building it again — but never a page older than one the
same reader was already shown (the faces tell the cache the newest version a reader has
seen), so a reader's pages never go back in time. The arbiter's own pages are always built
from the newest version.
"""

from __future__ import annotations

import gc
import gzip
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from skak.api import Skak, Tournament

__all__ = [
    "Collector",
    "Page",
    "ReadCache",
    "Shown",
    "kept_response",
    "public_page",
    "remember_seen",
    "seen_version",
]

T = TypeVar("T")


#: A page shorter than this is sent as it is (compressing it saves nothing worth the bytes).
_COMPRESS_FROM = 1024


@dataclass(frozen=True, slots=True)
class Page:
    """A public page as kept: the tournament version it was built from, the HTML, and the
    HTML compressed (gzip; empty for a short page) — compressed once, when it is built, and
    sent to every browser that accepts it: a 300-player standings page is 133 KB of HTML
    and 10 KB compressed, for the hall's wireless network and for the server's CPU alike."""

    version: int
    body: bytes
    gzipped: bytes = b""

    @classmethod
    def of(cls, version: int, body: bytes) -> Page:
        """The page of ``body`` at ``version``, compressed as it is kept."""
        packed = (
            gzip.compress(body, compresslevel=6, mtime=0) if len(body) >= _COMPRESS_FROM else b""
        )
        return cls(version, body, packed)


def accepts_gzip(request: Request) -> bool:
    """Whether the browser takes a gzip-compressed answer (its ``Accept-Encoding`` names
    ``gzip`` or ``*`` with a weight above 0, as every browser's does)."""
    for part in request.headers.get("accept-encoding", "").split(","):
        name, _, params = part.partition(";")
        if name.strip().lower() not in ("gzip", "*"):
            continue
        weight = params.strip().lower()
        if not weight.startswith("q="):
            return True
        try:
            return float(weight[2:]) > 0
        except ValueError:
            return False
    return False


def kept_response(
    request: Request, page: Page, status: int = 200, headers: dict[str, str] | None = None
) -> Response:
    """The answer of a kept page: compressed for a browser that accepts it."""
    if page.gzipped and accepts_gzip(request):
        response = HTMLResponse(
            page.gzipped,
            status_code=status,
            headers={**(headers or {}), "Content-Encoding": "gzip"},
        )
    else:
        response = HTMLResponse(page.body, status_code=status, headers=headers)
    if page.gzipped:
        response.headers.add_vary_header("Accept-Encoding")
    return response


class Collector:
    """Python's cycle collector kept off what the cache keeps (``skak serve``'s choice).

    What a page is built from is kept for as long as its version is the newest: a
    40 000-player rating registry and its list are some 400 000 objects, a 300-player
    tournament's standings tens of thousands. Python's full collections walk every object
    alive — 100–900 ms for the rating registry, with the interpreter held, so every reader
    waits — and a build that makes that many objects sets off several of them. So while
    pages are built the collector is paused; when the last build ends, the young objects are
    collected once (the garbage the builds and the readers left) and what is still alive is
    moved out of the collector's sight (:func:`gc.freeze`). Reference counting still frees a
    kept item when it is let go; what could leak — an item with reference cycles, let go
    after it was moved — is found by a full collection whenever the moved objects have
    doubled since the last one."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._builds = 0
        self._after_full = 0  # objects moved out of sight just after the last full collection

    @contextmanager
    def building(self) -> Iterator[None]:
        """Around one build (builds in several threads may overlap)."""
        with self._lock:
            self._builds += 1
            if self._builds == 1:
                gc.disable()
        try:
            yield
        finally:
            with self._lock:
                self._builds -= 1
                if self._builds == 0:
                    self._settle()

    def _settle(self) -> None:
        young = sum(gc.get_count())  # made since the last collection, less those freed
        if gc.get_freeze_count() + young > 2 * max(self._after_full, 100_000):
            gc.unfreeze()
            gc.collect()
            gc.freeze()
            self._after_full = gc.get_freeze_count()
        else:
            gc.collect(1)
            gc.freeze()
        gc.enable()


class ReadCache:
    """Tournaments and views by ``(tournament id, version, what, options)``, and public
    pages by what was asked for (see the module)."""

    def __init__(
        self,
        skak: Skak,
        *,
        size: int = 256,
        build_behind: bool = False,
        fresh_for: float = 0.0,
        collector: Collector | None = None,
    ) -> None:
        self.skak = skak
        self.size = size
        #: Keeps Python's cycle collector off what is kept (``skak serve``; see
        #: :class:`Collector`); ``None``: the collector runs as it does in any program.
        self._collecting = collector.building if collector is not None else nullcontext
        #: How long (seconds) a record's version read from the database for a public page
        #: is taken as the newest: 0 asks at every request; ``skak serve`` asks at most
        #: five times a second a record, so that a hall of phones costs the database a few
        #: queries a second, not one a read (a change is shown at most that much later).
        self.fresh_for = fresh_for
        self._versions: dict[Hashable, tuple[float, int]] = {}
        self._asking: set[Hashable] = set()  # versions being asked of the database now
        #: The first reader to find a page out of date is answered the page before too,
        #: while the new one is built behind it (see :meth:`claim`): no reader waits for a
        #: build while a page of the tournament is kept (``skak serve``'s choice).
        self.build_behind = build_behind
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self._pages: OrderedDict[Hashable, Page] = OrderedDict()
        self._locks: dict[Hashable, threading.Lock] = {}  # one builder per page
        self._builders: dict[Hashable, threading.Lock] = {}  # one builder per item
        self._building: set[Hashable] = set()  # pages being built now
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0
        self.stale = 0

    def kept(self, key: Hashable, build: Callable[[], T]) -> T:
        """What ``build`` makes for ``key`` (a key that names the version it is of), made
        once and kept while it is among the most recently used."""
        return self._get(key, build)

    def record_version(
        self, kind: str, ident: Hashable, ask: Callable[[], int], *, at_least: int = 0
    ) -> int:
        """The version of the record a public page shows (``kind``: a tournament, a league
        season, a cup, the rating registry, …), asked of the database (``ask``: one small
        indexed query) at every request — or, with :attr:`fresh_for`, at most once in that
        many seconds: a change made by another worker process of the server, or by the CLI,
        is seen by whichever worker answers, at most :attr:`fresh_for` seconds later. A
        version known to be older than ``at_least`` (a version the reader was shown, by
        another worker) is asked anew. While one reader asks, the others are answered the
        version known (so a hall of readers whose known version has just grown old asks
        the database once, not each of them)."""
        if self.fresh_for <= 0:
            return ask()
        key = (kind, ident)
        now = time.monotonic()
        with self._lock:
            known = self._versions.get(key)
            if (
                known is not None
                and known[1] >= at_least
                and (now - known[0] < self.fresh_for or key in self._asking)
            ):
                return known[1]
            self._asking.add(key)
        try:
            version = ask()
        finally:
            with self._lock:
                self._asking.discard(key)
        with self._lock:
            if len(self._versions) >= 4 * self.size:  # records no longer read are let go
                self._versions = {
                    k: v for k, v in self._versions.items() if now - v[0] < self.fresh_for
                }
            self._versions[key] = (now, version)
        return version

    def newest(self, key: Hashable) -> Page | None:
        """The page kept for ``key``, of whatever version (``None``: none yet)."""
        with self._lock:
            return self._pages.get(key)

    def kept_page(self, key: Hashable, version: int, seen: int = 0) -> Page | None:
        """The public page ``key`` if it is kept at ``version`` or newer, or, while another
        reader builds it anew, the one before — if the reader has seen nothing newer than it
        (``seen``: the newest version this reader was shown). Else ``None``: build it with
        :meth:`page`. Never waits for a build."""
        with self._lock:
            kept = self._pages.get(key)
            if kept is None:
                return None
            fresh = kept.version >= version
            if not fresh and (key not in self._building or kept.version < seen):
                return None
            self._pages.move_to_end(key)
            if fresh:
                self.hits += 1
            else:
                self.stale += 1
            return kept

    def claim(self, key: Hashable) -> bool:
        """Whether the caller is to build page ``key`` anew behind the readers (it is then
        marked as being built, and :meth:`rebuild` builds it): ``False`` when another reader
        builds it already, or pages are not built behind (:attr:`build_behind`)."""
        with self._lock:
            if not self.build_behind or key in self._building:
                return False
            self._building.add(key)
            return True

    def rebuild(
        self, key: Hashable, version: int, build: Callable[[], tuple[bytes, int, bool]]
    ) -> Page:
        """Build page ``key`` claimed with :meth:`claim` (readers meanwhile are given the
        page before)."""
        try:
            return self.page(key, version, build)
        finally:
            with self._lock:
                self._building.discard(key)

    def page(
        self, key: Hashable, version: int, build: Callable[[], tuple[bytes, int, bool]]
    ) -> Page:
        """The public page ``key`` at ``version`` or newer: kept, or built now by this reader
        while the others wait. ``build`` returns the page, the version it was built from
        (never older than ``version``) and whether it may be kept (an error page is not).
        A page is kept only if it is newer than the one kept: a slow builder never puts an
        older page back."""
        with self._lock:
            one_at_a_time = self._locks.setdefault(key, threading.Lock())
        with one_at_a_time:  # one reader builds it; the others wait for it
            with self._lock:
                kept = self._pages.get(key)
                if kept is not None and kept.version >= version:
                    self.hits += 1
                    return kept
                self.misses += 1
                self._building.add(key)
            try:
                with self._collecting():
                    body, built, keep = build()
                    made = Page.of(built, body)
                if keep:
                    with self._lock:
                        kept = self._pages.get(key)
                        if kept is None or kept.version < built:
                            self._pages[key] = made
                        self._pages.move_to_end(key)
                        while len(self._pages) > self.size:
                            gone, _page = self._pages.popitem(last=False)
                            self._locks.pop(gone, None)
            finally:
                with self._lock:
                    self._building.discard(key)
        return made

    def _get(self, key: Hashable, build: Callable[[], T]) -> T:
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                self.hits += 1
                value: T = self._items[key]
                return value
            self.misses += 1
            one_at_a_time = self._builders.setdefault(key, threading.Lock())
        # One reader builds it while the others wait (outside the cache's lock, so that
        # other keys are read meanwhile): fifty readers of a 40 000-player rating list just
        # after a start would otherwise replay the registry fifty times, each holding a
        # database connection, and exhaust the pool.
        try:
            with one_at_a_time:
                with self._lock:
                    if key in self._items:
                        self._items.move_to_end(key)
                        kept: T = self._items[key]
                        return kept
                with self._collecting():
                    value = build()
                self._put(key, value)
                return value
        finally:  # built, found or failed: the next reader of a new key starts afresh
            with self._lock:
                if self._builders.get(key) is one_at_a_time:
                    del self._builders[key]

    def _peek(self, key: Hashable) -> Any:
        with self._lock:
            if key not in self._items:
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return self._items[key]

    def _put(self, key: Hashable, value: Any) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def tournament(self, tid: int) -> tuple[Tournament, int]:
        """Tournament ``tid`` at its newest version, and that version.

        :raises NotFoundError: when there is no such tournament.
        """
        version = self.skak.tournaments.version(tid)
        kept = self._peek((tid, version, "tournament"))
        if isinstance(kept, Tournament):
            return kept, version
        with self._lock:
            self.misses += 1
        with self._collecting():  # a writer may have come since: keep what was read
            loaded = self.skak.tournaments.read(f"#{tid}")
        state = loaded.state
        self._put((tid, loaded.version, "tournament"), state)
        return state, loaded.version

    def view(
        self,
        tid: int,
        version: int,
        what: str,
        options: tuple[Hashable, ...],
        build: Callable[[], T],
    ) -> T:
        """The view ``what`` of tournament ``tid`` at ``version`` with ``options``."""
        return self._get((tid, version, what, options), build)


#: The public pages a reader is building now (touched on the event loop only, so a reader
#: that comes while one is built reads the one before rather than waiting for it).
_BUILDING: set[Hashable] = set()


@dataclass(frozen=True)
class Shown:
    """The record a public page shows, for :func:`public_page`: its ``kind`` and ``ident``
    (as :meth:`ReadCache.record_version` keys it), how to ``ask`` the database for its
    version, and the ``path`` under which its pages lie (the scope of the cookie that
    remembers the newest version a reader was shown)."""

    kind: str
    ident: Hashable
    ask: Callable[[], int]
    path: str

    @property
    def cookie(self) -> str:
        return f"skak_seen_{self.kind}_{self.ident}"


def seen_version(request: Request, cookie: str) -> int:
    """The newest version of a record the reader was shown (0: none, or a cookie made up)."""
    try:
        return max(0, int(request.cookies.get(cookie, "0")))
    except ValueError:
        return 0


def remember_seen(
    request: Request, response: Response, cookie: str, path: str, version: int, seen: int
) -> None:
    """Tell the reader's browser it was shown ``version`` (when newer than ``seen``), so that
    whichever worker answers next shows him nothing older."""
    if version > seen:
        response.set_cookie(
            cookie,
            str(version),
            max_age=7 * 24 * 3600,
            path=path,
            httponly=True,
            samesite="lax",
            secure=getattr(request.app.state, "secure_cookies", False),
        )


async def public_page(
    request: Request,
    cache: ReadCache,
    key: Hashable,
    shown: Shown,
    build: Callable[[], Response],
) -> Response:
    """The page ``build`` makes, kept as ``key`` at the version of the record it shows, for
    visitors without a login: a hall of phones reloading it costs one small query each (under
    ``skak serve`` one a fifth of a second) and one build a change; a reader who comes while
    it is built anew reads the one before — never one older than a page he was shown, by a
    cookie, whichever worker shows it. A logged-in user's page, with its menus, is built
    anew."""
    from starlette.concurrency import run_in_threadpool

    from skak.faces.web._render import language, remember_language
    from skak.faces.web.auth import SESSION_ARBITER

    if request.session.get(SESSION_ARBITER) is not None:
        return await run_in_threadpool(build)
    seen = seen_version(request, shown.cookie)
    # A reader another worker has shown a newer version than this one knows makes it ask.
    version = cache.record_version(shown.kind, shown.ident, shown.ask, at_least=seen)
    key = (key, language(request))
    kept = cache.kept_page(key, version, seen)
    older = cache.newest(key) if kept is None else None
    if kept is None and older is not None and older.version >= seen and key in _BUILDING:
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
    response = kept_response(request, kept)
    remember_language(request, response)
    remember_seen(request, response, shown.cookie, shown.path, kept.version, seen)
    return response
