"""uint8 tensors used where torch wants a bool mask or condition (rule kind ``uint8-mask``).

torch 1.2 deprecated uint8 masks. On 2.15 ``torch.where(cond, a, b)``/``a.where(cond, b)`` and ``x[mask]`` still take
one and warn; ``masked_fill(_)``, ``masked_scatter(_)``, ``masked_select`` and ``x[mask] = v`` raise. A store of
several values (``x[m] = y[m]``, ``x[m] += 1``, ``x[m] = t`` where the mask is narrower than ``x`` and the sizes it leaves
are literals of two or more elements) is ``index_put_``, which only warns like a read: it is reported as a
condition (uint8-mask-condition), and not at all when the right side reads through the same mask (that read is).

A mask is reported only when it is provably uint8 in this file: made by ``.byte()``, ``.to(torch.uint8)``,
``.type(torch.uint8)``/``.type(torch.ByteTensor)``, ``torch.ByteTensor(...)`` or a call with ``dtype=torch.uint8``,
then kept through calls that keep the dtype (``m[:, None]``, ``.unsqueeze``, ``torch.unsqueeze(m, 2)``, ``.cuda()``,
``.scatter_``, ``.data``, ``Variable(m)``, ...) and through joins with bool parts, which torch promotes to uint8
(``(x == i) & ~m``, ``torch.cat((m, a != b))``), or read in the body of an ``if`` that tests it uint8 (``if
index.type() == "torch.ByteTensor":``, ``m.dtype == torch.uint8``, ``isinstance(m, torch.ByteTensor)``) with no
binding of it there before the read, or returned (every ``return``) by the file's one module-level function of the
name called (``pad = _compute_pad(...)``), or by a project function the file imports from another module
(helpermasks.py: ``mask = get_mask(...)``).
A name is followed through the file's bindings (provenance.py records them during the walk): the binding that runs
last before the use in the statement lists around it (``drop = x < k`` in one branch, ``drop = ....byte()`` two lines
above ``logits[drop] = v`` in another) with those nested between them (``m = m.cuda()`` under an ``if``), else every
binding still live (less one that the next plain assignment in its own statement list overwrites: ``m = a <= p`` then
``m = torch.from_numpy(m.astype(np.uint8))``), all of which must be uint8; a local asked again while its own bindings
are asked (``m = m.view(-1)`` under an ``if``) adds no evidence, and the answer must rest on a maker. A parameter is
followed to what the file passes for it, each value read at its call: the calls of its function by name (positional
or keyword) and, for a parameter no call passes by position (``forward(self, x, attn_mask=None)``, reached through
``self.layer(...)``), every call of the file passing that keyword; all of them must pass uint8. Comparisons (``m ==
1``), ``.bool()`` and arithmetic with other dtypes are not uint8, so a uint8 image used as data is left alone.

Where the finding goes: at the mask use when the uint8 value is made in the same function, a self attribute of the
class, or a value passed by a call of the function by its name; at the ``.byte()`` (or other uint8 maker) when the
value reaches the use only by a keyword name (the callee is a module attribute the file cannot name): that is the
line to change, and the line a reader of the maker does not suspect.

The work runs only for a file whose text makes a uint8 tensor (``.byte()``, ``torch.uint8``, ``ByteTensor``), in one
walk of its own after the checker's walk (shared with boolmasks.py).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache
from typing import Callable, Iterator, NamedTuple

from .aliases import callable_candidates
from .imports import (CHILD_FIELDS, ENTERED, Memo, child_fields, dotted_name, names_device, nested_fields, own_statements,
                      parameter_defaults, walk_nodes)
from .provenance import NUMPY_MODULES, Provenance

_DEPTH = 16  # steps of one chain of reads (a method, a name, a parameter); a bound on recursion, not a judgement
_BUSY = object()  # a question being answered: asked again inside itself, it is not evidence
# Tensor methods whose result has the receiver's dtype
_KEEP_DTYPE = frozenset({
    "unsqueeze", "squeeze", "view", "view_as", "reshape", "reshape_as", "expand", "expand_as", "transpose", "permute",
    "t", "contiguous", "clone", "detach", "cuda", "cpu", "flatten", "repeat", "flip", "narrow", "index_select",
    "scatter_", "scatter", "fill_", "zero_", "triu", "tril", "triu_", "tril_", "roll", "unsqueeze_", "squeeze_",
    "transpose_", "pin_memory", "gather", "chunk", "split", "unbind", "bernoulli_", "random_"})
# elementwise functions of two tensors: the result has their promoted dtype (uint8 with bool stays uint8)
_ELEMENTWISE_PAIRS = frozenset({"torch.max", "torch.min", "torch.maximum", "torch.minimum"})
_UINT8_TYPES = frozenset({"torch.uint8", "torch.ByteTensor", "torch.cuda.ByteTensor"})
_BYTE_TYPE_NAMES = frozenset({"torch.ByteTensor", "torch.cuda.ByteTensor"})  # the uint8 constructors
_TORCH_MODULES = frozenset({"torch", "torch.cuda"})  # th = torch.cuda if cuda else torch: th.ByteTensor is uint8
# calls whose result has their first argument's dtype (a numpy array's, for the converters)
_KEEP_DTYPE_CALLS = frozenset({"torch.from_numpy", "torch.as_tensor", "torch.tensor", "torch.nn.Parameter",
                               "torch.nn.parameter.Parameter", "torch.autograd.Variable",
                               "torch.autograd.variable.Variable"})
# calls joining a sequence of tensors into one of their promoted dtype (uint8 with bool parts stays uint8)
_JOINS = frozenset({"torch.cat", "torch.concat", "torch.concatenate", "torch.stack"})
_ELEMENTWISE_COMPARISONS = (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)
_NUMPY_UINT8 = frozenset({"numpy.uint8", "np.uint8"})
_NUMPY_UINT8_DTYPE = re.compile(r"dtype\s*=\s*(?:np\.|numpy\.|[\"'])uint8")
_CONVERTER_TEXTS = ("from_numpy(", "tensor(", "as_tensor(")
# Tensor methods whose first argument (or mask=) is a mask; torch.masked_select(x, mask) takes it second
# statements that always fall through to the next one
_PLAIN = (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Expr, ast.Pass)
_MASK_METHODS = frozenset({"masked_fill", "masked_fill_", "masked_scatter", "masked_scatter_", "masked_select"})
# one-argument helpers that move a tensor to the GPU as it is: ``cuda_(x)``, ``to_cuda(x)``, ``to_var(x)``, ``gpu(x)``
_DEVICE_HELPER = re.compile(r"(?:to_|maybe_)?(?:cuda|gpu)_?|to_device|(?:to|make)_var", re.IGNORECASE)
_STATEMENT = Memo(lambda kind: issubclass(kind, ast.stmt))  # class -> a statement's class: asked of every node


# A NamedTuple, not a frozen dataclass: the class is made at every start-up, where a dataclass's generated methods
# cost ~1 ms of CPU (several times a NamedTuple's); it is only built and read.
class _Span(NamedTuple):
    """Where a finding at a maker goes: the ``byte`` of ``x.byte()`` (the line a multi-line chain spells it on)."""

    lineno: int
    col_offset: int
    end_lineno: int
    end_col_offset: int


@dataclass(eq=False)  # compared by identity: a generated __eq__ would only cost start-up
class _Function:
    """A function of the file whose parameters a uint8 mask may reach through its calls."""

    node: ast.AST
    owner: str | None  # the class of a method
    positional: list[str]  # parameters taken by position, without self/cls


class _Calls:
    """The file's functions, calls, statement positions and mask uses, read in one walk (only for a file that
    makes uint8 tensors)."""

    def __init__(self, tree: ast.AST, resolve: Callable) -> None:
        # callee's last name -> (call, caller's scope, class of the caller's method, caller's innermost statement)
        self.by_name: dict[str, list[tuple[ast.Call, int, str | None, int | None]]] = {}
        # keyword -> (passed value, caller's scope, caller's innermost statement)
        self.by_keyword: dict[str, list[tuple[ast.expr, int, int | None]]] = {}
        self.functions: dict[int, _Function] = {}
        self.classes: set[int] = set()  # class body scopes: a method does not read their names
        self.stored: dict[int, set[str]] = {}  # scope -> names any statement stores there (for, with, +=, ...)
        # id(statement) -> (id of its statement list, its index there, id of the node holding the list)
        self.positions: dict[int, tuple[int, int, int]] = {}
        self.statement_of: dict[int, int] = {}  # id(bound value) -> id(its assignment)
        self.blocks: dict[int, list] = {}  # id(statement list) -> the list
        self.ifs: dict[int, ast.If] = {}  # id(if statement) -> the statement (its test may prove a mask uint8)
        self.uses: list[tuple[ast.AST, ast.expr, str, int, int | None]] = []  # see _use
        self.assigned: dict[int, ast.expr | None] = {}  # id(x[...] target) -> the value stored (None: x[...] op= v)
        # ``a - b``, ``-a``, ``a -= b`` for boolmasks.py: (node, the sides it tests, scope, innermost statement)
        self.subtractions: list[tuple[ast.AST, tuple[ast.expr, ...], int, int | None]] = []
        self.crfs = _crf_holders(tree)  # self.crf = CRF(...) of pytorch-crf: its forward and decode take a mask
        Call, Name, Load, ClassDef = ast.Call, ast.Name, ast.Load, ast.ClassDef
        functions = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
        # (node, scope, class of the enclosing method, innermost statement)
        stack: list[tuple[ast.AST, int, str | None, int | None]] = [(tree, 0, None, None)]
        push, stored = stack.append, self.stored.setdefault
        while stack:
            node, scope, owner, statement = stack.pop()
            kind = node.__class__
            inner, inner_owner = scope, owner
            if kind is Call:
                self._note(node, scope, owner, statement)
                self._use_call(node, scope, statement, resolve)
            elif kind is ast.Subscript:
                self._use_index(node, scope, statement)
            elif kind is ast.Assign:
                for target in node.targets:
                    self.assigned[id(target)] = node.value
            elif kind is ast.AugAssign:
                self.assigned[id(node.target)] = None
            elif kind is ast.If:
                self.ifs[id(node)] = node
            elif kind is ClassDef:
                inner, inner_owner = id(node), node.name
                self.classes.add(inner)
            elif kind in functions:
                inner = id(node)
                positional = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
                if owner is not None and positional and positional[0] in ("self", "cls"):
                    positional = positional[1:]
                if kind is not ast.Lambda:
                    self.functions[inner] = _Function(node, owner, positional)
            if _STATEMENT[kind]:
                statement = id(node)
                for field in nested_fields(node):  # (the statement lists its class has: most have none)
                    if field != "cases":  # a match's cases are no statements
                        self._note_block(getattr(node, field), id(node))
            elif kind is ast.Module or kind is ast.ExceptHandler:
                self._note_block(node.body, id(node))
            if kind is ast.BinOp or kind is ast.UnaryOp or kind is ast.AugAssign:
                self._note_subtraction(node, scope, statement)
            # the children in child_nodes' order, read here (this walk runs over every node of the file); leaves note
            # nothing, and a Name, the most common node, is read where it is found rather than pushed: it holds no node
            fields = CHILD_FIELDS.get(kind)
            if fields is None:
                fields = child_fields(kind)
            for field in fields:
                value = getattr(node, field, None)
                for child in (value if value.__class__ is list else (value,)):
                    if child.__class__ is Name:
                        if child.ctx.__class__ is not Load:
                            stored(inner, set()).add(child.id)
                    elif ENTERED[child.__class__]:
                        push((child, inner, inner_owner, statement))

    def _note_subtraction(self, node: ast.BinOp | ast.UnaryOp | ast.AugAssign, scope: int, statement: int | None) -> None:
        kind, op = node.__class__, node.op.__class__
        if kind is ast.BinOp and op is ast.Sub:
            self.subtractions.append((node, (node.left, node.right), scope, statement))
        elif kind is ast.UnaryOp and op is ast.USub:
            self.subtractions.append((node, (node.operand,), scope, statement))
        elif kind is ast.AugAssign and op is ast.Sub:
            self.subtractions.append((node, (node.target, node.value), scope, statement))

    def _note_block(self, block: list, holder: int) -> None:
        self.blocks[id(block)] = block
        for position, statement in enumerate(block):
            self.positions[id(statement)] = (id(block), position, holder)
            if statement.__class__ in (ast.Assign, ast.AnnAssign) and statement.value is not None:
                self.statement_of[id(statement.value)] = id(statement)

    def _use_call(self, node: ast.Call, scope: int, statement: int | None, resolve: Callable) -> None:
        """Calls that read a bool mask: masked_fill(mask, v) and the other masked ops, torch.where(cond, a, b)."""
        func = node.func
        if func.__class__ is ast.Attribute:
            attr = func.attr
            if attr in _MASK_METHODS:
                api = resolve(func)
                position = 1 if api is not None and api.startswith("torch.") else 0  # torch.masked_select(x, mask)
                mask = node.args[position] if len(node.args) > position else next(
                    (kw.value for kw in node.keywords if kw.arg == "mask"), None)
                if mask is not None:
                    self.uses.append((node, mask, f"torch.Tensor.{attr}", scope, statement))
            elif attr == "where":
                api = resolve(func)
                if api == "torch.where" and len(node.args) >= 2:  # one argument: nonzero, no warning
                    self.uses.append((node, node.args[0], "torch.where", scope, statement))
                elif api is None and len(node.args) == 2:  # a.where(cond, b)
                    self.uses.append((node, node.args[0], "torch.Tensor.where", scope, statement))
        elif func.__class__ is ast.Name and func.id == "where" and len(node.args) >= 2 and resolve(func) == "torch.where":
            self.uses.append((node, node.args[0], "torch.where", scope, statement))
        if self.crfs and (mask := _crf_mask(node, self.crfs)) is not None:
            self.uses.append((node, mask, "torch.where", scope, statement))  # pytorch-crf hands it to torch.where

    def _use_index(self, node: ast.Subscript, scope: int, statement: int | None) -> None:
        """``x[mask]`` reads through a mask (warns), ``x[mask] = v`` writes through one (raises). A receiver named for
        a dataset (``dataset[train_byte_mask]``) is no tensor: a PyG dataset turns the mask into positions itself,
        and a project's Dataset reads its own index."""
        if (dotted_name(node.value) or "").rsplit(".", 1)[-1].lower().endswith("dataset"):
            return
        index = node.slice
        api = "torch.Tensor.__getitem__"
        if node.ctx.__class__ is ast.Store:
            # a number (or one-element tensor) goes to masked_fill_, which raises; a selection of several values
            # (x[m] = y[m], x[m] += 1) to index_put_, which only warns like a read; the read on the right of
            # x[m] = y[m] is its own use
            if id(node) not in self.assigned:
                return  # a for target, a with target: not a plain store
            value = self.assigned[id(node)]
            if value.__class__ is ast.BinOp and any(part.__class__ is ast.Subscript and _same_index(part, index)
                                                     for part in _operands(value)):
                return  # x[m] = x[m] + step * g[m]: as many values as the mask selects, index_put_; its reads are uses
            if value is None or _selection(value) or _module_output(value):
                if value is not None and _selection(value) and _same_index(value, index):
                    return
                api = "torch.Tensor.index_put_"
            else:
                api = "torch.Tensor.__setitem__"
        # x[mask, 0] = v: a mask among the index's parts is read as one too (the same error)
        for part in (index.elts if index.__class__ is ast.Tuple else (index,)):
            if part.__class__ not in (ast.Tuple, ast.Slice, ast.Constant, ast.Starred) and not _item_pick(part):
                self.uses.append((node, part, api, scope, statement))

    def before(self, statement: int | None) -> dict[int, int]:
        """The statement lists around ``statement``, each with the index of the part of it that holds it."""
        around: dict[int, int] = {}
        while statement is not None and statement in self.positions:
            block, position, statement = self.positions[statement]
            around.setdefault(block, position)
        return around

    def _note(self, call: ast.Call, scope: int, owner: str | None, statement: int | None) -> None:
        func = call.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
        if name is not None:
            self.by_name.setdefault(name, []).append((call, scope, owner, statement))
        for keyword in call.keywords:
            if keyword.arg is not None:
                self.by_keyword.setdefault(keyword.arg, []).append((keyword.value, scope, statement))


class _Search:
    """Is one expression provably uint8? ``makers`` collects the uint8 makers it rests on, ``keyword_route``
    tells whether a parameter was followed by keyword name only."""

    uint8_tests = True  # a uint8 type test (``if m.type() == "torch.ByteTensor":``) answers; not for other kinds
    integer_arithmetic = True  # ``1 - m`` keeps the kind (uint8 stays uint8); not for bool, where it raises

    def __init__(self, provenance: Provenance, calls: _Calls, resolve: Callable,
                 helpers: dict[str, frozenset[int] | None] | None = None) -> None:
        self.provenance, self.calls, self.resolve = provenance, calls, resolve
        self.helpers = helpers or {}  # imported project functions returning uint8, or tuples with some (helpermasks.py)
        self.makers: list[ast.AST] = []
        self.keyword_route = False
        self.cycles = False  # some answer rested on a question asked inside itself
        self.memo: dict = {}  # (name key, bindings read) or ("parameter", key) -> uint8, or _BUSY while asked
        self.converting = 0  # inside a torch converter's data (torch.from_numpy(m)): a NumPy uint8 array counts there

    def uint8(self, node: ast.expr | None, scope: int, depth: int = 0, at: int | None = None) -> bool:
        """``at``: the statement the expression is read in, when known (the nearest binding before it decides)."""
        if node is None or depth > _DEPTH:
            return False
        if isinstance(node, ast.Subscript):  # any part of a uint8 tensor is uint8
            return self.uint8(node.value, scope, depth + 1, at)
        if isinstance(node, ast.Call):
            return self._call(node, scope, depth, at)
        if isinstance(node, ast.Attribute) and node.attr == "data" and dotted_name(node) != "self.data":
            return self.uint8(node.value, scope, depth + 1, at)  # m.data: the same tensor, without autograd
        if isinstance(node, (ast.Name, ast.Attribute)):
            return self._named(node, scope, depth, at)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Invert):
            return self.uint8(node.operand, scope, depth + 1, at)
        if isinstance(node, ast.IfExp):  # m.cuda() if USE_CUDA else m: uint8 either way
            return self.uint8(node.body, scope, depth + 1, at) and self.uint8(node.orelse, scope, depth + 1, at)
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.BitAnd, ast.BitOr, ast.Mult)):
            return self._promoted((node.left, node.right), scope, depth, at)
        if self.integer_arithmetic and isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
            # 1 - keep (SSD's non-maximum suppression), m + 0: an int literal keeps the tensor's dtype
            literal, other = (node.left, node.right) if isinstance(node.left, ast.Constant) else (node.right, node.left)
            if not isinstance(literal, ast.Constant):  # conf_mask - mask of two uint8 masks: uint8 as well
                return self.uint8(node.left, scope, depth + 1, at) and self.uint8(node.right, scope, depth + 1, at)
            return type(literal.value) is int and self.uint8(other, scope, depth + 1, at)
        return False

    def _promoted(self, parts, scope: int, depth: int, at: int | None) -> bool:
        """``a & b``, ``torch.cat((a, b))``: at least one part of this search's kind, each other one of it or a bool
        (a comparison, ``.bool()``): torch promotes bool to uint8 (``(x == i) & ~m`` with ``m`` uint8 is uint8)."""
        found = [self.uint8(part, scope, depth + 1, at) for part in parts]
        if not any(found):
            return False
        return all(kind or _BoolPart(self.provenance, self.calls, self.resolve).uint8(part, scope, depth + 1, at)
                   for part, kind in zip(parts, found))

    def _call(self, call: ast.Call, scope: int, depth: int, at: int | None) -> bool:
        func = call.func
        api = self.resolve(func)
        if any(kw.arg == "dtype" for kw in call.keywords):
            dtype = next(kw.value for kw in call.keywords if kw.arg == "dtype")
            if self.resolve(dtype) in _UINT8_TYPES or (self.converting and _numpy_uint8_dtype(func, dtype, self.resolve)):
                self.makers.append(call)
                return True
            return False
        if api in _BYTE_TYPE_NAMES or (func.__class__ is ast.Attribute and func.attr == "ByteTensor" and
                                       func.value.__class__ is ast.Name and self._torch_module_alias(func.value.id, scope)):
            self.makers.append(call)
            return True
        if self.converting and _numpy_uint8(call, self.resolve):
            # m = m.astype(np.uint8); m = torch.tensor(m): the array a converter is handed through a name
            self.makers.append(_maker_span(func))
            return True
        if api in _ELEMENTWISE_PAIRS and len(call.args) == 2 and not call.keywords:
            return self._promoted(call.args, scope, depth, at)  # torch.max(suppress, overlap > t): uint8 kept
        if api in _JOINS and call.args and isinstance(call.args[0], (ast.Tuple, ast.List)) and call.args[0].elts \
                and not any(isinstance(part, ast.Starred) for part in call.args[0].elts):
            return self._promoted(call.args[0].elts, scope, depth, at)
        if api in _JOINS and call.args and isinstance(listed := call.args[0], (ast.ListComp, ast.GeneratorExp)):
            # torch.cat([ByteTensor(...) for t in x]); an item the comprehension binds is not the scope's name
            bound = {name.id for generator in listed.generators for name in walk_nodes(generator.target)
                     if isinstance(name, ast.Name)}
            return not _reads_names(listed.elt, bound) and self.uint8(listed.elt, scope, depth + 1, at)
        if api in _KEEP_DTYPE_CALLS and call.args and not any(kw.arg == "dtype" for kw in call.keywords):
            # torch.from_numpy(a.astype("uint8")), nn.Parameter(m.byte(), requires_grad=False): the data's dtype
            data = call.args[0]
            if isinstance(data, ast.Call) and _numpy_uint8(data, self.resolve):
                self.makers.append(_maker_span(data.func))
                return True
            self.converting += 1
            try:
                return self.uint8(data, scope, depth + 1, at)
            finally:
                self.converting -= 1
        if api is not None and api.startswith("torch.") and api.count(".") == 1 and api[6:] in _KEEP_DTYPE and \
                call.args and not isinstance(call.args[0], ast.Starred):
            return self.uint8(call.args[0], scope, depth + 1, at)  # torch.unsqueeze(m, 2): the function form
        if not isinstance(func, ast.Attribute):
            if isinstance(func, ast.Name) and self._byte_tensor_alias(func.id, scope):
                self.makers.append(call)  # ByteTensor = th.cuda.ByteTensor if use_cuda else th.ByteTensor
                return True
            return isinstance(func, ast.Name) and (self._returns_uint8(func.id, depth) or self._imported_item(call, None)
                                                   or self._moved_by_helper(call, scope, depth, at))
        if func.attr == "byte" and not call.args and not call.keywords:
            self.makers.append(_maker_span(func))
            return True
        if func.attr in ("to", "type") and len(call.args) == 1 and not call.keywords:
            target = self.resolve(call.args[0])
            if target in _UINT8_TYPES or (isinstance(call.args[0], ast.Constant)
                                          and call.args[0].value in _BYTE_TYPE_NAMES) or (
                    isinstance(call.args[0], ast.Name) and self._byte_tensor_alias(call.args[0].id, scope)):
                # m.type(ByteTensor) after ByteTensor = torch.cuda.ByteTensor if cuda else torch.ByteTensor
                self.makers.append(_maker_span(func))
                return True
            if func.attr == "to" and target is None and names_device(call.args[0]):
                return self.uint8(func.value, scope, depth + 1, at)
            return False
        if func.attr in _KEEP_DTYPE:
            return self.uint8(func.value, scope, depth + 1, at)
        if isinstance(func.value, ast.Name) and func.value.id == "self" and \
                (current := self.calls.functions.get(scope)) is not None and current.owner is not None:
            return self._returns_uint8(func.attr, depth, current.owner)  # self._create_mask(x): a method of the class
        return False

    def _moved_by_helper(self, call: ast.Call, scope: int, depth: int, at: int | None) -> bool:
        """``cuda_(torch.ByteTensor(m))``: a one-argument device helper (``cuda_``, ``to_cuda``, ``to_var``) that the
        file does not define returns its argument moved, dtype kept (a helper defined here, or a project helper making
        masks, is read above)."""
        name = call.func.id
        if len(call.args) != 1 or call.keywords or _DEVICE_HELPER.fullmatch(name) is None or \
                name in self.helpers or any(f.node.name == name for f in self.calls.functions.values()):
            return False
        return self.uint8(call.args[0], scope, depth + 1, at)

    def _returns_uint8(self, name: str, depth: int, owner: str | None = None, position: int | None = None) -> bool:
        """``pad = _compute_pad(lens, n)`` with the file's one module-level ``def _compute_pad`` returning only
        provably uint8 values (``pad = torch.zeros(..., dtype=torch.uint8)`` ... ``return pad``); with ``owner``, the
        one method of that name of that class (``mask = self._create_mask(x, k)``). With ``position``, item
        ``position`` of the tuple display every return spells (``..., obj_mask = self.build_target(...)``)."""
        defined = [f for f in self.calls.functions.values() if f.owner == owner and f.node.name == name
                   and (owner is not None or self.provenance.parents.get(id(f.node)) == 0)]
        if len(defined) != 1:
            return False
        function = defined[0].node
        question = ("returns", id(function), position, self.converting > 0)
        if question not in self.memo:
            self.memo[question] = _BUSY
            returns = [node for node in own_statements(function) if isinstance(node, ast.Return)]
            if position is not None:
                values = [node.value.elts[position] if isinstance(node.value, ast.Tuple) and position < len(
                    node.value.elts) else None for node in returns]
            else:
                values = [node.value for node in returns]
            self.memo[question] = bool(returns) and all(
                value is not None and self.uint8(value, id(function), depth + 1, id(node))
                for node, value in zip(returns, values))
        return self.memo[question] is True

    def _returned_item(self, call: ast.expr, position: int, where: int, depth: int) -> bool:
        """``..., obj_mask, no_obj_mask = self.build_target(...)``: the item of the tuple the class's own method (or
        the file's module-level function) returns, a NumPy uint8 array or a uint8 tensor there."""
        if call.__class__ is not ast.Call:
            return False
        func = call.func
        if isinstance(func, ast.Name):
            return self._returns_uint8(func.id, depth, None, position)
        current = self.calls.functions.get(where)
        return isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self" and \
            current is not None and current.owner is not None and self._returns_uint8(func.attr, depth, current.owner,
                                                                                      position)

    def _byte_tensor_alias(self, name: str, scope: int) -> bool:
        """``name`` is bound in its function (or the module) only to ByteTensor constructors, either branch of a
        conditional included: ``ByteTensor = th.cuda.ByteTensor if self.use_cuda else th.ByteTensor`` (pytorch-maddpg)."""
        return self._bound_only_to(name, scope, lambda value: all(
            self.resolve(branch) in _BYTE_TYPE_NAMES for branch in callable_candidates(value)))

    def _bound_only_to(self, name: str, scope: int, fits: Callable[[ast.expr], bool]) -> bool:
        """Every binding of ``name`` in its function (else at the module level, when the function binds none) is a
        whole value (not an item of an unpacking) that ``fits``."""
        for where in (scope, 0):
            bindings = self.provenance.bindings.get(self.provenance.key(name, where))
            if bindings:
                return all(position is None and fits(value) for value, position, _ in bindings)
        return False

    def _torch_module_alias(self, name: str, scope: int) -> bool:
        """``name`` is bound in its function (or the module) only to ``torch`` or ``torch.cuda``: ``th = torch.cuda``
        under ``if self.wordEmbed.weight.is_cuda:``, else ``th = torch`` (read after the walk, when the walk's own
        local aliases are gone), so ``th.ByteTensor(...)`` builds a uint8 tensor either way."""
        return self._bound_only_to(name, scope, lambda value: self.resolve(value) in _TORCH_MODULES)

    def _imported_item(self, call: ast.AST, position: int | None) -> bool:
        """``mask = get_mask(lengths, ...)`` with ``from ..utils import get_mask`` returning a ByteTensor there
        (helpermasks.py), the file defining no function of that name itself: the call's value (``position`` None) or
        its tuple's item ``position`` is uint8."""
        if call.__class__ is not ast.Call or call.func.__class__ is not ast.Name:
            return False
        name = call.func.id
        if name not in self.helpers or any(f.node.name == name for f in self.calls.functions.values()):
            return False
        positions = self.helpers[name]
        if (positions is None) != (position is None) or position is not None and position not in positions:
            return False
        self.makers.append(call)
        return True

    def _named(self, node: ast.expr, scope: int, depth: int, at: int | None) -> bool:
        name = dotted_name(node)
        if name is None or ("." in name and not name.startswith("self.")) or name.count(".") > 1:
            return False
        calls = self.calls
        if self.uint8_tests and at is not None and "." not in name and self._type_tested(name, at, node):
            return True
        current: int | None = scope
        while current is not None:
            if current in calls.classes:  # a method does not see its class body's names
                current = self.provenance.parents.get(current)
                continue
            key = self.provenance.key(name, current)
            function = calls.functions.get(current) if "." not in name else None
            parameter = function is not None and name in _parameters(function.node)
            if key in self.provenance.bindings:
                bindings = self.provenance.bindings[key]
                if at is not None and current == scope and "." not in name:
                    bindings = self._nearest(bindings, at, node)
                # `masks = []` (or None) before `masks = torch.ByteTensor(...)` under the use's condition: a
                # placeholder that is no mask at all (masked_fill_ would raise TypeError on it)
                bindings = [binding for binding in bindings if not _placeholder(binding[0])] or bindings
                if parameter and (filled := _none_fills(function.node, name)):
                    # ``if mask is None: mask = ...``: the default's fill runs for the callers that pass nothing, so
                    # a uint8 fill (``torch.ones_like(x, dtype=torch.uint8)``) decides it, and so does a uint8 mask
                    # every caller that passes one passes (``mask(targets, out, masks.byte())``)
                    fills = [binding for binding in bindings if id(binding[0]) in filled]
                    bindings = [binding for binding in bindings if id(binding[0]) not in filled]
                    if fills and not bindings:
                        return any(self._bound(value, position, where, depth) for value, position, where in fills) \
                            or self._parameter(function, name, key, depth)
                question = (key, tuple(id(value) for value, _, _ in bindings), self.converting > 0)
                state = self.memo.get(question)
                if state is None:
                    self.memo[question] = _BUSY
                    result = all(self._bound(value, position, where, depth) for value, position, where in bindings)
                    # a parameter also bound here (``if mask is None: mask = ...``) may keep what its callers pass
                    if result and parameter and not all(_mentions(value, name) for value, _, _ in bindings):
                        result = self._parameter(function, name, key, depth)
                    self.memo[question] = result
                    return result
                if state is not _BUSY:
                    return state is True
                if not parameter and "." not in name:
                    # a local asked again inside itself (``m = m.view(-1)`` under an ``if``, read where every
                    # binding counts): it adds no binding of its own; the bindings being asked decide, and the
                    # answer must rest on a maker (see ``cycles``)
                    self.cycles = True
                    return True
                if not parameter:
                    return False
                return self._parameter(function, name, key, depth)  # mask = mask[:, None]: what was passed
            if key[0] == 0:
                return False
            if parameter:
                return self._parameter(function, name, key, depth)
            if name in calls.stored.get(current, ()) or key in self.provenance.bindings:
                return False  # bound here some other way (a loop, a with, +=): unknown
            current = self.provenance.parents.get(current)
        return False

    def _bound(self, value: ast.expr, position: int | None, where: int, depth: int) -> bool:
        """What one binding gives the name: the value, or item ``position`` of a tuple display (``mask, t = mask.cuda(),
        t.cuda()``) or of an imported helper's returned tuple (``tx, mask = build_targets(...)``)."""
        if position is None:
            return self.uint8(value, where, depth + 1, self.calls.statement_of.get(id(value)))
        if value.__class__ is ast.Tuple:
            return position < len(value.elts) and self.uint8(value.elts[position], where, depth + 1,
                                                              self.calls.statement_of.get(id(value)))
        return self._imported_item(value, position) or self._returned_item(value, position, where, depth)

    def _type_tested(self, name: str, at: int, use: ast.expr) -> bool:
        """``if index.type() == "torch.ByteTensor": return x.masked_select(index)``: the read sits in the body of an
        ``if`` (of its own function) whose test passes only for a uint8 ``name``, and nothing in that body binds
        ``name`` before it (``mask = mask.bool()`` after ``if mask.dtype == torch.uint8:`` is the fix)."""
        calls, statement = self.calls, at
        while statement in calls.positions and statement not in calls.functions:
            block, _, holder = calls.positions[statement]
            test = calls.ifs.get(holder)
            if test is not None and block == id(test.body) and _tests_uint8(test.test, name, self.resolve):
                if any(isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Load) and
                       node.lineno <= use.lineno for part in test.body for node in walk_nodes(part)):
                    return False
                self.makers.append(test.test)
                return True
            statement = holder
        return False

    def _nearest(self, bindings: list, at: int, use: ast.AST) -> list:
        """The binding that runs last before the statement ``at`` in its own statement lists (``m = x.byte()``
        two lines above ``x[m] = 0``), with the bindings that sit between them (``m = m.cuda()`` under an ``if``);
        a binding above it (``masks = []`` filled by a loop, then ``masks = torch.stack(masks).byte()``) never
        reaches the statement. Without such a binding, all of them."""
        calls = self.calls
        around = calls.before(at)
        best, best_line = None, -1
        for binding in bindings:
            statement = calls.statement_of.get(id(binding[0]))
            place = calls.positions.get(statement) if statement is not None else None
            if place is not None and place[0] in around and place[1] < around[place[0]] and \
                    binding[0].lineno > best_line:
                best, best_line = binding, binding[0].lineno
        if best is None:
            return self._live(bindings, around)
        between = [binding for binding in bindings if best_line < binding[0].lineno < use.lineno]
        return self._live([best, *between], around) if between else [best]

    def _live(self, bindings: list, around: dict[int, int]) -> list:
        """``bindings`` less each one overwritten before any read can see it: another binding of the name follows
        it in its own statement list with only plain assignments between (``m = a <= p`` then
        ``m = torch.from_numpy(m.astype(np.uint8))``), and the read is not among those statements."""
        calls = self.calls
        places = [calls.positions.get(calls.statement_of.get(id(binding[0]), -1)) for binding in bindings]
        live = []
        for binding, place in zip(bindings, places):
            if place is not None:
                block, position, _ = place
                later = [other[1] for other in places if other is not None and other[0] == block and
                         other[1] > position]
                if later:
                    end = min(later)
                    read = around.get(block)
                    statements = calls.blocks[block][position + 1:end]
                    if (read is None or not position < read <= end) and all(
                            statement.__class__ in _PLAIN for statement in statements):
                        continue
            live.append(binding)
        return live or bindings

    def _parameter(self, function: _Function, name: str, key, depth: int) -> bool:
        question = ("parameter", key)
        if question not in self.memo:
            self.memo[question] = _BUSY
            self.memo[question] = self._passed(function, name, depth)
        elif self.memo[question] is _BUSY:
            # asked inside itself: a block's forward passing its own mask=mask on to a layer, both followed by
            # the keyword; it adds no value of its own, so the answer must rest on a maker (see ``cycles``)
            self.cycles = True
            return True
        return self.memo[question] is True

    def _passed(self, function: _Function, name: str, depth: int) -> bool:
        """Every value the file passes for parameter ``name``; at least one, all uint8."""
        calls = self.calls
        index = function.positional.index(name) if name in function.positional else None
        values: list[tuple[ast.expr, int, int | None]] = []
        by_position = False
        for call, caller, owner, statement in calls.by_name.get(function.node.name, ()):
            func = call.func
            # a method: any x.f(...) of the file counts (another class's f too: every one must pass uint8)
            if (function.owner is not None) != isinstance(func, ast.Attribute):
                continue
            if calls.functions.get(caller) is function and isinstance(func, ast.Attribute) and \
                    dotted_name(func.value) not in ("self", "cls"):
                continue  # set_state(self, state) calling self.generator.set_state(...): another object's method
            if any(isinstance(arg, ast.Starred) for arg in call.args) or any(kw.arg is None for kw in call.keywords):
                return False  # f(*args) / f(**kw): what it passes is not read here
            passed = next((kw.value for kw in call.keywords if kw.arg == name), None)
            if passed is None and index is not None and index < len(call.args):
                passed, by_position = call.args[index], True
            if passed is not None:
                values.append((passed, caller, statement))
        if not values and not by_position:
            # reached through a module attribute (self.layer(...)): every call passing the keyword
            values = list(calls.by_keyword.get(name, ()))
            self.keyword_route = self.keyword_route or bool(values)
        # each value read where its call is (the binding that runs last before it decides: ``masks = []`` filled
        # in a loop, then ``masks = torch.stack(masks).byte()`` before ``self._forward(x, masks)``)
        return bool(values) and all(self.uint8(value, caller, depth + 1, statement)
                                    for value, caller, statement in values)


class _BoolPart(_Search):
    """The search asking "a bool, or a Python bool?" of a part joined with a uint8 one: an elementwise comparison
    (a bool tensor between tensors, a Python bool between numbers: either keeps the uint8), ``.bool()``,
    ``.to(torch.bool)``, a call with ``dtype=torch.bool``, kept through dtype-keeping methods and names."""

    uint8_tests = False
    integer_arithmetic = False

    def uint8(self, node: ast.expr | None, scope: int, depth: int = 0, at: int | None = None) -> bool:
        if isinstance(node, ast.Compare):
            return all(isinstance(op, _ELEMENTWISE_COMPARISONS) for op in node.ops)
        return super().uint8(node, scope, depth, at)

    def _call(self, call: ast.Call, scope: int, depth: int, at: int | None) -> bool:
        func = call.func
        dtype = next((kw.value for kw in call.keywords if kw.arg == "dtype"), None)
        if dtype is not None:
            return self.resolve(dtype) == "torch.bool"
        if not isinstance(func, ast.Attribute):
            return False
        if func.attr == "bool" and not call.args and not call.keywords:
            return True
        if func.attr == "to" and len(call.args) == 1 and not call.keywords:
            return self.resolve(call.args[0]) == "torch.bool"
        return func.attr in _KEEP_DTYPE and self.uint8(func.value, scope, depth + 1, at)


def shared_calls(tree: ast.AST, resolve: Callable) -> Callable[[], _Calls]:
    """The file's one walk of its calls, made when a pass first asks: this pass and boolmasks.py read the same."""
    return cache(lambda: _Calls(tree, resolve))


def uint8_mask_uses(source: str, provenance: Provenance, resolve: Callable,
                    file_calls: Callable[[], _Calls], helpers: dict[str, frozenset[int] | None] | None = None,
                    covered: set[int] | None = None) -> Iterator[tuple[object, str]]:
    """(node to report at, api) for each use of a provably uint8 mask; each maker reported once. ``file_calls``:
    shared_calls of the file; ``helpers``: names the file imports from a project module whose function there
    returns a uint8 tensor (helpermasks.py); ``covered`` gets the ids of the uses reported at their makers (the
    keyword route), which passedvalues.py then leaves alone."""
    if not helpers and not makes_uint8(source):
        return
    calls = file_calls()
    reported: set = set()
    for use, mask, api, scope, statement in calls.uses:
        search = _Search(provenance, calls, resolve, helpers)
        if not search.uint8(mask, scope, 0, statement) or (search.cycles and not search.makers):
            continue
        if api == "torch.Tensor.__setitem__" and _rows_stored(use, mask, calls.assigned.get(id(use)), scope, provenance,
                                                              resolve):
            api = "torch.Tensor.index_put_"
        places = search.makers if search.keyword_route else [use]
        if search.keyword_route and covered is not None:
            covered.add(id(use))
        for place in places:
            key = (place.lineno, place.col_offset)
            if key not in reported:
                reported.add(key)
                yield place, api


def uint8_arguments(provenance: Provenance, resolve: Callable, file_calls: Callable[[], _Calls],
                    helpers: dict[str, frozenset[int] | None] | None = None
                    ) -> Callable[[ast.expr, int, int | None], bool]:
    """Whether a value the file passes (read in its scope, at its statement) is provably uint8: the question
    passedvalues.py asks of a call's arguments, answered as the mask uses' own are."""
    calls = file_calls()

    def uint8(value: ast.expr, scope: int, statement: int | None) -> bool:
        search = _Search(provenance, calls, resolve, helpers)
        return search.uint8(value, scope, 0, statement) and not (search.cycles and not search.makers)
    return uint8


_SIZED_MAKERS = frozenset({"torch.zeros", "torch.ones", "torch.empty", "torch.rand", "torch.randn"})


def _rows_stored(use: ast.AST, mask: ast.expr, value: ast.expr | None, scope: int, provenance: Provenance,
                 resolve: Callable) -> bool:
    """``wh[ct_01] = torch.Tensor(pairs)`` with ``wh = torch.zeros([b, n, 2])`` and ``ct_01 = torch.zeros([b, n],
    dtype=torch.uint8)``: the mask has fewer dimensions than the tensor, whose remaining sizes are literals of two
    elements or more, so each selected position is a row and a value computed to fill them has several elements:
    index_put_, which only warns (run on 2.15), not masked_fill_. A number (``wh[m] = 0``) still goes to masked_fill_."""
    if value is None or isinstance(value, ast.Constant) or (isinstance(value, ast.UnaryOp) and isinstance(
            value.operand, ast.Constant)) or not isinstance(use, ast.Subscript) or use.slice is not mask:
        return False
    target, mask_dims = _sizes(use.value, scope, provenance, resolve), _sizes(mask, scope, provenance, resolve)
    if target is None or mask_dims is None or len(target) <= len(mask_dims):
        return False
    elements = 1
    for size in target[len(mask_dims):]:
        if not (isinstance(size, ast.Constant) and type(size.value) is int):
            return False
        elements *= size.value
    return elements >= 2


def _sizes(node: ast.expr, scope: int, provenance: Provenance, resolve: Callable) -> list[ast.expr] | None:
    """The size expressions of a local bound once to ``torch.zeros([a, b, 2], ...)`` (or ``torch.zeros(a, b, 2)``)."""
    if not isinstance(node, ast.Name):
        return None
    bindings = provenance.bindings.get(provenance.key(node.id, scope), ())
    if len(bindings) != 1 or bindings[0][1] is not None or not isinstance(call := bindings[0][0], ast.Call) or \
            resolve(call.func) not in _SIZED_MAKERS or not call.args:
        return None
    if len(call.args) == 1 and isinstance(call.args[0], (ast.List, ast.Tuple)):
        return list(call.args[0].elts)
    return None if any(isinstance(arg, (ast.Starred, ast.List, ast.Tuple)) for arg in call.args) else list(call.args)



def _tests_uint8(test: ast.expr, name: str, resolve: Callable) -> bool:
    """``test`` is true only for a uint8 tensor ``name``: ``name.type() == "torch.ByteTensor"`` (or the cuda one),
    ``name.dtype == torch.uint8``, ``isinstance(name, torch.ByteTensor)``, an ``or`` of such tests, an ``and``
    holding one."""
    if isinstance(test, ast.BoolOp):
        tested = [_tests_uint8(value, name, resolve) for value in test.values]
        return all(tested) if isinstance(test.op, ast.Or) else any(tested)
    if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "isinstance" and \
            len(test.args) == 2 and isinstance(test.args[0], ast.Name) and test.args[0].id == name:
        kinds = test.args[1].elts if isinstance(test.args[1], ast.Tuple) else [test.args[1]]
        return all(resolve(kind) in _BYTE_TYPE_NAMES for kind in kinds)
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)):
        return False
    for side, other in ((test.left, test.comparators[0]), (test.comparators[0], test.left)):
        if isinstance(side, ast.Call) and not side.args and not side.keywords and \
                isinstance(side.func, ast.Attribute) and side.func.attr == "type" and \
                isinstance(side.func.value, ast.Name) and side.func.value.id == name:
            return isinstance(other, ast.Constant) and other.value in _BYTE_TYPE_NAMES
        if isinstance(side, ast.Attribute) and side.attr == "dtype" and isinstance(side.value, ast.Name) and \
                side.value.id == name:
            return resolve(other) == "torch.uint8"
    return False


def _reads_names(value: ast.expr, names: set[str]) -> bool:
    """``value``'s dtype comes from one of ``names`` (``m``, ``m.cuda()``, ``m[0]``, either branch of a conditional):
    the search would read the name as the scope's, which a comprehension's own name is not."""
    if isinstance(value, ast.IfExp):
        return _reads_names(value.body, names) or _reads_names(value.orelse, names)
    while isinstance(value, (ast.Call, ast.Attribute, ast.Subscript)):
        value = value.func.value if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) else \
            value.func if isinstance(value, ast.Call) else value.value
    return isinstance(value, ast.Name) and value.id in names


def _placeholder(value: ast.expr) -> bool:
    """``None``, ``[]``, ``{}``, ``()``: a value bound before the real one is made."""
    return (isinstance(value, ast.Constant) and value.value is None) or (
        isinstance(value, (ast.List, ast.Tuple, ast.Dict)) and not getattr(value, "elts", getattr(value, "keys", None)))


def makes_uint8(source: str) -> bool:
    """The file's text may make a uint8 tensor: ``x.byte()``, ``ByteTensor``, ``<torch>.uint8`` (not ``np.uint8``)."""
    if ".byte()" in source or "ByteTensor" in source:
        return True
    if "astype(" in source and "uint8" in source:  # torch.from_numpy(a.astype("uint8"))
        return True
    if _NUMPY_UINT8_DTYPE.search(source) and any(converter in source for converter in _CONVERTER_TEXTS):
        return True  # m = np.zeros(n, dtype=np.uint8) ... torch.tensor(m)
    start = source.find(".uint8")
    while start != -1:
        owner = start
        while owner > 0 and (source[owner - 1].isalnum() or source[owner - 1] == "_"):
            owner -= 1
        if source[owner:start] not in ("np", "numpy"):
            return True
        start = source.find(".uint8", start + 6)
    return False


def _numpy_uint8_dtype(func: ast.expr, dtype: ast.expr, resolve: Callable) -> bool:
    """``np.zeros(shape, dtype=np.uint8)``: a NumPy maker's uint8 dtype (a torch converter keeps it)."""
    return (dotted_name(func) or "").partition(".")[0] in NUMPY_MODULES and _names_numpy_uint8(dtype, resolve)


def _names_numpy_uint8(node: ast.expr, resolve: Callable) -> bool:
    """``np.uint8``, ``numpy.uint8`` or ``"uint8"``."""
    if isinstance(node, ast.Constant):
        return node.value == "uint8"
    return resolve(node) in _NUMPY_UINT8 or dotted_name(node) in _NUMPY_UINT8


def _numpy_uint8(call: ast.Call, resolve: Callable) -> bool:
    """``a.astype("uint8")``, ``a.astype(np.uint8)``: a numpy uint8 array (a torch converter keeps the dtype)."""
    func = call.func
    if not (isinstance(func, ast.Attribute) and func.attr == "astype" and len(call.args) == 1):
        return False
    return _names_numpy_uint8(call.args[0], resolve)


def _maker_span(func: ast.Attribute) -> _Span:
    end_line, end_col = func.end_lineno or func.lineno, func.end_col_offset or func.col_offset
    return _Span(end_line, max(end_col - len(func.attr), 0), end_line, end_col)


def _item_pick(index: ast.expr) -> bool:
    """``names[labels[i]]``: one element of a uint8 tensor used as a number (a list index), not a mask."""
    return isinstance(index, ast.Subscript) and isinstance(index.slice, (ast.Constant, ast.Name, ast.BinOp))


def _crf_holders(tree: ast.AST) -> frozenset[str]:
    """The names and attributes the file binds to pytorch-crf's ``CRF(...)`` (``from torchcrf import CRF``), whose
    ``forward(emissions, tags, mask)`` and ``decode(emissions, mask)`` read the mask with ``torch.where``: a uint8
    mask there warns "where received a uint8 condition tensor" (pytorch-crf 0.7.2 on torch 2.15)."""
    names = {alias.asname or alias.name for node in getattr(tree, "body", ()) if isinstance(node, ast.ImportFrom)
             and node.module == "torchcrf" and not node.level for alias in node.names if alias.name == "CRF"}
    if not names:
        return frozenset()
    return frozenset(dotted for node in ast.walk(tree) if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                     and dotted_name(node.value.func) in names for target in node.targets
                     if (dotted := dotted_name(target)) is not None)


def _crf_mask(call: ast.Call, holders: frozenset[str]) -> ast.expr | None:
    """The mask a call of a pytorch-crf CRF passes: ``crf(emissions, tags, mask)`` or ``crf.decode(emissions, mask)``."""
    func = call.func
    if dotted_name(func) in holders:
        position = 2
    elif isinstance(func, ast.Attribute) and func.attr == "decode" and dotted_name(func.value) in holders:
        position = 1
    else:
        return None
    return next((keyword.value for keyword in call.keywords if keyword.arg == "mask"),
                call.args[position] if len(call.args) > position else None)


def _selection(value: ast.expr) -> bool:
    """``y[m]``, ``y[idx]``: a tensor of selected values (not ``y[0]``, one element, nor ``y[0][1]``)."""
    return isinstance(value, ast.Subscript) and not isinstance(value.slice, ast.Constant) and not (
        isinstance(value.value, ast.Subscript) and isinstance(value.value.slice, ast.Constant))


def _module_output(value: ast.expr) -> bool:
    """``self.critic(next_states).squeeze()``, ``net[i](x)``: what a model (a call of a called thing, a subscripted
    one, or an attribute of ``self`` other than a torch function) gives back, a tensor of several values: written
    through a uint8 mask it goes to index_put_, which warns, not to masked_fill_, which raises."""
    while isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in _KEEP_DTYPE \
            and not value.args:
        value = value.func.value  # .squeeze(), .detach(), .float()
    if not isinstance(value, ast.Call):
        return False
    func = value.func
    return isinstance(func, (ast.Subscript, ast.Call)) or (
        isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self"
        and func.attr not in ("item", "tolist"))


def _operands(value: ast.BinOp) -> Iterator[ast.expr]:
    """The leaves of arithmetic (``a + b * c[m]``): each operand that is no BinOp itself."""
    for side in (value.left, value.right):
        if side.__class__ is ast.BinOp:
            yield from _operands(side)
        else:
            yield side


def _same_index(value: ast.Subscript, index: ast.expr) -> bool:
    """``x[m] = y[m]``: the right side reads through the same mask (that read is reported)."""
    return ast.dump(value.slice) == ast.dump(index)


def _mentions(value: ast.expr, name: str) -> bool:
    """``value`` reads ``name`` (``mask = mask.byte()``, ``mask = mask[:, None]``)."""
    return any(isinstance(node, ast.Name) and node.id == name for node in walk_nodes(value))


def _none_fills(function: ast.AST, name: str) -> set[int]:
    """id() of each value ``if name is None: name = value`` binds in ``function`` to its parameter ``name`` whose default
    is None (nothing else in that ``if``'s body)."""
    default = parameter_defaults(function.args).get(name)
    if not (isinstance(default, ast.Constant) and default.value is None):
        return set()
    return {id(statement.value) for node in walk_nodes(function) if isinstance(node, ast.If)
            and isinstance(test := node.test, ast.Compare) and isinstance(test.left, ast.Name) and test.left.id == name
            and len(test.ops) == 1 and isinstance(test.ops[0], ast.Is)
            and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value is None
            for statement in node.body if isinstance(statement, ast.Assign) and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Name) and statement.targets[0].id == name}


def _parameters(function: ast.AST) -> set[str]:
    args = function.args
    return {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
