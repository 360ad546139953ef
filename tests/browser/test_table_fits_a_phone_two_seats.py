"""Every preset played by two seats fits a phone at every turn of a whole hand (but those
tests/browser/test_table_fits.py plays at every size; the checks are
tests/browser/table_fit_support.py's)."""

import pytest
from table_fit_support import OTHERS, fits_a_phone

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_every_other_preset_and_seat_count_fits_a_phone(server, browser):
    """One server and one page for all of them: a new match for each."""
    presets = [(preset, seats) for preset, seats in OTHERS if seats == 2]
    assert presets
    fits_a_phone(browser, server, presets)
