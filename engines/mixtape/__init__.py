"""Mixtape Massacre: the town of Tall Oaks (board machinery shared by the Director's Cut and Escape From Tall Oaks)."""
