"""The Agent Skills pack: ``skill/`` plus the references, built into a folder agents load on demand.

    build_skill(dest, references_dir, source_dir)  -> SkillBuild   writes dest/pytorch-knowledge-patch/
    install_skill(dest=None)                       -> SkillBuild   the same, into ~/.claude/skills/
    write_llms_files(dest, references_dir, prefix) -> paths        llms.txt and llms-full.txt

A reference that SKILL.md's file table does not list stops the build (InvalidInput);
a broken link is reported in ``SkillBuild.broken_links`` and does not.
"""

from .build import DEFAULT_REFERENCES, DEFAULT_SOURCE, SKILL_NAME, SkillBuild, build_skill, install_skill, read_frontmatter
from .llms import write_llms_files

__all__ = [
    "DEFAULT_REFERENCES",
    "DEFAULT_SOURCE",
    "SKILL_NAME",
    "SkillBuild",
    "build_skill",
    "install_skill",
    "read_frontmatter",
    "write_llms_files",
]
