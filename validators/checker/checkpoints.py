"""What a file tells about checkpoints beyond one ``torch.load`` call: which checkpoint layouts it
saves, whether it is Lightning code, and the loads whose evidence lies elsewhere in the project.

Two kinds of evidence are resolved once every file of a run has been walked (see project.py):

- ``saved-in-project``: some file saves (``torch.save(d, p)``, ``save_on_master(d, p)``, any
  ``*save*(d, ...)``) a dict literal, or a name bound to one, that holds an object
  (``{"model": ..., "args": args}``), and this load reads only keys of that layout
  (``checkpoint["model"]``);
- ``lightning-checkpoint``: the path is visibly a ``.ckpt`` file (and the project writes no plain
  ``.ckpt`` itself), or the result is read with a key only Lightning checkpoints have
  (``"callbacks"``, ``"pytorch-lightning_version"``, ...), or, in a project that imports
  Lightning, only with Lightning's ``"state_dict"`` / ``"global_step"`` keys (and the project
  saves no plain dict holding every key the load reads: that could be the file it reads). Older
  Lightning checkpoints pickle callback classes and an enum (Lightning's own ``pl_legacy_patch``
  says so), and ``hyper_parameters`` may hold any object; ``weights_only=True``
  refuses them with "Unsupported global". A current Lightning checkpoint with plain hyper-parameters
  loads, hence a warning, not an error.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from .imports import dotted_name
from .rule import Rule

# Keys only a Lightning checkpoint has at its top level.
LIGHTNING_KEYS = frozenset({"pytorch-lightning_version", "callbacks", "loops", "hparams_name", "hyper_parameters",
                            "optimizer_states", "lr_schedulers", "hparams_type"})
# Keys of Lightning's layout that other checkpoints use too: evidence only in a Lightning project.
LIGHTNING_LAYOUT = LIGHTNING_KEYS | {"state_dict", "global_step", "epoch"}
LIGHTNING_SHARED = frozenset({"state_dict", "global_step"})
LIGHTNING_MODULES = ("pytorch_lightning", "lightning.pytorch", "lightning")


def is_lightning_module(module: str) -> bool:
    return any(module == m or module.startswith(m + ".") for m in LIGHTNING_MODULES)


def names_ckpt_file(node: ast.AST | None, ckpt_names: set[str] = frozenset()) -> bool:
    """``"last.ckpt"``, ``f"{d}/epoch={e}.ckpt"``, ``os.path.join(d, "last.ckpt")``, ``d / "x.ckpt"``,
    ``"%s.ckpt" % n``, ``"{}.ckpt".format(n)``, or a name bound to one of those."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and node.value.endswith(".ckpt")
    if isinstance(node, ast.JoinedStr):
        return bool(node.values) and names_ckpt_file(node.values[-1])
    if isinstance(node, ast.BinOp):
        return names_ckpt_file(node.left if isinstance(node.op, ast.Mod) else node.right, ckpt_names)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        if node.func.attr == "format":
            return names_ckpt_file(node.func.value)
        if node.func.attr in ("join", "joinpath") and node.args:
            return names_ckpt_file(node.args[-1], ckpt_names)
    if isinstance(node, ast.Name):
        return node.id in ckpt_names
    return False


def saved_path(call: ast.Call) -> ast.expr | None:
    if len(call.args) > 1:
        return call.args[1]
    return next((kw.value for kw in call.keywords if kw.arg == "f"), None)


@dataclass(frozen=True)
class LoadCandidate:
    """A ``torch.load`` without ``weights_only=`` that no in-file evidence decided."""

    line: int
    column: int  # 1-based, in UTF-8 bytes like the AST
    api: str
    keys: frozenset[str]  # string keys its result is read with
    ckpt_path: bool  # its path is visibly a .ckpt file
    rules: tuple[Rule, ...]  # the rules waiting for project evidence


@dataclass
class FileEvidence:
    """One file's part of the project evidence."""

    file: str = ""
    object_layouts: list[tuple[frozenset[str], int, str]] = field(default_factory=list)  # keys, save line, object key
    plain_layouts: list[frozenset[str]] = field(default_factory=list)  # keys of saved dicts without objects
    plain_ckpt_saves: bool = False  # it writes plain content to a .ckpt path itself
    lightning: bool = False  # it imports Lightning
    candidates: list[LoadCandidate] = field(default_factory=list)

    def note_saved_dict(self, node: ast.Dict, line: int, holds_object) -> None:
        """``holds_object(value)``: the value is an object that weights_only refuses."""
        named = [(k.value, v) for k, v in zip(node.keys, node.values) if isinstance(k, ast.Constant)
                 and isinstance(k.value, str)]
        if not named:
            return
        held = next((key for key, value in named if holds_object(value)), None)
        if held is not None:
            self.object_layouts.append((frozenset(key for key, _ in named), line, held))
        else:
            self.plain_layouts.append(frozenset(key for key, _ in named))


def is_save_call(call: ast.Call, api: str | None) -> bool:
    """``torch.save`` or a helper named like one (``save_on_master``, ``save_checkpoint``, ``xm.save``)."""
    if api == "torch.save":
        return True
    name = dotted_name(call.func)
    return name is not None and "save" in name.rsplit(".", 1)[-1].lower()
