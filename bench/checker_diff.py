"""Which findings two builds of `torchpatch check` disagree on, tree by tree.

After a round of trees was judged with the checker frozen, a later build is scored on the same trees: the
findings it adds need a judgement (bench/checker_accuracy.py counts an unjudged finding as TP), and the ones it
drops turn judged TPs into misses. This lists both, one TSV row each (tree, path, line, rule, added|removed,
message), so they can be judged and written to bench/checker-judgements.tsv.

    .venv/bin/python bench/checker_diff.py --old /work/wt/frozen/.venv/bin/torchpatch \\
        --new .venv/bin/torchpatch TREE [TREE...]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path


def findings(torchpatch: str, tree: Path) -> dict[tuple[str, int, str], str]:
    """(path relative to the tree, line, rule) -> message."""
    result = subprocess.run([torchpatch, "check", str(tree), "--format", "json"],
                            capture_output=True, text=True)
    try:  # exit 2 with a report: some file could not be checked (it is listed under "errors")
        report = json.loads(result.stdout)
    except json.JSONDecodeError:
        sys.exit(f"{torchpatch} failed on {tree} (exit {result.returncode}): {result.stderr.strip()[-500:]}")
    return {(str(Path(f["file"]).resolve().relative_to(tree.resolve())), f["line"], f["rule"]): f["message"]
            for f in report["findings"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("trees", nargs="+", type=Path)
    parser.add_argument("--old", required=True, help="the frozen build's torchpatch executable")
    parser.add_argument("--new", required=True, help="the build to compare")
    args = parser.parse_args()
    totals = {"added": 0, "removed": 0}
    for tree in args.trees:
        old, new = findings(args.old, tree), findings(args.new, tree)
        for change, keys, messages in (("added", new.keys() - old.keys(), new),
                                       ("removed", old.keys() - new.keys(), old)):
            for path, line, rule in sorted(keys):
                print(f"{tree.name}\t{path}\t{line}\t{rule}\t{change}\t{messages[(path, line, rule)]}")
            totals[change] += len(keys)
    print(f"# {len(args.trees)} trees: {totals['added']} findings added, {totals['removed']} removed", file=sys.stderr)


if __name__ == "__main__":
    main()
