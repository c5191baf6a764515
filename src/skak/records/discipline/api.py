"""The discipline registry's part of the library API (``skak discipline``): warnings and
quarantines given (§7, 4.5.4.2) and registered as §19 has them, lifted entries, and the
check a registration or a line-up makes — the commands of
:mod:`skak.records.discipline.commands` on the one ``discipline-registry`` stream."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from typing import TYPE_CHECKING

from skak.eligibility.discipline import (
    DisciplineRegistry,
    Sanction,
    SanctionKind,
    SanctionRequest,
)
from skak.errors import InputError
from skak.records.base import Register
from skak.records.discipline.kind import DISCIPLINE
from skak.store import RecordKind

if TYPE_CHECKING:  # the registry's rules are imported where used, when a command is run
    from skak.model.progress import Progress
    from skak.model.tournament import Tournament
    from skak.records.discipline import commands as discipline_rules
    from skak.records.discipline.events import DisciplineEvent
    from skak.views.discipline import DisciplineView

__all__ = ["Discipline"]


class Discipline(
    Register[DisciplineRegistry, "DisciplineEvent", "discipline_rules.DisciplineCommand"]
):
    """The discipline registry (``skak.discipline``): one record a database."""

    role = "registrar"
    #: A league leader gives and lifts sanctions too (the web's discipline page).
    also = frozenset({"leader"})

    def _kind(
        self, progress: Progress | None = None
    ) -> RecordKind[DisciplineRegistry, DisciplineEvent]:
        return DISCIPLINE

    def _empty(self) -> DisciplineRegistry:
        return DisciplineRegistry()

    def _decide(
        self, state: DisciplineRegistry, command: discipline_rules.DisciplineCommand
    ) -> Sequence[DisciplineEvent]:
        from skak.records.discipline import commands as discipline_rules

        return discipline_rules.decide(state, command)

    def give(
        self,
        kind: str,
        member: int,
        *,
        given: date,
        name: str | None = None,
        tournament: str | int | None = None,
        event: str | None = None,
        last_day: date | None = None,
        ground: str = "§7",
        reason: str = "",
        start: date | None = None,
        months: int | None = None,
        until: date | None = None,
        actor: str | None = None,
    ) -> Sanction:
        """Register a warning (``kind`` ``"warning"``) or a quarantine (``"quarantine"``)
        given to DSU member ``member`` on ``given``, as §19 decides it (see
        :func:`skak.eligibility.discipline.decide_sanction`).

        The tournament it was given in is ``tournament`` (one in this database: its name
        and last day are used) or ``event`` with ``last_day``. The player's name is
        ``name``, else the rating registry's, else the tournament's player with that member
        number.

        :raises InputError: for a kind, tournament or name that cannot be found, or a
            request the rules refuse.
        """
        from skak.records.discipline import commands as discipline_rules

        self.authorize(actor)  # who may not is told so before anything else is looked at
        try:
            sanction_kind = SanctionKind(kind)
        except ValueError:
            raise InputError(f"a sanction is a warning or a quarantine, not {kind!r}") from None
        t = None
        if tournament is not None:
            if event is not None:
                raise InputError("name the tournament in this database or another event, not both")
            t = self._db.tournaments.get(tournament)
            event = t.name
            last_day = last_day or t.end_date or t.start_date
            if last_day is None:
                raise InputError(
                    f"{t.name} has no dates; give the last playing day with --last-day"
                )
        if event is None or last_day is None:
            raise InputError(
                "name the tournament the sanction was given in: --tournament (in this "
                "database), or --event NAME with --last-day DATE"
            )
        who = name or self._name_of(member, t)
        request = SanctionRequest(
            sanction_kind,
            member,
            who,
            given,
            event,
            last_day,
            ground,
            reason,
            start,
            months,
            until,
        )
        _, after = self.change(discipline_rules.GiveSanction(request), actor=actor)
        return after.sanctions[-1]

    def _name_of(self, member: int, t: Tournament | None) -> str:
        """The player's name: the tournament's player with that member number, else the
        rating registry's, else his latest entry in the discipline registry.

        :raises InputError: naming the places looked in when none has him."""
        if t is not None:
            for p in t.players:
                if p.dsu_id == member:
                    return p.name
        entry = self._db.registry.get().players.get(member)
        if entry is not None:
            return entry.name
        kept = self.if_kept()
        earlier = kept.of(member) if kept is not None else ()
        if earlier:
            return earlier[-1].name
        places = ["the rating registry", "the discipline registry"]
        if t is not None:
            places.insert(1, f"the tournament {t.name}")
        looked = ", ".join(places[:-1]) + " or " + places[-1]
        raise InputError(
            f"DSU member {member} is not in {looked}; give the player's name with --name"
        )

    def standing_for(self, actor: str, day: date, *, clubs: Sequence[str] = ()) -> DisciplineView:
        """What ``actor`` may see of the registry on ``day``: all of it for whom may change
        it (the registrar, a league leader, an admin; the unguarded owner), else the
        standing sanctions of the members of ``clubs`` (a captain's own clubs, by the rating
        registry's club of each member), else nothing."""
        from skak.errors import PermissionDenied
        from skak.records.access import Access
        from skak.views.discipline import DisciplineView, discipline_view

        registry = self.get()
        try:
            self._db._authorize(actor, Access(self.role, label=self.record_name, also=self.also))
        except PermissionDenied:
            members: set[int] = set()
            for club in clubs:
                members |= self.members_of(club)
            view = discipline_view(registry, day)
            own = tuple(e for e in view.entries if e.member in members)
            return DisciplineView(view.day, view.all, own)
        return discipline_view(registry, day)

    def members_of(self, club: str) -> frozenset[int]:
        """The DSU member numbers of ``club``'s players by the rating registry (any case):
        whose standing sanctions a club's captain may see."""
        wanted = club.strip().casefold()
        players = self._db.registry.get().players.values()
        return frozenset(p.dsu_id for p in players if (p.club or "").casefold() == wanted)

    def lift(self, number: int, day: date, reason: str, *, actor: str | None = None) -> Sanction:
        """Lift entry ``number`` from ``day`` (e.g. Skaknævnet set it aside).

        :raises NotFoundError: when there is no such entry.
        :raises StateError: when it was lifted already.
        """
        from skak.records.discipline import commands as discipline_rules

        command = discipline_rules.LiftSanction(number, day, reason)
        _, after = self.change(command, actor=actor)
        return after.sanction(number)
