"""The read side: typed views of a record that every face renders, and decides nothing.

``skak standings``, ``skak export json``, ``skak demo``, the TRF export's ranks and the web
pages all rank a tournament through :func:`standings_view`, so they agree on the order and
the values: the tie-break choice (the arbiter's list, a named championship list, the
tournament's own, else DSU §24's default), §16 for withdrawals, the prize rule and the rating
column of a finished rated tournament are decided here once. Each view has one JSON form
(``to_json``), the shapes the README documents.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any

from skak.errors import InputError
from skak.model.events import Event, EventUndone, apply, describe, effective
from skak.model.player import Player
from skak.model.results import playoff_pending
from skak.model.stream import Recorded
from skak.model.tournament import Pairing, Round, Tournament
from skak.pairing import get_system
from skak.pairing.engine import planned_rounds
from skak.rating.calc import RatingChange, RatingResult
from skak.rating.tournament import tournament_rating
from skak.standings import (
    Standing,
    TiebreakChoice,
    choose_tiebreaks,
    first_place,
    share_prizes,
    standings,
)
from skak.standings import standings_json as exact_standings_json
from skak.tiebreaks import exact_decimal

__all__ = [
    "HistoryLine",
    "RoundView",
    "StandingsView",
    "TiebreakChoice",
    "choose_tiebreaks",
    "final_rating",
    "history",
    "is_finished",
    "round_json",
    "round_view",
    "standings_view",
]


# -- history -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HistoryLine:
    """One line of ``skak history``."""

    seq: int
    recorded_at: str
    actor: str
    kind: str
    text: str
    undone: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "recorded_at": self.recorded_at,
            "actor": self.actor,
            "type": self.kind,
            "text": self.text,
            "undone": self.undone,
        }


def history(events: Sequence[Recorded[Event]]) -> list[HistoryLine]:
    """Every event, oldest first, described against the state it met (one replay)."""
    in_force = {s for s, _ in effective((r.version, r.event) for r in events)}
    lines: list[HistoryLine] = []
    state: Tournament | None = None
    for r in events:
        lines.append(
            HistoryLine(
                r.version,
                r.recorded_at,
                r.actor,
                r.event.kind,
                describe(r.event, state),
                undone=r.version not in in_force and not isinstance(r.event, EventUndone),
            )
        )
        if r.version in in_force:
            state = apply(state, r.event)
    return lines


# -- rounds --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundView:
    """A round with its players' names (for the pairing list)."""

    tournament: Tournament
    round: Round

    def name(self, n: int | None) -> str:
        return "" if n is None else self.tournament.player(n).name

    def to_json(self) -> dict[str, Any]:
        return round_json(self.round)


def round_view(t: Tournament, number: int) -> RoundView:
    """:raises NotFoundError: for a round not paired yet."""
    return RoundView(t, t.round(number))


def round_json(rnd: Round) -> dict[str, Any]:
    """The JSON of ``skak round show --json`` and ``skak pair --json``."""
    return {
        "round": rnd.number,
        "pairings": [
            {
                "board": p.board,
                "white": p.white,
                "black": p.black,
                "result": None if p.result is None else p.result.value,
            }
            for p in rnd.pairings
        ],
        "byes": [{"player": b.player, "result": b.result.value} for b in rnd.byes],
        "explanation": list(rnd.explanation),
    }


def board_line(t: Tournament, p: Pairing) -> str:
    """``White – Black`` of one board, by name."""
    white = t.player(p.white).name
    black = t.player(p.black).name if p.black is not None else ""
    return f"{white} – {black}"


# -- standings -----------------------------------------------------------------------------


def is_finished(t: Tournament) -> bool:
    """Every planned round paired and every result in."""
    planned = planned_rounds(t, get_system(t.pairing_system))
    return planned == t.current_round and all(r.is_complete for r in t.rounds)


def final_rating(t: Tournament, today: date | None = None) -> tuple[RatingResult | None, str]:
    """The rating column of a finished, rated tournament (else ``None``), and a note when
    it cannot be computed."""
    if not (t.rated and is_finished(t)):
        return None, ""
    try:
        return tournament_rating(t, today or date.today(), first_place=first_place(t)), ""
    except InputError as e:
        return None, f"No rating column: {e}"


@dataclass(frozen=True, slots=True)
class StandingsView:
    """The standings as announced: rows in order, with what decided them."""

    tournament: Tournament
    rows: tuple[Standing, ...]
    after_round: int
    choice: TiebreakChoice
    prizes: dict[int, Fraction] | None = None
    rating: RatingResult | None = None
    rating_note: str = ""

    @property
    def note(self) -> str:
        return self.choice.note

    def rating_change(self, player: Player) -> RatingChange | None:
        if self.rating is None:
            return None
        return {int(c.id): c for c in self.rating.players}.get(player.start_number)

    def to_json(self) -> dict[str, list[dict[str, Any]]]:
        """``{"standings": [{"rank", "shared", "start_number", "name", "points",
        "tiebreaks", "place", "games", "unfinished"}]}`` plus ``prize`` and ``rating``
        where there are any (README)."""
        data = exact_standings_json(self.rows)
        changes = {int(c.id): c for c in self.rating.players} if self.rating else {}
        for row, s in zip(data["standings"], self.rows, strict=True):
            row["place"] = s.place
            row["games"] = s.games
            row["unfinished"] = s.unfinished
            if self.prizes is not None:
                prize = self.prizes.get(s.player.start_number)
                row["prize"] = None if prize is None else exact_decimal(prize)
            c = changes.get(s.player.start_number)
            if c is not None:
                row["rating"] = {
                    "old": c.old,
                    "new": c.new,
                    "change": c.change,
                    "notes": list(c.notes),
                }
        return data


def standings_view(
    t: Tournament,
    *,
    after_round: int | None = None,
    tiebreaks: str | None = None,
    rules: str | None = None,
    edition: str | None = None,
    prizes: Sequence[str] | None = None,
    round_robin: bool | None = None,
    rating: str | None = None,
    with_rating: bool = True,
    today: date | None = None,
) -> StandingsView:
    """The standings every face shows (see the module's docstring).

    ``with_rating`` adds the rating column once a rated tournament is finished (not for
    standings after an earlier round, nor for a file read from elsewhere).
    """
    choice = choose_tiebreaks(t, tiebreaks, rules, round_robin=round_robin)
    rows = standings(
        t,
        after_round=after_round,
        tiebreaks=choice.tiebreaks or None,
        edition=edition,
        withdrawals=True,
        round_robin=round_robin,
        rating=rating,
    )
    cash = share_prizes(rows, list(prizes), by=choice.prize_basis) if prizes else None
    result, note = final_rating(t, today) if with_rating and after_round is None else (None, "")
    shown = t.current_round if after_round is None else after_round
    return StandingsView(t, rows, shown, choice, cash, result, note)


def pending_playoff(t: Tournament, p: Pairing) -> bool:
    """A Gladiator game (4.9.8) whose play-off has no winner yet."""
    return playoff_pending(p.result, p.playoff, t.scoring)
