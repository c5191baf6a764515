"""Readers of big files report how far they have come (issue 23 item 19): the same result
with or without the callback, and reports that only go forward and end complete."""

from __future__ import annotations

from skak.io.players_csv import parse_players_csv
from skak.io.trf import parse_trf, write_trf
from skak.model import Player, Ratings, Tournament


def _forward_to_the_end(calls: list[tuple[int, int]]) -> None:
    assert calls
    assert len({total for _, total in calls}) == 1, calls
    done = [d for d, _ in calls]
    assert done == sorted(done), calls
    assert calls[-1][0] == calls[-1][1], calls


def test_players_csv_reports_lines() -> None:
    text = "navn;ratingtal\r\n" + "".join(f"Spiller, {i:03d};{1500 + i}\r\n" for i in range(450))
    empty = Tournament("Klub", "monrad")
    calls: list[tuple[int, int]] = []
    players = parse_players_csv(text, "big.csv", empty, lambda d, n: calls.append((d, n)))
    _forward_to_the_end(calls)
    assert len(calls) >= 4  # now and then, not once per line
    assert players == parse_players_csv(text, "big.csv", empty)


def test_trf_reports_lines() -> None:
    t = Tournament(
        "Open",
        "dutch",
        players=tuple(
            Player(i, f"Spiller, {i:03d}", ratings=Ratings(fide=2000 + i)) for i in range(1, 301)
        ),
    )
    text = write_trf(t)
    calls: list[tuple[int, int]] = []
    read = parse_trf(text, "big.trf", progress=lambda d, n: calls.append((d, n)))
    _forward_to_the_end(calls)
    assert len(calls) >= 3
    assert read.tournament == parse_trf(text, "big.trf").tournament
