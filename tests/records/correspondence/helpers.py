"""Helpers for the stored group's tests: a group from a ``skak corr time`` file, and
results given as the printed examples give them (by the players, whoever had White)."""

from __future__ import annotations

from pathlib import Path

from skak.api import Skak
from skak.io.correspondence_json import read_game

DATA = Path(__file__).resolve().parents[2] / "data" / "correspondence"


def group_from_file(s: Skak, path: Path, *, name: str | None = None) -> str:
    """A two-player group holding the file's game: its rules, both players' holidays, and
    its cards entered one at a time through the API, as they would arrive."""
    g = read_game(path)
    name = name or path.stem
    control = None if g.control is None else f"{g.control.days}/{g.control.moves}"
    s.correspondence.new(
        name, "emt", g.start or min(c.sent for c in g.cards if c.sent is not None),
        emt_class="Å", mode=g.mode.value, control=control, postal_days=g.postal_days,
        mandatory_holidays=g.mandatory_holidays, email_next_day=g.email_next_day,
    )  # fmt: skip
    s.correspondence.enter_players(name, [g.white, g.black])
    for h in g.holidays:
        player = g.white if h.player == "white" else g.black
        s.correspondence.holiday(
            name, player, h.first, h.last, notice=h.notice, special_leave=h.special_leave
        )
    for c in g.cards:
        s.correspondence.card(
            name, "1-2", c.moves, sent=c.sent, received=c.received, postmark=c.postmark,
            receipt_slip=c.receipt_slip, series=c.series,
            late_receipt_accepted=c.late_receipt_accepted, notice=c.notice,
            reminder=c.reminder, tl_contacted=c.tl_contacted, invalid_moves=c.invalid_moves,
        )  # fmt: skip
    return name


def enter_results(s: Skak, group: str, results: dict[tuple[str, str], str]) -> None:
    """``results`` as ``{(p, q): "1-0"}`` from ``p``'s side, whoever has White in the
    stored game; every other finished game ``default`` (a draw)."""
    g = s.correspondence.get(group)
    number = {p.name: p.number for p in g.players}
    swap = {"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1/2-1/2", "0-0": "0-0"}
    for (p, q), result in results.items():
        a, b = number[p], number[q]
        game = next(x for x in g.games if {x.white, x.black} == {a, b})
        s.correspondence.result(group, game.number, result if game.white == a else swap[result])
