"""The faces' language (sprog): Danish or English, from one gettext message catalogue.

The language is ``--lang da|en`` (the CLI's global option), else ``$SKAK_LANG``, else the
locale: the first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set, Danish when it
starts with ``da`` (``da_DK.UTF-8``), else English.

The catalogue is ``locale/da/LC_MESSAGES/skak.po`` (the translators' file) compiled to
``skak.mo`` beside it; the compiled file is kept in the repository, and a test checks that
it is exactly the ``.po`` compiled, so the two cannot drift. The standard library's
:mod:`gettext` reads it on first use: importing this module reads nothing.

Text made by a face is marked with :func:`_` (or :func:`ngettext`) and translated at once.
The core speaks English only (see :mod:`skak.messages`): :func:`say` translates what it
says — errors, notes, views' remarks — by the template it remembers, with its parameters.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from typing import TYPE_CHECKING

from skak.messages import Message, Phrases

if TYPE_CHECKING:
    from gettext import NullTranslations

__all__ = [
    "DOMAIN",
    "LANGUAGES",
    "LOCALE_DIR",
    "_",
    "current",
    "error_text",
    "language_from",
    "ngettext",
    "say",
    "translations",
    "use",
]

#: The languages skak speaks; English is the messages' own language.
LANGUAGES = ("da", "en")
#: The catalogue's name (``skak.po``, ``skak.mo``).
DOMAIN = "skak"
#: The folder of the catalogues (``locale/da/LC_MESSAGES``), as text: :mod:`pathlib` is not
#: imported for it (``skak standings --trf F --json`` needs none).
LOCALE_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))), "locale")
#: The locale variables in the order POSIX consults them for messages.
_LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def _language(value: str) -> str | None:
    """``da`` or ``en`` for a language as typed (``da``, ``da_DK.UTF-8``, ``en``), else
    ``None``."""
    low = value.strip().lower()
    return next((lang for lang in LANGUAGES if low.startswith(lang)), None)


def language_from(option: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``option`` (``--lang``), else ``$SKAK_LANG``, else the locale
    (see the module's docstring); ``"da"`` or ``"en"``.

    :raises ValueError: when ``option`` or ``$SKAK_LANG`` names another language.
    """
    env = os.environ if environ is None else environ
    for given, source in ((option, "--lang"), (env.get("SKAK_LANG"), "SKAK_LANG")):
        if given:
            language = _language(given)
            if language is None:
                raise ValueError(
                    f"{source} {given!r}: skak speaks {' or '.join(LANGUAGES)} (dansk, English)"
                )
            return language
    for name in _LOCALE_VARIABLES:
        value = env.get(name)
        if value:
            return "da" if value.strip().lower().startswith("da") else "en"
    return "en"


@functools.cache
def translations(language: str) -> NullTranslations:
    """The catalogue of ``language`` (English: the messages as they are)."""
    import gettext

    if language == "en":
        return gettext.NullTranslations()
    # A missing catalogue (a broken installation) falls back to English rather than failing
    # every command; the tests read the installed catalogue.
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language], fallback=True)


_current: str | None = None


def use(language: str | None) -> None:
    """Speak ``language`` from now on (``None``: decide again from the environment)."""
    global _current
    if language is not None and language not in LANGUAGES:
        raise ValueError(f"skak speaks {' or '.join(LANGUAGES)}, not {language!r}")
    _current = language


def current() -> str:
    """The language in use: as :func:`use` chose, else from the environment (a bad
    ``$SKAK_LANG`` counts as English here; the CLI names it)."""
    global _current
    if _current is None:
        try:
            _current = language_from()
        except ValueError:
            _current = "en"
    return _current


def _(message: str) -> str:
    """``message`` in the current language (gettext; English reads no catalogue)."""
    language = current()
    return message if language == "en" else translations(language).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural of a message in the current language, by ``n``."""
    language = current()
    if language == "en":
        return singular if n == 1 else plural
    return translations(language).ngettext(singular, plural, n)


def say(text: str, language: str | None = None) -> str:
    """What the core said (``text``), in ``language`` (default: the current one).

    A :class:`~skak.messages.Message` is looked up by its template and filled in with its
    parameters, each translated in turn; :class:`~skak.messages.Phrases` phrase by phrase
    (and its separator, when that is a message too);
    any other text is said as it is. A message the catalogue lacks stays English; a
    translation whose fields do not fit its parameters is not used.
    """
    lang = language or current()
    if lang == "en" or not isinstance(text, Message | Phrases):
        return str(text)
    if isinstance(text, Phrases):
        return say(text.separator, lang).join(say(item, lang) for item in text.items)
    catalogue = translations(lang)
    if text.plural is None or text.n is None:
        template = catalogue.gettext(text.template)
    else:
        template = catalogue.ngettext(text.template, text.plural, text.n)
    if not text.params:
        return template
    params = {k: say(v, lang) if isinstance(v, str) else v for k, v in text.params.items()}
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return str(text)


def error_text(error: Exception, language: str | None = None) -> str:
    """An error's whole text (``str(error)``), its message translated by :func:`say`, and
    so are the problems listed under it (an input error's bad lines); other lines some
    errors add (the tournaments to choose from) are kept as they are."""
    whole = str(error)
    message = getattr(error, "message", None)
    if not isinstance(message, str) or not whole.startswith(message):
        return whole
    problems = getattr(error, "problems", ())
    if problems and whole == "\n".join([message, *(f"  {p}" for p in problems)]):
        return "\n".join([say(message, language), *(f"  {say(p, language)}" for p in problems)])
    return say(message, language) + whole[len(message) :]
