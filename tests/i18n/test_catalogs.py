"""The catalogs are complete: every entry of es and pt-br, for the templates and Python
(django) and the scripts (djangojs), translated and none fuzzy (docs/architecture.md,
"Languages")."""

from pathlib import Path

import polib
import pytest
from django.conf import settings

LOCALE = Path(settings.BASE_DIR) / "locale"
TRANSLATED = [code for code, _ in settings.LANGUAGES if code != "en"]


def _catalog_path(language: str, domain: str) -> Path:
    # Django's folder names: pt-br is pt_BR.
    folder = language.split("-")[0] + (
        "_" + language.split("-")[1].upper() if "-" in language else ""
    )
    return LOCALE / folder / "LC_MESSAGES" / f"{domain}.po"


@pytest.mark.parametrize("domain", ["django", "djangojs"])
@pytest.mark.parametrize("language", TRANSLATED)
def test_catalog_is_complete(language, domain):
    catalog = polib.pofile(str(_catalog_path(language, domain)))
    untranslated = [entry.msgid for entry in catalog.untranslated_entries()]
    fuzzy = [entry.msgid for entry in catalog.fuzzy_entries()]
    assert not untranslated, f"{language} {domain}: untranslated {untranslated}"
    assert not fuzzy, f"{language} {domain}: fuzzy {fuzzy}"
    assert [entry for entry in catalog if not entry.obsolete], f"{language} {domain} is empty"


def test_every_offered_language_but_english_has_catalogs():
    assert settings.LANGUAGE_CODE == "en"
    assert sorted(TRANSLATED) == ["es", "pt-br"]
