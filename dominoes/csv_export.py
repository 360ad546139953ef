"""CSV files the site gives out, made safe to open in a spreadsheet.

A cell a person wrote (a display name, a host's reason) could begin ``=HYPERLINK(...)`` or
``+cmd|...``: a spreadsheet runs it as a formula when the file is opened. OWASP's rule (CSV
injection): a cell beginning with = + - @, a tab or a carriage return gets a leading single
quote, which the spreadsheet shows as text and does not run; here the full-width = + - @ too,
which some spreadsheets read as their ASCII forms. Every cell is quoted, quotes doubled (the
csv module), so no cell can end early and begin another.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable

from django.http import HttpResponse

#: What a spreadsheet may read as the start of a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def safe_cell(value: object) -> str:
    """``value`` as text a spreadsheet shows and never runs."""
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def csv_response(*, filename: str, rows: Iterable[Iterable[object]]) -> HttpResponse:
    """A CSV download named ``filename``, every cell made safe (:func:`safe_cell`)."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    writer = csv.writer(response, quoting=csv.QUOTE_ALL)
    writer.writerows([safe_cell(cell) for cell in row] for row in rows)
    return response
