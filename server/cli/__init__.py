"""The ``torchpatch`` command: each subcommand parses, calls one library function, renders.

Commands import their implementation lazily, so ``torchpatch search`` never pays
for what ``torchpatch validate`` needs (torch, rich tables) and vice versa.
"""

from __future__ import annotations

import os
import sys

import click

# One BLAS thread: query embedding is a few small matmuls, and two threads stall on a 2-core machine.
# Set before anything imports numpy; snippets under `validate` get their own settings.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

from torchpatch.validators.errors import TorchpatchError


class _Group(click.Group):
    """Map the project's exception tree once: message on stderr, exit status 1. Command modules are imported
    when a command is looked up (see register_commands), not when the group is."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except TorchpatchError as exc:
            click.echo(f"Error: {exc}", err=True)
            sys.exit(1)

    def get_command(self, ctx: click.Context, cmd_name: str):
        register_commands(until=cmd_name)
        return super().get_command(ctx, cmd_name)

    def list_commands(self, ctx: click.Context):
        register_commands()
        return super().list_commands(ctx)


@click.group(cls=_Group)
@click.version_option(package_name="pytorch-knowledge-patch")
def cli() -> None:
    """Current PyTorch (2.4 -> 2.15) knowledge for coding agents: validate, index, search, serve."""


def main() -> None:
    """The console script. Exits without interpreter teardown: finalising lancedb, pyarrow and
    onnxruntime took about 1 s of a 2-3 s cold `torchpatch search`, after all output was written."""
    try:
        cli.main()  # standalone mode: always ends in SystemExit
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        if exc.code not in (None, 0) and not isinstance(exc.code, int):
            print(exc.code, file=sys.stderr)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


# check_cmd first: `torchpatch check` runs once per commit in pre-commit and CI, and its start-up is most of the
# CPU a small check costs, so it imports no other command's module (their click options took ~9 ms).
COMMAND_MODULES = ("check_cmd", "validate_cmd", "search_cmd", "skill_cmd", "radar_cmd")


def register_commands(until: str | None = None) -> None:
    """Import the command modules (each adds its commands to ``cli`` when imported) in order, stopping once
    the command ``until`` is registered; all of them when ``until`` is None (help, the list of commands)."""
    import importlib
    import importlib.util

    for name in COMMAND_MODULES:
        if until is not None and until in cli.commands:
            return
        module = f"{__name__}.{name}"
        if module not in sys.modules and importlib.util.find_spec(module) is not None:
            importlib.import_module(module)
