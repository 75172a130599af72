"""The privacy models."""
