"""The translation catalogues in locale/, handled with polib so that no GNU gettext is needed.

``python -m burraco_tutor.catalogues compile`` writes each ``.po`` as its ``.mo``;
``fill-english`` gives every untranslated English entry its own text, since English is the
language the strings are written in. ``make messages`` runs both after extracting.
"""

from __future__ import annotations

import sys
from pathlib import Path

import polib

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


def po_files() -> list[Path]:
    return sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po"))


def compile_all() -> None:
    for path in po_files():
        polib.pofile(str(path)).save_as_mofile(str(path.with_suffix(".mo")))


def fill_english() -> None:
    for path in sorted((LOCALE_DIR / "en").glob("LC_MESSAGES/*.po")):
        catalogue = polib.pofile(str(path))
        for entry in catalogue:
            if entry.translated():
                continue
            if entry.msgid_plural:
                entry.msgstr_plural = {0: entry.msgid, 1: entry.msgid_plural}
            else:
                entry.msgstr = entry.msgid
            if entry.fuzzy:
                entry.flags.remove("fuzzy")
        catalogue.save()


COMMANDS = {"compile": compile_all, "fill-english": fill_english}

if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in COMMANDS:
        sys.exit(f"usage: python -m burraco_tutor.catalogues {{{','.join(COMMANDS)}}}")
    COMMANDS[sys.argv[1]]()
