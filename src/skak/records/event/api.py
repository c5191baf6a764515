"""The event's part of the library API (``skak.event``): an event with groups, each group a
tournament of the database; one register of all their entrants; a player moved from one
group to another before either has paired a round; the §6 reports of its groups at once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING, Any, Protocol, cast

from skak.errors import InputError, StateError
from skak.messages import N_, Phrases
from skak.records.base import Naming, Outcome, Records, same_name
from skak.records.event.kind import EVENT
from skak.store import Loaded, RecordKind, StreamRow

if TYPE_CHECKING:
    from skak.model.event import Event
    from skak.model.player import Player
    from skak.model.tournament import Tournament
    from skak.records.event import commands as rules
    from skak.records.event.events import EventEvent
    from skak.views.event import EventLine, EventView
    from skak.views.report import ReportView

__all__ = ["EventOutcome", "Events"]


class _Tournaments(Protocol):
    """What an event asks of the database's tournaments (``skak.tournaments``)."""

    def resolve(self, ident: str | int | None = None) -> StreamRow: ...

    def get(self, ident: str | int | None = None) -> Tournament: ...

    def create(
        self, tournament: Tournament, *, source: str | None = None, actor: str | None = None
    ) -> StreamRow: ...

    def remove_player(
        self, ident: str | int | None, start_number: int, *, reason: str = "",
        actor: str | None = None,
    ) -> Any: ...  # fmt: skip

    def add_player(
        self, ident: str | int | None, name: str, *, start_number: int | None = None,
        actor: str | None = None, **fields: Any,
    ) -> Player: ...  # fmt: skip

    def undo(
        self, ident: str | int | None = None, *, seq: int | None = None, actor: str | None = None
    ) -> Any: ...


EventOutcome = Outcome["Event", "EventEvent"]


class Events(Records["Event", "EventEvent", "rules.EventCommand"]):
    """The database's events with groups (``skak.event``)."""

    role = "arbiter"
    naming = Naming(
        none=lambda: N_("the database holds no event; create one with 'skak event new'"),
        several=lambda n: N_("the database holds {count} events; name one with --event:", count=n),
        unknown=lambda name, held: N_(
            "no event {name} in the database; it holds: {held}", name=name, held=held
        ),
        ambiguous=lambda name, first: N_(
            "{name} names several events; write #ID, e.g. --event '#{id}':", name=name, id=first
        ),
    )

    def _kind(self) -> RecordKind[Event, EventEvent]:
        return EVENT

    def _decide(
        self,
        kind: RecordKind[Event, EventEvent],
        loaded: Loaded[Event, EventEvent],
        command: rules.EventCommand,
    ) -> Sequence[EventEvent]:
        from skak.records.event import commands as rules

        return rules.decide(loaded.state, command)

    @property
    def _tournaments(self) -> _Tournaments:
        return cast(_Tournaments, self._db.tournaments)

    def lines(self) -> tuple[EventLine, ...]:
        from skak.views.event import event_line

        return tuple(event_line(r.id, self.store.load(EVENT, r).state) for r in self.rows())

    def new(
        self,
        name: str,
        *,
        start: date | None = None,
        end: date | None = None,
        place: str | None = None,
        actor: str | None = None,
    ) -> StreamRow:
        from skak.records.event import commands as rules

        if any(same_name(r, name) for r in self.rows()):
            raise InputError(N_("an event named {name} exists already", name=repr(name)))
        events = rules.decide(None, rules.CreateEvent(name, start, end, place))
        return self._create(name, events, actor)

    def add_group(
        self,
        ident: str | int | None,
        label: str,
        tournament: str | int,
        *,
        actor: str | None = None,
    ) -> EventOutcome:
        """Make the tournament ``tournament`` (id or name) the event's group ``label``.

        :raises StateError: when it is a group of another event already.
        """
        from skak.records.event import commands as rules

        row = self.resolve(ident)
        t = self._tournaments.resolve(tournament)
        for other in self.rows():
            if other.id == row.id:
                continue
            held = self.store.load(EVENT, other).state
            if held is not None and any(g.tournament == t.id for g in held.groups):
                raise StateError(
                    N_(
                        "{tournament} is a group of {event} already",
                        tournament=t.name,
                        event=held.name,
                    )
                )
        return self.execute(row.id, rules.AddGroup(label, t.id), actor=actor)

    def new_group(
        self,
        ident: str | int | None,
        label: str,
        tournament: Tournament,
        *,
        actor: str | None = None,
    ) -> EventOutcome:
        """A new tournament (its name: the event's and the group's, its dates and place the
        event's unless given) made the event's group ``label``."""
        event = self.get(ident)
        named = replace(
            tournament,
            name=tournament.name or f"{event.name} – {label.strip()}",
            place=tournament.place or event.place,
            start_date=tournament.start_date or event.start,
            end_date=tournament.end_date or event.end,
        )
        row = self._tournaments.create(named, actor=actor)
        return self.add_group(ident, label, row.id, actor=actor)

    def view(self, ident: str | int | None = None) -> EventView:
        """The event, its groups and one register of all their entrants."""
        from skak.views.event import event_view

        row = self.resolve(ident)
        event = self.get(row.id)
        tournaments = {g.tournament: self._tournaments.get(g.tournament) for g in event.groups}
        return event_view(row.id, event, tournaments)

    def move(
        self,
        ident: str | int | None,
        player: str,
        to: str,
        *,
        actor: str | None = None,
    ) -> Player:
        """Move an entrant (his name, or ``GROUP:NUMBER``) to the group ``to``, before either
        group has paired a round: he is taken off his group's list (the numbers after him
        close up) and registered in the other as he was; if that fails, the removal is
        taken back, so nothing is lost.

        :raises StateError: once either group has paired a round.
        :raises NotFoundError: for a player or group the event does not hold.
        """
        event = self.get(ident)
        target = event.group(to)
        source_label, number = self._find(event, player)
        source = event.group(source_label)
        if source.tournament == target.tournament:
            raise InputError(N_("{player} plays in {group} already", player=player, group=to))
        tournaments = self._tournaments
        for g in (source, target):
            t = tournaments.get(g.tournament)
            if t.rounds:
                raise StateError(
                    N_(
                        "{group} has paired round 1: a player moves between groups only "
                        "before it (afterwards he withdraws from one)",
                        group=g.label,
                    )
                )
        moving = tournaments.get(source.tournament).player(number)
        tournaments.remove_player(
            source.tournament, number, reason=f"moved to {target.label}", actor=actor
        )
        fields = {
            f: getattr(moving, f)
            for f in ("sex", "birth_date", "birth_year", "club", "federation", "dsu_id",
                      "fide_id", "title", "ratings")
        }  # fmt: skip
        try:
            return tournaments.add_player(target.tournament, moving.name, actor=actor, **fields)
        except Exception:
            tournaments.undo(source.tournament, actor=actor)  # he is back where he was
            raise

    def _find(self, event: Event, player: str) -> tuple[str, int]:
        """The group and start number of the entrant ``player`` names: ``GROUP:NUMBER``, or
        his name (any case; a part of it when that names one entrant only).

        :raises NotFoundError: when no entrant matches; :raises InputError: when several do.
        """
        from skak.errors import NotFoundError

        label, sep, number = player.rpartition(":")
        if sep and number.strip().isdigit():
            event.group(label)
            return event.group(label).label, int(number)
        wanted = player.strip().casefold()
        found: list[tuple[str, int, str]] = []
        for g in event.groups:
            for p in self._tournaments.get(g.tournament).players:
                found.append((g.label, p.start_number, p.name))
        exact = [f for f in found if f[2].casefold() == wanted]
        partial = [f for f in found if wanted in f[2].casefold()]
        chosen = exact or partial
        if not chosen:
            raise NotFoundError(
                N_("no entrant of {event} is called {name}", event=event.name, name=repr(player))
            )
        if len(chosen) > 1:
            raise InputError(
                N_(
                    "{name} names several entrants: {found}; write GROUP:NUMBER",
                    name=repr(player),
                    found=", ".join(f"{n} ({g}:{s})" for g, s, n in chosen),
                )
            )
        return chosen[0][0], chosen[0][1]

    def reports(
        self, ident: str | int | None = None, *, today: date | None = None
    ) -> tuple[tuple[str, ReportView], ...]:
        """The §6 report of each finished, rated group, by its label (the groups not yet
        finished or not rated are left out; ``skak report`` says why for one).

        :raises StateError: when no group has a report to give yet.
        """
        from skak.errors import SkakError
        from skak.views.report import report_view

        event = self.get(ident)
        discipline = self._db.discipline.get()
        out = []
        reasons: list[str] = []
        for g in event.groups:
            t = self._tournaments.get(g.tournament)
            try:
                out.append(
                    (g.label, report_view(t, discipline, t.arbiters, today=today or date.today()))
                )
            except SkakError as err:
                reasons.append(N_("{group}: {why}", group=g.label, why=err.message))
        if not out:
            raise StateError(
                N_(
                    "no group of {event} has a report yet: {why}",
                    event=event.name,
                    why=Phrases("; ", reasons) if reasons else N_("it has no groups"),
                )
            )
        return tuple(out)
