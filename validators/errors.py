"""One exception tree for the whole project.

    TorchpatchError               cannot go on; the message says what to do next
    ├── InvalidInput              the caller asked for something malformed
    ├── NotFound                  an id, file or reference that does not exist
    └── IndexUnavailable          no index yet, or a corrupt one

Problems found *in content* (a malformed metadata line, a failing snippet) are
values, not exceptions: see :class:`~torchpatch.validators.markdown.Problem`.
Each edge (CLI, MCP, HTTP) maps this tree once.
"""


class TorchpatchError(Exception):
    """Base class: anything torchpatch refuses to go on with."""


class InvalidInput(TorchpatchError):
    """A request or argument is malformed or out of range."""


class NotFound(TorchpatchError):
    """The thing asked for does not exist."""


class IndexUnavailable(TorchpatchError):
    """The search index is missing or cannot be read."""
