"""Judge mode's screens: the judge's screen (Flet components over a JudgeFeed), the read-only live pages, and the
live server that ties them."""
