"""Varma tables: the restricted drawing of start numbers for a round robin, FIDE C.06 annex 2.

FIDE C.06 (German edition 2010, seed 004) rule 8 e–f: when the draw is restricted so that
players of one federation do not meet in the last rounds "nach Möglichkeit" (if possible), a
round robin of 9–24 players may use the Varma tables. Each table splits the Berger table's
numbers into four groups A–D whose members meet each other early; a delegation (federation,
or — the DSU's use — a club) draws all its numbers from one group. Annex 2:

1. every group's numbers lie in sealed envelopes inside one large envelope per group;
2. the draw order is fixed in advance: the delegation with most players first, ties by the
   alphabetical order of the codes, within a delegation by the players' names;
3. the first player of a delegation chooses a large envelope with enough numbers for the whole
   delegation and draws one; the others of the delegation draw from the same envelope; the
   numbers left are free for everyone else;
4. the next delegation follows, until every player has a number.

An odd field uses the next even table; its highest number is the Berger table's free number
(spillefri) and is not drawn. This module is not a pairing system: it gives the start numbers
(lodtrækningsnumre) that the Berger tables (:mod:`skak.pairing.berger`) then pair.

Decisions where the annex is silent (docs/interpretations.md): a delegation of one player
draws from all free numbers; a delegation too large for every group, or left without a group
with room by the delegations before it, keeps as many players together as it can ("nach
Möglichkeit"); and with a seed, the lot between groups leaves out a group that would force a
later delegation apart when another group would not.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Literal

from skak.errors import InputError
from skak.messages import N_
from skak.model.player import Player
from skak.pairing._words import players_count
from skak.pairing.berger import berger_table

__all__ = [
    "GROUP_NAMES",
    "VARMA_TABLES",
    "DelegationDraw",
    "VarmaDraw",
    "VarmaEntry",
    "varma_draw",
    "varma_entries",
    "varma_group_numbers",
    "varma_groups",
    "varma_table_size",
]

GROUP_NAMES = ("A", "B", "C", "D")

#: FIDE C.06 annex 2 point 5 as printed (seed 004 lines 524–536, same as FIDE's English
#: handbook): even table size → groups A–D. The test module parses the printed text and
#: compares. Known defect: in the table for 12, group C holds 6 and 12, who meet in the last
#: round of the Berger table for 12 (a draw warns when a delegation gets both).
VARMA_TABLES: Mapping[int, Mapping[str, tuple[int, ...]]] = MappingProxyType(
    {
        m: MappingProxyType(dict(zip(GROUP_NAMES, groups, strict=True)))
        for m, groups in {
            10: ((3, 4, 8), (5, 7, 9), (1, 6), (2, 10)),
            12: ((4, 5, 9, 10), (1, 2, 7), (6, 8, 12), (3, 11)),
            14: ((4, 5, 6, 11, 12), (1, 2, 8, 9), (7, 10, 13), (3, 14)),
            16: ((5, 6, 7, 12, 13, 14), (1, 2, 3, 9, 10), (8, 11, 15), (4, 16)),
            18: ((5, 6, 7, 8, 14, 15, 16), (1, 2, 3, 10, 11, 12), (9, 13, 17), (4, 18)),
            20: ((6, 7, 8, 9, 15, 16, 17, 18), (1, 2, 3, 11, 12, 13, 14), (5, 10, 19), (4, 20)),
            22: (
                (6, 7, 8, 9, 10, 17, 18, 19, 20),
                (1, 2, 3, 4, 12, 13, 14, 15),
                (11, 16, 21),
                (5, 22),
            ),
            24: (
                (6, 7, 8, 9, 10, 11, 19, 20, 21, 22),
                (1, 2, 3, 4, 13, 14, 15, 16, 17),
                (12, 18, 23),
                (5, 24),
            ),
        }.items()
    }
)

#: How many of the last rounds the restriction protects (C.06 rule 8 e: "in den letzten drei
#: Runden").
LAST_ROUNDS = 3

_RULE = "FIDE C.06 annex 2"


def varma_table_size(players: int) -> int:
    """The Varma table a field of ``players`` uses: the field itself, or the next even size.

    :raises InputError: outside 9–24 players, where no Varma table exists.
    """
    if not 9 <= players <= 24:
        raise InputError(
            f"the Varma tables ({_RULE}) are for 9 to 24 players, not {players}; "
            "use an ordinary draw (lodtrækning)"
        )
    return players + players % 2


def varma_group_numbers(players: int) -> dict[str, tuple[int, ...]]:
    """The numbers of each group for a field of ``players``, without the free number.

    >>> varma_group_numbers(11)["C"]
    (6, 8)
    """
    table = varma_table_size(players)
    return {g: tuple(n for n in nums if n <= players) for g, nums in VARMA_TABLES[table].items()}


def varma_groups(players: int) -> dict[str, object]:
    """The groups for ``players`` as JSON-ready data (``skak varma --players N --json``).

    ``free_number`` is the Berger table's free number of an odd field (not drawn);
    ``latest_meeting`` is, per group, the last round in which two of its numbers meet in the
    Berger table (the restriction works when it is before the last three rounds).

    >>> varma_groups(10)["groups"]["C"]
    [1, 6]
    """
    table = varma_table_size(players)
    groups = varma_group_numbers(players)
    met = _meeting_rounds(table)
    return {
        "players": players,
        "table": table,
        "rounds": table - 1,
        "free_number": table if table != players else None,
        "groups": {g: list(nums) for g, nums in groups.items()},
        "latest_meeting": {
            g: max((met[frozenset((a, b))] for a in nums for b in nums if a < b), default=None)
            for g, nums in groups.items()
        },
        "rule": _RULE,
    }


@dataclass(frozen=True, slots=True)
class VarmaEntry:
    """One player in a Varma draw: a name and the delegation (a federation code or a club).

    ``delegation=None`` means the player belongs to no delegation and draws alone.
    """

    name: str
    delegation: str | None = None

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise InputError("a player in the Varma draw has an empty name")
        if self.delegation is not None and not self.delegation.strip():
            object.__setattr__(self, "delegation", None)


def varma_entries(
    players: Sequence[Player], *, by: Literal["federation", "club"] = "federation"
) -> tuple[VarmaEntry, ...]:
    """Entries for :func:`varma_draw` from players, grouped by federation or by club."""
    return tuple(
        VarmaEntry(p.name, p.federation if by == "federation" else p.club) for p in players
    )


@dataclass(frozen=True, slots=True)
class DelegationDraw:
    """Where one delegation drew: its players (entry indices, in draw order) and group(s).

    ``groups`` has one letter when the delegation stayed together and several when it could
    not (``split``).
    """

    delegation: str | None
    players: tuple[int, ...]
    groups: tuple[str, ...]

    @property
    def split(self) -> bool:
        return len(self.groups) > 1


@dataclass(frozen=True, slots=True)
class VarmaDraw:
    """The result of a Varma draw: ``numbers[i]`` is the start number of entry ``i``.

    ``seed`` is the seed the lots were drawn with (``None`` for numbers entered by the
    arbiter); ``delegations`` lists every delegation in draw order.
    """

    players: int
    table: int
    numbers: tuple[int, ...]
    delegations: tuple[DelegationDraw, ...]
    seed: str | int | None
    explanation: tuple[str, ...]

    def as_dict(self, entries: Sequence[VarmaEntry]) -> dict[str, object]:
        """JSON-ready: the groups, each player's number, each delegation's group(s)."""
        return {
            **varma_groups(self.players),
            "seed": self.seed,
            "numbers": [
                {"name": e.name, "delegation": e.delegation, "number": n}
                for e, n in zip(entries, self.numbers, strict=True)
            ],
            "delegations": [
                {
                    "delegation": d.delegation,
                    "players": [entries[i].name for i in d.players],
                    "groups": list(d.groups),
                }
                for d in self.delegations
            ],
            "explanation": list(self.explanation),
        }


def varma_draw(
    entries: Sequence[VarmaEntry],
    *,
    seed: str | int | None = None,
    drawn: Sequence[int] | None = None,
    kind: Literal["federation", "club"] = "federation",
) -> VarmaDraw:
    """Start numbers for ``entries`` by the Varma tables (FIDE C.06 annex 2).

    With ``drawn`` (the numbers drawn in the hall, ``drawn[i]`` for entry ``i``) the numbers
    are checked and returned. Otherwise every lot is drawn with ``random.Random(seed)``;
    without a seed one is made up and returned in :attr:`VarmaDraw.seed`, so the draw can be
    repeated. ``kind`` only changes the words of the explanation.

    :raises InputError: for a field outside 9–24 players, both ``seed`` and ``drawn``, or
        drawn numbers that are not 1…N once each or that break the Varma rule (naming the
        player and the rule).
    """
    n = len(entries)
    table = varma_table_size(n)
    groups = varma_group_numbers(n)
    delegations = _delegations(entries)
    lines = _preamble(n, table, groups, delegations, entries, kind)
    if drawn is not None:
        if seed is not None:
            raise InputError("give either a seed for the lots or the drawn numbers, not both")
        numbers, result = _check_drawn(entries, delegations, groups, drawn, kind)
        lines.append(N_("the numbers were entered by the arbiter and keep the Varma rule:"))
        lines.extend(
            N_(
                "  {delegation} ({players}) drew from group {group}",
                delegation=d.delegation,
                players=players_count(len(d.players)),
                group=d.groups[0],
            )
            if not d.split
            else N_(
                "  {delegation} ({players}) drew from groups {groups}: no group had room for "
                "all of them at its turn",
                delegation=d.delegation,
                players=players_count(len(d.players)),
                groups=", ".join(d.groups),
            )
            for d in result
            if len(d.players) > 1
        )
    else:
        if seed is None:
            seed = secrets.token_hex(4)
            while seed.isdigit():  # typed back, digits are a number: a made-up seed has a letter
                seed = secrets.token_hex(4)
        numbers, result, drawing = _draw(entries, delegations, groups, random.Random(seed), kind)
        lines.extend(drawing)
        lines.append(
            N_(
                "lots drawn with seed {seed}; the same seed repeats this lodtrækning",
                seed=repr(seed),
            )
        )
    lines.extend(_late_meetings(entries, result, numbers, table, kind))
    return VarmaDraw(n, table, tuple(numbers), tuple(result), seed, tuple(lines))


# --- the draw order ---------------------------------------------------------------------------


def _alphabetical(text: str) -> tuple[str, str]:
    """Sort key for names and codes in Danish alphabetical order (… z, æ, ø, å)."""
    folded = text.casefold()
    return folded.translate({ord("æ"): "{0", ord("ø"): "{1", ord("å"): "{2"}), text


def _delegations(entries: Sequence[VarmaEntry]) -> list[tuple[str | None, list[int]]]:
    """Delegations in draw order (annex 2 point 2), each with its players in draw order.

    Delegation codes are matched without regard to case or surrounding spaces; players
    without one each draw alone, after the delegations of the same size by name.
    """
    by_code: dict[str, list[int]] = {}
    spelled: dict[str, str] = {}
    alone: list[int] = []
    for i, e in enumerate(entries):
        if e.delegation is None:
            alone.append(i)
            continue
        key = e.delegation.strip().casefold()
        spelled.setdefault(key, e.delegation.strip())
        by_code.setdefault(key, []).append(i)

    def by_name(i: int) -> tuple[tuple[str, str], int]:
        return _alphabetical(entries[i].name), i

    teams: list[tuple[str | None, list[int]]] = [
        (spelled[k], sorted(members, key=by_name)) for k, members in by_code.items()
    ]
    teams.sort(key=lambda t: (-len(t[1]), _alphabetical(t[0] or "")))
    singles = [t for t in teams if len(t[1]) == 1]
    others = [t for t in teams if len(t[1]) > 1]
    loose: list[tuple[str | None, list[int]]] = [(None, [i]) for i in sorted(alone, key=by_name)]
    return others + singles + loose


def _preamble(
    n: int,
    table: int,
    groups: Mapping[str, tuple[int, ...]],
    delegations: Sequence[tuple[str | None, Sequence[int]]],
    entries: Sequence[VarmaEntry],
    kind: str,
) -> list[str]:
    shown = "; ".join(f"{g} ({', '.join(map(str, nums))})" for g, nums in groups.items())
    lines: list[str] = [
        N_("Varma table for {n} players ({rule} point 5): {groups}", n=n, rule=_RULE, groups=shown)
    ]
    if table != n:
        lines.append(
            N_(
                "an odd field uses the table for {table}; number {table} is the Berger table's "
                "free number (spillefri) and is not drawn",
                table=table,
            )
        )
    order = ", ".join(
        f"{code} ({len(members)})" for code, members in delegations if len(members) > 1
    )
    federation = kind == "federation"
    if order and federation:
        line = N_(
            "draw order ({rule} point 2): the federation with most players first, ties by code "
            "alphabetically, within one by name: {order}",
            rule=_RULE,
            order=order,
        )
    elif order:
        line = N_(
            "draw order ({rule} point 2): the club with most players first, ties by code "
            "alphabetically, within one by name: {order}",
            rule=_RULE,
            order=order,
        )
    elif federation:
        line = N_(
            "draw order ({rule} point 2): the federation with most players first, ties by code "
            "alphabetically, within one by name; every player is alone from their federation",
            rule=_RULE,
        )
    else:
        line = N_(
            "draw order ({rule} point 2): the club with most players first, ties by code "
            "alphabetically, within one by name; every player is alone from their club",
            rule=_RULE,
        )
    lines.append(line)
    if any(len(m) == 1 for _, m in delegations):
        lines.append(
            N_(
                "players alone from their federation have no one to keep apart and draw from "
                "the remaining numbers by lot (lodtrækning)"
            )
            if federation
            else N_(
                "players alone from their club have no one to keep apart and draw from the "
                "remaining numbers by lot (lodtrækning)"
            )
        )
    return lines


# --- drawing with a seed ----------------------------------------------------------------------


def _draw(
    entries: Sequence[VarmaEntry],
    delegations: Sequence[tuple[str | None, Sequence[int]]],
    groups: Mapping[str, tuple[int, ...]],
    rng: random.Random,
    kind: str,
) -> tuple[list[int], list[DelegationDraw], list[str]]:
    free = {g: list(nums) for g, nums in groups.items()}
    numbers = [0] * len(entries)
    result: list[DelegationDraw] = []
    lines: list[str] = []
    sizes = tuple(len(m) for _, m in delegations if len(m) > 1)
    for index, (code, members) in enumerate(delegations):
        size = len(members)
        if size == 1:
            pool = sorted(n for nums in free.values() for n in nums)
            number = rng.choice(pool)
            group = next(g for g, nums in free.items() if number in nums)
            free[group].remove(number)
            numbers[members[0]] = number
            result.append(DelegationDraw(code, tuple(members), (group,)))
            lines.append(
                N_(
                    "{player} drew {number} (group {group})",
                    player=_who(entries, members[0]),
                    number=number,
                    group=group,
                )
            )
            continue
        room = [g for g in GROUP_NAMES if len(free[g]) >= size]
        if room:
            later = sizes[index + 1 :]
            score = {g: _kept_together(later, _counts(free, {g: size})) for g in room}
            best = max(score.values())
            candidates = [g for g in room if score[g] == best]
            group = rng.choice(candidates)
            why = N_("by lot (lodtrækning) among {groups}", groups=", ".join(candidates))
            if len(candidates) < len(room):
                left = ", ".join(g for g in room if g not in candidates)
                why = (
                    N_(
                        "{why}; {left} also had room but would have left a later federation "
                        "without a group big enough",
                        why=why,
                        left=left,
                    )
                    if kind == "federation"
                    else N_(
                        "{why}; {left} also had room but would have left a later club without "
                        "a group big enough",
                        why=why,
                        left=left,
                    )
                )
            elif len(room) == 1:
                why = N_("the only group with room")
            lines.append(
                N_(
                    "{delegation} ({players}) draws from group {group} ({why}); {rule} point 3",
                    delegation=code,
                    players=players_count(size),
                    group=group,
                    why=why,
                    rule=_RULE,
                )
            )
            chosen: list[str] = [group]
            for i in members:
                number = rng.choice(sorted(free[group]))
                free[group].remove(number)
                numbers[i] = number
                lines.append(N_("  {player} drew {number}", player=_who(entries, i), number=number))
        else:
            biggest = max(len(v) for v in free.values())
            lines.append(
                N_(
                    "{delegation} has {players}, but no group has {size} free numbers (most: "
                    "{biggest}). {rule} point 3 presumes an envelope with enough numbers, and "
                    "C.06 rule 8 e asks for the restriction only 'nach Möglichkeit' (if "
                    "possible): so {delegation} fills the group with most free numbers "
                    "(lodtrækning between equal ones), then the next, keeping as many players "
                    "together as it can; players of {delegation} in different groups may meet "
                    "in the last rounds",
                    delegation=code,
                    players=players_count(size),
                    size=size,
                    biggest=biggest,
                    rule=_RULE,
                )
            )
            chosen = []
            rest = list(members)
            while rest:
                most = max(len(v) for v in free.values())
                group = rng.choice([g for g in GROUP_NAMES if len(free[g]) == most])
                chosen.append(group)
                for i in rest[:most]:
                    number = rng.choice(sorted(free[group]))
                    free[group].remove(number)
                    numbers[i] = number
                    lines.append(
                        N_(
                            "  {player} drew {number} (group {group})",
                            player=_who(entries, i),
                            number=number,
                            group=group,
                        )
                    )
                rest = rest[most:]
        result.append(DelegationDraw(code, tuple(members), tuple(chosen)))
    return numbers, result, lines


def _counts(free: Mapping[str, Sequence[int]], taken: Mapping[str, int]) -> tuple[int, ...]:
    return tuple(sorted(len(v) - taken.get(g, 0) for g, v in free.items()))


@cache
def _kept_together(sizes: tuple[int, ...], counts: tuple[int, ...]) -> int:
    """How many of the delegations of ``sizes`` (in draw order) can at best stay together
    when each stays together whenever a group has room at its turn; ``counts`` are the
    groups' free numbers, sorted (only how many, not which, matters)."""
    if not sizes:
        return 0
    size, rest = sizes[0], sizes[1:]
    options = {c for c in counts if c >= size}
    if not options:
        left = list(counts)
        need = size
        while need:
            i = left.index(max(left))
            take = min(need, left[i])
            left[i] -= take
            need -= take
        return _kept_together(rest, tuple(sorted(left)))
    best = 0
    for c in options:
        left = list(counts)
        left[left.index(c)] -= size
        best = max(best, 1 + _kept_together(rest, tuple(sorted(left))))
    return best


# --- numbers entered by the arbiter -----------------------------------------------------------


def _check_drawn(
    entries: Sequence[VarmaEntry],
    delegations: Sequence[tuple[str | None, Sequence[int]]],
    groups: Mapping[str, tuple[int, ...]],
    drawn: Sequence[int],
    kind: str,
) -> tuple[list[int], list[DelegationDraw]]:
    n = len(entries)
    if len(drawn) != n:
        raise InputError(f"{len(drawn)} drawn numbers for {n} players; give one per player")
    holder: dict[int, int] = {}
    for i, number in enumerate(drawn):
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= n:
            raise InputError(
                f"{_who(entries, i)} drew {number!r}, but the start numbers "
                f"(lodtrækningsnumre) of {n} players run from 1 to {n}"
            )
        if number in holder:
            raise InputError(
                f"{_who(entries, i)} and {_who(entries, holder[number])} both drew number {number}"
            )
        holder[number] = i
    group_of = {num: g for g, nums in groups.items() for num in nums}
    free = {g: len(nums) for g, nums in groups.items()}
    result: list[DelegationDraw] = []
    for code, members in delegations:
        used = list(dict.fromkeys(group_of[drawn[i]] for i in members))
        if len(used) > 1:
            room = [g for g in GROUP_NAMES if free[g] >= len(members)]
            if room:
                first = members[0]
                other = next(i for i in members if group_of[drawn[i]] != group_of[drawn[first]])
                raise InputError(
                    f"{_who(entries, other)} drew {drawn[other]} in Varma group "
                    f"{group_of[drawn[other]]}, but {_who(entries, first)} of the same {kind} "
                    f"drew {drawn[first]} in group {group_of[drawn[first]]}: the players of one "
                    f"{kind} draw from one group ({_RULE} point 3), and at {code}'s turn group "
                    f"{room[0]} had {free[room[0]]} free numbers for its {len(members)} players"
                )
        for i in members:
            free[group_of[drawn[i]]] -= 1
        result.append(DelegationDraw(code, tuple(members), tuple(used)))
    return list(drawn), result


# --- shared helpers ---------------------------------------------------------------------------


def _who(entries: Sequence[VarmaEntry], i: int) -> str:
    e = entries[i]
    return f"{e.name} ({e.delegation})" if e.delegation else e.name


@cache
def _meeting_rounds(table: int) -> dict[frozenset[int], int]:
    return {
        frozenset(pair): r for r, games in enumerate(berger_table(table), start=1) for pair in games
    }


def _late_meetings(
    entries: Sequence[VarmaEntry],
    result: Sequence[DelegationDraw],
    numbers: Sequence[int],
    table: int,
    kind: str,
) -> list[str]:
    """Warnings for players of one delegation who meet in the last three rounds anyway."""
    met = _meeting_rounds(table)
    first_late = table - LAST_ROUNDS  # rounds run 1 … table − 1
    lines: list[str] = []
    for d in result:
        for x, i in enumerate(d.players):
            for j in d.players[x + 1 :]:
                r = met[frozenset((numbers[i], numbers[j]))]
                if r >= first_late:
                    lines.append(
                        N_(
                            "note: {player} and {other} of {delegation} drew {number} and "
                            "{other_number}, who meet in round {round}, one of the last {last} "
                            "of the Berger table for {table}",
                            player=entries[i].name,
                            other=entries[j].name,
                            delegation=d.delegation,
                            number=numbers[i],
                            other_number=numbers[j],
                            round=r,
                            last=LAST_ROUNDS,
                            table=table,
                        )
                    )
    return lines
