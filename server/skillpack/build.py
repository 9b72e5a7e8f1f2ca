"""Assemble the Agent Skills folder ``<dest>/pytorch-knowledge-patch/`` from ``skill/`` and the references.

The folder gets SKILL.md and scripts/ from the source folder, every reference file
under references/, and assets/sections.json (the section index the scripts read).
It is written next to its destination and swapped in whole, so an agent never
reads a half-written skill and a rebuild leaves no stale reference behind.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from torchpatch.validators.errors import InvalidInput, NotFound
from torchpatch.validators.home import home_dir
from torchpatch.validators.markdown import Problem, iter_reference_files, parse_reference
from torchpatch.validators.verification import RECORD_NAME, load_record

from .index import TABLE_HEADING, section_index, unindexed_references
from .links import check_links

SKILL_NAME = "pytorch-knowledge-patch"
REPO_ROOT = Path(__file__).resolve().parents[2]
DEFAULT_SOURCE = REPO_ROOT / "skill"
DEFAULT_REFERENCES = REPO_ROOT / "references"
_IGNORED = shutil.ignore_patterns("__pycache__", "*.pyc", ".*")


@dataclass
class SkillBuild:
    folder: Path
    references: list[str]  # file names copied into references/
    sections: int
    broken_links: list[Problem] = field(default_factory=list)  # content problems: reported, not fatal


def read_frontmatter(skill_md: str) -> dict:
    """The YAML mapping between the opening and closing ``---`` of SKILL.md."""
    lines = skill_md.splitlines()
    if not lines or lines[0].strip() != "---" or "---" not in (line.strip() for line in lines[1:]):
        raise InvalidInput("SKILL.md must start with YAML frontmatter between two '---' lines")
    end = next(i for i, line in enumerate(lines[1:], start=1) if line.strip() == "---")
    data = yaml.safe_load("\n".join(lines[1:end]))
    if not isinstance(data, dict):
        raise InvalidInput("SKILL.md frontmatter must be a YAML mapping")
    return data


def reference_files(references_dir: Path) -> list[Path]:
    if not references_dir.is_dir():
        raise NotFound(f"no references folder at {references_dir}: pass --references DIR")
    files = list(iter_reference_files([references_dir]))
    if not files:
        raise NotFound(f"no reference files (*.md besides README.md) in {references_dir}")
    names = [p.name for p in files]
    if len(set(names)) != len(names):
        raise InvalidInput(f"two reference files share a name in {references_dir}; the skill keeps them flat")
    return files


def build_skill(dest: str | Path, references_dir: str | Path = DEFAULT_REFERENCES,
                source_dir: str | Path = DEFAULT_SOURCE) -> SkillBuild:
    """Write ``dest/pytorch-knowledge-patch/``; raise when SKILL.md does not index every reference."""
    dest, references_dir, source_dir = Path(dest).expanduser(), Path(references_dir), Path(source_dir)
    skill_md_path = source_dir / "SKILL.md"
    if not skill_md_path.is_file():
        raise NotFound(f"no SKILL.md in {source_dir}: pass --source DIR (the repository's skill/ folder)")
    skill_md = skill_md_path.read_text(encoding="utf-8")
    if read_frontmatter(skill_md).get("name") != SKILL_NAME:
        raise InvalidInput(f"SKILL.md frontmatter must say name: {SKILL_NAME} (the folder takes that name)")
    files = reference_files(references_dir)
    missing = unindexed_references(skill_md, files)
    if missing:
        raise InvalidInput(f"{skill_md_path} does not list {', '.join(missing)}: add a row for each to its "
                           f"'{TABLE_HEADING}' table, or agents will never open the file")
    references = [parse_reference(p, display=f"references/{p.name}") for p in files]

    dest.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{SKILL_NAME}-", dir=dest))
    try:
        folder = staging / SKILL_NAME
        shutil.copytree(source_dir, folder, ignore=_IGNORED)
        (folder / "references").mkdir(exist_ok=True)
        for path in files:
            shutil.copyfile(path, folder / "references" / path.name)
        (folder / "assets").mkdir(exist_ok=True)
        index = section_index(references, verification=(load_record(references_dir / RECORD_NAME),
                                                         load_record(home_dir() / RECORD_NAME)))
        (folder / "assets" / "sections.json").write_text(json.dumps(index, indent=1) + "\n", encoding="utf-8")
        target = _swap_in(folder, dest / SKILL_NAME)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    markdown = [target / "SKILL.md", *sorted((target / "references").glob("*.md"))]
    return SkillBuild(target, [p.name for p in files], sum(len(r.sections) for r in references),
                      check_links(markdown, target))


def install_skill(dest: str | Path | None = None, **sources) -> SkillBuild:
    """Build the skill where agents look for skills: ``~/.claude/skills/`` unless ``dest`` says otherwise."""
    return build_skill(Path(dest) if dest else Path.home() / ".claude" / "skills", **sources)


def _swap_in(new: Path, target: Path) -> Path:
    if target.exists() and not (target / "SKILL.md").is_file():
        raise InvalidInput(f"{target} exists and is not a skill folder; move it away or choose another --dest")
    old = new.parent / "previous"
    if target.exists():
        target.rename(old)
    new.rename(target)
    return target
