"""Judge mode: events, tables and clocks, Swiss pairings."""
