"""The number of changes per release by kind (2.4 -> 2.15), drawn as stacked bars in inline SVG.

Counts come from one ``whats_new`` report over the whole span, the same data as the "what
changed" list. A section counts once in every release where one of its versions falls (since
2.8, deprecated 2.9, removed 2.11 counts in three releases); a patch release counts in its minor.
"""

from __future__ import annotations

from dataclasses import dataclass

RELEASES = tuple(f"2.{minor}" for minor in range(4, 16))
BEFORE_FIRST = "2.3"  # whats_new counts changes after its first version

# TOP leaves room above the tallest bar for its total, drawn at twice its size on a phone (site.css).
WIDTH, HEIGHT, LEFT, BOTTOM, TOP = 720, 270, 36, 28, 30


@dataclass(frozen=True)
class Segment:
    kind: str
    count: int
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Bar:
    release: str
    total: int
    label_x: float
    segments: list[Segment]


@dataclass(frozen=True)
class Chart:
    bars: list[Bar]
    kinds: list[str]  # in the legend's order: the order whats_new groups them
    peak: int
    ticks: list[tuple[int, float]]  # (value, y)
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    baseline: int = HEIGHT - BOTTOM


def count_changes(report) -> list[tuple[str, dict[str, int]]]:
    """Per release, changes by kind, from a WhatsNew report from BEFORE_FIRST to the last release."""
    counts: dict[str, dict[str, int]] = {release: {} for release in RELEASES}
    from ..search import event_kind

    for changes in report.groups.values():
        for change in changes:
            by_release: dict[str, list[str]] = {}
            for event in change.events:  # "since 2.14", "default 2.15": grouped per release as whats_new does
                label, _, version = event.partition(" ")
                by_release.setdefault(_minor(version), []).append(label)
            for release, labels in by_release.items():
                if release in counts:
                    kind = event_kind(change.kind or "", labels)
                    counts[release][kind] = counts[release].get(kind, 0) + 1
    return list(counts.items())


def _minor(version: str) -> str:
    return ".".join(version.split(".")[:2])


def build_chart(counts: list[tuple[str, dict[str, int]]], kind_order: tuple[str, ...]) -> Chart:
    peak = max([sum(by_kind.values()) for _, by_kind in counts] + [1])
    plot_height = HEIGHT - BOTTOM - TOP
    slot = (WIDTH - LEFT) / len(counts)
    scale = plot_height / peak
    bars = []
    for position, (release, by_kind) in enumerate(counts):
        x, y = LEFT + position * slot + slot * 0.15, HEIGHT - BOTTOM
        segments = []
        for kind in kind_order:
            count = by_kind.get(kind, 0)
            if count:
                y -= count * scale
                segments.append(Segment(kind, count, round(x, 1), round(y, 1), round(slot * 0.7, 1), round(count * scale, 1)))
        bars.append(Bar(release, sum(by_kind.values()), round(x + slot * 0.35, 1), segments))
    kinds = [kind for kind in kind_order if any(by_kind.get(kind) for _, by_kind in counts)]
    return Chart(bars, kinds, peak, _ticks(peak, scale))


def _ticks(peak: int, scale: float) -> list[tuple[int, float]]:
    step = next(step for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500) if peak / step <= 5)
    return [(value, round(HEIGHT - BOTTOM - value * scale, 1)) for value in range(0, peak + 1, step)]
