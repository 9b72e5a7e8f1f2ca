"""unpack.py GITDIR DEST: write HEAD's blobs (under 2 MB, present in the snapshot) into DEST; print the commit.

A fetched snapshot may lack its largest blobs (``git archive`` then fails): those are skipped.
"""

import subprocess
import sys
from pathlib import Path

LIMIT = 2_000_000


def wanted_blobs(git: list[str]) -> list[tuple[str, str]]:
    """(sha, path) of HEAD's regular files under LIMIT whose size the snapshot knows (a missing blob shows none)."""
    listing = subprocess.run(git + ["ls-tree", "-r", "-l", "-z", "HEAD"], capture_output=True, check=True).stdout
    blobs = []
    for row in filter(None, listing.split(b"\0")):
        meta, path = row.split(b"\t", 1)
        mode, kind, sha, size = meta.split()
        if kind == b"blob" and mode != b"120000" and size.isdigit() and int(size) <= LIMIT:
            blobs.append((sha.decode(), path.decode("utf-8", "replace")))
    return blobs


def main() -> None:
    gitdir, dest = sys.argv[1], Path(sys.argv[2])
    git = ["git", f"--git-dir={gitdir}"]
    commit = subprocess.run(git + ["rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    reader = subprocess.Popen(git + ["cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    for sha, path in wanted_blobs(git):
        reader.stdin.write(sha.encode() + b"\n")
        reader.stdin.flush()
        header = reader.stdout.readline().split()
        if len(header) < 3 or header[1] == b"missing":
            continue
        data = reader.stdout.read(int(header[2]))
        reader.stdout.read(1)  # the newline after each object
        out = dest / path
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(data)
    reader.stdin.close()
    reader.wait()
    print(commit)


if __name__ == "__main__":
    main()
