"""Format 2 of the share codes: text rebuilt from names both sides hold, a preset dictionary per pack, turn
codes that carry only what the other device lacks, and a fast picture of a code."""
