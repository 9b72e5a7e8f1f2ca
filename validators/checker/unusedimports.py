"""Torch functions imported by name and never used in the importing module; torch names only compared.

``from torch.cuda.amp import custom_bwd, custom_fwd`` binds two function objects; the FutureWarning comes from
calling the decorator, and ``from torch.ao.quantization.quantize_fx import prepare_fx`` warns only when
prepare_fx runs (run on 2.15: the import statements print nothing). A name rule reports the import line, the
one place the walker reports an imported name, so the finding stands for every use in the file. Where the
file never reads the bound name, there is no use: the finding is dropped when

- reading the API is harmless (listednames.read_is_harmless: not gone from the target, and the rule does not
  say that reading fails or warns, as ``torch.has_cuda``'s module ``__getattr__`` does on import too);
- the import binds the API itself, not a module that holds it (``from torch.nn.utils import weight_norm``
  binds the function; importing a module runs its code);
- the module does not hand the name on: it is not a package's ``__init__.py``, ``__all__`` does not list it
  (an ``__init__`` that imports names is their public home; callers import them from there), and no other
  import statement of the module binds the same name (alternatives chosen by a device or version check make a
  compatibility name for callers).

The same holds where a name is only compared: ``type(m) in [nn.Dropout, nn.Dropout2d]``,
``isinstance(m, (nn.Dropout2d, nn.Dropout3d))`` and ``brevitas.jit.script == torch.jit.script`` read the class or
function object and construct or call nothing (run on 2.15: no warning). The walker notes such
operands (:func:`compared_operands`, :func:`type_test_operands`, noted as the walk meets the comparison, before
its operands); a name rule whose reading is harmless does not report them.
"""

from __future__ import annotations

import ast
import os


def names_read(tree: ast.AST) -> set[str]:
    """Every name the module reads (``custom_fwd`` in ``@custom_fwd``, ``f = prepare_fx``, a call), every
    string ``__all__`` lists, and every name two import statements bind: ``if is_npu_available(): from torch.npu.amp
    import GradScaler / else: from torch.cuda.amp import GradScaler`` is a compatibility module choosing the name
    its callers import, not a module that imports something by mistake."""
    read: set[str] = set()
    imported: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                name = alias.asname or alias.name.partition(".")[0]
                if name in imported:
                    read.add(name)
                imported.add(name)
        elif isinstance(node, ast.Name):
            if node.ctx.__class__ is ast.Load:
                read.add(node.id)
        elif isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets) and node.value is not None:
                read.update(e.value for e in ast.walk(node.value)
                            if isinstance(e, ast.Constant) and isinstance(e.value, str))
    return read


def hands_names_on(filename: str) -> bool:
    """A package's ``__init__.py``: what it imports is what the package offers."""
    return os.path.basename(filename) == "__init__.py"


_IDENTITY = (ast.Eq, ast.NotEq, ast.Is, ast.IsNot)
_MEMBERSHIP = (ast.In, ast.NotIn)
_DISPLAYS = (ast.List, ast.Tuple, ast.Set)


def compared_operands(node: ast.Compare) -> list[int]:
    """id() of the names and attributes ``node`` only compares: a side of ``==``/``!=``/``is``/``is not``, or an
    element of the list, tuple or set displayed after ``in``/``not in`` (``type(m) in [nn.Dropout2d, ...]``)."""
    found: list[int] = []
    left = node.left
    for op, right in zip(node.ops, node.comparators):
        if isinstance(op, _IDENTITY):
            found += [id(side) for side in (left, right) if isinstance(side, (ast.Name, ast.Attribute))]
        elif isinstance(op, _MEMBERSHIP) and isinstance(right, _DISPLAYS):
            found += [id(e) for e in right.elts if isinstance(e, (ast.Name, ast.Attribute))]
        left = right
    return found


def type_test_operands(call: ast.Call) -> list[int]:
    """id() of the classes ``isinstance(x, C)`` / ``issubclass(t, (C, D))`` test against."""
    if not (isinstance(call.func, ast.Name) and call.func.id in ("isinstance", "issubclass")
            and len(call.args) == 2 and not call.keywords):
        return []
    classes = call.args[1]
    return [id(e) for e in (classes.elts if isinstance(classes, ast.Tuple) else [classes])
            if isinstance(e, (ast.Name, ast.Attribute))]
