"""Each title's own slash-command group (look-ups, summaries, its own components)."""
