"""The translation catalogues in locale/: complete, and compiled from their current .po."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

from burraco_tutor.catalogues import LOCALE_DIR, po_files
from engine.messages import MESSAGES, Plural, sentences

CATALOGUES = po_files()


def messages(catalogue: polib.MOFile) -> dict[tuple[str | None, str], object]:
    """What a catalogue translates each message to, keyed by context and msgid."""
    return {
        (entry.msgctxt, entry.msgid): entry.msgstr_plural or entry.msgstr
        for entry in catalogue
        if entry.msgid
    }


def test_both_languages_have_a_catalogue() -> None:
    assert {path.relative_to(LOCALE_DIR).parts[0] for path in CATALOGUES} == {"it", "en"}


@pytest.mark.parametrize("po_path", CATALOGUES, ids=lambda path: path.parent.parent.name)
def test_every_string_is_translated(po_path: Path) -> None:
    catalogue = polib.pofile(str(po_path))
    missing = [entry.msgid for entry in catalogue.untranslated_entries()]
    fuzzy = [entry.msgid for entry in catalogue.fuzzy_entries()]
    assert not missing, f"untranslated in {po_path}: {missing}"
    assert not fuzzy, f"fuzzy (needs checking) in {po_path}: {fuzzy}"


@pytest.mark.parametrize("po_path", CATALOGUES, ids=lambda path: path.parent.parent.name)
def test_the_compiled_catalogue_matches_its_po_file(po_path: Path) -> None:
    mo_path = po_path.with_suffix(".mo")
    assert mo_path.exists(), f"{mo_path} is missing: run `make compilemessages`"
    compiled = polib.mofile(str(mo_path))
    expected = polib.mofile(polib.pofile(str(po_path)).to_binary())
    stale = f"{mo_path} is stale: run `make compilemessages`"
    assert messages(compiled) == messages(expected), stale
    assert compiled.metadata == expected.metadata, stale


def test_every_engine_message_is_in_the_italian_catalogue() -> None:
    """The engine's errors reach learners and teachers: every sentence, and every word they
    are made of (card names, field names), has its Italian and its English."""
    for language in ("it", "en"):
        catalogue = polib.pofile(str(LOCALE_DIR / language / "LC_MESSAGES" / "django.po"))
        translated = {entry.msgid for entry in catalogue.translated_entries()}
        missing = [message for message in sentences() if message not in translated]
        assert not missing, f"translate in {language}: {missing}"
        plurals = {entry.msgid: entry.msgid_plural for entry in catalogue if entry.msgid_plural}
        for template in MESSAGES.values():
            if isinstance(template, Plural):
                assert plurals.get(template.singular) == template.plural, template.singular


#: A placeholder; ``{card.del}`` is ``{card}`` joined to an Italian preposition.
PLACEHOLDER = re.compile(r"\{(\w+)(?:\.\w+)?\}|%\((\w+)\)s")


@pytest.mark.parametrize("po_path", CATALOGUES, ids=lambda path: path.parent.parent.name)
def test_translations_keep_every_placeholder(po_path: Path) -> None:
    broken = [
        entry.msgid
        for entry in polib.pofile(str(po_path)).translated_entries()
        if entry.msgstr
        and sorted(set(PLACEHOLDER.findall(entry.msgid)))
        != sorted(set(PLACEHOLDER.findall(entry.msgstr)))
    ]
    assert not broken, f"placeholders differ in {po_path}: {broken}"


def test_in_italian_scarto_is_only_ever_a_discard() -> None:
    # In Burraco "lo scarto" is the discard: the review's score gap was "Scarto" (the site's
    # walk); a gap is "la differenza".
    catalogue = polib.pofile(str(LOCALE_DIR / "it" / "LC_MESSAGES" / "django.po"))
    other = [
        entry.msgid
        for entry in catalogue
        if any(
            re.search(r"\bscart[oi]\b", text, re.IGNORECASE)
            for text in (entry.msgstr, *entry.msgstr_plural.values())
        )
        and not re.search(r"discard|pile|con lo scarto", entry.msgid + entry.msgid_plural, re.I)
    ]
    assert other == []
