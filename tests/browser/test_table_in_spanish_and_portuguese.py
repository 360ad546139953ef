"""A whole hand against the computer in Spanish and in Brazilian Portuguese: what the table's
scripts write (the status line, the live region, the seats, the hand's and the board's names
read aloud, the main button, the end of the hand and the next deal) holds no English word of the
site's own text, the players' names and the tiles aside. Screenshots go to artifacts/i18n/."""

import re

import pytest
from language_support import HEADERS, SHOTS, _words, english_words
from playwright.sync_api import expect
from table_driver import Stuck, Table, start_match

from games.engine.bots import bot_name

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

MAX_ACTIONS = 120

#: What the table's scripts write, and the names read aloud in it. (The page's own template,
#: games/table.html, is converted apart: tests/i18n/test_translatable_templates.py lists it.)
READ_JS = """() => {
  const regions = ["status", "live", "seats", "hand", "board", "board-summary", "main-action",
    "hand-result-text", "result-sides", "match-end-text", "rematch-status", "connection",
    "alert", "hint-box", "hand-review"];
  const parts = [];
  for (const id of regions) {
    const region = document.getElementById(id);
    if (!region) continue;
    parts.push(region.innerText);
    // The regions' own names are the template's; what the scripts draw in them is read.
    for (const el of region.querySelectorAll("[aria-label], [title]"))
      for (const name of ["aria-label", "title"])
        if (el.hasAttribute(name)) parts.push(el.getAttribute(name));
  }
  // The seats' names: people's, and a computer's by its level and seat ("Dot": a name).
  const names = window.dominoesTable.state.table.seats.map((s) => s.name);
  return { text: parts.join("\\n"), names };
}"""


def english_on_table(table: Table, english: set[str]) -> set[str]:
    read = table.page.evaluate(READ_JS)
    text = read["text"]
    for name in read["names"]:
        text = text.replace(name, " ")
    return _words(text) & english


@pytest.mark.parametrize(
    ("language", "preset"), [("es", "classic"), ("pt-br", "all_fives")], ids=["es", "pt-br"]
)
def test_a_whole_hand_against_the_computer_speaks_the_language(server, browser, language, preset):
    english = english_words(language)
    context = browser.new_context(
        viewport={"width": 1366, "height": 768},
        extra_http_headers={"Accept-Language": HEADERS[language]},
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    table = start_match(page, server, preset=preset, level="easy", target=500)
    assert page.locator("html").get_attribute("lang") == language
    # The site's names in the language: the guest's who gave none; the computer is called by
    # its level and seat in every language, its level said in the language beside it.
    guest, computer = {"es": ("Invitado", "computadora"), "pt-br": ("Convidado", "computador")}[
        language
    ]
    me, other = page.locator("#seats .seat-name").all_inner_texts()
    assert re.fullmatch(guest + r" \d{4}", me) and other == bot_name("easy", 1), (me, other)
    expect(page.locator('#seats .seat[data-seat="1"] .seat-tag')).to_contain_text(computer)
    seen: dict[str, set[str]] = {}
    actions: list[str] = []
    for _ in range(MAX_ACTIONS):
        table.wait_settled()
        if found := english_on_table(table, english):
            seen[f"after {actions[-3:]}"] = found
        if table.hand_over():
            break
        actions.append(table.pointer_turn())
    else:
        raise Stuck(f"the hand never ended: {actions[-10:]}")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"table-hand-over-{language}.png"), full_page=True)
    # The next deal, said in the language too.
    assert table.pointer_turn() == "Next round"
    table.wait_settled()
    if found := english_on_table(table, english):
        seen["the next deal"] = found
    assert not seen, f"English on the table in {language}: {seen}"
    context.close()
