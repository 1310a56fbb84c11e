"""Properties of renaming a player: whatever is typed, a rename is refused with the match untouched, or it changes
that one player's name and nothing else, the names stay distinct, and undo brings the old name back."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.core.errors import IllegalAction
from companion.core.match.describe import describe
from companion.core.match.events import Event, apply, replay
from companion.core.match.history import History
from companion.core.model import to_json

from builders import match, unit

TYPED = st.one_of(st.text(max_size=45), st.sampled_from(["Ann", "ann", " Ben", "Ben", "Benjamin", "", "   "]))


def start() -> object:
    return replay(match(players=3), [Event("add_unit", {"unit": unit("u1", "p2")}, "p1")])


@given(st.sampled_from(["p1", "p2", "p3"]), TYPED)
def test_a_rename_changes_one_name_or_nothing(player: str, name: str) -> None:
    before = start()
    was = before.player(player).name
    event = Event("rename_player", {"player": player, "name": name, "was": was}, "p1", 5.0)
    try:
        after = apply(before, event)
    except IllegalAction as refused:
        assert str(refused) and "\n" not in str(refused)  # one sentence, and the match as it was
        assert to_json(before) == to_json(start())
        return
    assert after.player(player).name == name == name.strip() and 0 < len(name) <= 40
    assert len({p.name.casefold() for p in after.players}) == len(after.players)
    rest = [p for p in after.players if p.id != player]
    assert rest == [p for p in before.players if p.id != player] and after.units == before.units
    assert describe(after, event) == f"renamed {was} to {name}"
    history = History.start(before).push(event)
    undone = history.undo("p2", 6.0)
    assert undone.state.player(player).name == was
    assert undone.redo("p1", 7.0).state.player(player).name == name
