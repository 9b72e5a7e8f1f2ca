"""The lower layer of torchpatch: read the references and run their snippets.

Nothing here imports :mod:`torchpatch.server`, lancedb, fastapi or mcp; the
server builds on this package, never the other way round.
"""
