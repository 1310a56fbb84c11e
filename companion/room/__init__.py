"""The room's pages for players' phones (a table's clock, find my table, standings, a projector view), served
beside the judge's screen by `companion judge serve`: plain HTML with Server-Sent Events, read-only."""
