"""The translated pages' checks: the catalogs' English words, the languages' headers and where
the screenshots go."""

import re
from pathlib import Path

import polib
from browser_support import ROOT
from django.conf import settings

LOCALE = Path(settings.BASE_DIR) / "locale"


SHOTS = ROOT / "artifacts" / "i18n"


FOLDERS = {"es": "es", "pt-br": "pt_BR"}


HEADERS = {"es": "es-ES,es;q=0.9", "pt-br": "pt-BR,pt;q=0.9"}


WORD = re.compile(r"[^\W\d_]{3,}")


def _words(text: str) -> set[str]:
    return {word.lower() for word in WORD.findall(re.sub(r"%\(\w+\)s|\{\w+\}|<[^>]+>", " ", text))}


def english_words(language: str) -> set[str]:
    """The site's own English words (every msgid), less those the translation uses as well
    (Club, Stripe, Glicko...): what may not be read on a page in ``language``."""
    english: set[str] = set()
    translated: set[str] = set()
    for domain in ("django", "djangojs"):
        path = LOCALE / FOLDERS[language] / "LC_MESSAGES" / f"{domain}.po"
        for entry in polib.pofile(str(path)):
            english |= _words(entry.msgid) | _words(entry.msgid_plural or "")
            translated |= _words(entry.msgstr)
            for form in entry.msgstr_plural.values():
                translated |= _words(form)
    return english - translated
