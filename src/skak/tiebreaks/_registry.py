"""The registry of tie-breaks by code, and the parser for tie-break lists.

A tie-break is one of three things:

* a *value* tie-break: a number per player, higher is better unless ``ascending``
  (Buchholz, Sonneborn-Berger, number of wins, ARO, …);
* a *group* tie-break: it orders a group of tied players by their games among themselves and
  cannot be a number per player (direct encounter, C.07 Art. 6);
* a *staged* tie-break: a fixed sequence of other tie-breaks, each applied only among the
  players still tied after the ones before (DSU 4.9.10.2 almindelig korrektion and 4.9.10.3
  middelkorrektion, which re-add dropped opponents step by step).

Codes are FIDE C.07's acronyms as TRF-2026 lists write them (``BH/C1``), the 2010 annex's
names (``ARCO``, ``median-2``) and DSU's names (``almindelig-korrektion``).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from skak.errors import InputError
from skak.messages import N_
from skak.tiebreaks._crosstable import Crosstable
from skak.tiebreaks._spec import TieBreakSpec

__all__ = [
    "GroupFn",
    "StageFn",
    "TieBreak",
    "ValueFn",
    "Values",
    "alias",
    "codes",
    "get_tiebreak",
    "group_tiebreak",
    "parse_tiebreak",
    "parse_tiebreaks",
    "staged_tiebreak",
    "tiebreak",
]

Values = dict[int, Fraction | None]
ValueFn = Callable[[Crosstable, TieBreakSpec], Values]
GroupFn = Callable[[Crosstable, TieBreakSpec, Sequence[int]], list[list[int]]]
StageFn = Callable[[Crosstable, TieBreakSpec], tuple[TieBreakSpec, ...]]


@dataclass(frozen=True)
class TieBreak:
    """One registered tie-break: its code, plain-words title, article and calculation."""

    code: str
    title: str
    article: str
    modifiers: frozenset[str]
    values: ValueFn | None = None
    group: GroupFn | None = None
    stages: StageFn | None = None
    #: Lower values rank higher (the pairing number, TPN).
    ascending: bool = False
    #: Needs every player's rating (C.07 Art. 10).
    uses_ratings: bool = False


_REGISTRY: dict[str, TieBreak] = {}
_ALIASES: dict[str, str] = {}
#: The modules that register tie-breaks and aliases when imported: imported at the first
#: look-up, so that importing the package (or naming its lists) does not import them all.
#: (The team tie-breaks, :mod:`._team`, are functions of a match table, not codes.)
_CODE_MODULES = ("_direct", "_gladiator", "_lists", "_opponents", "_own", "_playoff", "_rating")
_loaded: list[bool] = []


def _load_codes() -> None:
    """Import every module that registers tie-breaks (once)."""
    if _loaded:
        return
    _loaded.append(True)
    for name in _CODE_MODULES:
        importlib.import_module(f"skak.tiebreaks.{name}")


def _add(tb: TieBreak) -> None:
    if tb.code in _REGISTRY and _REGISTRY[tb.code] != tb:
        raise ValueError(f"a tie-break with code {tb.code!r} is registered already")
    _REGISTRY[tb.code] = tb


def tiebreak(
    code: str,
    title: str,
    article: str,
    *,
    modifiers: Iterable[str] = (),
    ascending: bool = False,
    ratings: bool = False,
) -> Callable[[ValueFn], ValueFn]:
    """Register a value tie-break function under ``code``."""

    def wrap(fn: ValueFn) -> ValueFn:
        _add(TieBreak(code, title, article, frozenset(modifiers), values=fn, ascending=ascending,
                      uses_ratings=ratings))  # fmt: skip
        return fn

    return wrap


def group_tiebreak(
    code: str, title: str, article: str, *, modifiers: Iterable[str] = ()
) -> Callable[[GroupFn], GroupFn]:
    """Register a group tie-break function under ``code``."""

    def wrap(fn: GroupFn) -> GroupFn:
        _add(TieBreak(code, title, article, frozenset(modifiers), group=fn))
        return fn

    return wrap


def staged_tiebreak(
    code: str, title: str, article: str, *, modifiers: Iterable[str] = ()
) -> Callable[[StageFn], StageFn]:
    """Register a staged tie-break under ``code``: a function giving its stages."""

    def wrap(fn: StageFn) -> StageFn:
        _add(TieBreak(code, title, article, frozenset(modifiers), stages=fn))
        return fn

    return wrap


def alias(name: str, written: str) -> None:
    """Let ``name`` (any case; spaces, ``_`` and ``-`` alike) stand for ``written``."""
    _ALIASES[_alias_key(name)] = written


def _alias_key(name: str) -> str:
    return re.sub(r"[\s_-]+", "-", name.strip().lower())


def get_tiebreak(code: str) -> TieBreak:
    """:raises InputError: naming the codes that exist."""
    _load_codes()
    try:
        return _REGISTRY[code.upper()]
    except KeyError:
        raise InputError(
            N_(
                "unknown tie-break code {code}; the tie-breaks (korrektioner) skak knows: {known}",
                code=repr(code),
                known=", ".join(codes()),
            )
        ) from None


def codes() -> list[str]:
    _load_codes()
    return sorted(_REGISTRY)


def known_aliases() -> Mapping[str, str]:
    _load_codes()
    return dict(_ALIASES)


_MODIFIER = re.compile(r"(?P<c>C\d+)|(?P<m>M\d+)|(?P<l>L[+-]\d+)|(?P<u>U\d+)|(?P<n>\d+)|TOP|P|F|R")
_POINTS_CODES = frozenset({"PTS", "POINTS"})


def parse_tiebreak(text: str) -> TieBreakSpec:
    """Read one tie-break: ``BH/C1``, ``bh-m1``, ``KS/L+1``, ``ARO/U1000``, ``DE/P``,
    ``sonneborn-berger``, ``ARCO``.

    :raises InputError: for an unknown code or modifier, naming the code.
    """
    _load_codes()
    raw = text.strip()
    if not raw:
        raise InputError("an empty tie-break code")
    written = _ALIASES.get(_alias_key(raw))
    if written is None:
        first, *rest = re.split(r"[/#!]", raw)
        found = _ALIASES.get(_alias_key(first))
        written = "/".join([found, *rest]) if found else raw
    head, *modifiers = re.split(r"[/#!]", written)
    name, _, score = head.partition(":")
    if name.upper() not in _REGISTRY and "-" in name:
        name, *more = name.split("-")
        modifiers = more + modifiers
    tb = get_tiebreak(name)
    spec = TieBreakSpec(tb.code)
    seen: set[str] = set()
    for m in modifiers:
        mod = m.strip().upper()
        match = _MODIFIER.fullmatch(mod)
        if not match:
            raise InputError(
                f"tie-break {tb.code}: unknown modifier '/{m}' (modifiers: /C1 /C2 cut, "
                "/M1 /M2 median, /L+1 Koya limit, /P forfeits as played, /F Fore Buchholz, "
                "/R reverse, /U1000 rating of unrated players, /TOP first place only, "
                "/4711 the seed of a lot)"
            )
        letter = "TOP" if mod == "TOP" else "N" if mod[0].isdigit() else mod[0]
        if letter in seen or ({letter} | seen) >= {"C", "M"}:
            raise InputError(f"tie-break {tb.code}: modifier '/{m}' given twice")
        seen.add(letter)
        if letter not in tb.modifiers:
            allowed = (
                " ".join("/<seed>" if x == "N" else f"/{x}" for x in sorted(tb.modifiers)) or "none"
            )
            raise InputError(
                f"tie-break {tb.code} ({tb.title}) takes no modifier '/{m}' (it takes: {allowed})"
            )
        spec = _apply(spec, letter, mod)
    if score:
        if "S" not in tb.modifiers:
            raise InputError(
                f"tie-break {tb.code}: ':{score}' names a team score; {tb.code} is not a team "
                "tie-break"
            )
        spec = replace(spec, score=score.strip().upper())
    return spec


def _apply(spec: TieBreakSpec, letter: str, mod: str) -> TieBreakSpec:
    match letter:
        case "C":
            return replace(spec, cut_low=int(mod[1:]))
        case "M":
            return replace(spec, cut_low=int(mod[1:]), cut_high=int(mod[1:]))
        case "L":
            return replace(spec, limit=int(mod[1:]))
        case "U":
            return replace(spec, unrated=int(mod[1:]))
        case "N":
            if len(mod) > 18:
                raise InputError(
                    f"tie-break {spec.code}: the seed of the lot has at most 18 digits"
                )
            return replace(spec, seed=int(mod))
        case "P":
            return replace(spec, forfeits_as_played=True)
        case "F":
            return replace(spec, fore=True)
        case "R":
            return replace(spec, reverse=True)
        case _:
            return replace(spec, top_only=True)


def parse_tiebreaks(text: str | Sequence[str | TieBreakSpec]) -> tuple[TieBreakSpec, ...]:
    """Read a tie-break list: ``"BH/C1,BH,SB"``, ``"BH/C1 BH SB"`` or a sequence of codes.

    ``PTS`` (points, which always come first) is skipped, as TRF-2026 lists may start with it.

    :raises InputError: for the first unknown code or modifier.
    """
    _load_codes()
    items: list[str | TieBreakSpec]
    if isinstance(text, str):
        # "BH/C1,BH,SB" or "BH/C1 BH SB"; with commas a name may hold spaces
        # ("almindelig korrektion, SB").
        items = []
        for part in re.split(r"[,;]", text):
            part = part.strip()
            if re.search(r"\s", part) and _alias_key(part) not in _ALIASES:
                items += part.split()  # "BH SB": two codes
            elif part:
                items.append(part)  # "BH/C1", or a name with spaces

    else:
        items = list(text)
    out: list[TieBreakSpec] = []
    for item in items:
        if isinstance(item, TieBreakSpec):
            get_tiebreak(item.code)
            out.append(item)
        elif item.strip().upper() not in _POINTS_CODES:
            out.append(parse_tiebreak(item))
    return tuple(out)
