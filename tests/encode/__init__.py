"""Reading and encoding the source."""
