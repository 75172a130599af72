"""Independent, obviously-correct references in pure Python, and their own tests."""
