"""The results file opens safely in a spreadsheet (issue 33, 5): a display name such as
``=HYPERLINK(...)`` or ``+cmd|...`` reaches the file as text a spreadsheet shows and does not
run (OWASP's rule, the full-width forms too), every cell quoted; and the file goes to whoever
may see the tournament's page, by the page's own rule."""

import csv
import io

import pytest
from django.test import Client
from django.urls import reverse
from tournament_play import checking_in, tournament_with

from dominoes.csv_export import safe_cell
from tournaments import services

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

FORMULAS = [
    '=HYPERLINK("http://evil.example","Click")',
    "+cmd|' /C calc'!A0",
    "-2+3",
    "@SUM(A1:A2)",
    "\t=1+1",
    "\r=1+1",
    "＝1+1",
]


def test_every_formula_a_spreadsheet_would_run_is_made_text():
    for formula in FORMULAS:
        assert safe_cell(formula) == "'" + formula
    assert safe_cell("Ana = best") == "Ana = best"
    assert safe_cell(3) == "3"


def test_a_players_formula_name_reaches_the_file_as_text():
    tournament, players = tournament_with(2)
    for player, name in zip(players, FORMULAS[:2], strict=True):
        player.first_name = name
        player.save(update_fields=["first_name"])
    services.start_tournament(host=tournament.host, public_id=tournament.public_id)
    assert checking_in(tournament)
    answer = Client().get(reverse("tournaments:results_csv", args=[tournament.public_id]))
    assert answer.status_code == 200
    text = answer.content.decode()
    assert '"=HYPERLINK' not in text and '"+cmd' not in text
    assert '"\'=HYPERLINK(""http://evil.example"",""Click"")"' in text  # quoted, quotes doubled
    (row,) = list(csv.reader(io.StringIO(text)))[1:]
    assert sorted(row[1:3]) == sorted("'" + name for name in FORMULAS[:2])


def test_the_file_follows_the_pages_rule():
    """Whoever may see the page (its link, signed in or not) may have the file; an id that
    names no tournament gets neither."""
    tournament, _ = tournament_with(2)
    for path in ("tournaments:detail", "tournaments:results_csv"):
        assert Client().get(reverse(path, args=[tournament.public_id])).status_code == 200
        assert Client().get(reverse(path, args=["no-such-cup"])).status_code == 404
