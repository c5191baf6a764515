"""What the web keeps per tournament version: built once, never older than the version a
reader asks for — except the page before while another reader builds the new one, and then
never older than what that reader was already shown."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from skak.api import Skak
from skak.faces.web import create_app
from skak.faces.web._cache import ReadCache
from skak.model import Result
from tests.web.conftest import register


def _built(v: int, log: list[int] | None = None) -> Callable[[], tuple[bytes, int, bool]]:
    def build() -> tuple[bytes, int, bool]:
        if log is not None:
            log.append(v)
        return f"page {v}".encode(), v, True

    return build


def test_a_page_is_built_once_per_version(tmp_path: Path) -> None:
    cache = ReadCache(Skak(tmp_path / "s.db", create=True))
    built: list[int] = []
    assert cache.page("k", 1, _built(1, built)).body == b"page 1"
    assert cache.page("k", 1, _built(1, built)).body == b"page 1"
    kept = cache.kept_page("k", 1)
    assert kept is not None and kept.body == b"page 1"
    assert cache.kept_page("k", 2) is None  # a newer version: never the old page, unasked
    assert cache.page("k", 2, _built(2, built)).body == b"page 2"
    assert built == [1, 2]


def test_an_error_page_is_not_kept(tmp_path: Path) -> None:
    cache = ReadCache(Skak(tmp_path / "s.db", create=True))
    assert cache.page("k", 1, lambda: (b"error", 1, False)).body == b"error"
    assert cache.kept_page("k", 1) is None


def test_a_slow_builder_never_puts_an_older_page_back(tmp_path: Path) -> None:
    cache = ReadCache(Skak(tmp_path / "s.db", create=True))
    cache.page("k", 7, _built(7))
    cache.page("k", 8, lambda: (b"page 6", 6, True))  # a build that read an older version
    kept = cache.kept_page("k", 7)
    assert kept is not None and kept.version == 7


def _while_building(cache: ReadCache, check: Callable[[], None]) -> None:
    """Run ``check`` while another reader builds version 2 of page ``k``."""
    started, release = threading.Event(), threading.Event()

    def slow() -> tuple[bytes, int, bool]:
        started.set()
        release.wait(10)
        return b"page 2", 2, True

    builder = threading.Thread(target=lambda: cache.page("k", 2, slow))
    builder.start()
    assert started.wait(10)
    try:
        check()
    finally:
        release.set()
        builder.join(10)


def test_while_one_reader_builds_the_others_get_the_page_before(tmp_path: Path) -> None:
    cache = ReadCache(Skak(tmp_path / "s.db", create=True))
    cache.page("k", 1, _built(1))

    def check() -> None:
        kept = cache.kept_page("k", 2, seen=1)  # the page before, at once
        assert kept is not None and kept.body == b"page 1"
        assert cache.stale == 1
        assert cache.kept_page("k", 2, seen=2) is None  # this reader saw version 2: wait

    _while_building(cache, check)
    kept = cache.kept_page("k", 2)
    assert kept is not None and kept.body == b"page 2"


def test_a_reader_never_goes_back_to_an_older_version(tmp_path: Path) -> None:
    """The reviewer's case: a reader who saw version 2 on the standings opens a round
    page kept at version 1 while another reader builds it: he waits for the new one."""
    skak = Skak(tmp_path / "s.db", create=True)
    tid = register(skak)
    skak.tournaments.pair(tid)
    with TestClient(create_app(skak)) as reader, TestClient(create_app(skak)) as other:
        app_cache: ReadCache = reader.app.state.cache  # type: ignore[attr-defined]
        assert "1-0" not in reader.get(f"/t/{tid}/rounds/1").text
        skak.tournaments.enter_result(tid, 1, 1, Result.WHITE_WIN)
        reader.get(f"/t/{tid}/standings")  # the new version: the page sets the cookie
        seen = reader.cookies.get(f"skak_seen_{tid}")
        assert seen == str(skak.tournaments.version(tid))
        key = next(k for k in app_cache._pages if "rounds" in str(k))
        version = skak.tournaments.version(tid)
        started, release = threading.Event(), threading.Event()

        def slow() -> tuple[bytes, int, bool]:
            started.set()
            release.wait(10)
            return b"new round page", version, True

        builder = threading.Thread(target=lambda: app_cache.page(key, version, slow))
        builder.start()
        assert started.wait(10)
        stale = app_cache.kept_page(key, version, seen=0)
        assert stale is not None and b"1-0" not in stale.body  # a reader who saw nothing new
        assert app_cache.kept_page(key, version, seen=int(seen or 0)) is None  # but not him
        release.set()
        builder.join(10)
        assert other.get(f"/t/{tid}/rounds/1").status_code == 200


def test_built_behind_the_first_reader_too_is_given_the_page_before(tmp_path: Path) -> None:
    """skak serve's choice: after a change no reader waits for the page to be built; the
    first one starts the build and is given the page before, and the change is shown as
    soon as it is built (a reader who was shown the new version waits for it)."""
    skak = Skak(tmp_path / "s.db", create=True)
    tid = register(skak)
    skak.tournaments.pair(tid)
    with TestClient(create_app(skak, build_behind=True)) as reader:
        cache: ReadCache = reader.app.state.cache  # type: ignore[attr-defined]
        page = f"/t/{tid}/rounds/1"
        assert "1-0" not in reader.get(page).text
        skak.tournaments.enter_result(tid, 1, 1, Result.WHITE_WIN)
        stale = reader.get(page)  # the page is built behind this reader: the one before
        assert stale.status_code == 200 and "1-0" not in stale.text
        deadline = time.monotonic() + 10
        while "1-0" not in (text := reader.get(page).text):
            assert time.monotonic() < deadline, "the page was never built anew"
            time.sleep(0.02)
        assert "1-0" in text and cache.misses >= 2
        assert "1-0" in reader.get(page).text  # and kept


def test_without_building_behind_a_read_after_a_change_shows_it(tmp_path: Path) -> None:
    skak = Skak(tmp_path / "s.db", create=True)
    tid = register(skak)
    skak.tournaments.pair(tid)
    with TestClient(create_app(skak)) as reader:
        assert "1-0" not in reader.get(f"/t/{tid}/rounds/1").text
        skak.tournaments.enter_result(tid, 1, 1, Result.WHITE_WIN)
        assert "1-0" in reader.get(f"/t/{tid}/rounds/1").text


def test_the_tournament_is_read_again_after_every_change(tmp_path: Path) -> None:
    skak = Skak(tmp_path / "s.db", create=True)
    tid = register(skak)
    cache = ReadCache(skak)
    skak.tournaments.pair(tid)
    t, version = cache.tournament(tid)
    assert cache.tournament(tid) == (t, version)
    skak.tournaments.enter_result(tid, 1, 1, Result.DRAW)
    after, newer = cache.tournament(tid)
    assert newer == version + 1
    assert after.round(1).board(1).result is Result.DRAW


def test_the_cache_is_bounded(tmp_path: Path) -> None:
    cache = ReadCache(Skak(tmp_path / "s.db", create=True), size=3)
    for i in range(10):
        cache.page(i, 1, lambda i=i: (str(i).encode(), 1, True))
    kept = [cache.kept_page(i, 1) for i in range(10)]
    assert [k.body if k else None for k in kept] == [None] * 7 + [b"7", b"8", b"9"]


def test_a_team_records_version_is_asked_of_the_database_at_every_request(
    tmp_path: Path,
) -> None:
    """A change another process makes (another worker of the server, a captain's CLI) is
    seen by the very next request, as one this server makes: no time in between."""
    from tests.web.test_league_pages import make_season

    skak = Skak(tmp_path / "s.db", create=True, actor="setup")
    sid = make_season(skak)
    cache = ReadCache(skak)
    asked: list[int] = []

    def ask() -> int:
        asked.append(1)
        return skak.league.version(sid)

    first = cache.record_version("league", sid, ask)
    assert [cache.record_version("league", sid, ask) for _ in range(5)] == [first] * 5
    assert len(asked) == 6
    other = Skak(tmp_path / "s.db", actor="captain")  # another process's write
    season = other.league.get(sid)
    f = next(f for f in season.fixtures() if season.card(f) is None)
    other.league.penalty(sid, f.home, 1, "late card")
    assert cache.record_version("league", sid, ask) == first + 1
    skak.league.penalty(sid, f.home, 1, "late again")  # this server's write
    assert cache.record_version("league", sid, ask) == first + 2
    other.close()
    skak.close()


def test_a_kept_item_is_built_by_one_reader_while_the_others_wait(tmp_path: Path) -> None:
    """Fifty readers of the rating list just after a start: one replays the registry, the
    others wait for it and are given the same value (each building it would hold a
    database connection apiece and exhaust the pool); another key is read meanwhile."""
    cache = ReadCache(Skak(tmp_path / "s.db", create=True))
    started, release = threading.Event(), threading.Event()
    builds: list[str] = []

    def slow() -> list[str]:
        builds.append("registry")
        started.set()
        release.wait(10)
        return builds

    got: list[object] = []
    readers = [
        threading.Thread(target=lambda: got.append(cache.kept(("registry", 1), slow)))
        for _ in range(8)
    ]
    readers[0].start()
    assert started.wait(10)
    for reader in readers[1:]:
        reader.start()
    assert cache.kept(("other", 1), lambda: "other") == "other"  # not held up
    release.set()
    for reader in readers:
        reader.join(10)
    assert builds == ["registry"]
    assert len(got) == 8 and all(value is builds for value in got)
    assert cache.kept(("registry", 1), slow) is builds and builds == ["registry"]


def test_with_fresh_for_a_version_is_asked_at_most_once_in_that_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """skak serve's choice (SERVE_FRESH_FOR): fifty phones cost the database a query per
    record every fifth of a second, not one a read; a change made elsewhere is shown once
    that time has passed."""
    import skak.faces.web._cache as module

    now = [100.0]
    monkeypatch.setattr(module.time, "monotonic", lambda: now[0])
    cache = ReadCache(Skak(tmp_path / "s.db", create=True), fresh_for=0.2)
    database = [7]
    asked: list[int] = []

    def ask() -> int:
        asked.append(database[0])
        return database[0]

    assert [cache.record_version("tournament", 1, ask) for _ in range(5)] == [7] * 5
    database[0] = 8  # another process's change
    now[0] += 0.1
    assert cache.record_version("tournament", 1, ask) == 7  # within the fifth of a second
    # a reader another worker showed version 8 makes this one ask (never a page older)
    assert cache.record_version("tournament", 1, ask, at_least=8) == 8
    database[0] = 9
    assert cache.record_version("tournament", 1, ask) == 8
    assert cache.record_version("tournament", 2, ask) == 9  # another record is asked
    now[0] += 0.25
    assert cache.record_version("tournament", 1, ask) == 9
    assert asked == [7, 8, 9, 9]


def test_a_kept_page_is_sent_compressed_to_a_browser_that_takes_it(tmp_path: Path) -> None:
    """A 300-player standings page is 133 KB of HTML and 10 KB compressed: the kept page is
    compressed once, when it is built, and sent so to every browser that says it takes gzip
    (all do); one that does not, or refuses it (q=0), is sent the HTML."""
    skak = Skak(tmp_path / "s.db", create=True)
    tid = register(skak)
    skak.tournaments.pair(tid)
    with TestClient(create_app(skak)) as reader:
        page = f"/t/{tid}/standings"
        plain = reader.get(page, headers={"Accept-Encoding": "identity"})
        assert plain.status_code == 200 and "content-encoding" not in plain.headers
        assert int(plain.headers["content-length"]) == len(plain.content)
        for accept in ("gzip, deflate, br", "br;q=1.0, gzip;q=0.8", "*"):
            packed = reader.get(page, headers={"Accept-Encoding": accept})
            assert packed.headers["content-encoding"] == "gzip", accept
            assert "Accept-Encoding" in packed.headers["vary"]
            assert packed.text == plain.text  # httpx unpacks it, as a browser does
            assert int(packed.headers["content-length"]) < len(plain.content) / 3
        for refusing in ("gzip;q=0, identity", "deflate", "gzip;q=nonsense"):
            refused = reader.get(page, headers={"Accept-Encoding": refusing})
            assert "content-encoding" not in refused.headers, refusing
            assert refused.text == plain.text
    skak.close()


def test_skak_serve_tunes_its_process_for_readers_beside_a_builder() -> None:
    """The event loop that answers the readers gets the interpreter back from a page's
    builder after 1 ms, not Python's 5 ms, each time it sends an answer."""
    import sys

    from skak.faces.web.app import SERVE_SWITCH_INTERVAL, tune_for_serving

    before = sys.getswitchinterval()
    try:
        sys.setswitchinterval(0.005)  # Python's own (a serve run in this process set it)
        tune_for_serving()
        assert sys.getswitchinterval() == pytest.approx(SERVE_SWITCH_INTERVAL)
        assert SERVE_SWITCH_INTERVAL < 0.005
    finally:
        sys.setswitchinterval(before)


def test_every_worker_of_skak_serve_is_given_its_freshness(tmp_path: Path) -> None:
    import json

    from skak.faces.web import server_settings
    from skak.faces.web.app import SERVE_FRESH_FOR
    from skak.faces.web.auth import Arbiters

    skak = Skak(tmp_path / "s.db", create=True)
    settings = json.loads(server_settings(skak, arbiters=Arbiters(), secret="k"))
    assert settings["fresh_for"] == SERVE_FRESH_FOR > 0
    skak.close()


def test_the_collector_is_paused_while_pages_are_built_and_kept_items_moved_out_of_sight(
    tmp_path: Path,
) -> None:
    """skak serve's Collector: no full collection over a 40 000-player registry while a
    page is built, and what was built kept out of the collections that follow."""
    import gc

    from skak.faces.web._cache import Collector

    cache = ReadCache(Skak(tmp_path / "s.db", create=True), collector=Collector())
    states: list[bool] = []

    def inner() -> list[list[int]]:
        states.append(gc.isenabled())
        return [[i] for i in range(1000)]

    def outer() -> tuple[bytes, int, bool]:
        states.append(gc.isenabled())
        kept = cache.kept(("item", 1), inner)  # a view built inside a page's build
        states.append(gc.isenabled())
        return str(len(kept)).encode(), 1, True

    try:
        assert gc.isenabled()
        assert cache.page("k", 1, outer).body == b"1000"
        assert states == [False, False, False]  # paused through the nested builds
        assert gc.isenabled()  # and on again after the last
        assert gc.get_freeze_count() > 1000  # the kept lists are out of the collector's sight
    finally:
        gc.unfreeze()


@pytest.mark.parametrize("record", ["league", "registry"])
def test_a_reader_shown_a_change_by_one_worker_is_shown_it_by_every_other(
    tmp_path: Path, record: str
) -> None:
    """Two workers of ``skak serve`` that each ask a record's version only now and then
    (here: once an hour, so that a slow machine cannot make it ask): a reader one of them
    has shown a change is shown it by the other
    too, by the cookie that says what he saw — a league season's pages and the rating list
    as a tournament's pages (the league's and the registry's cookie, scoped to their pages).
    A reader without it may be given the page before until the worker asks again."""
    from datetime import date

    from tests.web.test_league_pages import make_season
    from tests.web.test_ratings_pages import _list

    skak = Skak(tmp_path / "s.db", create=True, actor="setup")
    if record == "league":
        sid = make_season(skak)
        page, cookie = f"/league/{sid}/standings", f"skak_seen_league_{sid}"
        season = skak.league.get(sid)
        team = next(f for f in season.fixtures() if season.card(f) is None).home

        def change() -> None:
            skak.league.penalty(sid, team, 1, "late card")

    else:
        skak.registry.import_list(_list(tmp_path, [(101, "Hansen, Bo", 1850, "Vejle")]),
                                  date(2026, 8, 1))  # fmt: skip
        page, cookie = "/ratings", "skak_seen_registry_0"

        def change() -> None:
            skak.registry.import_list(_list(tmp_path, [(101, "Hansen, Bo", 1877, "Vejle")]),
                                      date(2026, 10, 1))  # fmt: skip

    with (
        TestClient(create_app(skak, fresh_for=3600)) as one,
        TestClient(create_app(skak, fresh_for=3600)) as other,
    ):
        before = one.get(page).text  # worker one knows this version for an hour
        change()
        shown = other.get(page)  # worker other asks: the change
        assert shown.status_code == 200 and shown.text != before
        seen = other.cookies.get(cookie)
        assert seen is not None and int(seen) > 0
        one.cookies.clear()
        assert one.get(page).text == before  # a reader who saw nothing new: the page before
        one.cookies.clear()
        again = one.get(page, headers={"cookie": f"{cookie}={seen}"})
        assert again.text == shown.text  # the reader who saw the change: it
    skak.close()
