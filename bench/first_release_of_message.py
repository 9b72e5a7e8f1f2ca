"""Find the first torch release whose wheel holds a message: how the still-warns sections' old versions were read.

Usage (network to PyPI; each wheel is 0.6-0.9 GB, downloaded once into --cache and reduced to text):

    python bench/first_release_of_message.py --cache /tmp/wheels 1.0.0 1.5.0 2.0.0 2.3.0 \
        -m "non-inplace resize is deprecated" -m "Integer division with addcdiv"

For each release it keeps the wheel's Python sources and the printable strings of its libraries (the
Python bindings live in torch/_C*.so before 1.2 and in torch/lib/libtorch_python.so after), then drops
the wheel. A message counts as present when the sources (with implicitly concatenated literals joined)
or the strings hold it. PyPI has Linux wheels from 1.0.0 on, so "present in 1.0.0" means "1.0 or
earlier": the release that started such a warning needs another public record (the PR).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

# Libraries that hold no user-facing messages (CUDA kernels, vendored math libraries): skipped to save time.
SKIP_LIBRARIES = re.compile(r"gpu|cuda|cudnn|nccl|nvrtc|cublas|cufft|curand|cusparse|cusolver|nvToolsExt|gomp|mkl|nvJitLink|cupti")
KEEP_STRINGS = re.compile(r"deprecat|no longer|renamed|will be removed|legacy|recommended", re.IGNORECASE)


def python_tag(release: str) -> str:
    """An interpreter every listed release has a manylinux wheel for."""
    major, minor = (int(part) for part in release.split(".")[:2])
    return "3.7" if (major, minor) < (1, 4) else "3.8"


def reduce_wheel(release: str, cache: Path) -> Path:
    """cache/<release>/ with sources/ and strings.txt; downloads the wheel only when missing."""
    target = cache / release
    if (target / "strings.txt").exists():
        return target
    download = cache / f"wheel-{release}"
    subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--no-cache-dir", "-q", "-d", str(download),
                    f"torch=={release}", "--python-version", python_tag(release), "--only-binary=:all:",
                    "--platform", "manylinux1_x86_64"], check=True)
    wheel = next(download.glob("*.whl"))
    sources, strings = target / "sources", []
    with zipfile.ZipFile(wheel) as archive:
        for name in archive.namelist():
            if name.endswith(".py"):
                archive.extract(name, sources)
            elif name.startswith("torch/") and ".so" in name and not SKIP_LIBRARIES.search(name):
                data = archive.read(name)
                strings += [s.decode("ascii") for s in re.findall(rb"[\x20-\x7e]{6,}", data)
                            if KEEP_STRINGS.search(s.decode("ascii"))]
    (target / "strings.txt").write_text("\n".join(strings))
    shutil.rmtree(download)
    return target


def release_text(folder: Path) -> str:
    source = "\n".join(p.read_text(errors="replace") for p in (folder / "sources").rglob("*.py"))
    joined = re.sub(r"([\"'])\s*\n\s*[fr]?\1", "", source)  # "a "\n "b" -> "a b"
    return "\n".join((source, joined, (folder / "strings.txt").read_text()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("releases", nargs="+", help="torch releases to read, oldest first (1.0.0 ... 2.3.0)")
    parser.add_argument("-m", "--message", action="append", required=True, help="text to look for (repeatable)")
    parser.add_argument("--cache", type=Path, required=True, help="folder for the reduced wheels")
    args = parser.parse_args(argv)
    texts = {release: release_text(reduce_wheel(release, args.cache)) for release in args.releases}
    for message in args.message:
        present = [release for release in args.releases if message in texts[release]]
        print(f"{present[0] if present else '-':8} {message}  (present in: {', '.join(present) or 'none'})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
