"""Input limits every layer reads: checked before any work starts, so hostile or broken input costs little.

Each value is far above what honest use reaches (the figure it is compared with is in its comment), and low
enough that the work it allows stays well under a second on a phone.
"""

from __future__ import annotations

# One event's data as JSON. Honest: a batch of a whole turn or a unit with a 30-click dial is 1-10 KB.
EVENT_DATA_BYTES = 64 * 1024
# Nesting of one event's data. Honest: a batch of events holding dials is 5 deep.
EVENT_DATA_DEPTH = 16
# Events in one import or shared code. Honest: a long tournament match has a few thousand.
IMPORT_EVENTS = 20_000
# An export file or a pasted code. Honest: 20,000 events export to about 4 MB.
IMPORT_BYTES = 20 * 1024 * 1024
# A rules search. Honest: a phrase or a rule's title, under 60 characters; longer text is cut to this.
QUERY_CHARS = 200
# Any one file of a rule pack (TOML or Markdown). Honest: the largest shipped file is 18 KB.
PACK_FILE_BYTES = 1024 * 1024
# Text given to one command-line argument (names, reasons, ids). Honest: a reason is a sentence.
ARGUMENT_CHARS = 10_000
