"""The table's advisor: every rolling option of the active player, ranked by what it is worth, exactly.

Built on the rules helper, not beside it: the options are `legal_actions`' own, each advised action is the one
`resolve` takes, every outcome is `resolve`'s events for a roll of that class applied by the reducer, and the
chances are icepool's, split by the system (`System.outcomes`). See rank.py for the figures, words.py for the
working in words.
"""

from companion.rules.advice.dice import Branch, ScriptedDice, split
from companion.rules.advice.rank import KEYS, Effect, Outcome, Row, rank
from companion.rules.advice.words import figures_line, headline, to_json, working

__all__ = ["KEYS", "Branch", "Effect", "Outcome", "Row", "ScriptedDice", "figures_line", "headline", "rank", "split",
           "to_json", "working"]
