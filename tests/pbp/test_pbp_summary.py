"""The final summary chart renders for any result shape."""

import io

from PIL import Image

from renderers import summary


def _png(data):
    img = Image.open(io.BytesIO(data))
    return img.size


def test_summary_chart_with_ties_penalties_and_long_names():
    result = {"scores": [41, 57, 57, 20], "winners": [1], "ranking": [1, 2, 0, 3], "tiebreak": "most coins",
              "breakdown": [{"buildings": 20, "cults": 21}, {"buildings": 30, "cults": 27},
                            {"buildings": 25, "cults": 32}, {"buildings": 24, "penalty": -4}]}
    data = summary.render(result, ["Ann", "A very long display name indeed", "Cy", "Dee"], "Terra Mystica")
    width, height = _png(data)
    assert width == 1600 and height > 400 and len(data) < 1_500_000


def test_summary_chart_without_breakdown_or_names():
    data = summary.render({"scores": [3, 5], "winners": [1], "ranking": [1, 0], "breakdown": [{}, {}]})
    assert _png(data)[0] == 1600
    shared = summary.render({"scores": [5, 5], "winners": [0, 1], "ranking": [0, 1],
                             "breakdown": [{"points": 5}, {"points": 5}]}, ["A", "B"])
    assert shared.startswith(b"\x89PNG")
