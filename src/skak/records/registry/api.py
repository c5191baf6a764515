"""The rating registry's part of the library API (ratingkartotek): DSU's list, entries,
tournaments applied, the yearly corrections — the commands of :mod:`skak.records.registry.commands`
on the one registry stream; ``skak.registry`` on a :class:`skak.api.Skak`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from skak.model.progress import Progress
from skak.records.base import Register
from skak.records.registry.kind import REGISTRY
from skak.store import RecordKind

if TYPE_CHECKING:  # the registry's rules are imported when it is used
    from skak.rating.alignment import Alignment
    from skak.rating.registry import PlayerEntered, Registry, RegistryEvent, TournamentApplied
    from skak.records.registry import commands as registry_rules
    from skak.views import RegistryMatch, RegistrySearch

# The standings and the rating of a tournament (``rating_apply``) and DSU's list reader are
# imported by the methods that use them: every command opens a ``Skak``.

__all__ = ["RatingRegistry"]


class RatingRegistry(Register["Registry", "RegistryEvent", "registry_rules.RegistryCommand"]):
    """The rating registry (``skak.registry``, ratingkartotek): one record a database."""

    role = "registrar"

    def _kind(self, progress: Progress | None = None) -> RecordKind[Registry, RegistryEvent]:
        return REGISTRY if progress is None else replace(REGISTRY, progress=progress)

    def _empty(self) -> Registry:
        from skak.rating.registry import Registry

        return Registry()

    def _decide(
        self, state: Registry, command: registry_rules.RegistryCommand
    ) -> Sequence[RegistryEvent]:
        from skak.records.registry import commands as registry_rules

        return registry_rules.decide(state, command)

    #: The registry as last read for a search, by its stream and version (a search field
    #: asks as one types; replaying the national list for each letter would take a second).
    _kept: tuple[tuple[int, int], Registry] | None = None

    def _current(self) -> Registry:
        """The registry now: the one kept when the database holds no newer version."""
        row = self.row()
        if row is None:
            return self._empty()
        key = (row.id, self.store.head(self._kind().name, row.id))
        kept = self._kept
        if kept is not None and kept[0] == key:
            return kept[1]
        state = self.store.load(self._kind(), row).state
        self._kept = (key, state)
        return state

    def search(self, text: str, *, limit: int = 20) -> RegistrySearch:
        """The players a text finds: a DSU member number, or words of a name in any order,
        case and accents aside (:func:`skak.views.registry_search`).

        :raises InputError: for an empty text."""
        from skak.views import registry_search

        return registry_search(self._current(), text, limit=limit)

    def member(self, dsu_id: int) -> RegistryMatch:
        """DSU member ``dsu_id`` as a registration takes him.

        :raises NotFoundError: when he is not in the registry."""
        from skak.views import registry_match

        return registry_match(self._current(), dsu_id)

    def apply(
        self,
        ident: str | int | None,
        today: date,
        *,
        actor: str | None = None,
        progress: Progress | None = None,
    ) -> TournamentApplied:
        """Add a finished, rated tournament's rating changes to the registry (§4.5.4.1).

        Players are matched by DSU member number; those without one (foreign players) are
        left out. :raises StateError: when the tournament is not finished, not rated, or
        applied already.
        """
        from skak.records.registry import commands as registry_rules

        tournaments = self._db.tournaments
        row = tournaments.resolve(ident)
        key = f"tournament {row.id} ({row.created_at})"
        event = registry_rules.tournament_applied(tournaments.get(row.id), key, today)
        self.change(registry_rules.ApplyTournament(event), actor=actor, progress=progress)
        return event

    def import_list(
        self,
        path: str | Path,
        day: date,
        *,
        actor: str | None = None,
        progress: Progress | None = None,
    ) -> int:
        """Enter or update the players of DSU's rating list (all or nothing); ``progress``
        is told how far the registry's replay has come."""
        from skak.io.dsu_list import parse_dsu_list
        from skak.io.files import read_text
        from skak.records.registry import commands as registry_rules

        text, _ = read_text(path)
        entries = tuple(parse_dsu_list(text, Path(path).name, day))
        self.change(registry_rules.ImportList(entries), actor=actor, progress=progress)
        return len(entries)

    def align(
        self, fide: dict[int, tuple[int, int]], day: date, *, actor: str | None = None
    ) -> Alignment:
        """Align the registry's standard ratings with FIDE's list (001 §6)."""
        from skak.records.registry import commands as registry_rules

        before, _ = self.change(registry_rules.AlignWithFide(fide, day), actor=actor)
        return registry_rules.fide_alignment(before, fide)

    def align_file(self, path: str | Path, day: date, *, actor: str | None = None) -> Alignment:
        """:meth:`align` with FIDE's list from a JSON file (``skak rating align``)."""
        from skak.io.files import read_text

        text, source = read_text(path)
        return self.align_text(text, source, day, actor=actor)

    def align_text(
        self, text: str, source: str, day: date, *, actor: str | None = None
    ) -> Alignment:
        """:meth:`align` with FIDE's list as JSON text (see
        :func:`skak.io.dsu_list.parse_fide_alignment`); ``source`` names it in errors."""
        from skak.io.dsu_list import parse_fide_alignment

        return self.align(parse_fide_alignment(text, source), day, actor=actor)

    def import_text(
        self,
        text: str,
        source: str,
        day: date,
        *,
        actor: str | None = None,
        progress: Progress | None = None,
    ) -> int:
        """:meth:`import_list` of a list's text (an upload); ``source`` names it."""
        from skak.io.dsu_list import parse_dsu_list
        from skak.records.registry import commands as registry_rules

        entries = tuple(parse_dsu_list(text, source, day))
        self.change(registry_rules.ImportList(entries), actor=actor, progress=progress)
        return len(entries)

    def correct_rapid_blitz(
        self, day: date, *, actor: str | None = None
    ) -> tuple[tuple[int, str, int, int], ...]:
        """001 §2.7's automatic correction of rapid and blitz ratings, as of ``day``."""
        from skak.rating.registry import rapid_blitz_corrections
        from skak.records.registry import commands as registry_rules

        before, _ = self.change(registry_rules.CorrectRapidBlitz(day), actor=actor)
        return rapid_blitz_corrections(before, day)

    def enter(
        self,
        dsu_id: int,
        name: str,
        rating: int,
        *,
        authority: str,
        day: date,
        kind: str,
        actor: str | None = None,
    ) -> None:
        """Enter a new player (001 §5.1): refused for a rating the authority may not give, and
        for a player on the list whose last rated result is not more than five years old."""
        from skak.records.registry import commands as registry_rules

        command = registry_rules.EnterPlayer(dsu_id, name, rating, authority, day, kind)
        self.change(command, actor=actor)

    def compress(self, day: date, *, actor: str | None = None) -> int:
        """Record the 1 June 2024 compression of ratings below 2000 (once)."""
        from skak.records.registry import commands as registry_rules

        _, state = self.change(registry_rules.CompressRatings(day), actor=actor)
        return sum(
            1 for p in state.players.values() if p.history and p.history[-1].reason == "compression"
        )

    def apply_reported(
        self,
        entries: Sequence[PlayerEntered],
        applied: TournamentApplied,
        *,
        actor: str | None = None,
    ) -> None:
        """Apply a tournament reported to the registrar (``skak.reports.apply``): its new
        players entered with their entry ratings (001 §5.1), then its changes, in one
        change of the registry.

        :raises StateError: when it was applied already, or an entry names a registered
            player."""
        from skak.records.registry import commands as registry_rules

        self.change(registry_rules.ApplyReported(tuple(entries), applied), actor=actor)
