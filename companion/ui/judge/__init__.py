"""Judge mode's screens: the judge's screen, the read-only live pages, and the live server that ties them.

Controls are changed in place and only changed ones are sent. When a part is rebuilt, it goes into a new
container without a key: Flet matches keyed controls in a list against the old ones (declarative
reconciliation) and freezes them, after which a tick could no longer change their text.
"""
