"""The statistics page's chart, drawn on the server as SVG geometry. Pure: no Django.

One stacked bar a day with matches: wins at the bottom, then draws, then losses, so the
height is the day's matches and the green share its wins.

>>> from datetime import date
>>> chart = results_chart([DayResults(date(2026, 11, 28), 2, 0, 1),
...     DayResults(date(2026, 11, 29), 0, 1, 0)])
>>> [[s.kind for s in bar.segments] for bar in chart.bars]
[['won', 'lost'], ['drawn']]
>>> round(chart.bars[0].segments[0].height / chart.bars[1].segments[0].height, 2)
2.0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from django.utils.formats import date_format
from django.utils.translation import ngettext_lazy

WIDTH = 640
HEIGHT = 220
LEFT, RIGHT, TOP, BOTTOM = 36, 8, 12, 30
#: A bar is never wider than this, however few days there are.
MAX_BAR_WIDTH = 48
#: At most this many dates are written under the bars (the others would overlap).
MAX_LABELS = 8
_WORDS = {
    "won": ngettext_lazy("%(count)s won", "%(count)s won", "count"),
    "drawn": ngettext_lazy("%(count)s drawn", "%(count)s drawn", "count"),
    "lost": ngettext_lazy("%(count)s lost", "%(count)s lost", "count"),
}


@dataclass(frozen=True, slots=True)
class DayResults:
    day: date
    won: int
    drawn: int
    lost: int

    @property
    def matches(self) -> int:
        return self.won + self.drawn + self.lost


@dataclass(frozen=True, slots=True)
class Segment:
    kind: str
    y: float
    height: float


@dataclass(frozen=True, slots=True)
class Bar:
    x: float
    width: float
    label: str | None
    title: str
    segments: list[Segment]

    @property
    def label_x(self) -> float:
        return self.x + self.width / 2


@dataclass(frozen=True, slots=True)
class Tick:
    y: float
    value: int


@dataclass(frozen=True, slots=True)
class Chart:
    width: int
    height: int
    left: int
    right: int
    baseline: float
    bars: list[Bar]
    ticks: list[Tick]


def results_chart(days: Sequence[DayResults]) -> Chart:
    """The geometry of the results-by-day chart (``days`` oldest first)."""
    baseline = HEIGHT - BOTTOM
    plot_height = baseline - TOP
    top = max((day.matches for day in days), default=0) or 1
    slot = (WIDTH - LEFT - RIGHT) / max(len(days), 1)
    every = -(-len(days) // MAX_LABELS) if days else 1
    bars = []
    for index, day in enumerate(days):
        y = float(baseline)
        segments = []
        for kind in ("won", "drawn", "lost"):
            count = getattr(day, kind)
            if count:
                height = plot_height * count / top
                y -= height
                segments.append(Segment(kind, round(y, 2), round(height, 2)))
        counts = ", ".join(
            _WORDS[kind] % {"count": getattr(day, kind)} for kind in _WORDS if getattr(day, kind)
        )
        width = min(slot * 0.7, MAX_BAR_WIDTH)
        bars.append(
            Bar(
                x=round(LEFT + index * slot + (slot - width) / 2, 2),
                width=round(width, 2),
                label=date_format(day.day, "M j") if index % every == 0 else None,
                title=f"{date_format(day.day)}: {counts}",
                segments=segments,
            )
        )
    values = sorted({0, top // 2, top}) if top > 1 else [0, 1]
    ticks = [Tick(round(baseline - plot_height * v / top, 2), v) for v in values]
    return Chart(WIDTH, HEIGHT, LEFT, WIDTH - RIGHT, baseline, bars, ticks)
