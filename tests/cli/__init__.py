"""The command line as a user runs it."""
