"""Precision and recall of `torchpatch check`: on the judged snippet corpus, and on public trees.

1. tests/samples/checker/corpus/: each `# finding: <rule>` line is a judged true finding, every other
   line a judged non-finding; TP, FP and FN are exact. Folders under corpus/projects/ are checked
   as one run each (their evidence spans files).
2. With TREES_DIR (a folder holding the trees named in bench/checker-judgements.tsv, checked out at the
   commits listed there): every finding counts as TP unless the file lists it as FP; the file's FN rows
   are the misses. Tuning, held-out and new held-out trees are scored apart; per-rule counts are
   printed, and the torch.load rules on their own. An FN row whose line the checker now reports (under
   whatever rule id: judges name a miss before any rule for it exists) counts once, as the TP it now is;
   the count of such rows is printed, and how many TP are info hints (they do not warn on the target).
   An UNCALLED row is a finding in code nothing in its tree calls that would do what it says if run: TP
   under the linter policy (code counts wherever it sits; judges since round 16), FP under the
   reachability policy of rounds 13-15; both precisions are printed. A NEITHER row (since round 43) is a
   finding counted neither way: a torch.load of a file the tree never writes, whose content cannot be known.

    .venv/bin/python bench/checker_accuracy.py [TREES_DIR]
"""

from __future__ import annotations

import collections
import csv
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "samples" / "checker" / "corpus"
JUDGEMENTS = ROOT / "bench" / "checker-judgements.tsv"
_MARK = re.compile(r"#\s*finding:\s*([\w.:#-]+)\s*$")
_GROUP = re.compile(r"# ((?:[\w-]+ )*held-out trees)(?: \(|$)")


def ratio(a: int, b: int) -> str:
    return f"{100 * a / b:.1f}%" if b else "n/a"


def _marks(path: Path) -> set[tuple[int, str]]:
    return {(n, m.group(1)) for n, line in enumerate(path.read_text().splitlines(), 1) if (m := _MARK.search(line))}


def corpus_scores(check_source, check_paths) -> tuple[int, int, int]:
    """Single snippets one by one; each folder under projects/ as one run (evidence across files)."""
    tp = fp = fn = 0
    for path in sorted(CORPUS.glob("*.py")):
        expected = _marks(path)
        actual = {(f.line, f.rule) for f in check_source(path.read_text(), "2.15", path.name)}
        tp, fp, fn = tp + len(actual & expected), fp + len(actual - expected), fn + len(expected - actual)
    for project in sorted(p for p in (CORPUS / "projects").iterdir() if p.is_dir()):
        expected = {(p.relative_to(project).as_posix(), n, r) for p in project.rglob("*.py") for n, r in _marks(p)}
        actual = {(Path(f.file).relative_to(project).as_posix(), f.line, f.rule)
                  for f in check_paths([project], "2.15").findings}
        tp, fp, fn = tp + len(actual & expected), fp + len(actual - expected), fn + len(expected - actual)
    return tp, fp, fn


def tree_scores(trees: Path, check_paths) -> None:
    groups: dict[str, set[str]] = {"tuning trees": set()}  # "# held-out trees", "# new held-out trees (...)": a group
    group = "tuning trees"
    rows = []
    for line in JUDGEMENTS.read_text().splitlines():
        if (heading := _GROUP.match(line)) is not None:
            group = heading.group(1)
            groups[group] = set()
        elif line and not line.startswith("#"):
            rows.append(row := line.split("\t"))
            groups[group].add(row[0])
    for name, trees_set in groups.items():
        print(name + ":")
        _score([r for r in rows if r[0] in trees_set], trees, check_paths)


def _score(rows: list[list[str]], trees: Path, check_paths) -> None:
    fp = {(r[0], r[2], int(r[3]), r[4]) for r in rows if r[5] == "FP"}
    fn = [(r[0], r[2], int(r[3]), r[4]) for r in rows if r[5] == "FN"]
    uncalled = {(r[0], r[2], int(r[3]), r[4]) for r in rows if r[5] == "UNCALLED"}
    neither = {(r[0], r[2], int(r[3]), r[4]) for r in rows if r[5] == "NEITHER"}
    per_rule = collections.defaultdict(lambda: [0, 0, 0])  # tp, fp, fn
    files, flagged, info_tp, uncalled_tp = 0, set(), 0, 0
    for tree in sorted({r[0] for r in rows}):
        report = check_paths([trees / tree], "2.15")
        files += report.files
        for f in report.findings:
            key = (tree, Path(f.file).relative_to(trees / tree).as_posix(), f.line, f.rule)
            flagged.add(key[:3])
            if key in neither:
                continue
            per_rule[f.rule][1 if key in fp else 0] += 1
            info_tp += f.severity == "info" and key not in fp
            uncalled_tp += key in uncalled
    # A listed miss that a later checker flags at its line is found (its finding counted above, under the
    # checker's rule id); the row stays as the record of what the frozen checker missed.
    found = [row for row in fn if row[:3] in flagged]
    for row in fn:
        if row not in found:
            per_rule[row[3]][2] += 1
    tp, fps, fns = (sum(v[i] for v in per_rule.values()) for i in range(3))
    print(f"  {files} files, {tp + fps} findings: TP {tp}, FP {fps}, FN {fns}: "
          f"precision {ratio(tp, tp + fps)}, recall {ratio(tp, tp + fns)}"
          + (f" ({len(found)} listed misses now found)" if found else ""))
    if info_tp:  # hints (a renamed alias, a private import with a public home) do not warn on the target
        strict = tp - info_tp
        print(f"  of the TP, {info_tp} are info hints; counted as FP: precision {ratio(strict, tp + fps)}, "
              f"recall {ratio(strict, strict + fns)}")
    if uncalled_tp:
        called = tp - uncalled_tp
        print(f"  of the TP, {uncalled_tp} are in code nothing in the tree calls; counted as FP: "
              f"precision {ratio(called, tp + fps)}, recall {ratio(called, called + fns)}")
    for rule, (t, p, n) in sorted(per_rule.items(), key=lambda kv: -sum(kv[1])):
        print(f"    {rule:40} TP {t:4}  FP {p:3}  FN {n:3}")
    load = [per_rule[r] for r in per_rule if r.startswith("torch-load")]
    t, p, n = (sum(v[i] for v in load) for i in range(3))
    print(f"  torch.load alone: TP {t}, FP {p}, FN {n}: precision {ratio(t, t + p)}, recall {ratio(t, t + n)}")


def main() -> None:
    from torchpatch.validators.checker import check_paths, check_source

    tp, fp, fn = corpus_scores(check_source, check_paths)
    print(f"snippet corpus: TP {tp}, FP {fp}, FN {fn}: precision {ratio(tp, tp + fp)}, recall {ratio(tp, tp + fn)}")
    if len(sys.argv) > 1:
        tree_scores(Path(sys.argv[1]), check_paths)


if __name__ == "__main__":
    main()
