"""Odd values sent to the admin's pages (Django's admin, every model the site registers):
never a 500, never a traceback logged. The walk is tests/odd_values_support.py's, in parts
that run side by side."""

import pytest
from odd_values_support import walk

# In one transaction, rolled back at the end (thousands of requests, each commit otherwise
# waiting on the disk).
pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def test_no_url_answers_an_odd_value_with_a_server_error(site_objects, errors_logged):
    walk("admin", site_objects, errors_logged)
