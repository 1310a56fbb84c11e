"""A unit's tokens travel in a code exactly, whatever kinds its match's pack declares (issue 41 §1): the match's
kinds as counts in their places (as format 1 sent Halo's four), any other holding as a table."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from companion.core.model import Click, Rules, Tokens, Unit, to_json, token_slots
from companion.share.codes.scope import Scope
from companion.share.layout import unit_in, unit_out

KINDS = st.lists(st.from_regex(r"[a-z][a-z-]{0,10}", fullmatch=True).filter(lambda k: k not in ("action",
                                                                                                "action_last")),
                 max_size=4, unique=True)
DIAL = (Click({"speed": 1}), Click({}, ("ko",)))


@given(KINDS, st.data())
def test_tokens_travel_exactly(kinds: list[str], data: st.DataObject) -> None:
    rules = Rules(token_limits={"action": 2, **dict.fromkeys(kinds, None)})
    slots = token_slots(rules)
    held = data.draw(st.one_of(
        st.fixed_dictionaries({k: st.integers(0, 300) for k in slots}),  # a unit of the match: every kind
        st.dictionaries(st.sampled_from([*slots, "other-kind"]), st.integers(0, 300), max_size=6)))
    unit = Unit("u1", "Unit", 10, "p1", DIAL, tokens=Tokens(held))
    out = unit_out(unit, Scope(rules=rules, players=("p1",)))
    back = unit_in(out, Scope(rules=rules, players=("p1",)), "unit")
    assert back.tokens == unit.tokens
    if set(held) == set(slots):  # every unit a match holds: the very JSON again, zeros and all
        assert to_json_tokens(back) == to_json_tokens(unit)


def to_json_tokens(unit: Unit) -> dict[str, int]:
    return dict(sorted(to_json(unit)["tokens"].items()))
