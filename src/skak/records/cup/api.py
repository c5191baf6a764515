"""The team cup's part of the library API (pokalstævnet, DSU 003 §5.3–5.4): a row per
stream (record kind ``cup``), the commands of :mod:`skak.records.cup.commands`, the read side of
:mod:`skak.views.cup`. Mixed into :class:`skak.api.Skak`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skak.errors import AmbiguousTournamentError, InputError, NotFoundError, SkakError
from skak.records.cup.kind import CUP
from skak.store import EventStore, Loaded, StreamRow

if TYPE_CHECKING:
    from skak.records.cup import commands as rules
    from skak.records.cup.events import CupEvent
    from skak.teams.cup import Cup, CupBoard, CupMatch
    from skak.views.cup import CupLine, CupRoundView, CupStandingsView, CupTeamView

__all__ = ["CupCommands", "CupOutcome"]

_SETTINGS = {
    "cap": "cap",
    "bye-points": "bye_board_points",
    "bye-match-points": "bye_match_points",
    "lot-seed": "lot_seed",
}


@dataclass(frozen=True, slots=True)
class CupOutcome:
    row: StreamRow
    after: Cup
    events: tuple[CupEvent, ...]
    notes: tuple[str, ...] = ()


class CupCommands:
    """The cup's methods of :class:`skak.api.Skak`."""

    store: EventStore
    actor: str

    def _who(self, actor: str | None) -> str:  # pragma: no cover - Skak's
        raise NotImplementedError

    def cups(self) -> list[StreamRow]:
        return self.store.streams(CUP.name)

    def cup_lines(self) -> tuple[CupLine, ...]:
        from skak.views.cup import cup_line

        return tuple(cup_line(r.id, self.store.load(CUP, r).state) for r in self.cups())

    def resolve_cup(self, ident: str | int | None = None) -> StreamRow:
        """:raises NotFoundError: / :raises AmbiguousTournamentError: as for seasons."""
        rows = self.cups()
        if ident is None:
            if len(rows) == 1:
                return rows[0]
            if not rows:
                raise NotFoundError("the database holds no cup; create one with 'skak cup new'")
            raise AmbiguousTournamentError(
                f"the database holds {len(rows)} cups; name one with --cup:",
                [r.label() for r in rows],
            )
        text = str(ident).strip()
        digits = text.removeprefix("#")
        found = [r for r in rows if digits.isdigit() and r.id == int(digits)]
        if not found and not text.startswith("#"):
            found = [r for r in rows if r.name.casefold() == text.casefold()]
        if len(found) == 1:
            return found[0]
        held = ", ".join(r.label() for r in rows) or "none"
        raise NotFoundError(f"no cup {text!r} in the database; it holds: {held}")

    def read_cup(self, ident: str | int | None = None) -> Loaded[Cup, CupEvent]:
        return self.store.load(CUP, self.resolve_cup(ident))

    def cup(self, ident: str | int | None = None) -> Cup:
        return self.read_cup(ident).state

    def cup_execute(
        self, ident: str | int | None, command: rules.CupCommand, *, actor: str | None = None
    ) -> CupOutcome:
        from skak.records.cup import commands as rules

        row = self.resolve_cup(ident)
        _, after, new = self.store.execute(
            CUP, row, lambda loaded: rules.decide(loaded.state, command), self._who(actor)
        )
        notes = rules.cup_notes(after.state, command, new) if new else ()
        return CupOutcome(row, after.state, new, notes)

    def cup_new(
        self,
        name: str,
        row: str,
        day: date,
        rounds: int,
        *,
        settings: Sequence[tuple[str, Any]] = (),
        actor: str | None = None,
    ) -> StreamRow:
        """A new row of the cup day (5.3 §2): ``settings`` ``cap`` (the Bredde row's
        average, 1800), ``bye-points`` (a free round's board points; default half the
        boards, 2), ``bye-match-points`` (its match points, 0–2; default 1, the draw a 2-2
        is) and ``lot-seed``."""
        from skak.records.cup import commands as rules
        from skak.teams.cup import CupSettings

        if any(r.name.casefold() == name.strip().casefold() for r in self.cups()):
            raise InputError(f"a cup named {name!r} exists already")
        values: dict[str, Any] = {}
        for key, value in settings:
            field = _SETTINGS.get(key.strip().lower())
            if field is None:
                raise InputError(f"unknown cup setting {key!r}; use {', '.join(_SETTINGS)}")
            if field == "cap" and not isinstance(value, int):
                raise InputError(f"cap is a whole rating, not {value!r}")
            if field == "bye_board_points":
                try:
                    value = Fraction(str(value).replace("½", ".5").replace(",", "."))
                except ValueError:
                    raise InputError(
                        f"bye-points is a number of board points, not {value!r}"
                    ) from None
                if not 0 <= value <= 4:
                    raise InputError(f"bye-points is 0–4 board points, not {value}")
            if field == "bye_match_points" and value not in (0, 1, 2):
                raise InputError(f"bye-match-points is 0, 1 or 2, not {value!r}")
            values[field] = str(value) if field == "lot_seed" else value
        command = rules.CreateCup(name, row.strip().lower(), day, rounds, 4, CupSettings(**values))
        events = rules.decide(None, command)
        return self.store.create(CUP, command.name.strip(), events, self._who(actor)).stream

    def cup_teams_file(
        self, ident: str | int | None, path: str | Path, *, actor: str | None = None
    ) -> CupOutcome:
        from skak.io.files import read_text
        from skak.io.league_csv import parse_cup_teams_csv
        from skak.records.cup import commands as rules

        text, source = read_text(path)
        teams = parse_cup_teams_csv(text, source)
        return self.cup_execute(ident, rules.EnterCupTeams(teams), actor=actor)

    def cup_pair(self, ident: str | int | None = None, *, actor: str | None = None) -> CupRoundView:
        """Pair the next round by team Monrad (5.3 §2)."""
        from skak.records.cup import commands as rules
        from skak.views.cup import cup_round_view

        done = self.cup_execute(ident, rules.PairCupRound(), actor=actor)
        paired = done.events[0]
        explanation = getattr(paired, "explanation", ())
        return cup_round_view(done.after, done.after.paired_rounds, explanation)

    def cup_lineup(
        self,
        ident: str | int | None,
        round_number: int,
        team: str,
        players: Sequence[str],
        *,
        actor: str | None = None,
    ) -> CupOutcome:
        from skak.records.cup import commands as rules

        command = rules.EnterCupLineup(round_number, team, tuple(players))
        return self.cup_execute(ident, command, actor=actor)

    def cup_result_entry(
        self,
        ident: str | int | None,
        round_number: int,
        first: str,
        results: Sequence[str],
        *,
        actor: str | None = None,
    ) -> CupOutcome:
        """A round card from the side of ``first`` (white on board 1): per board ``1``,
        ``½``, ``0``; ``+`` / ``-`` the second / first team's player was not there; ``x``
        neither; ``.`` not filled in (0 to both, 5.3 §8)."""
        from skak.records.cup import commands as rules
        from skak.teams.cup import CupCard

        rules.check_round_number(round_number)
        cup = self.cup(ident)
        if round_number > cup.paired_rounds:
            raise NotFoundError(
                f"round {round_number} of {cup.name} is not paired (rounds paired: "
                f"{cup.paired_rounds})"
            )
        name = cup.team(first).name
        m = cup.match(round_number, name)
        if m is None:
            raise NotFoundError(f"{name} plays no match in round {round_number} (a free round)")
        card = CupCard(round_number, name, m.opponent(name), _boards(results, cup.boards, m))
        return self.cup_execute(ident, rules.EnterCupResult(card), actor=actor)

    def cup_playoff(
        self,
        ident: str | int | None,
        first: str,
        second: str,
        results: Sequence[str],
        *,
        actor: str | None = None,
    ) -> CupOutcome:
        """§9's blitz match: ``first`` has white on board 1; results from its side."""
        from skak.records.cup import commands as rules
        from skak.teams.cup import CupBoard, CupCard

        cup = self.cup(ident)
        a, b = cup.team(first).name, cup.team(second).name
        boards = tuple(CupBoard(i, _game(t, f"board {i}")) for i, t in enumerate(results, start=1))
        return self.cup_execute(ident, rules.EnterCupPlayoff(CupCard(0, a, b, boards)), actor=actor)

    def cup_audit(self, row: StreamRow) -> list[str]:
        """What is wrong with a stored cup row (``skak check``): it is replayed from all its
        events and its ranking (every match's score, §9's play-off) computed."""
        from skak.teams.cup_rounds import cup_standings

        try:
            cup = self.store.load(CUP, row, full=True).state
            if cup is not None:
                cup_standings(cup)
        except SkakError as err:
            return [str(err)]
        return []

    def cup_teams(self, ident: str | int | None = None) -> tuple[CupTeamView, ...]:
        from skak.views.cup import cup_team_views

        return cup_team_views(self.cup(ident))

    def cup_round(self, ident: str | int | None, number: int) -> CupRoundView:
        from skak.records.cup.commands import check_round_number
        from skak.views.cup import cup_round_view

        check_round_number(number)
        cup = self.cup(ident)
        if number > cup.paired_rounds:
            raise NotFoundError(f"round {number} of {cup.name} is not paired")
        return cup_round_view(cup, number)

    def cup_standings(self, ident: str | int | None = None) -> CupStandingsView:
        from skak.views.cup import cup_standings_view

        return cup_standings_view(self.cup(ident))


_GAMES = {"1": "1-0", "1-0": "1-0", "½": "½-½", "=": "½-½", "½-½": "½-½", "1/2-1/2": "½-½",
          "0": "0-1", "0-1": "0-1"}  # fmt: skip


def _game(token: str, where: str) -> str:
    try:
        return _GAMES[token.strip()]
    except KeyError:
        raise InputError(
            f"{where}: {token!r} is 1, ½ (=) or 0 from the first team's side"
        ) from None


def _boards(results: Sequence[str], boards: int, m: CupMatch) -> tuple[CupBoard, ...]:
    from skak.teams.cup import CupBoard

    where = f"round {m.round}: {m.first}–{m.second}"
    if len(results) != boards:
        raise InputError(f"{where}: give {boards} board results, not {len(results)}")
    out = []
    for i, token in enumerate(results, start=1):
        t = token.strip()
        if t == ".":
            out.append(CupBoard(i))
        elif t in ("+", "-", "x"):
            absent = {"+": (m.second,), "-": (m.first,), "x": (m.first, m.second)}[t]
            out.append(CupBoard(i, None, absent))
        else:
            out.append(CupBoard(i, _game(t, f"{where}, board {i}")))
    return tuple(out)
