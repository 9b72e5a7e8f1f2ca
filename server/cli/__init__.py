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


COMMAND_MODULES = ("validate_cmd", "search_cmd", "skill_cmd", "radar_cmd", "check_cmd")


def _register() -> None:
    """Each module adds its commands to ``cli`` when imported."""
    import importlib
    import importlib.util

    for name in COMMAND_MODULES:
        if importlib.util.find_spec(f"{__name__}.{name}") is not None:
            importlib.import_module(f"{__name__}.{name}")


_register()
