"""The reports of a run: the data (:mod:`.model`, an audit's in :mod:`.audit`), rendered as
text for the terminal (:mod:`.text`) and as one HTML page (:mod:`.html`), and written to files
(:mod:`.files`). The data imports no renderer; the renderers import the data."""
