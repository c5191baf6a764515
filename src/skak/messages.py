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

__all__ = ["N_", "Message", "N_plural", "Phrases"]


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
