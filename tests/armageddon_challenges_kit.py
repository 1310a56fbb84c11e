"""Helpers shared by test_armageddon_challenges.py and the tests that build on it, so no test imports a test."""

from __future__ import annotations

from typing import Any


def card(uid: str, name: str, owner: str, stats: dict[str, int], *markers: str) -> dict[str, Any]:
    return {"id": uid, "name": name, "points": 0, "owner": owner,
            "dial": [{"stats": stats, "markers": list(markers)}, {"stats": {}, "markers": ["ko"]}]}
