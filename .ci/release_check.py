"""What a release must satisfy before it is published; `make release-check` and the release workflow run it.

    python .ci/release_check.py [--dist DIR] [--tag vX.Y.Z]

- one release version: the newest entry (`## X.Y.Z`) of CHANGELOG.md, which the plugin manifests and the
  plugin's .mcp.json must name too (the MCP server reports the installed package's version);
- with --tag (the workflow passes the pushed tag): the tag is `v` + that version;
- with --dist: exactly one sdist and one wheel of that version, whose metadata PyPI accepts
  (`twine check --strict`), and a wheel that carries the query encoder and the section vectors. The
  package's version comes from git (setuptools-scm): only a build of the tagged commit is X.Y.Z; any
  other commit builds X.Y.(Z+1).devN+gHASH, which this check refuses.

Prints each problem and exits 1 when there is any.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DISTRIBUTION = "pytorch-knowledge-patch"
WHEEL_MODEL = ("all-MiniLM-L6-v2.onnx", "tokenizer.json", "section-vectors.npz")


def release_version() -> str | None:
    """The newest CHANGELOG.md entry's version: each release has its entry before its tag is pushed."""
    text = (REPO / "CHANGELOG.md").read_text(encoding="utf-8") if (REPO / "CHANGELOG.md").is_file() else ""
    found = re.search(r"^## (\d+\.\d+\.\d+)\b", text, re.MULTILINE)
    return found.group(1) if found else None


def version_problems(version: str) -> list[str]:
    plugin = json.loads((REPO / ".claude-plugin" / "plugin.json").read_text(encoding="utf-8"))
    market = json.loads((REPO / ".claude-plugin" / "marketplace.json").read_text(encoding="utf-8"))
    mcp = json.loads((REPO / ".mcp.json").read_text(encoding="utf-8"))
    named = {".claude-plugin/plugin.json version": plugin.get("version"),
             ".claude-plugin/marketplace.json metadata.version": market.get("metadata", {}).get("version")}
    for entry in market.get("plugins", []):
        named[f".claude-plugin/marketplace.json plugin {entry.get('name')} version"] = entry.get("version")
    pins = [arg.partition("==")[2] for server in mcp.get("mcpServers", {}).values() for arg in server.get("args", [])
            if arg.startswith(f"{DISTRIBUTION}==")]
    named[".mcp.json pytorch-knowledge-patch==..."] = pins[0] if len(pins) == 1 else f"{len(pins)} pins"
    return [f"{where} is {found!r}, CHANGELOG.md's newest entry is {version!r}" for where, found in named.items()
            if found != version]


def dist_problems(dist: Path, version: str) -> list[str]:
    stem = f"{DISTRIBUTION.replace('-', '_')}-{version}"
    sdists, wheels = sorted(dist.glob(f"{stem}.tar.gz")), sorted(dist.glob(f"{stem}-*.whl"))
    others = sorted(set(dist.iterdir()) - set(sdists) - set(wheels))
    problems = [f"{dist}: expected one sdist and one wheel of {version}, found {len(sdists)} and {len(wheels)}"
                f" (only the commit tagged v{version} builds {version})"] if len(sdists) != 1 or len(wheels) != 1 else []
    problems += [f"{dist}: unexpected file {path.name} (a stale build?)" for path in others]
    for wheel in wheels:
        names = set(zipfile.ZipFile(wheel).namelist())
        problems += [f"{wheel.name} lacks torchpatch/server/model/{name}" for name in WHEEL_MODEL
                     if f"torchpatch/server/model/{name}" not in names]
    if sdists or wheels:
        twine = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", *map(str, sdists + wheels)],
                               capture_output=True, text=True)
        if twine.returncode != 0:
            problems.append(f"twine check failed:\n{twine.stdout}{twine.stderr}")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dist", type=Path, help="the folder holding the built sdist and wheel")
    parser.add_argument("--tag", help="the pushed git tag, e.g. v0.1.0")
    args = parser.parse_args()
    version = release_version()
    if version is None:
        print("release-check: CHANGELOG.md has no '## X.Y.Z' entry", file=sys.stderr)
        return 1
    problems = version_problems(version)
    if args.tag is not None and args.tag != f"v{version}":
        problems.append(f"tag {args.tag!r} is not 'v{version}' (CHANGELOG.md's newest entry)")
    if args.dist is not None:
        problems += dist_problems(args.dist, version)
    for problem in problems:
        print(f"release-check: {problem}", file=sys.stderr)
    if not problems:
        print(f"release-check: {version} is ready" + (f" ({args.dist})" if args.dist else ""))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
