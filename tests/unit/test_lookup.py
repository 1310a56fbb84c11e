"""Rules lookup: what a player types mid-game finds the right section first, typos included."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.packs.load import discover
from companion.core.packs.lookup import RulesIndex, SectionNotFound, distance, index_for, normalise, stem, terms

# (query as a player would type it, the section that must come first) per system, searched within the system
# the match is played in (as the app does during a match).
QUERIES = {
    "halo-actionclix": [
        ("moved more than 4 squares", "move-attack-penalty"),
        ("swap weapons", "swap-weapons"),
        ("swap wepons", "swap-weapons"),
        ("loot roll", "loot-roll"),
        ("granade", "grenades"),
        ("respawn", "respawning"),
        ("how many actions do I get", "actions"),
        ("rolled two sixes", "two-sixes"),
        ("knocked back into a wall", "knockback"),
        ("is my line of fire blocked", "line-of-fire"),
        ("what is an upgrade token worth", "upgrade-tokens"),
        ("how do I upgrade a unit", "upgrading"),
        ("my unit was eliminated", "elimination"),
        ("kill points", "kill-points"),
        ("end move on spawn point", "spawn-points"),
        ("starting force five units", "force-building"),
        ("heal past full health", "healing"),
        ("reserves", "reserves"),
        ("can I move diagonally", "moving"),
        ("card contradicts the rules", "card-text"),
        ("coloured stat", "special-ability-colours"),
        ("maps setup", "setup"),
        ("KB", "knockback"),  # the players' own abbreviations, as keywords in the pack
        ("LoF", "line-of-fire"),
        ("LoS blocked", "line-of-fire"),
    ],
    "scarab": [
        ("jump off scarab", "jumping-off"),
        ("jump of scarb", "jumping-off"),
        ("scarb", "overview"),
        ("event dial d6", "move-scarab"),
        ("displaced units", "displaced-units"),
        ("main gun", "main-gun"),
        ("aerial defense turret", "aerial-turret"),
        ("how many actions does the attacker get", "attacker-actions"),
        ("flying onto the scarab", "flying-onto"),
        ("throw grenade at scarab", "grenades"),
        ("scarab is kneeling", "moving-off"),
        ("enter the scarab ramp", "inside"),
        ("exit the interior", "exiting"),
        ("attack the main power core", "main-power-core"),
        ("swarm", "interior-defence"),
        ("all black click", "winning"),
        ("two scarabs", "colossal"),
        ("sword close combat", "close-combat"),
        ("two aerial vehicles", "aerial-limit"),
        ("range", "range"),
        ("scarab turn order", "turn-sequence"),
        ("units under the scarab", "gun-targets"),
        ("shoot from on top", "attacking-from-top"),
    ],
    "heroclix-skirmish": [
        ("bonus round", "bonus-rounds"),
        ("bonus rouns", "bonus-rounds"),
        ("first round", "first-round"),
        ("first turn immunity", "first-round"),
        ("pulse wave", "first-round"),
        ("starting squares 2d10", "starting-squares"),
        ("reroll duplicates", "starting-squares"),
        ("how do I score victory points", "victory-points"),
        ("how many points to win", "victory"),
        ("30 minutes", "time-limit"),
        ("snake draft", "snake-draft"),
        ("banned figures", "banned"),
        ("restricted", "restricted"),
        ("place multi-base character", "multi-base-placement"),
        ("3 players five characters", "multiplayer-limits"),
        ("clear phase", "clear-phase"),
        ("stealth", "powers"),
        ("300 points", "format"),
        ("end of turn triggers", "end-of-turn"),
        ("rounds per turn", "action-phase"),
        ("special objects placement", "placing-objects"),
    ],
    "killer-of-the-maze": [
        ("advance", "advance"),
        ("advnace", "advance"),
        ("reload", "reload"),
        ("relaod", "reload"),
        ("scavenge", "scavenge"),
        ("scavange", "scavenge"),
        ("scavenge roll 51", "scavenge-table"),
        ("lost", "lost"),
        ("how many shots can I fire", "fire"),
        ("break down door", "break-down-door"),
        ("light vent", "light-vent"),
        ("medkit", "medkit"),
        ("beacon", "beacon"),
        ("storm bolter", "storm-bolter"),
        ("shotgun", "shotgun"),
        ("trip mine", "trip-mine"),
        ("servo skull", "servo-skull"),
        ("place new tiles", "new-tiles"),
        ("remove tiles", "removing-tiles"),
        ("pick up item", "pick-up-transfer"),
        ("morale", "morale"),
        ("frag granade", "frag-grenade"),
        ("sacrificial blade", "sacrificial-blade"),
        ("who can carry", "carry-restrictions"),
        ("two actions per model", "imperial-action-phase"),
    ],
    "armageddon-empires": [
        ("defender's prerogative", "defenders-prerogative"),
        ("defenders prerogitive", "defenders-prerogative"),
        ("assassin", "assassination"),
        ("asassin", "assassination"),
        ("assassin vs assassin", "assassin-vs-assassin"),
        ("master assassin", "master-assassin"),
        ("slayer", "slayer"),
        ("sabotage", "sabotage"),
        ("saboteur dice", "sabotage-challenge"),
        ("threshold", "threshold-challenges"),
        ("reroll with fate", "fate-pool"),
        ("bodyguard", "assassination-challenge"),
        ("intel center", "saboteur-vs-intel-center"),
        ("what counts as a success", "success-rule"),
        ("action points cost", "action-points"),
        ("stealth detection", "stealth-detection"),
        ("accept button", "accepting-results"),
        ("structure points", "sabotage-challenge"),
        ("tactician create card", "threshold-challenges"),
    ],
}

# Searched across every pack: the right system must still win.
GLOBAL = [
    ("moved more than 4 squares", "halo-actionclix", "move-attack-penalty"),
    ("jump off scarab", "scarab", "jumping-off"),
    ("bonus round", "heroclix-skirmish", "bonus-rounds"),
    ("scavenge", "killer-of-the-maze", "scavenge"),
    ("defender's prerogative", "armageddon-empires", "defenders-prerogative"),
    ("swap weapons", "halo-actionclix", "swap-weapons"),
    ("frag grenade", "killer-of-the-maze", "frag-grenade"),
    ("snake draft", "heroclix-skirmish", "snake-draft"),
    ("main power core", "scarab", "main-power-core"),
    ("master assassin", "armageddon-empires", "master-assassin"),
]


@pytest.fixture(scope="module")
def index() -> RulesIndex:
    packs, errors = discover()
    assert errors == []
    return index_for(packs.values())


CASES = [(system, q, want) for system, items in QUERIES.items() for q, want in items]


def test_at_least_fifteen_queries_per_system() -> None:
    assert all(len(items) >= 15 for items in QUERIES.values())


@pytest.mark.parametrize(("system", "query", "want"), CASES, ids=[f"{s}:{q}" for s, q, _ in CASES])
def test_top_hit_within_the_system(index: RulesIndex, system: str, query: str, want: str) -> None:
    hits = index.search(query, system)
    assert hits, f"nothing found for {query!r}"
    assert (hits[0].system, hits[0].section) == (system, want), [h.section for h in hits[:3]]


@pytest.mark.parametrize(("query", "system", "want"), GLOBAL)
def test_top_hit_across_all_systems(index: RulesIndex, query: str, system: str, want: str) -> None:
    top = index.search(query)[0]
    assert (top.system, top.section) == (system, want)


def test_hit_carries_pack_title_and_short_excerpt(index: RulesIndex) -> None:
    hit = index.search("loot roll", "halo-actionclix")[0]
    assert hit.system_name == "Halo ActionClix" and hit.title == "Loot rolls"
    assert 0 < len(hit.excerpt) <= 181 and "spawn point" in hit.excerpt.lower()
    assert hit.to_json()["section"] == "loot-roll"


def test_house_rule_sections_are_flagged(index: RulesIndex) -> None:
    hit = index.search("flyer limit two per turn", "scarab")[0]
    assert hit.section == "flyer-limit" and hit.option == "flyer-limit-2"


def test_titles_and_keywords_rank_above_body_text(index: RulesIndex) -> None:
    # "kneeling" is only a keyword of moving-off, "Chassis" is in many bodies but titles none
    hits = index.search("reserves", "halo-actionclix")
    assert hits[0].section == "reserves"
    assert {"respawning", "upgrading"} & {h.section for h in hits[1:]}  # found in body text, ranked lower


def test_search_as_you_type_matches_a_prefix(index: RulesIndex) -> None:
    assert index.search("respa", "halo-actionclix")[0].section == "respawning"
    assert index.search("sacrif", "killer-of-the-maze")[0].section == "sacrificial-blade"


def test_nonsense_and_empty_queries_find_nothing(index: RulesIndex) -> None:
    assert index.search("") == [] and index.search("the of a") == []
    assert index.search("xylophonequartz") == []


def test_find_section_by_id(index: RulesIndex) -> None:
    pack, section = index.find("swap-weapons")
    assert pack.id == "halo-actionclix" and section.title == "Swapping weapons"
    assert index.find("scarab/overview")[1].title == "The Scarab"
    with pytest.raises(SectionNotFound, match="several systems"):
        index.find("overview")
    with pytest.raises(SectionNotFound, match="no rules section"):
        index.find("nowhere")


def test_index_is_built_once_and_reused() -> None:
    packs, _ = discover()
    assert index_for(packs.values()) is index_for(discover()[0].values())


def test_text_helpers() -> None:
    assert normalise("Defender’s Prerogative!") == "defender prerogative"
    assert stem("moved") == stem("moving") == stem("move") == stem("moves")
    assert stem("rounds") == stem("round") and stem("assassination") == stem("assassin")
    assert terms("What is the grenade?") == ["grenad"]
    assert distance("relaod", "reload", 2) == 1 and distance("scarb", "scarab", 2) == 1
    assert distance("abc", "xyzabc", 2) == 3


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=40))
def test_any_text_is_a_safe_query(text: str) -> None:
    index = index_for(discover()[0].values())
    hits = index.search(text, limit=5)
    assert len(hits) <= 5
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    assert all(h.score > 0 and len(h.excerpt) <= 182 for h in hits)
