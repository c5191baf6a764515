"""The junior team championship's part of the library API (Junior Hold DM, DSU 003 §5.5): a
championship per stream (record kind ``junior-championship``), the commands of
:mod:`skak.records.junior.commands`, the read side of :mod:`skak.views.junior`;
``skak.junior`` on a :class:`skak.api.Skak`."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from skak.errors import InputError
from skak.io.files import read_text
from skak.messages import N_
from skak.records.base import Naming, Outcome, Records, same_name
from skak.records.junior.kind import JUNIOR
from skak.store import Loaded, RecordKind, StreamRow

if TYPE_CHECKING:
    from skak.records.junior import commands as rules
    from skak.records.junior.events import JuniorEvent
    from skak.teams.junior import JuniorChampionship, JuniorTeam
    from skak.views.junior import JuniorLine, JuniorMatchRow, JuniorView

__all__ = ["Championships", "JuniorOutcome"]

#: What a junior championship's command did (:class:`skak.records.base.Outcome`): the notes
#: are §6's composition problems, for the leader.
JuniorOutcome = Outcome["JuniorChampionship", "JuniorEvent"]


class Championships(Records["JuniorChampionship", "JuniorEvent", "rules.JuniorCommand"]):
    """The database's junior team championships (``skak.junior``)."""

    role = "leader"
    naming = Naming(
        none=lambda: N_(
            "the database holds no junior team championship; add one with 'skak junior import'"
        ),
        several=lambda n: N_(
            "the database holds {count} junior team championships; name one with --championship:",
            count=n,
        ),
        unknown=lambda name, held: N_(
            "no junior team championship {name} in the database; it holds: {held}",
            name=name,
            held=held,
        ),
        ambiguous=lambda name, first: N_(
            "{name} names several championships; write #ID, e.g. --championship '#{id}':",
            name=name,
            id=first,
        ),
    )

    def _kind(self) -> RecordKind[JuniorChampionship, JuniorEvent]:
        return JUNIOR

    def _decide(
        self,
        kind: RecordKind[JuniorChampionship, JuniorEvent],
        loaded: Loaded[JuniorChampionship, JuniorEvent],
        command: rules.JuniorCommand,
    ) -> Sequence[JuniorEvent]:
        from skak.records.junior import commands as rules

        return rules.decide(loaded.state, command)

    def _notes(
        self,
        kind: RecordKind[JuniorChampionship, JuniorEvent],
        before: JuniorChampionship | None,
        after: JuniorChampionship,
        command: rules.JuniorCommand,
        new: tuple[JuniorEvent, ...],
    ) -> tuple[str, ...]:
        from skak.records.junior import commands as rules

        return rules.notes(before, command, after) if new else ()

    def lines(self) -> tuple[JuniorLine, ...]:
        from skak.views.junior import junior_line

        return tuple(junior_line(r.id, self.store.load(JUNIOR, r).state) for r in self.rows())

    def new(
        self,
        name: str,
        day: date,
        teams: Sequence[JuniorTeam] = (),
        *,
        actor: str | None = None,
    ) -> StreamRow:
        """A new championship on ``day``, with its teams when given (all or none)."""
        from skak.records.junior import commands as rules
        from skak.records.junior.evolve import evolve

        if any(same_name(r, name) for r in self.rows()):
            raise InputError(
                N_("a junior team championship named {name} exists already", name=repr(name))
            )
        events = rules.decide(None, rules.CreateChampionship(name, day))
        if teams:
            state = evolve(None, events[0])
            events += rules.decide(state, rules.EnterJuniorTeams(tuple(teams)))
        return self._create(name, events, actor)

    def import_file(
        self, path: str | Path, *, name: str | None = None, actor: str | None = None
    ) -> StreamRow:
        """A championship from its JSON file (as ``skak junior standings FILE`` reads it):
        its teams and the matches it holds, all or nothing, kept in the database.

        :raises InputError: naming the file and what is wrong in it.
        """
        from skak.io.junior_json import read_junior
        from skak.records.junior import commands as rules
        from skak.records.junior.evolve import evolve

        text, source = read_text(path)
        day, teams, matches = read_junior(text, source)
        title = (name or Path(path).stem).strip()
        if any(same_name(r, title) for r in self.rows()):
            raise InputError(
                N_("a junior team championship named {name} exists already", name=repr(title))
            )
        events = rules.decide(None, rules.CreateChampionship(title, day))
        state = evolve(None, events[0])
        commands: list[rules.JuniorCommand] = [rules.EnterJuniorTeams(teams)]
        commands += [rules.EnterJuniorMatch(m) for m in matches]
        for command in commands:
            try:
                new = rules.decide(state, command)
            except InputError as err:
                raise InputError(err.message, location=source, problems=err.problems) from None
            for e in new:
                state = evolve(state, e)
            events += new
        return self._create(title, events, actor)

    def enter_match(
        self,
        ident: str | int | None,
        round_number: int,
        first: str,
        second: str,
        results: Sequence[str],
        *,
        first_players: Sequence[str | None] = (),
        second_players: Sequence[str | None] = (),
        actor: str | None = None,
    ) -> JuniorOutcome:
        """A match's results, one a board from ``first``'s side (``1-0``, ``½-½``, ``0-1``,
        ``+-``, ``-+``, ``--``; ``=`` and ``1/2`` read as ``½``), and the teams' players by
        board (``-`` or empty: an empty board; none: not checked). The notes say what the
        players break of §6's composition."""
        from skak.records.junior import commands as rules
        from skak.teams.junior import JuniorMatch

        def tidy(players: Sequence[str | None]) -> tuple[str | None, ...]:
            named = tuple(
                None if p is None or p.strip() in ("", "-") else p.strip() for p in players
            )
            return () if all(p is None for p in named) else named

        tokens = tuple(r.strip().replace("1/2", "½").replace("=", "½") for r in results)
        state = self.get(ident)
        match = JuniorMatch(
            round_number,
            state.team(first).name,
            state.team(second).name,
            tidy(first_players),
            tidy(second_players),
            tuple("½-½" if t == "½" else t for t in tokens),
        )
        return self.execute(ident, rules.EnterJuniorMatch(match), actor=actor)

    # -- the read side -------------------------------------------------------------------

    def view(self, ident: str | int | None = None) -> JuniorView:
        """§4's standings and §6's problems (:func:`skak.views.junior.junior_view`)."""
        from skak.views.junior import junior_view

        state = self.get(ident)
        if len(state.teams) < 2:
            raise InputError(N_("the junior team championship needs at least 2 teams"))
        return junior_view(state.day, state.teams, state.matches)

    def matches(self, ident: str | int | None = None) -> tuple[JuniorMatchRow, ...]:
        """Every pairing of the round robin by round, with its match where entered."""
        from skak.views.junior import junior_matches

        return junior_matches(self.get(ident))

    def audit(self, row: StreamRow) -> list[str]:
        """What is wrong with a stored championship (``skak check``): replayed from all its
        events, its standings computed anew."""
        from skak.errors import SkakError
        from skak.views.junior import junior_view

        try:
            state = self.store.load(JUNIOR, row, full=True).state
            if state is not None and len(state.teams) >= 2:
                junior_view(state.day, state.teams, state.matches)
        except SkakError as err:
            return [str(err)]
        return []
