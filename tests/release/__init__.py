"""Writing releases."""
