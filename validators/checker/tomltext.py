"""TOML parsed on demand.

Importing tomllib costs about 20 ms of CPU, a tenth of a `torchpatch check` start; a run with cached rules
and no ``[tool.torchpatch]`` table never parses TOML, so the import waits for the first parse.
"""

from __future__ import annotations


class InvalidToml(ValueError):
    """Text that is not valid TOML; ``str()`` is the parser's message."""


def parse_toml(text: str) -> dict:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib  # type: ignore[no-redef]
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InvalidToml(str(exc)) from None
