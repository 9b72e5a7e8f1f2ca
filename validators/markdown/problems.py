"""A problem found in a reference file: a value with a position, never an exception."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"
