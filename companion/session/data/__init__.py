"""The data folder as a whole: backup, restore, and what the About screen shows."""
