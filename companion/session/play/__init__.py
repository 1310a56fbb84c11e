"""Play at the table: the rules helper, dice, match tools, where figures stand, rule packs and lookup."""
