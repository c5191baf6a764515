"""Pairing-system settings: one frozen dataclass per system, read once from the stored pairs.

A tournament keeps its settings as ``(key, value)`` pairs
(:attr:`~skak.model.tournament.Tournament.pairing_settings`), each key in kebab-case as typed
on the command line (``--setting acceleration-groups=4``). A system declares its settings as a
subclass of :class:`Settings`: one field per key (``acceleration_groups`` is the key
``acceleration-groups``) with its type, its default and the values it allows, in one place::

    @dataclass(frozen=True)
    class KnockoutSettings(Settings):
        games: int = setting(2, "1 or more (standard games per match)", valid=lambda n: n >= 1)

A field is ``bool``, ``int``, ``str`` or a ``Literal`` of texts or numbers, or one of these
``| None`` with the default ``None`` for "not set". One parser serves every system: it
refuses unknown keys and values of the wrong type or out of range, naming the key and what it
allows, and :meth:`Settings.of` parses a tournament's settings once per settings tuple.

>>> @dataclass(frozen=True)
... class Example(Settings):
...     look_ahead: bool = setting(True, "yes or no")
>>> Example.parse({"look-ahead": False}, system="example")
Example(look_ahead=False)
>>> Example.parse({"look-ahead": 1}, system="example")
Traceback (most recent call last):
...
skak.errors.InputError: example: setting 'look-ahead' must be yes or no, not 1
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, Self, TypeVar, cast

from skak.errors import InputError
from skak.model.tournament import SettingValue, Tournament

__all__ = ["NoSettings", "Settings", "setting"]

T = TypeVar("T")

_RULE = "skak.setting"

#: A setting's kind of value in words.
_KINDS: dict[type, str] = {bool: "yes or no", int: "a whole number", str: "a text"}


@dataclass(frozen=True, slots=True)
class _Rule:
    allowed: str
    valid: Callable[[Any], bool] | None


def setting(default: T, allowed: str, *, valid: Callable[[Any], bool] | None = None) -> T:
    """A settings field: its ``default``, the values it allows in words (for error messages
    and help), and ``valid``, a test a value of the right type must also pass."""
    return dataclasses.field(default=default, metadata={_RULE: _Rule(allowed, valid)})


@dataclass(frozen=True, slots=True)
class _Key:
    """One setting as the parser sees it."""

    key: str
    field: str
    types: tuple[type, ...]  # the Python types a stored value may have
    choices: tuple[SettingValue, ...] | None  # a Literal's values
    rule: _Rule

    def parse(self, system: str, value: SettingValue) -> SettingValue:
        """:raises InputError: naming the key and what it allows."""
        if type(value) not in self.types:
            want = " or ".join(_KINDS[t] for t in self.types)
            allowed = self.rule.allowed
            if allowed.startswith(want):  # "yes or no (…)" says the kind already
                raise InputError(f"{system}: setting {self.key!r} must be {allowed}, not {value!r}")
            raise InputError(
                f"{system}: setting {self.key!r} must be {want}, not {value!r}; it takes {allowed}"
            )
        fits = self.choices is None or any(
            type(c) is type(value) and c == value for c in self.choices
        )
        if not fits or (self.rule.valid is not None and not self.rule.valid(value)):
            raise InputError(f"{system}: {self.key!r} is {self.rule.allowed}, not {value!r}")
        return value


def _key(name: str, hint: Any, rule: _Rule) -> _Key:
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        if len(rest) != 1:
            raise TypeError(f"setting {name}: one type or one type | None, not {hint}")
        hint, args = rest[0], typing.get_args(rest[0])
    choices: tuple[SettingValue, ...] | None = None
    if typing.get_origin(hint) is Literal:
        choices = args
        kinds = tuple(dict.fromkeys(type(a) for a in args))
    elif hint in (bool, int, str):
        kinds = (hint,)
    else:
        raise TypeError(f"setting {name}: a setting is bool, int, str or a Literal, not {hint}")
    return _Key(name.replace("_", "-"), name, kinds, choices, rule)


@dataclass(frozen=True)
class Settings:
    """The settings of one pairing system (base class; see the module docstring)."""

    @classmethod
    def keys(cls) -> tuple[str, ...]:
        """The keys as typed on the command line, in declaration order."""
        return tuple(_spec(cls))

    @classmethod
    def describe(cls) -> dict[str, str]:
        """Each key with the values it allows, in words."""
        return {key: k.rule.allowed for key, k in _spec(cls).items()}

    @classmethod
    def parse(
        cls,
        values: Mapping[str, SettingValue] | Iterable[tuple[str, SettingValue]],
        *,
        system: str,
        lenient: bool = False,
    ) -> Self:
        """The settings the ``(key, value)`` pairs give, defaults for the rest.

        ``lenient`` leaves out a key the system does not know and a value the key does not
        allow instead of refusing them: for views of a tournament read from a file (standings,
        an export), which a setting from a newer skak or a hand-edited file must not stop.

        :raises InputError: for an unknown key or a value the key does not allow; the message
            names ``system``, the key and the values allowed.
        """
        spec = _spec(cls)
        pairs = values.items() if isinstance(values, Mapping) else values
        given: dict[str, SettingValue] = {}
        for key, value in pairs:
            try:
                if key not in spec:
                    known = ", ".join(spec) or "none"
                    raise InputError(
                        f"pairing system {system!r} has no setting {key!r} (known: {known})"
                    )
                given[spec[key].field] = spec[key].parse(system, value)
            except InputError:
                if not lenient:
                    raise
        return cls(**given)

    @classmethod
    def of(cls, tournament: Tournament, *, lenient: bool = False) -> Self:
        """``tournament``'s settings, parsed once per distinct settings tuple.

        :raises InputError: as :meth:`parse`, naming the tournament's pairing system.
        """
        # The value's type is part of the key: ``True == 1`` but a bool is no int here.
        key = (
            cls,
            tournament.pairing_system,
            lenient,
            *((k, type(v), v) for k, v in tournament.pairing_settings),
        )
        parsed = _PARSED.get(key)
        if parsed is None:
            parsed = cls.parse(
                tournament.pairing_settings, system=tournament.pairing_system, lenient=lenient
            )
            if len(_PARSED) >= _MAX_PARSED:
                _PARSED.clear()
            _PARSED[key] = parsed
        return cast(Self, parsed)


@dataclass(frozen=True)
class NoSettings(Settings):
    """The settings of a system that has none."""


#: Parsed settings by class, system and settings tuple: tournaments are new values after every
#: event, their settings rarely change.
_PARSED: dict[tuple[object, ...], Settings] = {}
_MAX_PARSED = 1024
_SPECS: dict[type[Settings], dict[str, _Key]] = {}


def _spec(cls: type[Settings]) -> dict[str, _Key]:
    if cls not in _SPECS:
        _SPECS[cls] = _make_spec(cls)
    return _SPECS[cls]


def _make_spec(cls: type[Settings]) -> dict[str, _Key]:
    hints = typing.get_type_hints(cls)
    out: dict[str, _Key] = {}
    for f in dataclasses.fields(cls):
        rule = f.metadata.get(_RULE)
        if not isinstance(rule, _Rule):
            raise TypeError(f"{cls.__name__}.{f.name}: declare settings with setting(...)")
        k = _key(f.name, hints[f.name], rule)
        out[k.key] = k
    return out
