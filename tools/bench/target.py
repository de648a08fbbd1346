"""A figure of the project measured beside its floor, and the table they are printed in."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Target:
    """A figure of the project against its floor, measured side by side in one run: what
    the bare mechanism it stands on costs. ``goal``: the highest ratio the target allows."""

    name: str
    project: float
    floor: float
    unit: str
    goal: float

    @property
    def ratio(self) -> float:
        return self.project / self.floor



def _figure(value: float) -> str:
    """Three significant digits below 100 (a start of 0.00436 s), else whole with commas."""
    return f"{value:.3g}" if abs(value) < 100 else f"{value:,.0f}"


def target_table(targets: list[Target]) -> str:
    """The targets as a Markdown table: project figure, floor, ratio and the ratio allowed."""
    lines = ["| target | project | floor | ratio | goal | met |", "| --- | ---: | ---: | ---: | ---: | :---: |"]
    for target in targets:
        lines.append(f"| {target.name} | {_figure(target.project)} {target.unit} | {_figure(target.floor)} "
                     f"{target.unit} | {target.ratio:.2f} | ≤ {target.goal:.2f} "
                     f"| {'yes' if target.ratio <= target.goal else 'NO'} |")
    return "\n".join(lines)
