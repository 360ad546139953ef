"""Odd values sent to every other page of the site (tables, play, accounts, billing...) and
to any URL no other part takes: never a 500, never a traceback logged. The walk is
tests/odd_values_support.py's, in parts that run side by side."""

import pytest
from odd_values_support import PARTS, part_of, walk, walked_routes

# In one transaction, rolled back at the end (thousands of requests, each commit otherwise
# waiting on the disk).
pytestmark = [pytest.mark.integration, pytest.mark.django_db]


def test_no_url_answers_an_odd_value_with_a_server_error(site_objects, errors_logged):
    walk("site", site_objects, errors_logged)


def test_the_parts_walk_every_url_of_the_site_once():
    routes = walked_routes()
    assert len(routes) > 100  # the whole site, the admin included
    assert {part_of(route) for route in routes} == set(PARTS)  # no part walks nothing
