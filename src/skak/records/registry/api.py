"""The rating registry's part of the library API (ratingkartotek): DSU's list, entries,
tournaments applied, the yearly corrections — the commands of :mod:`skak.records.registry.commands`
on the one registry stream, mixed into :class:`skak.api.Skak`."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from skak.model.progress import Progress
from skak.model.tournament import Tournament
from skak.records.registry.kind import REGISTRY, RegistryKind
from skak.store import EventStore, StreamRow

if TYPE_CHECKING:  # the registry's rules are imported when it is used
    from skak.rating.alignment import Alignment
    from skak.rating.registry import Registry, TournamentApplied
    from skak.records.registry import commands as registry_rules

# The standings and the rating of a tournament (``rating_apply``) and DSU's list reader are
# imported by the methods that use them: every command opens a ``Skak``.

__all__ = ["RegistryCommands"]


class RegistryCommands:
    """The registry's methods of :class:`skak.api.Skak`."""

    store: EventStore
    actor: str

    def _who(self, actor: str | None) -> str:  # pragma: no cover - Skak's
        raise NotImplementedError

    def resolve(self, ident: str | int | None = None) -> StreamRow:  # pragma: no cover
        raise NotImplementedError

    def load(self, ident: str | int | None = None) -> Tournament:  # pragma: no cover
        raise NotImplementedError

    def _registry_row(self) -> StreamRow | None:
        rows = self.store.streams(REGISTRY.name)
        return rows[0] if rows else None

    def registry(self, *, progress: Progress | None = None) -> Registry:
        """The rating registry (ratingkartotek) as its events build it; ``progress`` is told
        how far the replay has come."""
        from skak.rating.registry import Registry

        row = self._registry_row()
        if row is None:
            return Registry()
        return self.store.load(_registry_kind(progress), row).state

    def _registry_change(
        self,
        command: registry_rules.RegistryCommand,
        actor: str | None = None,
        progress: Progress | None = None,
    ) -> tuple[Registry, Registry]:
        """Carry out a registry command; :returns: the registry before and after.
        ``progress`` is told how far the registry's replay has come."""
        from skak.rating.registry import Registry
        from skak.records.registry import commands as registry_rules

        kind = _registry_kind(progress)
        row = self._registry_row()
        who = self._who(actor)
        if row is None:
            empty = Registry()
            new = registry_rules.decide(empty, command)
            if not new:
                return empty, empty
            created = self.store.create_only(kind, "DSU", new, who)
            if created is not None:
                return empty, created.state
            row = self._registry_row()  # another command created it meanwhile
            assert row is not None
        before, after, _ = self.store.execute(
            kind, row, lambda loaded: registry_rules.decide(loaded.state, command), who
        )
        return before.state, after.state

    def rating_apply(
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

        row = self.resolve(ident)
        key = f"tournament {row.id} ({row.created_at})"
        event = registry_rules.tournament_applied(self.load(row.id), key, today)
        self._registry_change(registry_rules.ApplyTournament(event), actor, progress)
        return event

    def rating_import_list(
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
        self._registry_change(registry_rules.ImportList(entries), actor, progress)
        return len(entries)

    def rating_align(
        self, fide: dict[int, tuple[int, int]], day: date, *, actor: str | None = None
    ) -> Alignment:
        """Align the registry's standard ratings with FIDE's list (001 §6)."""
        from skak.records.registry import commands as registry_rules

        before, _ = self._registry_change(registry_rules.AlignWithFide(fide, day), actor)
        return registry_rules.fide_alignment(before, fide)

    def rating_correct_rapid_blitz(
        self, day: date, *, actor: str | None = None
    ) -> tuple[tuple[int, str, int, int], ...]:
        """001 §2.7's automatic correction of rapid and blitz ratings, as of ``day``."""
        from skak.rating.registry import rapid_blitz_corrections
        from skak.records.registry import commands as registry_rules

        before, _ = self._registry_change(registry_rules.CorrectRapidBlitz(day), actor)
        return rapid_blitz_corrections(before, day)

    def rating_enter(
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
        self._registry_change(command, actor)

    def rating_compress(self, day: date, *, actor: str | None = None) -> int:
        """Record the 1 June 2024 compression of ratings below 2000 (once)."""
        from skak.records.registry import commands as registry_rules

        _, state = self._registry_change(registry_rules.CompressRatings(day), actor)
        return sum(
            1 for p in state.players.values() if p.history and p.history[-1].reason == "compression"
        )


def _registry_kind(progress: Progress | None) -> RegistryKind:
    """The registry's record kind, telling ``progress`` how far a replay has come."""
    return REGISTRY if progress is None else replace(REGISTRY, progress=progress)
