"""Every word a template shows a person comes from the catalogs (docs/architecture.md,
"Languages")."""

from pathlib import Path

import pytest
from template_text_support import untranslated_text

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"


def _templates() -> list[str]:
    return sorted(str(path.relative_to(TEMPLATES)) for path in TEMPLATES.rglob("*.html"))


@pytest.mark.parametrize("name", _templates())
def test_template_shows_no_untranslated_text(name):
    found = untranslated_text(TEMPLATES / name)
    assert not found, f"{name}: text outside {{% translate %}}: {found}"


def test_the_checker_sees_text_attributes_and_skips_translations(tmp_path):
    page = tmp_path / "page.html"
    page.write_text(
        '{% load i18n %}<p>{% translate "Hello" %} {{ name }}</p>'
        '<button aria-label="Close">{% blocktranslate %}x {{ n }} y{% endblocktranslate %}'
        "</button><p>6-4 {{ score }}</p>{# Note #}<script>let a = 'b';</script><h1>Pass</h1>"
        '<input type="submit" value="Send"><input type="text" value="{{ v }}">'
    )
    assert untranslated_text(page) == [
        "<button aria-label='Close'>",
        "Pass",
        "<input value='Send'>",
    ]
