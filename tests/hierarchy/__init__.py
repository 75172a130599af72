"""Hierarchies."""
