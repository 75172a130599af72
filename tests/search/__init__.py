"""The searches."""
