"""The read side's one JSON codec: a single cattrs converter for every view.

:func:`to_json` turns a view (or a list of views) into JSON-ready data by these rules, and
nothing else writes a view's JSON:

* a view's fields are its JSON keys, in their order; tuples and lists are arrays,
  mappings objects, a set a sorted array;
* a :class:`~fractions.Fraction` is an exact decimal string as
  :func:`skak.tiebreaks.exact_decimal` writes it (``"7.5"``, ``"23.25"``, a repeating
  fraction ``"7/3"``); a date is an ISO date; an enum is its value;
* a field made with :func:`face_only` is for the faces (a table's title, a club column) and
  is not written;
* a field whose default is :data:`OMITTED` is left out while it holds :data:`OMITTED`: a key
  the documented shape has only sometimes (``"prize"`` only when prizes are shared).

:func:`from_data` reads the pure core's JSON-ready data (a knock-out bracket, the Varma
groups, an Olympiad draft) into the typed view with the same rules backwards, and
:func:`json_schema` describes what :func:`to_json` writes of a view class, by the same rules
(the HTTP API's OpenAPI document shows it).
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from datetime import date
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, TypeVar, cast

if TYPE_CHECKING:
    from cattrs import Converter

__all__ = [
    "OMITTED",
    "Omittable",
    "Omitted",
    "face_only",
    "from_data",
    "json_schema",
    "to_json",
]

T = TypeVar("T")

#: The field metadata key that :func:`face_only` sets.
_FACE_ONLY = "skak.views.face_only"


class Omitted(enum.Enum):
    """The one value of a JSON key that is left out (see :data:`OMITTED`)."""

    OMITTED = "omitted"

    def __repr__(self) -> str:
        return "OMITTED"


#: A field's default for a key the JSON has only sometimes: left out while the field holds it.
OMITTED: Literal[Omitted.OMITTED] = Omitted.OMITTED

#: A field that may be left out of the JSON: ``prize: Omittable[Fraction | None] = OMITTED``.
Omittable: TypeAlias = T | Literal[Omitted.OMITTED]
_LITERAL = Literal[Omitted.OMITTED]


def face_only(default: Any = dataclasses.MISSING, **kwargs: Any) -> Any:
    """A field the faces show but the JSON leaves out (a title, a club column)."""
    return dataclasses.field(default=default, metadata={_FACE_ONLY: True}, **kwargs)


def _is_view(cls: Any) -> bool:
    return isinstance(cls, type) and dataclasses.is_dataclass(cls)


def _unstructure_fn(cls: type) -> Callable[[Any], dict[str, Any]]:
    from cattrs.gen import make_dict_unstructure_fn, override

    overrides = {}
    for f in dataclasses.fields(cls):
        if f.metadata.get(_FACE_ONLY):
            overrides[f.name] = override(omit=True)
        elif f.default is OMITTED:
            overrides[f.name] = override(omit_if_default=True)
    return make_dict_unstructure_fn(cls, _converter(), **overrides)  # type: ignore[arg-type]


def _omittable(t: Any) -> bool:
    """``X | Literal[OMITTED]`` (an :data:`Omittable` field's type)."""
    return typing.get_origin(t) in (typing.Union, types.UnionType) and _LITERAL in typing.get_args(
        t
    )


def _structure_omittable(t: Any) -> Callable[[Any, Any], Any]:
    """An :data:`Omittable` key that is there is read as its type without the marker."""
    args = tuple(a for a in typing.get_args(t) if a != _LITERAL)
    rest: Any = typing.Union[args] if len(args) > 1 else args[0]  # noqa: UP007
    return lambda value, _: _converter().structure(value, rest)


#: The exact decimals written so far, by numerator and denominator (a view of many players
#: holds the same few values many times); emptied when it grows large.
_DECIMALS: dict[tuple[int, int], str] = {}


def _exact_decimal(value: Fraction) -> str:
    """:func:`skak.tiebreaks.exact_decimal`, imported when a view holds a fraction (the
    tie-breaks are not imported for a view without one)."""
    key = (value.numerator, value.denominator)
    text = _DECIMALS.get(key)
    if text is None:
        from skak.tiebreaks import exact_decimal

        if len(_DECIMALS) >= 4096:
            _DECIMALS.clear()
        text = _DECIMALS[key] = exact_decimal(value)
    return text


@functools.cache
def _converter() -> Converter:
    """The converter, made when a view is first written (cattrs is imported then)."""
    from cattrs import Converter

    converter = Converter(
        unstruct_collection_overrides={Sequence: list, tuple: list, AbstractSet: sorted}
    )
    converter.register_unstructure_hook(Fraction, _exact_decimal)
    converter.register_unstructure_hook(date, date.isoformat)
    converter.register_structure_hook(Fraction, lambda v, _: Fraction(v))
    converter.register_structure_hook(date, lambda v, _: date.fromisoformat(v))
    converter.register_unstructure_hook_factory(_is_view, _unstructure_fn)
    converter.register_structure_hook_factory(_omittable, _structure_omittable)
    return converter


def to_json(view: object) -> Any:
    """The JSON-ready data of ``view`` (a view, or a list or tuple of views) by the rules of
    this module; ``json.dumps`` writes it as it is.

    Written by the values themselves, without cattrs (which :func:`from_data` uses): a
    command that prints one view as JSON (``skak standings --trf F --json``) does not wait
    for cattrs to be imported and its functions to be generated. A test checks that the
    converter writes the same (``tests/views/test_json.py``)."""
    return _plain(view, {})


#: The values that are JSON as they are (:func:`_plain` returns them unchanged).
_AS_IS = frozenset((str, int, bool, float, type(None)))


def _plain(value: Any, texts: dict[int, tuple[Fraction, str]]) -> Any:
    """``value`` as JSON-ready data (see :func:`to_json`); ``texts`` holds the fractions
    written so far by identity with their text (a view holds the same few values many
    times, each one object: those of the tie-breaks are made once for every player), each
    kept there so that its identity is not another's while it is held."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or kind is float or value is None:
        return value
    if kind is Fraction:
        return _fraction(value, texts)
    if kind is tuple or kind is list:
        return [_plain(v, texts) for v in value]
    if kind is dict:
        out = {}
        for k, v in value.items():
            if type(k) is not str:
                k = _plain(k, texts)
            if type(v) is Fraction:
                known = texts.get(id(v))
                out[k] = known[1] if known is not None else _fraction(v, texts)
            else:
                out[k] = v if type(v) in _AS_IS else _plain(v, texts)
        return out
    # dataclasses.is_dataclass() of a class, without a call of Python's for every row
    keys = _view_keys(cast(type, kind)) if hasattr(kind, "__dataclass_fields__") else None
    if keys is not None:
        out = {}
        for name, omittable in keys:
            v = getattr(value, name)
            if not (omittable and v is OMITTED):
                out[name] = v if type(v) in _AS_IS else _plain(v, texts)
        return out
    if isinstance(value, enum.Enum):
        return _plain(value.value, texts)
    if isinstance(value, str | int | float):
        return value
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, Fraction):
        return _fraction(value, texts)
    if isinstance(value, Mapping):
        return {_plain(k, texts): _plain(v, texts) for k, v in value.items()}
    if isinstance(value, AbstractSet):
        return sorted(_plain(v, texts) for v in value)
    if isinstance(value, Sequence):
        return [_plain(v, texts) for v in value]
    return value


def _fraction(value: Fraction, texts: dict[int, tuple[Fraction, str]]) -> str:
    """:func:`_exact_decimal` of ``value``, kept in ``texts`` (see :func:`_plain`)."""
    known = texts.get(id(value))
    if known is None:
        known = texts[id(value)] = (value, _exact_decimal(value))
    return known[1]


@functools.cache
def _view_keys(cls: type) -> tuple[tuple[str, bool], ...]:
    """A view's JSON keys in order, each with whether it is left out while it holds
    :data:`OMITTED` (:func:`face_only` fields are not keys)."""
    return tuple(
        (f.name, f.default is OMITTED)
        for f in dataclasses.fields(cls)
        if not f.metadata.get(_FACE_ONLY)
    )


def from_data(data: Mapping[str, Any], cls: type[T]) -> T:
    """The view ``cls`` read from JSON-ready ``data`` whose keys are its fields (the pure
    core's descriptions of a bracket, a draft); fields made with :func:`face_only` keep their
    defaults."""
    return _converter().structure(data, cls)


def json_schema(cls: Any) -> dict[str, Any]:
    """The JSON Schema of what :func:`to_json` writes of a ``cls`` (a view class, or a type
    such as ``tuple[View, ...]``), by the rules of this module: a view is an object of its
    fields (a :func:`face_only` field left out; an :data:`Omittable` one not required), a
    fraction an exact decimal string, a date an ISO date, an enum one of its values. A view
    met again inside itself is any value (no view nests so today)."""
    return _schema(cls, ())


def _hints(cls: type) -> dict[str, Any]:
    """A view's field types; names its module imports for type checking only are looked
    up among :mod:`skak.views`' own."""
    import importlib

    module = importlib.import_module(cls.__module__)
    try:
        return typing.get_type_hints(cls)
    except NameError:
        views = importlib.import_module("skak.views")
        names = {name: getattr(views, name) for name in views.__all__}
        return typing.get_type_hints(cls, globalns=vars(module), localns=names)


def _schema(t: Any, seen: tuple[type, ...]) -> dict[str, Any]:
    if t is Any or t is object:
        return {}
    if t is type(None):
        return {"type": "null"}
    if t is bool:
        return {"type": "boolean"}
    if t is int:
        return {"type": "integer"}
    if t is float:
        return {"type": "number"}
    if t is str:
        return {"type": "string"}
    if t is Fraction:
        return {"type": "string", "description": "an exact decimal (7.5), or a fraction (7/3)"}
    if t is date:
        return {"type": "string", "format": "date"}
    if isinstance(t, type) and issubclass(t, enum.Enum):
        return {"enum": [m.value for m in t]}
    if _is_view(t):
        if t in seen:
            return {}
        return _object(t, (*seen, t))
    origin, args = typing.get_origin(t), typing.get_args(t)
    if origin is Literal:
        return {"enum": [a.value if isinstance(a, enum.Enum) else a for a in args]}
    if origin in (typing.Union, types.UnionType):
        kept = [a for a in args if a != _LITERAL]
        if len(kept) == 1:
            return _schema(kept[0], seen)
        return {"anyOf": [_schema(a, seen) for a in kept]}
    if origin is tuple and args and args[-1] is not Ellipsis:
        items = [_schema(a, seen) for a in args]
        return {
            "type": "array",
            "prefixItems": items,
            "minItems": len(items),
            "maxItems": len(items),
        }
    if isinstance(origin, type) and issubclass(origin, Mapping):
        values = _schema(args[1], seen) if len(args) == 2 else {}
        return {"type": "object", "additionalProperties": values}
    if isinstance(origin, type) and issubclass(origin, (Sequence, AbstractSet)):
        return {"type": "array", "items": _schema(args[0], seen) if args else {}}
    return {}


def _object(cls: type, seen: tuple[type, ...]) -> dict[str, Any]:
    hints = _hints(cls)
    properties: dict[str, Any] = {}
    required = []
    for f in dataclasses.fields(cls):
        if f.metadata.get(_FACE_ONLY):
            continue
        properties[f.name] = _schema(hints[f.name], seen)
        if f.default is not OMITTED:
            required.append(f.name)
    schema: dict[str, Any] = {"title": cls.__name__, "type": "object", "properties": properties}
    if cls.__doc__ and not cls.__doc__.startswith(f"{cls.__name__}("):
        schema["description"] = " ".join(cls.__doc__.split())
    return schema | {"required": required}
