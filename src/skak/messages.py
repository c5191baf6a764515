"""Messages a face may say in another language: English text that remembers its template.

The core (model, rules, store, views) speaks English and holds no locale state: whatever
it says — an error, a note, a view's remark — is one fixed text, the same for every caller,
every test and every log. A message that a face translates is made with :func:`N_` (or
:func:`N_plural`): the result *is* that English text (a :class:`str`, so nothing that prints,
compares or writes it as JSON changes), and it also carries its template, the message id of
the catalogue, and its parameters. A face (:mod:`skak.faces.i18n`) looks the template up in the
chosen language and fills in the parameters, translating those that are messages too.

    >>> m = N_("no player has start number (startnummer) {number}", number=7)
    >>> m
    'no player has start number (startnummer) 7'
    >>> m.template, dict(m.params)
    ('no player has start number (startnummer) {number}', {'number': 7})

Templates use ``str.format`` fields by name. ``N_`` and ``N_plural`` are the keywords the
message extractor looks for (``pybabel extract -k N_plural:1,2``; see the README).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["N_", "Message", "N_plural", "Phrases", "text_from_json", "text_to_json"]


class Message(str):
    """An English text made from ``template`` (or ``plural`` when ``n`` is not 1) and
    ``params``; see the module's docstring."""

    template: str
    plural: str | None
    n: int | None
    params: Mapping[str, object]

    def __new__(cls, text: str) -> Message:
        message = super().__new__(cls, text)
        message.template = text
        message.plural = None
        message.n = None
        message.params = {}
        return message


def N_(template: str, /, **params: object) -> Message:
    """``template`` with ``params`` filled in, remembering both (a template without
    parameters is the text itself: its braces are not fields)."""
    return _message(template, None, None, params)


def N_plural(singular: str, plural: str, n: int, /, **params: object) -> Message:
    """``singular`` when ``n`` is 1, else ``plural`` (in English), with ``params`` and ``n``
    itself (as ``{n}``) filled in; a face picks its language's plural form by ``n``."""
    return _message(singular, plural, n, {"n": n, **params})


def _message(
    template: str, plural: str | None, n: int | None, params: Mapping[str, object]
) -> Message:
    chosen = template if plural is None or n == 1 else plural
    message = Message(chosen.format(**params) if params else chosen)
    message.template = template
    message.plural = plural
    message.n = n
    message.params = params
    return message


class Phrases(str):
    """Phrases joined by ``separator`` (``"round 1 board 2; round 2 boards 1, 4"``), each of
    which a face translates on its own (the separator too, when it is a message:
    ``Phrases(N_(" or "), ...)``)."""

    items: tuple[str, ...]
    separator: str

    def __new__(cls, separator: str, items: Iterable[str]) -> Phrases:
        parts = tuple(items)
        phrases = super().__new__(cls, separator.join(parts))
        phrases.items = parts
        phrases.separator = separator
        return phrases

    def __getnewargs__(self) -> tuple[str, tuple[str, ...]]:  # type: ignore[override]
        return (self.separator, self.items)


def text_to_json(text: str) -> str | dict[str, Any]:
    """``text`` as JSON that keeps what a face needs to say it in another language: a plain
    text as itself; a :class:`Message` as ``{"text", "msg"}`` (its English text and template)
    with ``"plural"``, ``"n"`` and ``"params"`` where it has them, parameters that are texts
    in turn; :class:`Phrases` as ``{"text", "sep", "items"}``.

    >>> text_to_json(N_("{n} pawns", n=3))
    {'text': '3 pawns', 'msg': '{n} pawns', 'params': {'n': 3}}
    >>> text_from_json(text_to_json(N_("{n} pawns", n=3))).params
    {'n': 3}
    """
    if isinstance(text, Phrases):
        return {
            "text": str(text),
            "sep": text_to_json(text.separator),
            "items": [text_to_json(item) for item in text.items],
        }
    if not isinstance(text, Message):
        return str(text)
    out: dict[str, Any] = {"text": str(text), "msg": text.template}
    if text.plural is not None:
        out["plural"] = text.plural
        out["n"] = text.n
    if text.params:
        out["params"] = {k: _param_to_json(v) for k, v in text.params.items()}
    return out


def _param_to_json(value: object) -> object:
    if isinstance(value, str):
        return text_to_json(value)
    if isinstance(value, bool | int | float) or value is None:
        return value
    return str(value)


def text_from_json(data: object) -> str:
    """The text :func:`text_to_json` wrote (a plain string: the text as it is). A message
    whose parts cannot be read back is its English text alone.

    :raises TypeError: when ``data`` is neither a string nor such an object.
    """
    if isinstance(data, str):
        return data
    if not isinstance(data, dict) or not isinstance(data.get("text"), str):
        raise TypeError(f"not a text: {data!r}")
    text: str = data["text"]
    try:
        if "items" in data:
            phrases = Phrases(
                text_from_json(data["sep"]), (text_from_json(i) for i in data["items"])
            )
            return phrases if str(phrases) == text else text
        params = {
            k: text_from_json(v) if isinstance(v, str | dict) else v
            for k, v in dict(data.get("params") or {}).items()
        }
        message = Message(text)
        message.template = str(data["msg"])
        plural = data.get("plural")
        message.plural = None if plural is None else str(plural)
        n = data.get("n")
        message.n = n if isinstance(n, int) else None
        message.params = params
        return message
    except (KeyError, TypeError, ValueError):
        return text
