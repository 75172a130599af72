"""``sqlanon compile``."""
