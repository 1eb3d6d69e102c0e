"""Rule scenarios for Bourgeoisie, one file per rule area of the seed."""
