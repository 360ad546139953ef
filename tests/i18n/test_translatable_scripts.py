"""Every word a script shows a person comes from the catalog (docs/architecture.md,
"Languages"): through static/js/i18n.js's gettext, ngettext (every count) and pgettext, names
and tiles put in by fill's named placeholders, never a plural built by hand."""

from pathlib import Path

import pytest
from script_text_support import untranslated_text

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "static" / "js"
#: The catalog's own module (its English fallbacks), and libraries as their authors ship them.
SKIPPED = {"i18n.js"}


def _scripts() -> list[str]:
    return sorted(
        str(path.relative_to(SCRIPTS))
        for path in SCRIPTS.rglob("*.js")
        if path.name not in SKIPPED and "vendor" not in path.relative_to(SCRIPTS).parts
    )


@pytest.mark.parametrize("name", _scripts())
def test_script_shows_no_untranslated_text(name):
    found = untranslated_text((SCRIPTS / name).read_text())
    assert not found, f"{name}: words outside gettext: {found}"


def test_the_checker_sees_shown_text_and_skips_translations():
    script = """
import { fill, gettext, ngettext } from "./i18n.js";
// A comment saying "Hello there" is not shown.
const pattern = /"[A-Z] word"/g;
status.textContent = ready ? "Your turn." : gettext("Wait.");
button.setAttribute("aria-label", `Play ${tile}`);
button.setAttribute("data-tile", "Not Shown");
row.title = fill(gettext("%(name)s played %(tile)s"), { name, tile });
say(fill(ngettext("%(n)s tile", "%(n)s tiles", n), { n }));
if (event.key === "Escape" && "Notification" in window) document.querySelector("#main .spot");
list.classList.add("seat-tag away-tag");
function seatWords(n) {
  if (n === 1) return `${n} tile`;
  return `${n} tile${n === 1 ? "" : "s"} left`;
}
box.innerHTML = `<svg aria-label="The table" class="a b"><text>${points}</text></svg>`;
hand.innerHTML = `<svg role="img" aria-label="${escape(gettext("Tiles"))}"></svg>`;
"""
    assert untranslated_text(script) == [
        "5: Your turn.",
        "6: Play ${}",
        "14: ${} tile${} left",
        '16: <svg aria-label="The table" class="a b"><text>${}</text></svg>',
        "14: a plural built by hand",
    ]
