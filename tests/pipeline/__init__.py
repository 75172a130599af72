"""The commands' runs."""
