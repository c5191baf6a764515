"""The discipline registry's part of the library API (``skak discipline``): warnings and
quarantines given (§7, 4.5.4.2) and registered as §19 has them, lifted entries, and the
check a registration or a line-up makes — the commands of
:mod:`skak.records.discipline.commands` on the one ``discipline-registry`` stream."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING

from skak.eligibility.discipline import (
    DisciplineRegistry,
    Sanction,
    SanctionKind,
    SanctionRequest,
)
from skak.errors import InputError
from skak.records.discipline.kind import DISCIPLINE
from skak.store import EventStore, StreamRow

if TYPE_CHECKING:  # the registry's rules are imported where used, when a command is run
    from skak.model.tournament import Tournament
    from skak.rating.registry import Registry
    from skak.records.discipline import commands as discipline_rules

__all__ = ["DisciplineCommands"]


class DisciplineCommands:
    """The discipline registry's methods of :class:`skak.api.Skak`."""

    store: EventStore
    actor: str

    if TYPE_CHECKING:

        def _who(self, actor: str | None) -> str: ...

        def resolve(self, ident: str | int | None = None) -> StreamRow: ...

        def load(self, ident: str | int | None = None) -> Tournament: ...

        def registry(self) -> Registry: ...

    def _discipline_row(self) -> StreamRow | None:
        rows = self.store.streams(DISCIPLINE.name)
        return rows[0] if rows else None

    def discipline(self) -> DisciplineRegistry:
        """The discipline registry as stored (empty before the first entry)."""
        row = self._discipline_row()
        return DisciplineRegistry() if row is None else self.store.load(DISCIPLINE, row).state

    def discipline_if_kept(self) -> DisciplineRegistry | None:
        """The registry, or ``None`` when the database keeps none (nothing to check)."""
        row = self._discipline_row()
        return None if row is None else self.store.load(DISCIPLINE, row).state

    def _discipline_change(
        self, command: discipline_rules.DisciplineCommand, actor: str | None
    ) -> tuple[DisciplineRegistry, DisciplineRegistry]:
        from skak.records.discipline import commands as discipline_rules

        who = self._who(actor)
        row = self._discipline_row()
        if row is None:
            empty = DisciplineRegistry()
            new = discipline_rules.decide(empty, command)
            created = self.store.create_only(DISCIPLINE, "DSU", new, who)
            if created is not None:
                return empty, created.state
            row = self._discipline_row()  # another command created it meanwhile
            assert row is not None
        before, after, _ = self.store.execute(
            DISCIPLINE,
            row,
            lambda loaded: discipline_rules.decide(loaded.state, command),
            who,
        )
        return before.state, after.state

    def give_sanction(
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

        try:
            sanction_kind = SanctionKind(kind)
        except ValueError:
            raise InputError(f"a sanction is a warning or a quarantine, not {kind!r}") from None
        t = None
        if tournament is not None:
            if event is not None:
                raise InputError("name the tournament in this database or another event, not both")
            t = self.load(self.resolve(tournament).id)
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
        _, after = self._discipline_change(discipline_rules.GiveSanction(request), actor)
        return after.sanctions[-1]

    def _name_of(self, member: int, t: Tournament | None) -> str:
        """The player's name: the tournament's player with that member number, else the
        rating registry's, else his latest entry in the discipline registry.

        :raises InputError: naming the places looked in when none has him."""
        if t is not None:
            for p in t.players:
                if p.dsu_id == member:
                    return p.name
        entry = self.registry().players.get(member)
        if entry is not None:
            return entry.name
        kept = self.discipline_if_kept()
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

    def lift_sanction(
        self, number: int, day: date, reason: str, *, actor: str | None = None
    ) -> Sanction:
        """Lift entry ``number`` from ``day`` (e.g. Skaknævnet set it aside).

        :raises NotFoundError: when there is no such entry.
        :raises StateError: when it was lifted already.
        """
        from skak.records.discipline import commands as discipline_rules

        command = discipline_rules.LiftSanction(number, day, reason)
        _, after = self._discipline_change(command, actor)
        return after.sanction(number)
