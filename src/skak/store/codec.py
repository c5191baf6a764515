"""What every record's codec is made of: a cattrs converter that writes points as exact
strings (``"1/2"``), dates as ISO dates and enums by value, a union of events tagged with
each member's ``kind`` under ``"type"``, and a reader that names a stored event it cannot
read. Each record kind builds its own codec from these (``skak/records/<kind>/codec.py``);
this module knows no record.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import date
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from skak.errors import StorageError

if TYPE_CHECKING:  # cattrs is imported when a record's codec is first used
    from cattrs import Converter

E = TypeVar("E")

__all__ = [
    "FRACTIONS",
    "UnionCodec",
    "field_names",
    "fraction",
    "make_converter",
    "reader",
    "tagged_union",
]


def make_converter(
    *, omit_if_default: bool, configure: Callable[[Converter], None] | None = None
) -> Converter:
    """A JSON converter with skak's hooks for :class:`Fraction` and :class:`date`, then
    ``configure`` (a record's own hooks and unions). ``omit_if_default`` leaves fields at
    their defaults out: compact, and old events stay readable when a later version adds a
    field with a default."""
    from cattrs.preconf.json import make_converter as json_converter

    # Without cattrs' detailed validation the hooks are made and run in about two thirds of
    # the time; a damaged event is named all the same (see :func:`reader`).
    converter = json_converter(omit_if_default=omit_if_default, detailed_validation=False)
    converter.register_unstructure_hook(Fraction, str)
    converter.register_structure_hook(Fraction, fraction)
    converter.register_unstructure_hook(date, date.isoformat)
    converter.register_structure_hook(date, lambda v, _: date.fromisoformat(v))
    if configure is not None:
        configure(converter)
    return converter


#: Fractions already read from their text (a season's rating changes repeat: a few hundred
#: values among hundreds of thousands), at most :data:`_FRACTIONS_KEPT` of them.
FRACTIONS: dict[str, Fraction] = {}
_FRACTIONS_KEPT = 4096


def fraction(value: Any, _: Any) -> Fraction:
    """``Fraction(value)``, each text made once (a Fraction is immutable, so one object
    serves every event that holds the value). ``Fraction`` of a text is slow (a check
    against the ``numbers.Rational`` ABC, a regular expression): a registry of 48 889 events
    read in 0.67 s, 0.49 s so (collector off)."""
    if value.__class__ is not str:
        return Fraction(value)
    made = FRACTIONS.get(value)
    if made is None:
        made = Fraction(value)
        if len(FRACTIONS) < _FRACTIONS_KEPT:
            FRACTIONS[value] = made
    return made


def field_names(cl: Any) -> tuple[str, ...]:
    """The fields of dataclass ``cl``, in order (a hand-written reader checks them)."""
    return tuple(f.name for f in dataclasses.fields(cl))


def tagged_union(union: Any, converter: Converter) -> None:
    """``union`` written with its member's ``kind`` under ``"type"``, after the fields, as
    cattrs' ``configure_tagged_union`` writes it; but each member's hooks are made when that
    member is first read or written, not all at once (most commands meet a few kinds)."""
    members: dict[str, type] = {str(cl.kind): cl for cl in union.__args__}
    tags = {cl: tag for tag, cl in members.items()}
    structure_hooks: dict[str, Callable[[Any, type], Any]] = {}
    unstructure_hooks: dict[type, Callable[[Any], dict[str, Any]]] = {}

    def structure(value: dict[str, Any], _: Any) -> Any:
        tag = value["type"]
        hook = structure_hooks.get(tag)
        if hook is None:
            hook = structure_hooks[tag] = converter.get_structure_hook(members[tag])
        return hook(value, members[tag])

    def unstructure(value: Any) -> dict[str, Any]:
        cl = value.__class__
        hook = unstructure_hooks.get(cl)
        if hook is None:
            hook = unstructure_hooks[cl] = converter.get_unstructure_hook(cl)
        out: dict[str, Any] = hook(value)
        out["type"] = tags[cl]
        return out

    converter.register_unstructure_hook(union, unstructure)
    converter.register_structure_hook(union, structure)


def reader(converter: Converter, cl: Any) -> Callable[[dict[str, Any]], Any]:
    """The reader of stored values of type ``cl`` (a union of events), its hook looked up
    once: a replay reads tens of thousands of events.

    The reader raises :class:`~skak.errors.StorageError` when a stored value cannot be read.
    """
    from cattrs import ClassValidationError

    hook = converter.get_structure_hook(cl)
    # ArithmeticError: a rating change of ``"1/0"``.
    errors = (
        ClassValidationError,
        ValueError,
        KeyError,
        TypeError,
        AttributeError,
        ArithmeticError,
    )

    def read(data: dict[str, Any]) -> Any:
        if not isinstance(data, dict):
            raise StorageError(f"a stored event cannot be read: it holds {type(data).__name__}")
        try:
            return hook(data, cl)
        except errors as err:
            raise StorageError(
                f"a stored event cannot be read ({data.get('type')!r}): {err}"
            ) from err

    return read


class UnionCodec(Generic[E]):
    """A record's union of events to JSON and back: each tagged with its ``kind`` under
    ``"type"`` (:func:`tagged_union`), fields at their defaults left out, the converter and
    the reader made when the first event is written or read.

    ``configure`` adds a record's own hooks to the converter before the union's."""

    def __init__(self, union: Any, configure: Callable[[Converter], None] | None = None):
        self._union = union
        self._configure = configure
        self._converter: Converter | None = None
        self._read: Callable[[dict[str, Any]], Any] | None = None

    def converter(self) -> Converter:
        if self._converter is None:

            def configure(converter: Converter) -> None:
                if self._configure is not None:
                    self._configure(converter)
                tagged_union(self._union, converter)

            self._converter = make_converter(omit_if_default=True, configure=configure)
        return self._converter

    def dump(self, event: E) -> dict[str, Any]:
        out: dict[str, Any] = self.converter().unstructure(event, self._union)
        return out

    def load(self, data: dict[str, Any]) -> E:
        """:raises StorageError: when the stored event cannot be read."""
        if self._read is None:
            self._read = reader(self.converter(), self._union)
        event: E = self._read(data)
        return event
