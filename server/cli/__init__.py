"""The ``torchpatch`` command: each subcommand parses, calls one library function, renders.

Commands import their implementation lazily, so ``torchpatch search`` never pays
for what ``torchpatch validate`` needs (torch, rich tables) and vice versa.
"""

from __future__ import annotations

import sys

import click

from torchpatch.validators.errors import TorchpatchError


class _Group(click.Group):
    """Map the project's exception tree once: message on stderr, exit status 1."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except TorchpatchError as exc:
            click.echo(f"Error: {exc}", err=True)
            sys.exit(1)


@click.group(cls=_Group)
@click.version_option(package_name="pytorch-knowledge-patch")
def cli() -> None:
    """Current PyTorch (2.4 -> 2.15) knowledge for coding agents: validate, index, search, serve."""


def main() -> None:
    cli()


def _register() -> None:
    from . import validate_cmd  # noqa: F401  (each module adds its commands to ``cli``)


_register()
