"""The upper layer: search index, search core, and the transports (CLI, MCP, HTTP)."""
