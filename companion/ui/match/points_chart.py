"""Points over turns as a line chart (flet-charts: drawn by the app's Flutter client, no image library), with
both axes labelled, one line per player in the player's colour."""

from __future__ import annotations

import flet as ft
import flet_charts as fch

from companion.core.model import Match
from companion.session.table.full_log import TurnPoints

HEIGHT = 220


def points_chart(match: Match, turns: list[TurnPoints], kind: str) -> ft.Control:
    at = 0 if kind == "vp" else 1
    label = "VP" if kind == "vp" else "Kills"
    if len({t.turn for t in turns}) < 2:  # one dot per player is no line: say the numbers instead
        last = turns[-1].points if turns else {}
        scores = ", ".join(f"{p.name} {last[p.id][at] if p.id in last else 0} {label.lower() if at else label}"
                           for p in match.players)
        return ft.Text(f"Only one turn was played, so there is no chart yet: {scores}.", key="points-chart")
    top = max([1, *(pts[at] for t in turns for pts in t.points.values())])
    step = max(1, -(-top // 5))  # about five labels up the side, whole numbers
    series = [fch.LineChartData(
        color=p.colour, stroke_width=3, point=True,
        points=[fch.LineChartDataPoint(t.turn, t.points[p.id][at], tooltip=f"{p.name}: {t.points[p.id][at]}")
                for t in turns]) for p in match.players]
    return fch.LineChart(
        key="points-chart", height=HEIGHT, data_series=series, min_y=0, max_y=step * -(-top // step),
        min_x=turns[0].turn, max_x=max(turns[-1].turn, turns[0].turn + 1),
        left_axis=fch.ChartAxis(title=ft.Text(label, size=12), title_size=20, label_size=32, labels=[
            fch.ChartAxisLabel(value=v, label=ft.Text(str(v), size=11)) for v in range(0, top + step, step)]),
        bottom_axis=fch.ChartAxis(title=ft.Text("Turn", size=12), title_size=20, label_size=24, labels=[
            fch.ChartAxisLabel(value=t.turn, label=ft.Text(str(t.turn), size=11)) for t in turns]),
        horizontal_grid_lines=fch.ChartGridLines(interval=step, color=ft.Colors.OUTLINE_VARIANT, width=1),
        border=ft.Border.all(1, ft.Colors.OUTLINE))
