"""The engines."""
