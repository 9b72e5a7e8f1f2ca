"""Call patterns: does this call, subscript or index match a rule's shape (keywords passed or missing,
positional arity, the receiver's name, a set of parameters, a multi-dimensional list index)."""

from __future__ import annotations

import ast
import re

from .finding import finding_at
from .imports import dotted_name, unmoved, walk_nodes
from .provenance import NUMPY_MODULES
from .rule import Rule, newest_per_pattern


def matches_call(rule: Rule, call: ast.Call) -> bool:
    """The shape test for call, keyword, missing-argument, positional and method rules (``when`` is checked later)."""
    if rule.with_any and not any(kw.arg in rule.with_any and not (
            rule.with_any_defaults and passes_quiet_value(kw, rule.with_any_defaults))
            and not (rule.none_is_unset and _is_none(kw.value)) for kw in call.keywords):
        return False
    if rule.quiet_with and passes_quiet_value(call, rule.quiet_with):
        return False
    if rule.quiet_first is not None and _first_literal_matches(call, rule.quiet_first):
        return False
    if rule.without_any and any(kw.arg in rule.without_any for kw in call.keywords):
        return False
    if rule.min_positional is not None and len(call.args) < rule.min_positional:
        return False
    if rule.kind == "set-argument":
        first = call.args[0] if call.args else next((kw.value for kw in call.keywords if kw.arg == "params"), None)
        return first is not None and is_set_expression(first)
    if rule.kind in ("call", "unpack"):  # unpack: the walker knows the assignment (walkcalls._check_call)
        return True
    if rule.kind == "keyword":
        names = rule.arguments
        if rule.position is not None and len(call.args) > rule.position and not any(
                isinstance(a, ast.Starred) for a in call.args[:rule.position + 1]):
            # the same parameter passed positionally: torch.jit.fuser("fuser2") is fuser(name="fuser2")
            return _passes_keyword_value(rule, call.args[rule.position])
        return any(kw.arg in names and _passes_keyword_value(rule, kw.value) for kw in call.keywords)
    if rule.kind == "positional":
        # before a *args, the positionals spelled out are passed for certain (super().__init__(dataset, *args))
        leading = next((index for index, arg in enumerate(call.args) if isinstance(arg, ast.Starred)), len(call.args))
        return leading > rule.max_positional
    if rule.kind == "method":
        if rule.with_any and rule.value is not None:
            # x.scatter_(1, index, src, reduce="add"): the keyword passes one of the literals; a number at
            # ``position`` (or a ``value=`` keyword, the rule's without_any) is the scalar overload, which is quiet
            if not any(kw.arg in rule.with_any and _has_value(kw.value, rule.value) for kw in call.keywords):
                return False
            if rule.position is not None and len(call.args) > rule.position:
                given = call.args[rule.position]
                if isinstance(given, ast.UnaryOp) and isinstance(given.op, ast.USub):
                    given = given.operand
                if isinstance(given, ast.Constant) and isinstance(given.value, (int, float)):
                    return False
            return True
        if rule.receiver_not is not None and _receiver_matches(call, rule.receiver_not):
            return False
        if rule.receiver is not None and not _receiver_matches(call, rule.receiver):
            return False
        if rule.refills_placeholder and not _whole_size(call):
            return False
        if rule.none_at is not None and not (len(call.args) > rule.none_at and _is_none(call.args[rule.none_at])):
            return False
        if rule.first_like is not None and not _first_like(call, rule.first_like):
            return False
        if rule.first_literal is not None and not _first_literal(call, rule.first_literal):
            return False
        if rule.argument_like is not None:
            return _one_argument_like(call, rule.argument_like)
        if rule.argument is None:  # x.add_(alpha, other): the deprecated overload is told by its arity
            return rule.max_positional is None or (not _has_unpacking(call) and len(call.args) > rule.max_positional)
    if rule.kind in ("missing-argument", "method"):  # a method with argument=: a.cross(b) without dim
        if any(kw.arg is None or kw.arg == rule.argument or kw.arg == _ALIASES.get(rule.argument)
               or (rule.parameters and kw.arg not in rule.parameters) for kw in call.keywords):
            return False  # F.softmax(x, dims=-1): an unknown keyword raises TypeError first
        # ``meshgrid(*grids)``: a starred argument fills positions only, so it can pass the argument only where
        # the rule says it has a position; torch.load keeps its caution (``pickle_module`` may be in there).
        if (rule.position is not None or rule.when is not None) and _has_unpacking(call):
            return False
        if rule.position is not None and len(call.args) > rule.position:
            return False
        if rule.kind == "missing-argument" and rule.tensor_input and rule.parameters and not call.args and \
                not any(kw.arg == rule.parameters[0] for kw in call.keywords):
            return False  # F.softmax(): no input either, a TypeError before any guess of dim
        if rule.when is not None:  # every condition is torch.load evidence
            return _uses_default_weights_only(call)
        return True
    return False


def _passes_keyword_value(rule: Rule, value: ast.expr) -> bool:
    """A keyword rule's value tests, for the value passed by keyword or at the rule's position."""
    return _has_value(value, rule.value) and not (rule.none_is_unset and _is_none(value)) and not (
        rule.list_value and not is_list_expression(value)) and not (
        rule.division_value and not is_true_division(value))


# NumPy's spelling torch's argument parser takes for a parameter: torch.cross(a, b, axis=1) and a.cross(b, axis=1)
# pass dim (no warning on 2.15, run). A Python-level function (F.softmax, nn.Softmax) raises TypeError for axis=
# instead, which is no "missing dim" either.
_ALIASES = {"dim": "axis"}


# The keywords that name a call's first parameter, where a quiet_first rule's API has one (torch.hub.load's
# ``repo_or_dir``, torch.hub.list's and torch.hub.help's ``github``).
FIRST_KEYWORDS = ("repo_or_dir", "github")


def _first_literal_matches(call: ast.Call, pattern: str) -> bool:
    """The first argument is a string literal fully matching ``pattern``; anything else may not be quiet."""
    if call.args:
        first = call.args[0]
    else:
        first = next((kw.value for kw in call.keywords if kw.arg in FIRST_KEYWORDS), None)
    return (isinstance(first, ast.Constant) and isinstance(first.value, str)
            and re.fullmatch(pattern, first.value) is not None)


def _receiver_matches(call: ast.Call, pattern: str) -> bool:
    """``self.train_sampler.state_dict(step)``: the receiver's last name (``train_sampler``) against ``pattern``;
    ``self.schedulers[0].get_lr()``: an element of a container, its name (``schedulers``), nested ones too
    (``encoder_scheduler[s][lv].step(epoch)``)."""
    owner = call.func.value if isinstance(call.func, ast.Attribute) else None
    while isinstance(owner, ast.Subscript):
        owner = owner.value
    receiver = dotted_name(owner) if owner is not None else None
    return receiver is not None and re.fullmatch(pattern, receiver.rsplit(".", 1)[-1], re.IGNORECASE) is not None


def _first_literal(call: ast.Call, kind: str) -> bool:
    """``x.size("coil")`` (kind ``str``), ``x.rename(None)`` (kind ``None``): the first positional argument is such a
    literal."""
    first = call.args[0] if call.args else None
    if not isinstance(first, ast.Constant):
        return False
    return first.value is None if kind == "None" else isinstance(first.value, str)


def _first_like(call: ast.Call, pattern: str) -> bool:
    """``grad.add(group["weight_decay"], p.data)``, ``x.sub(0.5, y)``: a first positional argument that is a
    number, or whose name (a variable, an attribute, a string key) fully matches ``pattern``; or arithmetic on
    such a name (``p.data.add(-step_size * group["weight_decay"], p.data)``)."""
    if not call.args or isinstance(call.args[0], ast.Starred):
        return False
    return _scalar_like(call.args[0], pattern)


def _scalar_like(first: ast.expr, pattern: str, named: bool = False) -> bool:
    """``named``: inside arithmetic, where only a matching name counts (``n + 1`` is no hyperparameter)."""
    if isinstance(first, ast.BinOp) and isinstance(first.op, (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow)):
        return _scalar_like(first.left, pattern, True) or _scalar_like(first.right, pattern, True)
    if isinstance(first, ast.UnaryOp) and isinstance(first.op, (ast.USub, ast.UAdd)):
        first = first.operand
    if isinstance(first, ast.Constant):
        return not named and isinstance(first.value, (int, float)) and not isinstance(first.value, bool)
    if isinstance(first, ast.Subscript) and isinstance(first.slice, ast.Constant) and isinstance(first.slice.value, str):
        name = first.slice.value
    elif isinstance(first, ast.Attribute):
        name = first.attr
    elif isinstance(first, ast.Name):
        name = first.id
    elif isinstance(first, ast.BinOp):
        return _scalar_like(first, pattern)
    else:
        return False
    return re.fullmatch(pattern, name, re.IGNORECASE) is not None


def fractional_argument_like(rule: Rule, call: ast.Call) -> bool:
    """``scheduler.step(epoch - 1 + steps / total)`` on a receiver the file binds to a torch scheduler: the
    fractional epoch is only CosineAnnealingWarmRestarts's (which the rule's ``unless_file_uses`` names), so it
    counts like a whole one."""
    return rule.argument_like is not None and _one_argument_like(call, rule.argument_like, fractional=True)


def _one_argument_like(call: ast.Call, pattern: str, fractional: bool = False) -> bool:
    """``scheduler.step(epoch + 1)``: one positional argument, no keywords, and some name in it (``epoch``)
    fully matching ``pattern``; a division (``epoch + i / iters``, a fractional epoch) is a schedule that
    takes one on purpose (CosineAnnealingWarmRestarts). ``scheduler.step(epoch=n)`` names LRScheduler.step's
    deprecated parameter itself: it counts whatever the value is called (the same UserWarning on 2.15, run),
    unless it is ``None`` (the default: no epoch); ``scheduler.step(val_loss, epoch=n)`` is ReduceLROnPlateau's
    ``step(metrics, epoch)``, which warns the same, also with both by keyword (``step(metrics=loss, epoch=i)``)."""
    given = [kw.arg for kw in call.keywords]
    if "epoch" in given and set(given) <= {"epoch", "metrics"} and len(call.args) + len(given) <= 2 and \
            not any(isinstance(a, ast.Starred) for a in call.args):
        value = next(kw.value for kw in call.keywords if kw.arg == "epoch")
        if isinstance(value, ast.Constant) and value.value is None:
            return False
        return not any(isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Div, ast.FloorDiv))
                       for node in walk_nodes(value))
    if len(call.args) == 2 and not call.keywords and not any(isinstance(a, ast.Starred) for a in call.args):
        # ReduceLROnPlateau's step(metrics, epoch) given the epoch by position (GradualWarmupScheduler copies:
        # `self.after_scheduler.step(metrics, epoch - self.total_epoch)`); no other torch schedule takes two
        epoch = call.args[1]
        if isinstance(epoch, ast.Constant):
            return False
        call = ast.Call(call.func, [epoch], [])
    if len(call.args) != 1 or call.keywords or isinstance(call.args[0], ast.Starred):
        return False
    names = []
    for node in walk_nodes(call.args[0]):
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Div, ast.FloorDiv)) and not fractional:
            return False
        if isinstance(node, ast.Name):
            names.append(node.id)
        elif isinstance(node, ast.Attribute):
            names.append(node.attr)
        elif (isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant)
              and isinstance(node.slice.value, str)):
            names.append(node.slice.value)  # checkpoint["step"]: the key names what it holds
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
              and node.args and isinstance(node.args[-1], ast.Constant) and isinstance(node.args[-1].value, str)):
            names.append(node.args[-1].value)  # state.get("epoch"), configer.get("iters"): a keyed read, as above
    return any(re.fullmatch(pattern, name, re.IGNORECASE) for name in names)


# What an inline loss call is conventionally named (``criterion(out, y)``, ``self.loss_fn(out, y)``): an nn loss
# module. A callee merely named like a loss may be a meter (``self.rpn_cls_loss(loss)`` returning a 1-element mean).
# (text: re compiles it when first asked)
# ... or a model's own loss method (``model.loss(input=x, target=y, average=False)``, ``net.compute_loss(x, y)``)
_LOSS_MODULE = r"(?i)[a-z_0-9]*(criterion|loss_fn|loss_func|loss_function)[a-z_0-9]*|(compute_|get_|calc_)?loss"


def scalar_index_rules(rules: list[Rule], node: ast.Subscript) -> list[Rule]:
    """The scalar-index rules whose ``receiver`` pattern names what ``node`` indexes (``loss.data[0]``; an inline
    ``criterion(out, y).data[0]``) and whose api reads it (``torch.Tensor.numpy`` for ``loss.data.numpy()[0]``)."""
    read = zero_dim_read(node)
    if read is None:
        return []
    value, api = read
    if isinstance(value, ast.Call):
        callee = dotted_name(value.func)
        if callee is None or not reduces(value) or not re.fullmatch(_LOSS_MODULE, callee.rsplit(".", 1)[-1]):
            return []  # a meter named like a loss, or criterion(out, y, reduction="none"): one loss per element
        return [rule for rule in rules if api in rule.apis]
    receiver = dotted_name(value)
    if receiver is None:
        return []
    name = receiver.rsplit(".", 1)[-1]
    return [rule for rule in rules if api in rule.apis and re.fullmatch(rule.receiver, name, re.IGNORECASE)]


def zero_dim_read(node: ast.Subscript) -> tuple[ast.expr, str] | None:
    """``loss.data[0]``, ``loss.data.cpu()[0]``, ``loss.cpu().data[0]``, ``loss.float().data[0]``,
    ``loss.data.cpu().numpy()[0]``: what is read
    at index 0 (``loss``) and the API that reads it: ``torch.Tensor.data``, or ``torch.Tensor.numpy`` when the index
    falls on the NumPy array (``.data`` optional there: a 0-dim tensor makes a 0-d array). None for any other subscript."""
    if not (isinstance(node.slice, ast.Constant) and node.slice.value == 0 and type(node.slice.value) is int):
        return None
    value, api = node.value, "torch.Tensor.data"
    if _method_call(value, ("numpy",)):
        value, api = value.func.value, "torch.Tensor.numpy"
    seen_data = False
    while True:
        if _method_call(value, ("cpu", "cuda", "detach", "float", "double", "half", "long", "int")):
            value = value.func.value  # (a dtype cast keeps the shape: loss.float().data[0] reads a 0-dim tensor too)
        elif isinstance(value, ast.Attribute) and value.attr == "data" and not seen_data:
            value, seen_data = value.value, True
        else:
            break
    return (value, api) if seen_data or api == "torch.Tensor.numpy" else None


def _method_call(node: ast.expr, names: tuple[str, ...]) -> bool:
    """``x.cpu()``: a call of one of ``names`` without arguments."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in names
            and not node.args and not node.keywords)


def passes_numpy_input(call: ast.Call, imported: set[str]) -> bool:
    """``F.softmax(out.data.cpu().numpy())``: the input (first argument, or ``input=``) is certainly a numpy
    value: a ``.numpy()`` call, or a call into numpy imported as ``np``/``numpy`` (``imported``: the names
    non-torch imports bind)."""
    first = call.args[0] if call.args else next((kw.value for kw in call.keywords if kw.arg == "input"), None)
    if not isinstance(first, ast.Call):
        return False
    if _method_call(first, ("numpy",)):
        return True
    module = (dotted_name(first.func) or "").partition(".")[0]
    return module in NUMPY_MODULES and module in imported and isinstance(first.func, ast.Attribute)


def loss_module_built(value: ast.expr, resolve) -> tuple[ast.Call, str] | None:
    """``nn.CrossEntropyLoss(...)``, ``nn.MSELoss().cuda()``, ``.to(d)`` after it: the constructor call of a torch
    loss module and its qualified name, or None."""
    value = unmoved(value)
    api = resolve(value.func) if isinstance(value, ast.Call) else None
    return (value, api) if api is not None and api.startswith("torch.nn.") and api.endswith("Loss") else None


def reduces(call: ast.Call) -> bool:
    """A loss call left to reduce: no ``reduce=``, no ``reduction=`` but a literal "mean" or "sum", no
    ``**kwargs`` that might pass one."""
    for keyword in call.keywords:
        if keyword.arg is None or keyword.arg == "reduce":
            return False
        if keyword.arg == "reduction" and not (isinstance(keyword.value, ast.Constant)
                                               and keyword.value.value in ("mean", "sum")):
            return False
    return True


def is_multi_dim_list_index(index: ast.expr) -> bool:
    """``[slice(0, 2), 0]``, ``[None, 1]``, ``[..., 0]``, ``[[0, 1], [1, 2]]``: a list display that torch reads
    as a tuple of per-dimension indices (deprecated since 2.8). A list of plain integers or names is ordinary
    advanced indexing and says nothing. ``[slice(None)] + rest`` and ``[slice(None)] * n`` (a list built by
    concatenation or repetition, or ``list(repeat(slice(None), n))``) count too, and so
    does a comprehension that makes slices or None (``[slice(int(n)) for n in lengths]``: the same UserWarning on
    2.15, run); one that makes lists or names may be a NumPy-style array index and is left alone."""
    if isinstance(index, ast.BinOp) and isinstance(index.op, ast.Add):
        return is_multi_dim_list_index(index.left) or is_multi_dim_list_index(index.right)
    if isinstance(index, ast.BinOp) and isinstance(index.op, ast.Mult):  # [slice(None)] * len(shape)
        return any(isinstance(side, ast.List) and is_multi_dim_list_index(side) for side in (index.left, index.right))
    if isinstance(index, ast.Call) and isinstance(index.func, ast.Name) and index.func.id == "list" \
            and len(index.args) == 1 and isinstance(repeated := index.args[0], ast.Call) and repeated.args \
            and (dotted_name(repeated.func) or "").rsplit(".", 1)[-1] == "repeat":
        # list(repeat(slice(None), x.dim())): old torch_geometric's InMemoryDataset.get, copied widely
        first = repeated.args[0]
        return (isinstance(first, ast.Constant) and first.value is None) or (
            isinstance(first, ast.Call) and isinstance(first.func, ast.Name) and first.func.id == "slice")
    if isinstance(index, ast.ListComp):
        made = [index.elt.body, index.elt.orelse] if isinstance(index.elt, ast.IfExp) else [index.elt]
        return any((isinstance(element, ast.Constant) and element.value is None)
                   or (isinstance(element, ast.Call) and isinstance(element.func, ast.Name)
                       and element.func.id == "slice") for element in made)
    if not isinstance(index, ast.List):
        return False
    for element in index.elts:
        if isinstance(element, ast.Constant) and (element.value is None or element.value is Ellipsis):
            return True
        if isinstance(element, (ast.List, ast.Tuple)):
            return True
        if (isinstance(element, ast.Call) and isinstance(element.func, ast.Name) and element.func.id == "slice"):
            return True
        if _torch_made(element) or _sliced_array(element):
            return True  # [rows, torch.arange(n)]: a tensor element makes torch read the list as a tuple (run, 2.15)
    return False


def _sliced_array(element: ast.expr) -> bool:
    """``pos[:, 0]``, ``pos[:, 0].squeeze()``: a multi-dimensional slice of something, so an array (a list takes no
    tuple index), which in a list index makes torch read the list as a tuple (GATA's ``graph[[pos[:, 0].squeeze()]]``)."""
    while isinstance(element, ast.Call) and isinstance(element.func, ast.Attribute) and not element.args:
        element = element.func.value
    return isinstance(element, ast.Subscript) and isinstance(element.slice, ast.Tuple) and any(
        isinstance(part, ast.Slice) for part in element.slice.elts)


def _torch_made(element: ast.expr) -> bool:
    """``torch.arange(n)``, ``torch.arange(n).long()``: a call of a torch function, or a method called on one."""
    while isinstance(element, ast.Call) and isinstance(element.func, ast.Attribute) \
            and isinstance(element.func.value, ast.Call):
        element = element.func.value
    if not isinstance(element, ast.Call):
        return False
    dotted = dotted_name(element.func) or ""
    return dotted.startswith("torch.") and dotted.rsplit(".", 1)[-1][:1].islower()


def _whole_size(call: ast.Call) -> bool:
    """One positional argument, another tensor's whole size: ``y.size()``, ``y[0].size()``, ``y.shape``."""
    if len(call.args) != 1 or call.keywords:
        return False
    size = call.args[0]
    return (isinstance(size, ast.Call) and isinstance(size.func, ast.Attribute) and size.func.attr == "size"
            and not size.args and not size.keywords) or (isinstance(size, ast.Attribute) and size.attr == "shape")


def is_list_expression(node: ast.expr) -> bool:
    """``[0, 1]``, ``[r for r in ranks]``, ``list(range(n))``: a list, whatever it holds."""
    return isinstance(node, (ast.List, ast.ListComp)) or (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "list")


def is_true_division(node: ast.expr) -> bool:
    """``n / 2``, ``len(ds) / k``: Python 3's ``/`` makes a float of two ints (Python 2 floored them); a call around
    it (``int(n / 2)``, ``math.ceil(n / 2)``) or ``//`` gives an int back."""
    return isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div)


def is_set_expression(node: ast.expr) -> bool:
    """``{...}``, ``set(...)``, ``set(a) | set(b)`` (also ``&``, ``-``, ``^``), ``set(a).union(b)``."""
    if isinstance(node, (ast.Set, ast.SetComp)):
        return True
    if isinstance(node, ast.Call):
        if isinstance(node.func, ast.Name) and node.func.id in ("set", "frozenset"):
            return True
        return (isinstance(node.func, ast.Attribute) and node.func.attr in _SET_METHODS
                and is_set_expression(node.func.value))
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.BitOr, ast.BitAnd, ast.Sub, ast.BitXor)):
        return is_set_expression(node.left) or is_set_expression(node.right)
    return False


_SET_METHODS = frozenset({"union", "intersection", "difference", "symmetric_difference", "copy"})


# The part of a keyword dict that cannot be read (``opts = kwargs.copy()`` before ``opts["dynamo"] = False``), spelled
# as ``**`` so that matches_call treats it as it treats any ``**kwargs``: keywords known to be passed still match,
# nothing is said about a keyword missing.
UNKNOWN_KEYWORDS = ast.keyword(None, ast.Name("_unknown_keywords_"))


def positional_as_keywords(rule: Rule, api: str, call: ast.Call) -> ast.Call:
    """The call with the positional arguments at ``rule``'s positions for ``api`` spelled as the keywords they fill
    (``nn.MSELoss(size_average)`` is ``nn.MSELoss(size_average=size_average)``); a ``*args`` before one hides it."""
    at = next((at for name, at in rule.positions if name == api), None) if rule.positions else None
    if at is None:
        return call
    starred = next((index for index, arg in enumerate(call.args) if isinstance(arg, ast.Starred)), len(call.args))
    spelled = [ast.keyword(name, call.args[index]) for name, index in zip(rule.arguments, at) if index < starred]
    if not spelled:
        return call
    return ast.copy_location(ast.Call(call.func, call.args, [*call.keywords, *spelled]), call)


def literal_keywords(node: ast.expr) -> list[ast.keyword] | None:
    """The items of ``{"opset_version": 17, ...}`` or ``dict(opset_version=17, ...)`` as keywords; None for
    anything whose keys cannot be read (a ``**`` inside, a key that is not a string)."""
    if isinstance(node, ast.Dict):
        if not all(isinstance(k, ast.Constant) and isinstance(k.value, str) for k in node.keys):
            return None
        return [ast.keyword(k.value, v) for k, v in zip(node.keys, node.values)]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict" and not node.args:
        return None if any(kw.arg is None for kw in node.keywords) else list(node.keywords)
    return None


_FLAG_HOLDERS = frozenset({"self", "cls", "args", "opt", "opts", "options", "config", "cfg", "hparams", "params", "flags"})


def passes_quiet_value(call: ast.Call | ast.keyword, quiet_with: tuple) -> bool:
    """The call (or the one keyword) passes one of the keywords at the literal that keeps torch quiet
    (``_compile=False``). A boolean stands for its truth (torch tests ``if _compile:``), so ``_compile=0`` or
    ``=None`` is quiet too; a name or expression is unknown, so it still counts."""
    quiet = dict(quiet_with)
    for keyword in (call,) if isinstance(call, ast.keyword) else call.keywords:
        if keyword.arg == "volatile" and quiet.get("volatile") is False and \
                isinstance(keyword.value, ast.Attribute) and keyword.value.attr == "volatile" and \
                isinstance(keyword.value.value, ast.Name) and keyword.value.value.id not in _FLAG_HOLDERS:
            # Variable(x, volatile=fmap.volatile): a tensor's .volatile is False since 0.4 (its own finding); not
            # self.volatile or args.volatile, a flag of the object's own or an option, which may be true
            return True
        if keyword.arg not in quiet or not isinstance(keyword.value, ast.Constant):
            continue
        wanted, given = quiet[keyword.arg], keyword.value.value
        if isinstance(wanted, bool) and given is not Ellipsis and not isinstance(given, (str, bytes)) \
                and bool(given) == wanted:
            return True
        if not isinstance(wanted, bool) and type(given) is type(wanted) and given == wanted:
            return True
    return False


def _has_value(node: ast.expr, wanted) -> bool:
    """No ``value`` in the rule: any value. Otherwise only that literal (``True`` is not ``1``)."""
    if wanted is None:
        return True
    if isinstance(wanted, tuple):  # one of these literals
        return any(_has_value(node, one) for one in wanted)
    if node.__class__ is ast.IfExp:  # dynamo=False if dynamic_axes is not None else True: either branch may pass
        return _has_value(node.body, wanted) or _has_value(node.orelse, wanted)  # (a version check: walkkeywords)
    return isinstance(node, ast.Constant) and type(node.value) is type(wanted) and node.value == wanted


def _is_none(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and node.value is None


def _has_unpacking(call: ast.Call) -> bool:
    """``f(*args)`` / ``f(**kwargs)``: what is passed cannot be known statically, so say nothing."""
    return any(isinstance(a, ast.Starred) for a in call.args) or any(kw.arg is None for kw in call.keywords)


def _uses_default_weights_only(call: ast.Call) -> bool:
    """torch.load(f, map_location, pickle_module, ...): a pickle_module keeps the old default (False)."""
    return len(call.args) < 3 and not any(kw.arg == "pickle_module" for kw in call.keywords)


def call_rules(rules, api: str, target, call: ast.Call) -> list[Rule]:
    """The rules ``call`` (of ``api``) breaks on ``target`` with no evidence beyond the call itself (no ``when``),
    the newest per pattern: for calls a project pass resolved to ``api`` (inherited, returned, spread calls)."""
    return newest_per_pattern(rule for rule in rules.by_call.get(api, ())
                              if not rule.when and rule.applies_to(target) and matches_call(rule, call))


def call_findings(file: str, node: ast.Call, api: str, rules, target, why: str) -> list:
    """The findings of :func:`call_rules` on ``node``, each message followed by ``(why)``: what made the call
    ``api`` (``self.Tensor is torch.cuda.FloatTensor, bound in a base class``)."""
    return [finding_at(file, node, api, rule, f"{rule.message} ({why})", rule.fix)
            for rule in call_rules(rules, api, target, node)]
