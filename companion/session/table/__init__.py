"""Services of the match table beyond `Session`: the header's facts, the players' table clock, the unit library,
answers that read a match's whole log, and share conflicts side by side (a package: the service folder stays
small)."""
