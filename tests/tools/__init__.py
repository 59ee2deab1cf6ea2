"""What the tests check the story with (issue 47: test tools live beside the tests, not in the prose package):
the truth of every told sentence (truth.py), and every consequence told with its number (consequences.py, over
each game's counted quantities in counted.py). bench/truth.py runs the same checks over thousands of games."""
