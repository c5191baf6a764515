"""The team cup's part of the library API (pokalstævnet, DSU 003 §5.3–5.4): a row per
stream (record kind ``cup``), the commands of :mod:`skak.records.cup.commands`, the read side of
:mod:`skak.views.cup`; ``skak.cup`` on a :class:`skak.api.Skak`."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skak.errors import InputError, NotFoundError, SkakError
from skak.messages import N_
from skak.records.base import Naming, Outcome, Records, same_name
from skak.records.cup.kind import CUP
from skak.store import Loaded, RecordKind, StreamRow

if TYPE_CHECKING:
    from skak.records.cup import commands as rules
    from skak.records.cup.events import CupEvent
    from skak.teams.cup import Cup, CupBoard, CupMatch
    from skak.views.cup import (
        CupCaptainMatch,
        CupLine,
        CupRoundView,
        CupStandingsView,
        CupTeamView,
    )

__all__ = ["CupOutcome", "Cups"]

_SETTINGS = {
    "cap": "cap",
    "bye-points": "bye_board_points",
    "bye-match-points": "bye_match_points",
    "lot-seed": "lot_seed",
}


#: What a cup command did (:class:`skak.records.base.Outcome`).
CupOutcome = Outcome["Cup", "CupEvent"]


class Cups(Records["Cup", "CupEvent", "rules.CupCommand"]):
    """The database's cups (``skak.cup``): a row of the cup day a record."""

    role = "leader"
    naming = Naming(
        none=lambda: N_("the database holds no cup; create one with 'skak cup new'"),
        several=lambda n: N_("the database holds {count} cups; name one with --cup:", count=n),
        unknown=lambda name, held: N_(
            "no cup {name} in the database; it holds: {held}", name=name, held=held
        ),
        ambiguous=lambda name, first: N_(
            "{name} names several cups; write #ID, e.g. --cup '#{id}':", name=name, id=first
        ),
    )

    def _kind(self) -> RecordKind[Cup, CupEvent]:
        return CUP

    def _decide(
        self,
        kind: RecordKind[Cup, CupEvent],
        loaded: Loaded[Cup, CupEvent],
        command: rules.CupCommand,
    ) -> Sequence[CupEvent]:
        from skak.records.cup import commands as rules

        return rules.decide(loaded.state, command)

    def _notes(
        self,
        kind: RecordKind[Cup, CupEvent],
        before: Cup | None,
        after: Cup,
        command: rules.CupCommand,
        new: tuple[CupEvent, ...],
    ) -> tuple[str, ...]:
        from skak.records.cup import commands as rules

        return tuple(rules.cup_notes(after, command, new)) if new else ()

    def _clubs(self, state: Cup, command: rules.CupCommand) -> frozenset[str]:
        """A team's captain enters its line-up; the first team's captain the round card."""
        from skak.records.cup import commands as rules

        if isinstance(command, rules.EnterCupLineup):
            team = command.team
        elif isinstance(command, rules.EnterCupResult):
            team = command.card.first
        else:
            return frozenset()
        try:
            return frozenset({state.team(team).club})
        except SkakError:  # no such team: no captain's (the command says what is wrong)
            return frozenset()

    def for_clubs(self, clubs: Sequence[str]) -> tuple[CupCaptainMatch, ...]:
        """The cup matches of the clubs' teams in every cup, the newest round first
        (:func:`skak.views.cup.cup_captain_matches`): a captain's line-ups and cards."""
        from skak.views.cup import cup_captain_matches

        chosen = frozenset(clubs)
        return tuple(
            m
            for r in self.rows()
            for m in cup_captain_matches(self.store.load(CUP, r).state, r.id, chosen)
        )

    def lines(self) -> tuple[CupLine, ...]:
        from skak.views.cup import cup_line

        return tuple(cup_line(r.id, self.store.load(CUP, r).state) for r in self.rows())

    def new(
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

        if any(same_name(r, name) for r in self.rows()):
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
        return self._create(command.name, rules.decide(None, command), actor)

    def teams_file(
        self, ident: str | int | None, path: str | Path, *, actor: str | None = None
    ) -> CupOutcome:
        from skak.io.files import read_text
        from skak.io.league_csv import parse_cup_teams_csv
        from skak.records.cup import commands as rules

        text, source = read_text(path)
        teams = parse_cup_teams_csv(text, source)
        return self.execute(ident, rules.EnterCupTeams(teams), actor=actor)

    def pair(self, ident: str | int | None = None, *, actor: str | None = None) -> CupRoundView:
        """Pair the next round by team Monrad (5.3 §2)."""
        from skak.records.cup import commands as rules
        from skak.views.cup import cup_round_view

        done = self.execute(ident, rules.PairCupRound(), actor=actor)
        paired = done.events[0]
        explanation = getattr(paired, "explanation", ())
        return cup_round_view(done.after, done.after.paired_rounds, explanation)

    def lineup(
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
        return self.execute(ident, command, actor=actor)

    def result(
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
        cup = self.get(ident)
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
        return self.execute(ident, rules.EnterCupResult(card), actor=actor)

    def playoff(
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

        cup = self.get(ident)
        a, b = cup.team(first).name, cup.team(second).name
        boards = tuple(CupBoard(i, _game(t, f"board {i}")) for i, t in enumerate(results, start=1))
        return self.execute(ident, rules.EnterCupPlayoff(CupCard(0, a, b, boards)), actor=actor)

    def audit(self, row: StreamRow) -> list[str]:
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

    def teams(self, ident: str | int | None = None) -> tuple[CupTeamView, ...]:
        from skak.views.cup import cup_team_views

        return cup_team_views(self.get(ident))

    def round(self, ident: str | int | None, number: int) -> CupRoundView:
        from skak.records.cup.commands import check_round_number
        from skak.views.cup import cup_round_view

        check_round_number(number)
        cup = self.get(ident)
        if number > cup.paired_rounds:
            raise NotFoundError(f"round {number} of {cup.name} is not paired")
        return cup_round_view(cup, number)

    def standings(self, ident: str | int | None = None) -> CupStandingsView:
        from skak.views.cup import cup_standings_view

        return cup_standings_view(self.get(ident))


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
