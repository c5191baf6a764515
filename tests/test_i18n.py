"""The message catalogue (issue #23 item 22): the language chosen, messages said in Danish by
their template, and the catalogue complete, used and compiled (checked with Babel's own
extractor and compiler, the tools the README names for translators)."""

from __future__ import annotations

import io
import pickle
import re
import string
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import skak
from skak.errors import InputError, NotFoundError, StateError
from skak.faces import i18n
from skak.messages import N_, Message, N_plural, Phrases

SRC = Path(skak.__file__).resolve().parent
CATALOGUE = SRC / "locale" / "da" / "LC_MESSAGES"
#: The markers the extractor looks for (``pybabel extract --no-default-keywords -k _ ...``).
KEYWORDS = {"_": None, "ngettext": (1, 2), "N_": None, "N_plural": (1, 2)}

# -- choosing the language -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "environ", "language"),
    [
        (None, {}, "en"),
        ("da", {}, "da"),
        ("en", {"LANG": "da_DK.UTF-8"}, "en"),
        (None, {"SKAK_LANG": "da"}, "da"),
        ("en", {"SKAK_LANG": "da"}, "en"),
        (None, {"LANG": "da_DK.UTF-8"}, "da"),
        (None, {"LANG": "en_GB.UTF-8", "LC_MESSAGES": "da_DK.UTF-8"}, "da"),
        (None, {"LANG": "da_DK.UTF-8", "LC_ALL": "C"}, "en"),  # LC_ALL decides
        (None, {"LANG": "da_DK.UTF-8", "LC_ALL": ""}, "da"),  # set but empty: not consulted
        (None, {"LANG": "de_DE.UTF-8"}, "en"),
        ("DA_dk", {}, "da"),
    ],
)
def test_the_language_is_the_option_then_skak_lang_then_the_locale(
    option: str | None, environ: dict[str, str], language: str
) -> None:
    assert i18n.language_from(option, environ) == language


@pytest.mark.parametrize(("option", "environ"), [("de", {}), (None, {"SKAK_LANG": "fr"})])
def test_a_language_skak_does_not_speak_is_named(
    option: str | None, environ: dict[str, str]
) -> None:
    with pytest.raises(ValueError, match="skak speaks da or en"):
        i18n.language_from(option, environ)


def test_the_current_language_follows_the_locale_until_chosen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("LANG", "da_DK.UTF-8")
    assert i18n.current() == "da"
    assert i18n._("Board") == "Bræt"
    i18n.use("en")
    assert i18n._("Board") == "Board"
    with pytest.raises(ValueError, match="not 'de'"):
        i18n.use("de")


# -- messages that remember their template --------------------------------------------------


def test_a_message_is_its_english_text() -> None:
    m = N_("no player has start number (startnummer) {number}", number=7)
    assert m == "no player has start number (startnummer) 7"
    assert isinstance(m, str)
    assert m.template == "no player has start number (startnummer) {number}"
    assert dict(m.params) == {"number": 7}
    assert N_("a {literal} brace") == "a {literal} brace"  # no parameters: nothing is filled in


def test_a_plural_message_chooses_by_n_in_english() -> None:
    def board(n: int, boards: str) -> Message:
        singular, plural = "round {round} board {boards}", "round {round} boards {boards}"
        return N_plural(singular, plural, n, round=2, boards=boards)

    assert board(1, "4") == "round 2 board 4"
    assert board(2, "4, 5") == "round 2 boards 4, 5"
    assert N_plural("{n} bad line", "{n} bad lines", 0) == "0 bad lines"
    assert board(2, "4, 5").n == 2


def test_messages_survive_pickling() -> None:
    m = N_("prize {value} is negative", value="'-5'")
    p = Phrases(N_(" or "), ["0-1", "--"])
    back_m, back_p = pickle.loads(pickle.dumps((m, p)))
    assert (back_m, back_m.template, dict(back_m.params)) == (m, m.template, dict(m.params))
    assert (back_p, back_p.items) == ("0-1 or --", ("0-1", "--"))


def test_say_translates_a_message_and_its_parameters() -> None:
    where = Phrases(
        "; ",
        [
            N_plural(
                "round {round} board {boards}",
                "round {round} boards {boards}",
                2,
                round=1,
                boards="2, 3",
            ),
            N_plural(
                "round {round} board {boards}",
                "round {round} boards {boards}",
                1,
                round=2,
                boards="1",
            ),
        ],
    )
    m = N_(
        "results are missing ({where}); enter them with 'skak result', or pair anyway with "
        "--allow-unfinished to count those games as draws",
        where=where,
    )
    assert m.startswith("results are missing (round 1 boards 2, 3; round 2 board 1)")
    assert i18n.say(m, "en") == m
    assert i18n.say(m, "da").startswith(
        "der mangler resultater (runde 1 bræt 2, 3; runde 2 bræt 1)"
    )
    assert i18n.say(Phrases(N_(" or "), ["0-1", "--"]), "da") == "0-1 eller --"
    assert i18n.say("plain text, not marked", "da") == "plain text, not marked"
    assert (
        i18n.say(N_("not in the catalogue {x}", x=N_("none")), "da") == "not in the catalogue ingen"
    )


def test_error_text_translates_the_message_and_keeps_the_rest() -> None:
    error = NotFoundError(N_("no player has start number (startnummer) {number}", number=99))
    assert i18n.error_text(error, "da") == "ingen spiller har startnummer 99"
    assert i18n.error_text(error, "en") == str(error)
    located = InputError(N_("the file holds no results"), location="r.txt")
    assert i18n.error_text(located, "da") == "r.txt: filen indeholder ingen resultater"
    listed = InputError(
        N_plural("{n} bad line; nothing was entered", "{n} bad lines; nothing was entered", 1),
        location="r.txt",
        problems=[N_("{source} line {line}", source="r.txt", line=4)],
    )
    assert i18n.error_text(listed, "da") == (
        "r.txt: 1 forkert linje; intet er indtastet\n  r.txt linje 4"
    )
    assert i18n.error_text(StateError("an English text that is no message"), "da") == (
        "an English text that is no message"
    )


# -- the catalogue ------------------------------------------------------------------------


#: The web's templates and the CLI's pages (the crosstable, §6's report), read as
#: ``babel.cfg`` has the extractor read them.
TEMPLATES = "faces/web/templates/**.html"
CLI_TEMPLATES = "faces/cli/templates/**.html"


def _extracted() -> dict[str | tuple[str, str], list[str]]:
    """Every marked message in the package and the templates, with where it is marked
    (Babel's extractor, Jinja2's for the templates)."""
    extract = pytest.importorskip("babel.messages.extract")
    found: dict[str | tuple[str, str], list[str]] = {}
    for filename, lineno, message, _comments, _context in extract.extract_from_dir(
        str(SRC),
        method_map=[("**.py", "python"), (TEMPLATES, "jinja2"), (CLI_TEMPLATES, "jinja2")],
        options_map={TEMPLATES: {"trim_blocks": "true", "lstrip_blocks": "true"}},
        keywords=KEYWORDS,
    ):
        key = message if isinstance(message, str) else (message[0], message[1])
        found.setdefault(key, []).append(f"{filename}:{lineno}")
    return found


def _catalogue() -> Any:
    pofile = pytest.importorskip("babel.messages.pofile")
    with (CATALOGUE / "skak.po").open("rb") as f:
        return pofile.read_po(f)


def _key(message_id: str | tuple[str, ...]) -> str | tuple[str, str]:
    return message_id if isinstance(message_id, str) else (message_id[0], message_id[1])


def test_every_marked_message_is_in_the_catalogue_and_every_entry_is_used() -> None:
    marked = _extracted()
    catalogue = {_key(m.id) for m in _catalogue() if m.id}
    missing = {m: where for m, where in marked.items() if m not in catalogue}
    unused = catalogue - set(marked)
    assert not missing, f"marked but not in skak.po (see the README: pybabel update): {missing}"
    assert not unused, f"in skak.po but marked nowhere in the code: {unused}"


def test_every_message_has_a_danish_translation_with_the_same_fields() -> None:
    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}

    for m in _catalogue():
        if not m.id:
            continue
        assert not m.fuzzy, m.id
        ids = (m.id,) if isinstance(m.id, str) else tuple(m.id)
        texts = (m.string,) if isinstance(m.string, str) else tuple(m.string)
        assert all(texts), f"no translation: {m.id!r}"
        for i, text in enumerate(texts):
            assert fields(text) == fields(ids[min(i, len(ids) - 1)]), (m.id, text)


def test_every_marker_in_the_code_is_seen_by_the_extractor() -> None:
    """A marked string the extractor cannot read (an f-string, a marker nested in another
    call's arguments) would be left out of the catalogue without a word."""
    marker = re.compile(r"(?<![\w.])(?:N_plural|N_|ngettext|_)\(")
    counted = Counter(
        {
            str(path.relative_to(SRC)): n
            for path in SRC.rglob("*.py")
            if path.name not in ("messages.py", "i18n.py")
            and (n := len(marker.findall(path.read_text(encoding="utf-8"))))
        }
    )
    seen = Counter(
        where.rsplit(":", 1)[0]
        for places in _extracted().values()
        for where in places
        if where.endswith(".py", 0, where.rindex(":"))
    )
    assert seen == counted


def test_the_templates_mark_their_text_and_every_page_speaks_both_languages() -> None:
    """Each template's messages are found by the extractor (so the catalogue has them);
    a template without a single marked message would be English only."""
    marked = {where.rsplit(":", 1)[0] for places in _extracted().values() for where in places}
    templates = {
        str(p.relative_to(SRC)) for p in (SRC / "faces" / "web" / "templates").rglob("*.html")
    }
    assert templates, "no templates found"
    assert templates <= marked, f"templates without a marked message: {templates - marked}"


def _messages(mo: bytes) -> dict[Any, str]:
    """A compiled catalogue's messages as the stdlib reads them, without its header: the
    header names the compiling Babel's version, which is no part of the translation."""
    import gettext

    catalogue: dict[Any, str] = gettext.GNUTranslations(io.BytesIO(mo))._catalog  # type: ignore[attr-defined]
    return {key: text for key, text in catalogue.items() if key != ""}


def test_the_compiled_catalogue_is_the_po_file_compiled() -> None:
    mofile = pytest.importorskip("babel.messages.mofile")
    compiled = io.BytesIO()
    mofile.write_mo(compiled, _catalogue())
    installed = _messages((CATALOGUE / "skak.mo").read_bytes())
    assert installed == _messages(compiled.getvalue()), (
        "skak.mo is not skak.po compiled: run pybabel compile (see the README)"
    )
    assert len(installed) > 100  # the messages were read, not two empty catalogues compared


def test_the_compiled_catalogue_has_the_po_files_plural_rule() -> None:
    import gettext

    installed = gettext.GNUTranslations(io.BytesIO((CATALOGUE / "skak.mo").read_bytes()))
    assert installed.ngettext("{n} bad line; nothing was entered", "x", 1) != (
        installed.ngettext("{n} bad line; nothing was entered", "x", 2)
    )
    assert _catalogue().plural_forms == "nplurals=2; plural=(n != 1);"


def test_the_stdlib_reads_the_installed_catalogue() -> None:
    catalogue = i18n.translations("da")
    assert catalogue.gettext("error:") == "fejl:"
    assert catalogue.ngettext("{n} bad line; nothing was entered", "x", 3).startswith(
        "{n} forkerte"
    )
    assert isinstance(N_("x"), Message)
