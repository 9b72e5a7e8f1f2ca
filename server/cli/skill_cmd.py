"""``torchpatch skill build`` and ``torchpatch skill install``: the Agent Skills pack."""

from __future__ import annotations

import click

from . import cli

_SOURCES = [
    click.option("--references", "references_dir", type=click.Path(file_okay=False), default=None,
                 help="Reference files to pack [default: the repository's references/]."),
    click.option("--source", "source_dir", type=click.Path(file_okay=False), default=None,
                 help="Folder with SKILL.md and scripts/ [default: the repository's skill/]."),
]


def _with_sources(command):
    for option in reversed(_SOURCES):
        command = option(command)
    return command


@cli.group()
def skill() -> None:
    """Build or install the pytorch-knowledge-patch Agent Skills folder."""


@skill.command()
@click.option("--dest", type=click.Path(file_okay=False), required=True,
              help="Write DEST/pytorch-knowledge-patch/ (and DEST/llms.txt, DEST/llms-full.txt).")
@click.option("--llms/--no-llms", default=True, show_default=True,
              help="Also write llms.txt (index) and llms-full.txt (every reference) next to the skill.")
@_with_sources
def build(dest, llms, references_dir, source_dir):
    """Write a complete, spec-valid skill folder: SKILL.md, references/, scripts/, assets/."""
    from torchpatch.server.skillpack import SKILL_NAME, build_skill, write_llms_files

    result = build_skill(dest, **_sources(references_dir, source_dir))
    _report(result)
    if llms:
        for path in write_llms_files(dest, result.folder / "references", link_prefix=f"{SKILL_NAME}/references/"):
            click.echo(f"Wrote {path}")


@skill.command()
@click.option("--dest", type=click.Path(file_okay=False), default=None,
              help="Skills folder of your agent [default: ~/.claude/skills/].")
@_with_sources
def install(dest, references_dir, source_dir):
    """Install the skill where agents look for skills (replaces an earlier install)."""
    from torchpatch.server.skillpack import install_skill

    _report(install_skill(dest, **_sources(references_dir, source_dir)))


def _sources(references_dir, source_dir) -> dict:
    chosen = {"references_dir": references_dir, "source_dir": source_dir}
    return {key: value for key, value in chosen.items() if value}


def _report(result) -> None:
    click.echo(f"Wrote {result.folder} ({len(result.references)} reference files, {result.sections} sections)")
    for problem in result.broken_links:
        click.echo(f"Warning: broken link: {problem}", err=True)
