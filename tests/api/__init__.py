"""The Python API."""
