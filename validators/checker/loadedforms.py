"""What values, keys, names and annotations look like to the ``torch.load`` evidence (loaded.py): the
shared constants and predicates of its mixins."""

from __future__ import annotations

import ast
import copy
import json
import re
from functools import lru_cache
from pathlib import Path

from .checkpoints import OPTION_RECEIVERS, config_library_imported
from .imports import dotted_name, state_dict_call, walk_nodes


# Attributes that only a pickled object has, never the dict/tensor that weights_only loads (not ``requires_grad_``,
# which a tensor has as well as a module: ``x.half().requires_grad_(False)``).
OBJECT_SIGNALS = frozenset({
    "eval", "train", "forward", "parameters", "named_parameters", "buffers", "named_buffers", "modules",
    "named_modules", "children", "named_children", "state_dict", "zero_grad",
    "predict", "fit", "transform", "__dict__",
})
# A class's alternate constructors: ``Config.fromfile(p)`` (mmengine), ``OmegaConf.create/load/merge``,
# ``Tokenizer.from_file(p)``: each returns an instance, which weights_only refuses like the class's own call. Not any
# class attribute: ``OmegaConf.to_container(c)`` returns a plain dict.
ALTERNATE_CONSTRUCTOR = re.compile(r"from_\w+$|fromfile$|(load|create|structured|merge)$")

# Keys under which checkpoints keep an argparse Namespace or a config object.
NAMESPACE_KEYS = frozenset({"args", "opt", "opts", "cfg", "hparams", "hyper_parameters", "namespace", "flags"})
# Of those, the one a config goes by: a config object only in a project with a config-object library or an
# attribute-access dict class (checkpoints.py); pruning code keeps its layer widths there (``'cfg': [64, 'M']``)
CONFIG_KEY = "cfg"
# Under these keys an attribute read (``ckpt["settings"].vocab``) means an object: a dict has no such attributes.
OBJECT_KEYS = NAMESPACE_KEYS | {"settings", "config", "conf", "options", "hyperparams"}
DICT_METHODS = frozenset({"get", "items", "keys", "values", "pop", "update", "copy", "setdefault", "__contains__"})
# Calls that build plain data (``cfg = vars(args)``, ``OmegaConf.to_container(c)``, ``c.to_dict()``, ``c.dump()``);
# not ``dict(cfg)``: a copy of a yacs CfgNode keeps its nested CfgNodes (refused on torch 2.15).
PLAIN_DICT_CALLS = frozenset({"vars", "to_dict", "to_container", "asdict", "safe_load", "load", "loads", "dump", "dumps"})
# OmegaConf functions that take a config object (to_container, to_object, set_struct and resolve refuse a dict):
# a loaded entry handed to one is an omegaconf DictConfig, which weights_only refuses (checked on torch 2.15).
OMEGACONF_OBJECT_CALLS = frozenset({"to_yaml", "to_container", "to_object", "set_struct", "set_readonly", "resolve"})
MODEL_NAMES = frozenset({"model", "net", "network", "module", "generator", "discriminator", "encoder", "decoder"})


def spells(line: str, name: str) -> bool:
    """Whether an ASCII ``line`` holds ``name`` as a whole word that is not an attribute (``.name``): where
    it does not, no ``Name`` node of that name starts there. (A per-name regex would be compiled per name.)"""
    start = line.find(name)
    while start != -1:
        end = start + len(name)
        before = line[start - 1] if start else " "
        after = line[end] if end < len(line) else " "
        if not (before == "." or before == "_" or before.isalnum()) and not (after == "_" or after.isalnum()):
            return True
        start = line.find(name, start + 1)
    return False


ATTRIBUTES_FILE = Path(__file__).with_name("weights-only-attributes.json")


@lru_cache(maxsize=1)
def loaded_value_attributes() -> frozenset[str]:
    """Every attribute a value of a weights_only load can have (a tensor, a dict, a list, a str, an int, ...),
    generated from torch 2.15 by radar/weights_only_globals.py --attributes."""
    return frozenset(json.loads(ATTRIBUTES_FILE.read_text(encoding="utf-8"))["attributes"])


# An opt-out flag (``--no-save-rng``, ``--skip-eval``, ``--disable-x``): off unless the run asks for it.
_OPT_OUT = re.compile(r"(?:no|skip|disable|without|dont)_", re.IGNORECASE)


def runs_by_default(test: ast.expr) -> bool:
    """``not args.no_save_rng`` (and ``not a.no_x and not no_y``): the branch a run takes unless it passes an opt-out
    flag, so what it stores is in the files a run writes by default."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return all(runs_by_default(value) for value in test.values)
    if not (isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)):
        return False
    name = dotted_name(test.operand) if isinstance(test.operand, (ast.Name, ast.Attribute)) else None
    return name is not None and _OPT_OUT.match(name.rsplit(".", 1)[-1]) is not None


def optimizer_group_options(tree: ast.AST) -> dict[str, frozenset[str]]:
    """Optimizer subclasses the module defines (``class LARS(optim.Optimizer)``) -> the ``__init__`` parameters it
    puts in a dict (its ``defaults``): torch's Optimizer copies the defaults into every param group, and
    ``state_dict()`` keeps every group key but ``'params'``, so a function passed there (``weight_decay_filter=
    exclude_bias_and_norm``) is pickled by reference: "Unsupported global" under weights_only=True (run on 2.15)."""
    found: dict[str, frozenset[str]] = {}
    for node in getattr(tree, "body", ()):
        if not (isinstance(node, ast.ClassDef) and any(
                (dotted_name(base) or "").rsplit(".", 1)[-1] == "Optimizer" for base in node.bases)):
            continue
        init = next((item for item in node.body if isinstance(item, ast.FunctionDef) and item.name == "__init__"), None)
        if init is None:
            continue
        parameters = {argument.arg for argument in (*init.args.args, *init.args.kwonlyargs)}
        stored = set()
        for inner in walk_nodes(init):
            if isinstance(inner, ast.Dict):
                stored.update(v.id for v in inner.values if isinstance(v, ast.Name))
            elif isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) and inner.func.id == "dict":
                stored.update(kw.value.id for kw in inner.keywords if isinstance(kw.value, ast.Name))
        if options := frozenset(parameters & stored):
            found[node.name] = options
    return found


# Classes whose instances weights_only loads (collections.OrderedDict and Counter); every other class is refused.
_LOADABLE_CLASSES = frozenset({"OrderedDict", "Counter"})


def nested_records(tree: ast.AST) -> frozenset[str]:
    """Classes the module defines with a field whose default is a class instance (``model_config: ClassifierConfig =
    ClassifierConfig()``): a NamedTuple's ``_asdict()`` is shallow, so the dict it returns still holds that instance,
    which weights_only refuses (run on torch 2.15: "Unsupported global: GLOBAL __main__.A" for a NamedTuple with a
    field ``a: A = A()``; a NamedTuple of scalars gives a plain dict that loads)."""
    found = set()
    for node in getattr(tree, "body", ()):
        if isinstance(node, ast.ClassDef) and any(
                isinstance(item, ast.AnnAssign) and isinstance(item.value, ast.Call) and
                CLASS_NAME.match(name := (dotted_name(item.value.func) or "").rsplit(".", 1)[-1]) is not None and
                name not in _LOADABLE_CLASSES for item in node.body):
            found.add(node.name)
    return frozenset(found)


def string_key(node: ast.Subscript) -> str | None:
    key = node.slice
    return key.value if isinstance(key, ast.Constant) and isinstance(key.value, str) else None


def held_item(value: ast.expr) -> ast.expr:
    """What a name bound to ``value`` holds, as LoadedObjects.bind reads it (before an item's subscript is dropped)."""
    if isinstance(value, ast.IfExp) and isinstance(value.body, ast.Call):
        value = value.body  # m = torch.load(p) if isinstance(p, str) else p: the name holds the load's result
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and \
            value.func.attr in SELF_RETURNING and isinstance(value.func.value, (ast.Subscript, ast.Call)):
        value = value.func.value  # m = torch.load(p)["model"].float(): the item itself, converted in place
    return value


def passed_path(node: ast.expr) -> str | None:
    """A path handed on by name, ``cache_path`` or ``config.model_file``: how a save function's argument and a load's
    path are matched (loadedreads.path_args, loadedverdict); None for any other expression."""
    return dotted_name(node) if isinstance(node, (ast.Name, ast.Attribute)) else None


def is_model_name(name: str) -> bool:
    """``model``, ``net``, ``student_model``, ``netG``; not ``model_params`` (a list of tensors)."""
    return name.lower() in MODEL_NAMES or name.lower().endswith("model") or re.fullmatch(r"net[A-Z]?\d?", name) is not None


# Capitalised annotations that name tensors, containers or typing constructs, not a class of objects.
PLAIN_ANNOTATIONS = frozenset({"Tensor", "Parameter", "Dict", "List", "Tuple", "Set", "Optional", "Union", "Any",
                                "Mapping", "MutableMapping", "Sequence", "Iterable", "OrderedDict", "Path",
                                "PathLike", "Callable", "Type", "Literal", "IO", "BinaryIO", "BytesIO", "TensorDict",
                                "StateDict", "Number", "Size", "Device", "DType", "Array"})
# Builtin scalars weights_only loads as they are (checked on 2.15: str, int, float, bool, bytes, None); not
# pathlib.Path (Unsupported global: GLOBAL pathlib.PosixPath) nor containers, whose items may be anything.
_SCALAR_ANNOTATIONS = frozenset({"str", "int", "float", "bool", "bytes", "None"})


def scalar_annotation(annotation: ast.expr) -> bool:
    """``name: str``, ``step: int | None``, ``Optional[str]``, ``"str"``: a builtin scalar, whatever the caller passes
    by the project's own word (a value named like a model, ``text_encoder_model: str``, is then its name)."""
    if isinstance(annotation, ast.Constant):
        if annotation.value is None:
            return True
        if not isinstance(annotation.value, str):
            return False
        return annotation.value.strip() in _SCALAR_ANNOTATIONS
    if isinstance(annotation, ast.Name):
        return annotation.id in _SCALAR_ANNOTATIONS
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        return scalar_annotation(annotation.left) and scalar_annotation(annotation.right)
    if isinstance(annotation, ast.Subscript) and (dotted_name(annotation.value) or "").rsplit(".", 1)[-1] in (
            "Optional", "Union"):
        inner = annotation.slice
        return all(scalar_annotation(item) for item in (inner.elts if isinstance(inner, ast.Tuple) else [inner]))
    return False


# Return annotations naming a mapping (``dict``, ``Dict[str, Any]``, ``OrderedDict``, ``Optional[dict]``).
_MAPPING_ANNOTATIONS = frozenset({"dict", "Dict", "OrderedDict", "Mapping", "MutableMapping"})


def mapping_annotation(annotation: ast.expr) -> bool:
    if isinstance(annotation, ast.Subscript):
        name = (dotted_name(annotation.value) or "").rsplit(".", 1)[-1]
        if name in ("Optional", "Union"):
            inner = annotation.slice
            items = [i for i in (inner.elts if isinstance(inner, ast.Tuple) else [inner])
                     if not (isinstance(i, ast.Constant) and i.value is None)]
            return bool(items) and all(mapping_annotation(item) for item in items)
        return name in _MAPPING_ANNOTATIONS
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        sides = [side for side in (annotation.left, annotation.right)
                 if not (isinstance(side, ast.Constant) and side.value is None)]
        return bool(sides) and all(mapping_annotation(side) for side in sides)
    return (dotted_name(annotation) or "").rsplit(".", 1)[-1] in _MAPPING_ANNOTATIONS


CHILD_PROCESS = frozenset({"run", "Popen", "check_output", "call", "check_call"})
# A config class of the project's own (``BEATsConfig``, ``WavLMConfig``): what it is built from is the plain
# settings dict (a config object would not need building again).
CONFIG_CLASS = r"^[A-Z]\w*(Config|Cfg)$"  # text: re compiles it when first asked (most files never do)
# A writer's check that its argument is numpy (``all_numpy(split_dict)``, ``is_ndarray(x)``) before it saves it.
# ogb.utils.torch_util.replace_numpy_with_torchtensor(obj): turns the numpy arrays in a dict or list into tensors in
# place; a load handed to it holds numpy arrays (weights_only: Unsupported global numpy._core.multiarray._reconstruct)
NUMPY_TO_TENSORS = "replace_numpy_with_torchtensor"
# transformers' PreTrainedModel setters, whose argument becomes a submodule (``self.embed_tokens = value``): what a
# file loads into one is a pickled nn.Module, which weights_only refuses (Unsupported global, run on 2.15).
SETS_MODULE = frozenset({"set_input_embeddings", "set_output_embeddings"})
NUMPY_CHECK = re.compile(r"(?i)^(all|is|check|assert|ensure)_?(numpy|ndarray|np)")
# Module methods that change the module in place and return it; Tensor's return a new tensor (``t.cpu()`` alone is a no-op)
IN_PLACE_ON_MODULES = frozenset({"cpu", "cuda", "to", "float", "double", "half", "bfloat16"})
# Methods of numpy arrays and torch_sparse SparseTensors that give back a value of the same kind (not
# ``tolist()``/``item()``, nor ``state_dict()`` of a project's own module).
SAME_KIND = frozenset({"to_symmetric", "coalesce", "set_diag", "remove_diag", "fill_value", "set_value", "astype",
                        "reshape", "copy", "transpose", "squeeze", "flatten", "ravel", "mean", "sum", "max", "min"})
# Library classes whose instances weights_only refuses (checked on torch 2.15: "Unsupported global"): by package,
# the names imported from it. torch_sparse's SparseTensor and PyG's Data/HeteroData are plain Python classes.
LIBRARY_OBJECTS = {
    "torch_sparse": frozenset({"SparseTensor"}),
    "torch_geometric": frozenset({"SparseTensor", "Data", "HeteroData", "Batch", "TemporalData"}),
}
# Library functions that return an instance of a library class (packaging's Version: "Unsupported global: GLOBAL
# packaging.version.Version", run on torch 2.15; pkg_resources.parse_version returns the Version of the packaging
# setuptools vendors, a class outside the allowlist too), by qualified name: ``version = version.parse(__version__)``
# in a checkpoint dict. Not ``Version(...)`` itself: imported CamelCase names count already (imported_classes).
_LIBRARY_FACTORIES = frozenset({"packaging.version.parse", "pkg_resources.parse_version"})


def factory_spellings(module: str, name: str, local: str) -> list[str]:
    """How the file calls a library factory after importing ``module.name`` as ``local`` (``from packaging import
    version``: ``version.parse``; ``import packaging.version``: module "", name "packaging.version")."""
    qualified = f"{module}.{name}" if module else name
    return [local + factory[len(qualified):] for factory in _LIBRARY_FACTORIES
            if factory == qualified or factory.startswith(qualified + ".")]


# PIL.Image functions that return a PIL.Image.Image (checked on torch 2.15: "Unsupported global: GLOBAL PIL.Image.Image")
PIL_IMAGES = frozenset({"fromarray", "open", "new", "frombytes", "merge"})
# nn.Module methods that return the module itself
RETURN_SELF = frozenset({"cuda", "cpu", "to", "eval", "train", "half", "float", "double", "bfloat16",
                          "requires_grad_", "to_empty"})
CONVERTER = re.compile(r"(?i)examples?_to_features$")
# map(f, items), pool.map / imap / starmap, executor.map: a list (or iterator) of what ``f`` returns
MAPS = frozenset({"map", "imap", "imap_unordered", "starmap", "map_async"})
# a state dict or tensors: weights_only loads them (text: re compiles it when first asked)
TENSOR_LIKE = r"(?i)state|^sd$|tensor|weight|param|grad"
# A checkpoint written to a file and read back in the same helper is no round trip of arbitrary data.
CHECKPOINT_LIKE = r"(?i)ckpt|checkpoint"  # text: re compiles it when first asked
# argparse.Namespace and types.SimpleNamespace: objects weights_only refuses (checked on torch 2.15:
# "Unsupported global: GLOBAL argparse.Namespace"), however the checkpoint names them (``best_acc=...``).
NAMESPACE_CLASSES = frozenset({"Namespace", "SimpleNamespace"})
# Standard-library values outside weights_only's allowlist (each run on torch 2.15: "Unsupported global: GLOBAL
# collections.defaultdict", collections.deque, frozenset, fractions.Fraction, decimal.Decimal, datetime.datetime);
# Counter, OrderedDict, set, complex, bytes and bytearray load. Not pathlib.Path (refused too): a Path is mostly an
# argument of the project's own loaders, whose results would then count as built from objects.
_REFUSED_STANDARD_CLASSES = frozenset({"defaultdict", "deque", "frozenset", "Fraction", "Decimal"})
# as written after ``from datetime import datetime``; the module's own spelling (``datetime.datetime.now()``) is read
# without its first ``datetime.``
_DATETIME_CALLS = frozenset({"datetime", "datetime.now", "datetime.utcnow", "datetime.today", "datetime.fromtimestamp",
                             "datetime.date", "date.today"})


def refused_standard_value(callee: str, last: str) -> bool:
    """``defaultdict(list)``, ``collections.deque()``, ``datetime.now()``: a standard-library object."""
    if last in _REFUSED_STANDARD_CLASSES:
        return callee.count(".") <= 1
    return callee in _DATETIME_CALLS or callee.removeprefix("datetime.") in _DATETIME_CALLS


# keywords only a Hugging Face tokenizer's __call__ takes together with text: its result is a BatchEncoding, a
# UserDict weights_only refuses ("Unsupported global: GLOBAL transformers.tokenization_utils_base.BatchEncoding",
# run on torch 2.15), whatever return_tensors says
_TOKENIZER_KEYWORDS = frozenset({"return_tensors", "padding", "truncation", "max_length", "add_special_tokens",
                                 "return_attention_mask", "return_token_type_ids", "return_offsets_mapping"})
_ENCODING_METHODS = frozenset({"encode_plus", "batch_encode_plus"})  # BatchEncoding too


def tokenizer_encoding(call: ast.Call, callee: str) -> bool:
    """``self.tokenizer(text=texts, padding="max_length", return_tensors="pt")`` or
    ``tokenizer.batch_encode_plus(texts)``: a BatchEncoding."""
    last = callee.rsplit(".", 1)[-1]
    if last in _ENCODING_METHODS:
        return "tokenizer" in callee.lower()
    return "tokenizer" in last.lower() and any(keyword.arg in _TOKENIZER_KEYWORDS for keyword in call.keywords)


_PATH_METHOD = r"(?i)file|path"  # text: re compiles it when first asked


def is_path_method_call(node: ast.expr) -> bool:
    """``self._feature_file(mode)``, ``self.cache_path(split)``: a method of the class that builds a path from names
    or constants; two methods calling it the same way (one saving, one loading) name the same file."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "self" and re.search(_PATH_METHOD, node.func.attr) is not None
            and not node.keywords
            and all(isinstance(arg, (ast.Name, ast.Constant)) for arg in node.args))


def self_item(node: ast.AST) -> tuple[str, str] | None:
    """``self.data["train"]``: (attribute, key)."""
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and isinstance(
            node.value.value, ast.Name) and node.value.value.id == "self" and isinstance(node.slice, ast.Constant) \
            and isinstance(node.slice.value, str):
        return node.value.attr, node.slice.value
    return None


def dict_display(node: ast.expr) -> ast.Dict | None:
    """``{"a": x}`` as is; ``dict(a=x, b=y)`` (or ``dict()``) as the display it builds (a fresh node, so that keys set later
    by subscript can be added to it); ``dict(a=x, **kw)`` as ``{"a": x, **kw}`` (a None key, as the display spells a
    spread); None for anything else (``dict(cfg)``, ``dict(**kw)``)."""
    if isinstance(node, ast.Dict):
        return ast.Dict(keys=list(node.keys), values=list(node.values))
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict" and not node.args
            and (not node.keywords or any(kw.arg is not None for kw in node.keywords))):  # dict(): filled later
        return ast.Dict(keys=[None if kw.arg is None else ast.Constant(kw.arg) for kw in node.keywords],
                        values=[kw.value for kw in node.keywords])
    return None


def path_key(node: ast.expr, scope: int) -> tuple[int, str]:
    """The path expression as written, in its function (a literal path anywhere): ``torch.save(x,
    os.path.join(d, "a.pt"))`` and ``torch.load(os.path.join(d, "a.pt"))`` name the same file. Attributes
    (``self.cache_file``, ``args.out``) are the file's. What a literal pattern fills in (``"optim.{0}.bin".format(
    step)``, ``f"model_{epoch}.pt"``) is any value: the save of one epoch and the load of another name one family."""
    node = _patterned(node)
    owners = {id(n.value) for n in walk_nodes(node) if isinstance(n, ast.Attribute)}
    local = any(isinstance(n, ast.Name) and id(n) not in owners for n in walk_nodes(node))  # `out`, not `os.` or `args.`
    return (scope if local else 0), ast.dump(node, annotate_fields=False, include_attributes=False)


def _patterned(node: ast.expr) -> ast.expr:
    """``node`` with the values a string pattern fills in (``"a{}.pt".format(i)``'s arguments, an f-string's fields)
    made one placeholder; ``node`` itself when it has none."""
    if not any(map(fills_a_pattern, walk_nodes(node))):
        return node
    node = copy.deepcopy(node)
    for inner in walk_nodes(node):
        if _formats(inner):
            inner.args, inner.keywords = [ast.Constant("*")] * len(inner.args), []
        elif isinstance(inner, ast.FormattedValue):
            inner.value, inner.format_spec, inner.conversion = ast.Constant("*"), None, -1
    return node


def fills_a_pattern(node: ast.AST) -> bool:
    """``"optim.{0}.bin".format(step)`` or ``f"model_{epoch}.pt"``: a literal pattern filled in."""
    return isinstance(node, ast.JoinedStr) or _formats(node)


def _formats(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format" \
        and isinstance(node.func.value, ast.Constant) and isinstance(node.func.value.value, str)


# Parameter annotations that name an object weights_only refuses (a config object, a Namespace, a module).
OBJECT_ANNOTATIONS = frozenset({"DictConfig", "ListConfig", "CfgNode", "ConfigDict", "Namespace", "Module",
                                "ScriptModule", "RecursiveScriptModule"})
_SCRIPT_MODULES = frozenset({"ScriptModule", "RecursiveScriptModule"})


def names_script_module(node: ast.expr) -> bool:
    """``RecursiveScriptModule``, ``torch.jit.ScriptModule``, or a tuple holding one (an isinstance target)."""
    if isinstance(node, ast.Tuple):
        return any(names_script_module(element) for element in node.elts)
    return (dotted_name(node) or "").rsplit(".", 1)[-1] in _SCRIPT_MODULES


def names_object_type(annotation: ast.expr | None) -> bool:
    """``cfg: DictConfig``, ``args: argparse.Namespace``, ``model: nn.Module``, ``Optional[DictConfig]``."""
    if isinstance(annotation, ast.Subscript):
        inner = annotation.slice.elts if isinstance(annotation.slice, ast.Tuple) else [annotation.slice]
        return any(names_object_type(element) for element in inner)
    return annotation is not None and (dotted_name(annotation) or "").rsplit(".", 1)[-1] in OBJECT_ANNOTATIONS


def foreign_read(node: ast.Attribute) -> bool:
    """A public attribute read that no tensor, container or primitive has (``data["dico"].lang``, ``ckpt.message``)."""
    return isinstance(node.ctx, ast.Load) and not node.attr.startswith("_") and \
        node.attr not in loaded_value_attributes()


def built_from_items(value: ast.expr, name: str) -> bool:
    """``Reader.from_pretrained(model["arguments"]["model"])``: a call whose callee does not read ``name`` and whose
    arguments read it only through string keys (``name["k"]``): it returns a new value built from entries of what
    ``name`` held, not that value wrapped or converted (``DataParallel(model)``, ``model.eval()``)."""
    if not isinstance(value, ast.Call) or any(isinstance(node, ast.Name) and node.id == name
                                              for node in walk_nodes(value.func)):
        return False
    keyed: set[int] = set()
    found = False
    for node in walk_nodes(value):
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == name:
            if string_key(node) is None:
                return False
            keyed.add(id(node.value))
        elif isinstance(node, ast.Name) and node.id == name:
            if id(node) not in keyed:
                return False
            found = True
    return found


def builds_plain_dict(value: ast.expr) -> bool:
    if isinstance(value, (ast.Dict, ast.DictComp)):
        return True
    if isinstance(value, ast.IfExp):
        return builds_plain_dict(value.body) and builds_plain_dict(value.orelse)
    name = dotted_name(value.func) if isinstance(value, ast.Call) else None
    if name == "dict":
        return not value.args  # dict(lr=0.1), not dict(cfg)
    return name is not None and name.rsplit(".", 1)[-1] in PLAIN_DICT_CALLS


def constant_display(value: ast.expr) -> bool:
    """``[16, 16, 32, "M", 64]``: a list or tuple display of constants (nested ones too), plain data for weights_only
    (a pruning or OCR model's layer widths kept under ``"cfg"``). Not an empty one: what it is given later decides."""
    return isinstance(value, (ast.List, ast.Tuple)) and bool(value.elts) and all(
        isinstance(element, ast.Constant) or constant_display(element) for element in value.elts)


def is_namespace(node: ast.expr) -> bool:
    """``args``, ``self.opt``: a name checkpoints use for an argparse Namespace (``cfg`` is left to the config rule,
    CONFIG_KEY)."""
    return (dotted_name(node) or "").rsplit(".", 1)[-1].lower() in NAMESPACE_KEYS - {CONFIG_KEY}


_KEYED = r"(?<![\w.])(?:self\.)?(\w+)\[\s*['\"]"  # opt['lr'], self.opt["cuda"] (text: compiled when first asked)


# opt = <value>, as a statement of its own (text: compiled when first asked)
_NAMESPACE_BOUND = r"(?m)^[ \t]*(args|opt|opts|hparams|hyper_parameters|namespace|flags)[ \t]*=(?!=)[ \t]*([^\n]*)"
# vars(args), dict(...), a display, or a JSON/YAML file's parsed contents (plain containers)
_DICT_VALUE = re.compile(r"(?:vars|dict)\(|\{|json\.loads?\(|yaml\.(?:safe_)?load\(")
# opt = load_config(path), opt = checkpoint['config'], opt = checkpoint.get('config')
_RESTORED_VALUE = re.compile(r"[\w.]*load\w*\(|\w+\[|\w+\.get\(")


def vars_bindings(text: str) -> tuple[set[str], set[str]]:
    """The Namespace-like names (``opt``, ``args``) a file binds, as plain statements, to a dict (``vars(args)``,
    ``dict(...)``, a display, ``json.load(f)``), and those it binds to anything else; a value restored from a
    checkpoint (``opt = load_config(path)``, ``opt = ckpt['config']``) is what some save put there, neither."""
    dicts, other = set(), set()
    for name, value in re.findall(_NAMESPACE_BOUND, text):
        if value.rstrip().rstrip(",)") == name:
            continue  # opt=opt on a line of its own: a keyword argument passing the name on, not a binding
        if _DICT_VALUE.match(value):
            dicts.add(name)
        elif not _RESTORED_VALUE.match(value):
            other.add(name)
    return dicts, other


def keyed_namespaces(text: str | None) -> frozenset[str]:
    """The names checkpoints use for a Namespace (``opt``, ``args``) that the file reads by string key
    (``opt['lr']``, ``self.opt["cuda"]``): a Namespace has no items, so there they are dicts (FlowQA's and AGGCN's
    ``opt = vars(args)``, saved as ``'config': self.opt``), unless the file imports a config library whose objects
    do have them (EasyDict, a yacs CfgNode)."""
    if text is None or config_library_imported(text) is not None:
        return frozenset()
    return frozenset(name for name in set(re.findall(_KEYED, text)) if name.lower() in NAMESPACE_KEYS - {CONFIG_KEY})


def _unwrap_module(node: ast.expr) -> ast.expr:
    """``deepcopy(model.module if is_parallel(model) else model).half()`` -> ``model``: copies, ``.half()``/``.to()``
    and the DataParallel ternary give the module itself back."""
    while True:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in RETURN_SELF:
            node = node.func.value
        elif isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords and (
                (callee := (dotted_name(node.func) or "").rsplit(".", 1)[-1]) in ("deepcopy", "copy")
                or _UNWRAPS_PARALLEL.fullmatch(callee)):
            node = node.args[0]  # deepcopy(model), de_parallel(model), accelerator.unwrap_model(model)
        elif isinstance(node, ast.IfExp) and _state_or_module(node):
            return node.body  # net.state_dict() if use_cuda else net: what readers restore with load_state_dict
        elif isinstance(node, ast.IfExp):
            node = node.orelse
        elif isinstance(node, ast.Attribute) and node.attr == "module":
            node = node.value  # model.module: the wrapped model of DataParallel/DDP
        else:
            return node


def _state_or_module(node: ast.IfExp) -> bool:
    """``net.state_dict() if use_cuda else net``: a file that holds the whole module only in the branch its readers
    cannot use (``load_state_dict(ckpt["net"])`` fails on a module on every release), read as the state dict."""
    body = node.body
    return (state_dict_call(body) and dotted_name(body.func.value) is not None
            and dotted_name(body.func.value) == dotted_name(node.orelse))


# Helpers that hand back the module a DataParallel/DDP wrapper holds (yolov5/v7/v9 and ultralytics ``de_parallel``,
# accelerate's and transformers' ``unwrap_model``, basicsr's ``get_bare_model``): what they return is the module.
_UNWRAPS_PARALLEL = re.compile(r"(?i)de_?parallel|(get_)?(unwrap|bare)_model|unwrap_(ddp|parallel)")


def _names_running_stats(node: ast.expr) -> bool:
    """``obs_rms``, ``envs.get_obs_rms()``, ``getattr(vec_norm, "obs_rms", None)``: the running mean/std of RL
    observation normalisation, a RunningMeanStd instance in every library that keeps one (baselines,
    stable-baselines3, tianshou): a class weights_only refuses."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr" and \
            len(node.args) >= 2 and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str):
        return _RUNNING_STATS.search(node.args[1].value) is not None
    if isinstance(node, ast.Call) and not node.args:
        node = node.func  # get_obs_rms()
    name = (dotted_name(node) or "").rsplit(".", 1)[-1]
    return _RUNNING_STATS.search(name.removeprefix("get_")) is not None


_RUNNING_STATS = re.compile(r"(?i)^(ob|obs|ret|rew|reward)s?_rms$")


# What a trainer keeps as attributes and a checkpoint sometimes stores whole (``'optimizer': self.optimizer``, not
# ``self.optimizer.state_dict()``): a torch.optim optimizer, a loss module, a scheduler, or a project's wrapper of
# one; weights_only refuses each (checked on torch 2.15: Unsupported global: GLOBAL torch.optim.sgd.SGD).
_TRAINING_OBJECTS = frozenset({"optimizer", "optim", "criterion", "scheduler", "lr_scheduler"})


def is_training_object(node: ast.expr) -> bool:
    """``self.optimizer`` saved as it is: the attribute of the object that trains (not ``args.optimizer``, a name)."""
    return isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self" and \
        node.attr.lower() in _TRAINING_OBJECTS


def type_tested_names(test: ast.expr) -> list[str]:
    """The names an ``if`` test checks the kind of: ``isinstance(ckpt, dict)``, ``not isinstance(x.get("ema"), dict)``,
    ``isinstance(c, State) and ...``, ``hasattr(sd, "module")`` (the name the first argument starts from). Only
    ``not``/``and``/``or`` are looked through: most tests hold no such call, and are not walked."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return type_tested_names(test.operand)
    if isinstance(test, ast.BoolOp):
        return [name for value in test.values for name in type_tested_names(value)]
    if not (isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id in ("isinstance", "hasattr")
            and len(test.args) == 2):
        return []
    root = test.args[0]
    while isinstance(root, (ast.Attribute, ast.Subscript, ast.Call)):
        root = root.func if isinstance(root, ast.Call) else root.value
    return [root.id] if isinstance(root, ast.Name) else []


def prepares_scriptable(node: ast.expr) -> bool:
    """``tok.__prepare_scriptable__()``: the hook torch.jit.script calls to get the object it scripts in place of its
    argument (torch/jit/_script.py), an nn.Module or a class instance, never a tensor or a container."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
        node.func.attr == "__prepare_scriptable__"


CLASS_NAME = re.compile(r"[A-Z]\w*[a-z]\w*$")  # CamelCase: ``OmnivoreKinetics``, not ``RGB`` nor ``load``


# torch functions that build a tensor (a round-tripped one loads under weights_only=True)
TENSOR_FACTORIES = frozenset({"tensor", "as_tensor", "zeros", "ones", "empty", "full", "arange", "rand", "randn",
                               "zeros_like", "ones_like", "empty_like", "LongTensor", "ByteTensor", "FloatTensor",
                               "IntTensor", "Tensor"})


def class_of(node: ast.expr) -> bool:
    """``type(optimizer)``: a class object, pickled as a GLOBAL that weights_only refuses unless allowlisted (run on
    torch 2.15: ``{"t": type(optimizer)}`` fails with "Unsupported global: GLOBAL torch.optim.sgd.SGD", ``type(1)``
    with "GLOBAL int"; only ``torch.Tensor`` loads, and no one keeps the class of a tensor). ``model.__class__`` is the
    same object (denoiser serializers keep ``{"class": model.__class__, "args": ..., "state": ...}``)."""
    if isinstance(node, ast.Attribute) and node.attr == "__class__":
        return True
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "type" and \
        len(node.args) == 1 and not node.keywords and not isinstance(node.args[0], ast.Constant)


# torch.nn names weights_only loads as they are: a Parameter (rebuilt by torch._utils._rebuild_parameter) and the
# tensor kinds beside it; every other torch.nn class is a Module, refused.
PLAIN_NN = frozenset({"Parameter", "Buffer", "UninitializedParameter", "UninitializedBuffer"})
# torch packages outside torch.nn whose classes weights_only refuses as a whole object (run on torch 2.15:
# "Unsupported global: GLOBAL torch.utils.data.dataset.TensorDataset", also Subset, ConcatDataset, torch.optim.sgd.SGD,
# torch.optim.lr_scheduler.StepLR, torch.amp.grad_scaler.GradScaler; their state_dict()s load): a TensorDataset cached
# with torch.save(data, cache_fn), an optimizer or a scheduler saved whole. Submodules of torch.optim and
# torch.utils.data count too (torch.optim.lr_scheduler.StepLR, torch.utils.data.dataset.Subset).
REFUSED_TORCH_OWNERS = frozenset({"torch.utils.data", "torch.optim", "torch.amp", "torch.cuda.amp"})


def returned_itself(value: ast.expr, methods: frozenset[str] = RETURN_SELF) -> ast.expr:
    """``student.to(device).train()`` -> ``student``: the value under the ``methods`` that hand their receiver back."""
    while isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in methods:
        value = value.func.value
    return value


def _option(node: ast.expr) -> bool:
    """``args.model``, ``self.arg.model``: a parsed command-line option (a string or a number), whatever its name
    says."""
    if not isinstance(node, ast.Attribute):
        return False
    receiver = node.value
    if isinstance(receiver, ast.Attribute) and isinstance(receiver.value, ast.Name) and receiver.value.id == "self":
        return receiver.attr.lower() in OPTION_RECEIVERS or receiver.attr.lower() == "arg"
    return isinstance(receiver, ast.Name) and receiver.id.lower() in OPTION_RECEIVERS


# Module methods that return the module itself (``model.float()``, ``.eval()``, ``.to(device)``): a name bound to
# ``torch.load(p)["model"].float()`` holds the loaded item.
SELF_RETURNING = frozenset({"float", "half", "double", "bfloat16", "eval", "train", "cuda", "cpu", "to"})


def is_object_value(node: ast.expr) -> bool:
    if _names_running_stats(node):
        return True
    if not isinstance(node, ast.Name):
        node = _unwrap_module(node)
    name = (dotted_name(node) or "").rsplit(".", 1)[-1]
    if name.lower() in NAMESPACE_KEYS - {CONFIG_KEY} or (name and is_model_name(name) and not _option(node)):
        return True
    if isinstance(node, ast.Attribute) and node.attr == "examples":
        return True  # self.train.examples: a torchtext dataset's list of Example objects (BiDAF's cached splits)
    if isinstance(node, ast.Attribute) and node.attr == "vocab" and isinstance(node.value, ast.Name) \
            and node.value.id.isupper():
        return True  # SRC.vocab, TEXT.vocab: a torchtext Field's Vocab object (fields are named in capitals)
    if name.lower().endswith("logger") and not isinstance(node, ast.Call):
        return True  # pytorch-template's 'logger': self.train_logger, a Logger instance (or a logging.Logger)
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "numpy"
