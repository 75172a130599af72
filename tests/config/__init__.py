"""The configuration."""
