"""SQL text and templates."""
