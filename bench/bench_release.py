"""Releases as users install them: build, install from each source, first search, the linter hook.

    python bench/bench_release.py [--out bench/release.json] [--skip-installs]

From a scratch git repository of the working tree (what a clone gives):
- `python -m build`: the sdist, then a wheel from it (sizes, time; the build cache state is reported);
- `pip install .` (in the clone), `pip install git+file://...` and `pip install WHEEL`, each into a fresh
  venv with pip (its cache as it is on this machine): time and venv size;
- the first `torchpatch search` on the wheel's venv from a fresh home;
- `pre-commit install-hooks` for the torchpatch-check hook (time, size of PRE_COMMIT_HOME), beside what
  TorchFix's `language: python` hook installs (a venv with `pip install torchfix`, time and size).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def timed(args, **kwargs) -> float:
    started = time.monotonic()
    subprocess.run([str(a) for a in args], check=True, capture_output=True, **kwargs)
    return round(time.monotonic() - started, 1)


def size_mb(folder: Path) -> float:
    return round(int(subprocess.run(["du", "-sb", str(folder)], capture_output=True, text=True,
                                    check=True).stdout.split()[0]) / 1e6, 1)


def clean_env(**extra) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TORCHPATCH_", "VIRTUAL_ENV", "PYTHONPATH"))}
    return {**env, **extra}


def snapshot(scratch: Path) -> tuple[Path, str]:
    repo = scratch / "pytorch-knowledge-patch"
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=REPO,
                            capture_output=True, text=True, check=True).stdout
    for name in filter(None, listed.split("\0")):
        if (REPO / name).is_file() and not (REPO / name).is_symlink():
            (repo / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, repo / name)
    git = ["git", "-c", "user.name=bench", "-c", "user.email=bench@example.invalid"]
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "snapshot"]):
        subprocess.run([*git, *args], cwd=repo, check=True)
    return repo, subprocess.run(["git", "rev-parse", "HEAD"], cwd=repo, capture_output=True, text=True,
                                check=True).stdout.strip()


def pip_install(folder: Path, target: str) -> dict:
    venv = folder / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    seconds = timed([venv / "bin" / "python", "-m", "pip", "install", "--quiet", target], env=clean_env())
    return {"install_s": seconds, "venv_mb": size_mb(venv), "venv": venv}


def first_search(venv: Path, home: Path) -> float:
    return timed([venv / "bin" / "torchpatch", "search", "torch.load weights_only", "--k", "5"],
                 env=clean_env(TORCHPATCH_HOME=str(home)))


def hook(scratch: Path, repo: Path, rev: str) -> dict:
    project = scratch / "project"
    project.mkdir()
    (project / "train.py").write_text("import torch\n", encoding="utf-8")
    (project / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {repo.as_uri()}\n    rev: {rev}\n    hooks:\n      - id: torchpatch-check\n")
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    home = scratch / "pre-commit-home"
    precommit = shutil.which("pre-commit", path=str(Path(sys.executable).parent)) or "pre-commit"
    seconds = timed([precommit, "install-hooks"], cwd=project, env=clean_env(PRE_COMMIT_HOME=str(home)))
    return {"install_s": seconds, "env_mb": size_mb(home)}


def torchfix_hook(scratch: Path) -> dict:
    """What pre-commit does for TorchFix's `language: python` hook: a venv, then pip install of the package."""
    venv = scratch / "torchfix-venv"
    started = time.monotonic()
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    subprocess.run([venv / "bin" / "python", "-m", "pip", "install", "--quiet", "torchfix"], check=True,
                   env=clean_env())
    return {"install_s": round(time.monotonic() - started, 1), "env_mb": size_mb(venv)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, default=REPO / "bench" / "release.json")
    parser.add_argument("--skip-installs", action="store_true", help="only the build and the hooks")
    parser.add_argument("--only", action="append", help="only this install, e.g. 'pip install git+file' (repeatable)")
    args = parser.parse_args()
    results: dict = {"load_average": os.getloadavg()[0],
                     "build_cache_warm": (Path.home() / ".cache" / "torchpatch-build").exists()}
    with tempfile.TemporaryDirectory(prefix="bench-release-") as name:
        scratch = Path(name)
        repo, rev = snapshot(scratch)
        dist = scratch / "dist"
        results["build_s"] = timed([sys.executable, "-m", "build", "--installer", "uv", "--outdir", dist, repo],
                                   env=clean_env())
        (wheel,) = dist.glob("*.whl")
        (sdist,) = dist.glob("*.tar.gz")
        results["wheel_mb"], results["sdist_mb"] = round(wheel.stat().st_size / 1e6, 1), round(sdist.stat().st_size / 1e6, 2)
        print(json.dumps(results), flush=True)
        results["hook"] = hook(scratch, repo, rev)
        results["torchfix_hook"] = torchfix_hook(scratch)
        print(json.dumps({k: results[k] for k in ("hook", "torchfix_hook")}), flush=True)
        if not args.skip_installs:
            for label, target in (("pip install WHEEL", str(wheel)), ("pip install .", str(repo)),
                                  ("pip install git+file", f"git+{repo.as_uri()}@{rev}")):
                if args.only and label not in args.only:
                    continue
                folder = scratch / label.replace(" ", "_").replace("+", "_").replace(".", "dot")
                folder.mkdir()
                installed = pip_install(folder, target)
                venv = installed.pop("venv")
                if label == "pip install WHEEL":
                    installed["first_search_s"] = first_search(venv, scratch / "home")
                shutil.rmtree(venv)
                results[label] = installed
                print(json.dumps({label: installed}), flush=True)
    args.out.write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
