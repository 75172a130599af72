"""The release: what a run may write (guard), the lattice stage that picks a node and its
utility (lattice, metrics, no_node), the published table staged, gated and committed (publish,
table, gated), and what every command's run shares (run)."""
