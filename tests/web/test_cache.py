"""What the web keeps per tournament version: built once, never older than the version a
reader asks for, except the page before while a reader builds the new one."""

from __future__ import annotations

import threading
from pathlib import Path

from skak.api import Skak
from skak.model import Result
from skak.web._cache import ReadCache
from tests.web.conftest import register


def test_a_page_is_built_once_per_version(tmp_path: Path) -> None:
    cache = ReadCache(Skak(tmp_path / "s.db", create=True))
    built: list[int] = []

    def build(v: int) -> tuple[bytes, bool]:
        built.append(v)
        return f"page {v}".encode(), True

    assert cache.page("k", 1, lambda: build(1)) == b"page 1"
    assert cache.page("k", 1, lambda: build(1)) == b"page 1"
    assert cache.kept_page("k", 1) == b"page 1"
    assert cache.kept_page("k", 2) is None  # a newer version: never the old page, unasked
    assert cache.page("k", 2, lambda: build(2)) == b"page 2"
    assert built == [1, 2]


def test_an_error_page_is_not_kept(tmp_path: Path) -> None:
    cache = ReadCache(Skak(tmp_path / "s.db", create=True))
    assert cache.page("k", 1, lambda: (b"error", False)) == b"error"
    assert cache.kept_page("k", 1) is None


def test_while_one_reader_builds_the_others_get_the_page_before(tmp_path: Path) -> None:
    cache = ReadCache(Skak(tmp_path / "s.db", create=True))
    cache.page("k", 1, lambda: (b"old", True))
    started, release = threading.Event(), threading.Event()

    def slow() -> tuple[bytes, bool]:
        started.set()
        release.wait(10)
        return b"new", True

    builder = threading.Thread(target=lambda: cache.page("k", 2, slow))
    builder.start()
    assert started.wait(10)
    assert cache.kept_page("k", 2) == b"old"  # the page before, at once
    assert cache.stale == 1
    release.set()
    builder.join(10)
    assert cache.kept_page("k", 2) == b"new"


def test_the_tournament_is_read_again_after_every_change(tmp_path: Path) -> None:
    skak = Skak(tmp_path / "s.db", create=True)
    tid = register(skak)
    cache = ReadCache(skak)
    skak.pair(tid)
    t, version = cache.tournament(tid)
    assert cache.tournament(tid) == (t, version)
    skak.enter_result(tid, 1, 1, Result.DRAW)
    after, newer = cache.tournament(tid)
    assert newer == version + 1
    assert after.round(1).board(1).result is Result.DRAW


def test_the_cache_is_bounded(tmp_path: Path) -> None:
    cache = ReadCache(Skak(tmp_path / "s.db", create=True), size=3)
    for i in range(10):
        cache.page(i, 1, lambda i=i: (str(i).encode(), True))
    assert [cache.kept_page(i, 1) for i in range(10)] == [None] * 7 + [b"7", b"8", b"9"]
