"""Read what a snippet left in its scratch folder without trusting it to be a plain file.

A snippet can replace ``output.log`` or ``result.json`` with a FIFO, a device or a link: a
plain ``open()`` of a FIFO blocks until a writer appears, and the server would stop answering.
Here every read opens without blocking and without following links, and reads only regular files.
"""

from __future__ import annotations

import os
import stat

OUTPUT_TAIL = 4000
MAX_RESULT_BYTES = 4 << 20


def read_regular(path: str, tail: int | None = None, limit: int = MAX_RESULT_BYTES) -> bytes | None:
    """The file's bytes (the last ``tail`` bytes, or at most ``limit``), or None when it is missing
    or not a regular file."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return None
        if tail is not None and info.st_size > tail:
            os.lseek(fd, info.st_size - tail, os.SEEK_SET)
        chunks, left = [], tail if tail is not None else limit
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 16))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)


def output_tail(path: str) -> str:
    """The last few kB a snippet printed, for its report."""
    data = read_regular(path, tail=OUTPUT_TAIL)
    if data is None:
        return ""
    try:
        size = os.stat(path, follow_symlinks=False).st_size
    except OSError:
        size = len(data)
    return ("..." if size > OUTPUT_TAIL else "") + data.decode("utf-8", "replace")
