"""What a checkpoint file committed in the project holds, read without unpickling it.

A ``torch.load`` whose path names a file of the project (``torch.load("metrics/lpips_weights.ckpt")``,
``os.path.join(os.path.dirname(__file__), "w.pth")``) can be decided by the file itself: the globals its
pickle names are what ``weights_only=True`` checks. The pickle (a zip checkpoint's ``<archive>/data.pkl``, or
the pickles of the legacy format) is walked with :mod:`pickletools`, never loaded: every GLOBAL in the set
torch 2.15 allows (``weights-only-globals.json``, made by radar/weights_only_globals.py) means the load works
as is; any other GLOBAL fails with "Unsupported global: GLOBAL <name>". A pickle of protocol 4 or later (a
STACK_GLOBAL, read with the strings it takes from the stack or the memo) fails on its framing ("Unsupported
operand 149", checked on torch 2.15) whatever it holds: it counts only when it names a refused global.

Git LFS pointers, files over :data:`MAX_FILE_BYTES`, and anything that does not read as a torch checkpoint
give no verdict.
"""

from __future__ import annotations

import ast
import io
import json
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from .imports import dotted_name

GLOBALS_FILE = Path(__file__).with_name("weights-only-globals.json")
MAX_FILE_BYTES = 1 << 30  # a zip checkpoint is read only for its data.pkl member; larger files are skipped
MAX_PICKLE_BYTES = 32 << 20  # the pickle bytes walked (data.pkl, or the head of a legacy file)
LEGACY_MAGIC = 0x1950A86A20F9469CFC6C  # the first pickle of a legacy torch.save file
LFS_POINTER = b"version https://git-lfs"
_STRING_OPS = frozenset({"SHORT_BINUNICODE", "BINUNICODE", "BINUNICODE8", "UNICODE", "SHORT_BINSTRING",
                         "BINSTRING", "STRING"})


@lru_cache(maxsize=1)
def allowed_globals() -> frozenset[str]:
    return frozenset(json.loads(GLOBALS_FILE.read_text(encoding="utf-8"))["globals"])


# A NamedTuple, not a frozen dataclass: the class is made at every start-up, where a dataclass's generated methods
# cost ~1 ms of CPU (several times a NamedTuple's); it is only built and read.
class Verdict(NamedTuple):
    refused: str | None  # the first global weights_only refuses ("theseus.SparseStructure"); None: it loads
    stack_global: bool = False  # named by STACK_GLOBAL (pickle protocol 4 or later)


def pickle_globals(data: bytes) -> list[tuple[str, bool]]:
    """The globals one pickle names, in order: (``module.name``, named by STACK_GLOBAL). Raises ValueError
    (or what pickletools raises) on bytes that are not a whole pickle."""
    import pickletools  # here, not at import: few checks read a committed file, and it pulls in pickle

    found: list[tuple[str, bool]] = []
    memo: dict[int, object] = {}
    recent: list[object] = []  # the values pushed lately (strings only matter: STACK_GLOBAL pops two)
    for opcode, arg, _ in pickletools.genops(io.BytesIO(data)):
        name = opcode.name
        if name == "GLOBAL":
            module, _, attr = str(arg).partition(" ")
            found.append((f"{module}.{attr}", False))
            recent.append(None)
        elif name == "STACK_GLOBAL":
            module, attr = (recent[-2], recent[-1]) if len(recent) > 1 else (None, None)
            found.append((f"{module}.{attr}" if isinstance(module, str) and isinstance(attr, str) else "?", True))
            recent.append(None)
        elif name in _STRING_OPS:
            recent.append(arg if isinstance(arg, str) else None)
        elif name == "MEMOIZE":
            memo[len(memo)] = recent[-1] if recent else None
        elif name in ("PUT", "BINPUT", "LONG_BINPUT"):
            memo[int(arg)] = recent[-1] if recent else None
        elif name in ("GET", "BINGET", "LONG_BINGET"):
            recent.append(memo.get(int(arg)))
        elif name != "STOP":
            recent.append(None)
        del recent[:-4]
    return found


def _zip_pickle(path: str) -> bytes | None:
    import zipfile

    with zipfile.ZipFile(path) as archive:
        member = next((info for info in archive.infolist()
                       if info.filename == "data.pkl" or info.filename.endswith("/data.pkl")), None)
        if member is None or member.file_size > MAX_PICKLE_BYTES:
            return None
        return archive.read(member)


def _legacy_globals(head: bytes) -> list[tuple[str, bool]] | None:
    """A legacy ``torch.save`` file: magic number, protocol, system info, the object, the storage keys."""
    import pickletools

    stream = io.BytesIO(head)
    found: list[tuple[str, bool]] = []
    for index in range(5):
        start = stream.tell()
        ops = list(pickletools.genops(stream))
        if index == 0 and not any(arg == LEGACY_MAGIC for _, arg, _ in ops):
            return None  # not a torch file: torch.load itself fails on it ("Invalid magic number")
        found += pickle_globals(head[start:stream.tell()])
    return found


def read_verdict(path: str) -> Verdict | None:
    """What ``weights_only=True`` does with the file at ``path``; None when that cannot be told from its bytes."""
    import zipfile  # here, not at import: with shutil, bz2 and lzma it cost every run's start-up

    try:
        if os.path.getsize(path) > MAX_FILE_BYTES:
            return None
        with open(path, "rb") as handle:
            head = handle.read(MAX_PICKLE_BYTES)
        if head.startswith(LFS_POINTER):
            return None
        if zipfile.is_zipfile(path):
            data = _zip_pickle(path)
            found = None if data is None else pickle_globals(data)
        else:
            found = _legacy_globals(head)
    except Exception:  # noqa: BLE001 - a truncated, odd or unreadable file is simply no evidence
        return None
    if found is None:
        return None
    allowed = allowed_globals()
    for name, stacked in found:
        if name not in allowed:
            return Verdict(name, stacked)
    if any(stacked for _, stacked in found):
        return None  # protocol 4 framing fails too ("Unsupported operand 149"), but not for holding an object
    return Verdict(None)


def _is_file_folder(node: ast.expr) -> bool:
    """``os.path.dirname(__file__)`` (also of ``abspath``/``realpath``), ``Path(__file__).parent``
    (also after ``.resolve()``/``.absolute()``)."""
    if isinstance(node, ast.Call) and (dotted_name(node.func) or "").rsplit(".", 1)[-1] == "dirname" and node.args:
        inner = node.args[0]
        while isinstance(inner, ast.Call) and (dotted_name(inner.func) or "").rsplit(".", 1)[-1] in (
                "abspath", "realpath") and inner.args:
            inner = inner.args[0]
        return isinstance(inner, ast.Name) and inner.id == "__file__"
    if isinstance(node, ast.Attribute) and node.attr == "parent":
        inner = node.value
        while isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute) and inner.func.attr in (
                "resolve", "absolute") and not inner.args:
            inner = inner.func.value
        return (isinstance(inner, ast.Call) and (dotted_name(inner.func) or "").rsplit(".", 1)[-1] == "Path"
                and len(inner.args) == 1 and isinstance(inner.args[0], ast.Name) and inner.args[0].id == "__file__")
    return False


def path_literal(node: ast.AST | None) -> tuple[str, bool] | None:
    """The relative path a load's argument spells out, and whether it is relative to the file's own folder:
    ``"metrics/w.ckpt"``, ``os.path.join("a", "b.pth")``, ``Path("a") / "b.pth"``,
    ``os.path.join(os.path.dirname(__file__), "b.pth")``, ``Path(__file__).parent / "b.pth"``."""
    if isinstance(node, ast.Constant):
        return (node.value, False) if isinstance(node.value, str) and node.value else None
    if _is_file_folder(node):
        return "", True
    parts: list[ast.expr] = []
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        parts = [node.left, node.right]
    elif isinstance(node, ast.Call) and (dotted_name(node.func) or "").rsplit(".", 1)[-1] in ("join", "Path") \
            and node.args and not node.keywords and (dotted_name(node.func) or "") != "str.join":
        if isinstance(node.func, ast.Attribute) and node.func.attr == "join" and \
                (dotted_name(node.func.value) or "") not in ("os.path", "path", "osp", "posixpath"):
            return None  # "sep".join(...), not a path join
        parts = list(node.args)
    if not parts:
        return None
    resolved = [path_literal(part) for part in parts]
    if any(part is None for part in resolved) or any(anchored for _, anchored in resolved[1:]):
        return None
    text = os.path.join(*[part for part, _ in resolved]) if any(part for part, _ in resolved) else ""
    return (text, resolved[0][1]) if text else None


def resolve_file(relative: str, anchored: bool, source_file: str, root: str | None) -> str | None:
    """The committed file a load names: under the source file's folder; when not anchored to it, also under
    the folders above it up to the project root (the folder a script is run from), at most four levels."""
    if os.path.isabs(relative):
        return None  # a path on someone's machine, not a file of the project
    folder = os.path.dirname(os.path.abspath(source_file))
    for _ in range(1 if anchored else 5):
        candidate = os.path.normpath(os.path.join(folder, relative))
        if os.path.isfile(candidate):
            return candidate
        if root is not None and os.path.normpath(folder) == os.path.normpath(root):
            break
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    return None


# (text: re compiles them when first asked, in the few files naming a checkpoint by a template)
_FORMAT_FIELD = r"\{[^{}]*\}"
_PERCENT_FIELD = r"%[-#0 +]*(?:\d+|\*)?(?:\.\d+)?[diouxXeEfFgGs]"


def _name_pattern(node: ast.AST | None) -> str | None:
    """``fragment_*.pt`` for a file name spelled by a template whose fields fill a numbered family (or a prefix added to
    a spelled name: ``url + "train_features.pt"``); None where the name has no field, or no stem of three letters
    besides its fields (``"{}.pt".format(name)`` names any file)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format" and \
            isinstance(node.func.value, ast.Constant) and isinstance(node.func.value.value, str):
        text = re.sub(_FORMAT_FIELD, "*", node.func.value.value)
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and isinstance(node.left, ast.Constant) and \
            isinstance(node.left.value, str):
        text = re.sub(_PERCENT_FIELD, "*", node.left.value)
    elif isinstance(node, ast.JoinedStr):
        text = "".join(part.value if isinstance(part, ast.Constant) and isinstance(part.value, str) else "*"
                       for part in node.values)
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and isinstance(node.right, ast.Constant) and \
            isinstance(node.right.value, str) and "/" not in node.right.value:
        text = "*" + node.right.value  # features_url + "train_features.pt": as f"{features_url}train_features.pt"
    else:
        return None
    name = text.replace("\\", "/").rsplit("/", 1)[-1]
    stem, dot, suffix = name.rpartition(".")
    # the letters before the first dot: ``"%s.pth.tar" % name`` has an extension of two parts and no stem
    if "*" not in stem or not dot or not suffix.isalnum() or sum(c.isalpha() for c in name.partition(".")[0]) < 3:
        return None
    return name


def loaded_path(call: ast.Call) -> ast.expr | None:
    """The path argument of ``torch.load(f, ...)``."""
    if call.args:
        return call.args[0]
    return next((kw.value for kw in call.keywords if kw.arg == "f"), None)


def _run_time_name_folder(node: ast.AST | None) -> str | None:
    """``"/a/b/" + name``, ``f"/a/b/{name}"``, ``"/a/b/{name}".format(name=name)``: the folder (two levels or more)
    before a file name held in a variable."""
    folder = None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and isinstance(node.left, ast.Constant) \
            and dotted_name(node.right) is not None:
        folder = node.left.value
    elif isinstance(node, ast.JoinedStr) and len(node.values) == 2 and isinstance(node.values[0], ast.Constant) \
            and isinstance(node.values[1], ast.FormattedValue) and dotted_name(node.values[1].value) is not None:
        folder = node.values[0].value
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format" \
            and isinstance(node.func.value, ast.Constant) and isinstance(text := node.func.value.value, str) \
            and re.fullmatch(r"[^{}]*/\{\w*\}", text):
        folder = text[:text.rindex("{")]
    if isinstance(folder, str) and folder.endswith("/") and folder.strip("./").count("/") >= 1:
        return folder
    return None


def file_name(node: ast.AST | None) -> str | None:
    """The file name a path expression ends in, when it is spelled out whole: ``"out/split_dict.pt"``,
    ``os.path.join(d, "split_dict.pt")``, ``f"{d}/adj.pt"``, ``d / "adj.pt"``, ``str(d) + "/adj.pt"``; None for ``f"{name}.pt"`` or a
    name held in a variable (a suffix names no particular file). A numbered family of files spelled by a template
    with a stem of its own (``"fragment_{:06d}.pt".format(i)``, ``f"{d}/fragment_{i:06d}.pt"``, ``"data_%i.pt" % n``)
    is named by its pattern, ``fragment_*.pt``: every spelling of that template names the same files."""
    if (pattern := _name_pattern(node)) is not None:
        return pattern
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        name = node.value.replace("\\", "/").rsplit("/", 1)[-1]
        return name if "." in name.strip(".") else None
    if isinstance(node, ast.JoinedStr) and node.values and isinstance(last := node.values[-1], ast.Constant) and \
            isinstance(last.value, str) and "/" in last.value:
        return file_name(last)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        return file_name(node.right)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and isinstance(node.right, ast.Constant) and \
            isinstance(node.right.value, str) and "/" in node.right.value:
        return file_name(node.right)  # str(d) + "/best_model.pth"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and isinstance(node.right, ast.Constant) and \
            isinstance(node.right.value, str) and node.right.value.startswith(".") and \
            isinstance(node.left, ast.Attribute) and (option := dotted_name(node.left)) is not None:
        # args.env_name + ".pt": the file an option names, in every script; a suffix with a stem of its own names its
        # file under whichever option holds the prefix (OpenNMT's preprocess writes opt.save_data + ".train.pt",
        # its train reads opt.data + ".train.pt")
        stemmed = "." in node.right.value.strip(".")
        return f"{{{'*' if stemmed else option}}}{node.right.value}"
    if (folder := _run_time_name_folder(node)) is not None:
        # "/home/me/project/" + self.name: the files of one folder of two levels or more, named at run time (a folder
        # that deep is the project's own: a script that saves whole models there and one that loads them back)
        return folder + "*"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "open" and node.args:
        return file_name(node.args[0])  # torch.save(x, open(path, "wb"))
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("join", "joinpath") \
            and node.args and (node.func.attr == "joinpath" or (dotted_name(node.func.value) or "") in (
                "os.path", "path", "osp", "posixpath") or (len(node.args) >= 2 and not isinstance(
                node.func.value, ast.Constant))):
        # any receiver with two parts or more (``op.join(d, "a.bin")`` after ``import os.path as op``, ``bf.join``):
        # str.join takes one iterable, so a join of two arguments joins a path
        return file_name(node.args[-1])
    return None
