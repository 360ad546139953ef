"""Issue 35, point 19: no English left on the leaderboard in es and pt-BR, the coach's counts
read naturally ("2 as melhores" did not), and pt-BR says pips ("pintas") apart from score
("pontos"): one panel read "pontos" for both."""

from pathlib import Path

import polib
import pytest
from django.conf import settings

LOCALE = Path(settings.BASE_DIR) / "locale"


CAPTIONS = [("es", "Jugadores clasificados"), ("pt-br", "Jogadores classificados")]


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "caption"), CAPTIONS)
def test_the_leaderboard_speaks_the_readers_language(client, language, caption):
    html = client.get("/leaderboard/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f"<caption>{caption}</caption>" in html
    assert "Ranked players" not in html


def entries(language: str, domain: str) -> list[polib.POEntry]:
    return list(polib.pofile(str(LOCALE / language / "LC_MESSAGES" / f"{domain}.po")))


def test_pips_are_pintas_in_brazilian_portuguese():
    for domain in ("django", "djangojs"):
        for entry in entries("pt_BR", domain):
            if "pip" in entry.msgid + entry.msgid_plural:
                words = " ".join([entry.msgstr, *entry.msgstr_plural.values()])
                assert "ponto" not in words, (entry.msgid, words)


def test_a_count_of_best_moves_reads_as_moves():
    for language, plural in (("pt_BR", "melhores jogadas"), ("es", "mejores jugadas")):
        best = next(e for e in entries(language, "djangojs") if e.msgid == "%(count)s best")
        assert best.msgstr_plural[1] == f"%(count)s {plural}"
