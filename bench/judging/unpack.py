#!/usr/bin/env python3
"""unpack.py GITDIR DEST: write HEAD's blobs (under 2 MB, present in the snapshot) into DEST; print the commit.

A fetched snapshot may lack its largest blobs (``git archive`` then fails): those are skipped."""
import subprocess, sys
from pathlib import Path
gitdir, dest = sys.argv[1], Path(sys.argv[2])
git = ["git", f"--git-dir={gitdir}"]
commit = subprocess.run(git + ["rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
rows = subprocess.run(git + ["ls-tree", "-r", "-l", "-z", "HEAD"], capture_output=True, check=True).stdout.split(b"\0")
wanted = []
for row in rows:
    if not row: continue
    meta, path = row.split(b"\t", 1)
    mode, kind, sha, size = meta.split()
    if kind != b"blob" or mode == b"120000" or not size.isdigit() or int(size) > 2_000_000: continue
    wanted.append((sha.decode(), path.decode("utf-8", "replace")))
proc = subprocess.Popen(git + ["cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
for sha, path in wanted:
    proc.stdin.write(sha.encode() + b"\n"); proc.stdin.flush()
    header = proc.stdout.readline().split()
    if len(header) < 3 or header[1] == b"missing": continue
    data = proc.stdout.read(int(header[2])); proc.stdout.read(1)
    out = dest / path
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(data)
proc.stdin.close(); proc.wait()
print(commit)
