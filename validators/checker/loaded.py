"""What a ``torch.load`` result holds, from how the file uses it and what the file saves.

``weights_only=True`` (the default since 2.6) loads tensors, containers and primitives, and
refuses anything else. A finding on ``torch.load`` needs evidence that the file holds more:

- ``loads-pickled-object`` (strong): the result, or an item of it, is used as an object:
  ``m.eval()``, ``m(x)``, ``ckpt["model"].parameters()``; it is bound to a model-like name
  (``model = torch.load(p)``) that never goes to ``load_state_dict``; an item is read under an
  ``args``/``opt``/``cfg``-like key (where checkpoints keep an argparse Namespace or a config
  object); an item goes to an OmegaConf function that takes a config object
  (``OmegaConf.to_yaml(pkg["xp.cfg"])``); or it goes to ``torch.from_numpy`` (a numpy array, which
  weights_only refuses); or it is stored into an item that the function then uses as an object, spelled the same
  (``model.layers[i] = torch.load(p)``, then ``model.layers[i].modules()``);
- ``saved-objects`` (weaker): the same file ``torch.save``s a whole model or an arbitrary object
  (``torch.save(model, f)``, ``torch.save(obj, buffer)``) or a dict carrying one (``{"args": args}``,
  ``x.numpy()``, ``dict(best_acc=best_acc)`` after ``best_acc = argparse.Namespace(...)``), or a list or
  tuple of numpy values (``[train_idx, val_idx]`` from ``generate_splits(np.arange(n))``, a function of the
  project's own applied to a numpy value) to the very path this call loads from (``torch.load(buffer)``,
  the cache pattern ``if exists: x = torch.load(p) else: ...; torch.save(x, p)``); or the file builds
  a checkpoint dict with such an object (``{"model": ..., "epoch": ..., "args": args}``) and this
  load's result is read with two or more of that dict's keys; or another function of the file saves objects
  to the same spelled-out file name (``f"{d}/adj.pt"``, or the same numbered template, ``fragment_*.pt``, unless the
  file also saves plain data to that template; a torch_sparse SparseTensor, a torch_geometric Data, the Data object
  PyG's ``InMemoryDataset.collate`` returns, which PyG's own ``save`` turns into ``data.to_dict()``); or the function saves its own data
  argument (a buffer or a file per rank: an all_gather helper) and loads what it gets back; or the file's own
  writer of that file is joined to the load by name (savepairs.py: ``model_save(fn)``/``model_load(fn)``, a class
  constant naming the file, a buffer copied into another), where it saves the instance itself (``torch.save(self,
  f)``), ``self.optimizer`` whole, or what a method of the class returns (``self.getStateDict()``).

A load handed to transformers' ``set_input_embeddings``/``set_output_embeddings`` is an nn.Module, and one appended
to a list named like models (``models.append(mod)``, walked item by item as a list of them) is a model by that name
(``loads-pickled-object``). An item's object use in a ``try`` handler whose body restores that item with
``load_state_dict`` (``except: opt.load_state_dict(ckpt["opt"].state_dict())``) serves files of an older layout and
counts for nothing. A path's file name may be a module constant bound once to a string (``os.path.join(d,
HYPERPARAMS_FILE)``).

A load handed to a library loader whose layout holds objects (fairseq's ``load_model_ensemble_and_task({path:
ckpt})``, checkpoints.CHECKPOINT_READERS), or returned as is by a function annotated ``-> nn.Module``, is a
``loads-pickled-object`` case too.

A name that holds a load's result, or a value the file torch.save()s, and is read with an attribute that no tensor,
container or primitive has (``loaded_v.get_stoi()``, ``vectors.__prepare_scriptable__()``; the list comes from torch
2.15, see loaded_value_attributes) holds an object: weights_only refuses every class outside its allowlist ("Unsupported
global", run with an nn.Module subclass and a plain class on 2.15). So do saved instances of a class the file defines or
imports from a package other than torch and the standard library (``self.vocab = Vocab(...)`` in every binding of the
class; the allowlist holds only torch, builtins and collections.OrderedDict/Counter), and what a plain function of the
file (or ``self.method``) returns where every return builds such an instance, helpers down (``data =
read_planetoid_data(d); torch.save(data, p)`` where it returns ``build(...)``, which returns ``data = Graph(...)``), what ``__prepare_scriptable__()``
returns (the object torch.jit.script would script), and PIL images (``Image.fromarray``: Unsupported global
PIL.Image.Image). Object use under an ``isinstance``/``hasattr`` test of the name (``sd if isinstance(sd, dict) else
sd.state_dict()``) is code for several kinds of file: it does not count where the file saves a plain dict to the very
path, holding every key the load reads.

The project's own annotations count: a saved parameter annotated ``str``/``int``/``float``/``bool``/``bytes`` (or
``Optional`` of one) that the function never rebinds is plain whatever its name (``text_encoder_model: str``), and an
``args``-like item returned where the function's return annotation says ``dict`` (``-> Tuple[..., dict]``) is used as
a mapping, which a Namespace is not. A class annotation is the project's name for a tensor where a function of the
file annotated to return that class returns one torch builds (``-> Tuple[..., PartitionBook]`` returning
``torch.zeros(n, dtype=torch.long)``): a parameter annotated with it is no object.

A load that is only saved back (``net = torch.load(p); torch.save(net, q)``: a format conversion) is not
a model by its name. A load (or an item of it) handed to a plain function of the file whose parameter is
an object (annotated ``DictConfig``, ``Namespace``, ``nn.Module``; used as one; or checked with
``isinstance(x, RecursiveScriptModule)``: a TorchScript archive, which ``weights_only=True`` refuses with
RuntimeError on torch 2.15) is a ``loads-pickled-object`` case; so is one handed to a method of the same class
(``self._check(loaded)``) whose parameter is such an object, and one handed to a parameter the function calls
(``tokenizer(text)``, ``dictionary(tokens)``): no tensor, dict or list is callable.

A saved ``type(optimizer)`` is a class object (weights_only refuses every class but ``torch.Tensor``: "Unsupported
global: GLOBAL torch.optim.sgd.SGD", ``GLOBAL int``, run on 2.15); an instance built as ``module.CamelCase(...)`` of a
module imported from a package other than torch and the standard library (``datasets.Kinetics(...)``) counts like
one built from an imported class; ``save_on_master(obj, path)`` (torchvision's reference helper) is torch.save on the
main process; a save over a loop of paths (``for p in [d / f"ckpt-{n}.pt", d / "ckpt-latest.pt"]: torch.save(self,
p)``) writes each spelled-out name. The keys a function nested in the loading one reads off the load's name in its
closure (``def _load_optimizer(): cls = checkpoint["optimizer_type"]``; the name bound once) are the load's keys.
A load bound to a name or ``self`` attribute that another binding sets to such an instance (``if ckpt:
self.generator = torch.load(ckpt) else: self.generator = SRGANGenerator(...)``; not one built from the loaded value)
holds that instance (``loads-pickled-object``). A module-private round-trip helper (``_broadcast_object``) that every
call in its file hands a ``state_dict()`` or a tensor torch builds reads back plain data: no ``saved-objects``.

A saved ``optimizer.state_dict()`` of an optimizer class the file defines (a subclass of ``Optimizer``), given a function
of the file or a lambda for an option its ``__init__`` keeps in its defaults (``LARS(..., weight_decay_filter=
exclude_bias_and_norm)``), holds that function: Optimizer copies the defaults into every param group, state_dict keeps
every group key but ``params``, and weights_only refuses the function ("Unsupported global: GLOBAL
__main__.exclude_bias_and_norm", run on 2.15). A saved name (or tuple of names) bound to what a function of the file
returns (``src, tgt = build_vocabulary(...)``; ``torch.save((src, tgt), p)``) holds an object where that function read
the returned name with an attribute no weights_only value has (``src.set_default_index(...)``).

A method of the file's own class is not torch's because it is named ``state_dict``: ``torch.save(trainer.state_dict(),
p)``, with ``trainer`` an instance of a class the file defines, saves what that method returns, and holds objects where
its dict display carries a ``self`` attribute bound to an instance weights_only refuses (``"cql_log_alpha":
self.log_alpha_prime`` after ``self.log_alpha_prime = Scalar(1.0)``, an nn.Module of the project's: "Unsupported
global", run on 2.15; a binding to None or to an item read back from the restored dict leaves it so). The load
``trainer.load_state_dict(torch.load(p))`` (or through a name) restores that same state, so it is a ``saved-objects``
case whatever path it reads. A state of tensors, numbers and nested ``state_dict()``s stays quiet. The same holds for
a member's state saved as an entry (``{"se": self.se.state_dict() if self.is_snap else None}`` with ``self.se =
SnapshotEns(...)``, a class of the file whose state_dict returns ``{"best_loss": self.best_loss}``, bound to
``np.array(...)``: numpy, "Unsupported global", run on 2.15; a run with that option writes it).
"""


from __future__ import annotations

import ast
import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Callable

from .checkpoints import names_ckpt_file, writes_framed_pickle
from .ckptfile import file_name
from .graphdataset import unpacks_collated_graphs
from .imports import dotted_name, own_statements, subnodes
from .runnerckpt import TRAINING_STATE_KEYS
from .provenance import NUMPY_MODULES, Provenance, plain_numpy
from .savepairs import SaveLoadPairs

# Attributes that only a pickled object has, never the dict/tensor that weights_only loads.
OBJECT_SIGNALS = frozenset({
    "eval", "train", "forward", "parameters", "named_parameters", "buffers", "named_buffers", "modules",
    "named_modules", "children", "named_children", "state_dict", "zero_grad", "requires_grad_",
    "predict", "fit", "transform", "__dict__",
})
# A class's alternate constructors: ``Config.fromfile(p)`` (mmengine), ``OmegaConf.create/load/merge``,
# ``Tokenizer.from_file(p)``: each returns an instance, which weights_only refuses like the class's own call. Not any
# class attribute: ``OmegaConf.to_container(c)`` returns a plain dict.
_ALTERNATE_CONSTRUCTOR = re.compile(r"from_\w+$|fromfile$|(load|create|structured|merge)$")

# Keys under which checkpoints keep an argparse Namespace or a config object.
NAMESPACE_KEYS = frozenset({"args", "opt", "opts", "cfg", "hparams", "hyper_parameters", "namespace"})
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


def _spells(line: str, name: str) -> bool:
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
        for inner in ast.walk(init):
            if isinstance(inner, ast.Dict):
                stored.update(v.id for v in inner.values if isinstance(v, ast.Name))
            elif isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name) and inner.func.id == "dict":
                stored.update(kw.value.id for kw in inner.keywords if isinstance(kw.value, ast.Name))
        if options := frozenset(parameters & stored):
            found[node.name] = options
    return found


def _string_key(node: ast.Subscript) -> str | None:
    key = node.slice
    return key.value if isinstance(key, ast.Constant) and isinstance(key.value, str) else None


def _held_item(value: ast.expr) -> ast.expr:
    """What a name bound to ``value`` holds, as LoadedObjects.bind reads it (before an item's subscript is dropped)."""
    if isinstance(value, ast.IfExp) and isinstance(value.body, ast.Call):
        value = value.body  # m = torch.load(p) if isinstance(p, str) else p: the name holds the load's result
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and \
            value.func.attr in _SELF_RETURNING and isinstance(value.func.value, (ast.Subscript, ast.Call)):
        value = value.func.value  # m = torch.load(p)["model"].float(): the item itself, converted in place
    return value


def _is_model_name(name: str) -> bool:
    """``model``, ``net``, ``student_model``, ``netG``; not ``model_params`` (a list of tensors)."""
    return name.lower() in MODEL_NAMES or name.lower().endswith("model") or re.fullmatch(r"net[A-Z]?\d?", name) is not None


class LoadedObjects:
    """Tracks ``x = torch.load(...)`` per scope and how ``x`` (or ``x[key]``) is used afterwards."""

    def __init__(self) -> None:
        # the file's text names no load and no save (see the walk's pre-check in check.py): no torch.load or
        # torch.save call is asked about, so the walk keeps only what other questions read: every binding in
        # ``provenance``, names bound to a .ckpt path (is_ckpt_path), the keys read (parameter_keys), the imports
        self.quiet = False
        self.bindings: dict[int, tuple[int, str]] = {}  # id(call) -> (scope, name)
        self.attribute_bindings: dict[int, tuple[int, str]] = {}  # id(call) -> (0, "self.x"): only its keys count
        self.loaded_items: dict[tuple[int, str], int] = {}  # (scope, item target spelled) -> id(call) stored there
        self.model_named: set[tuple[int, str]] = set()  # (scope, name) appended to a list named like models
        # (scope, name) walked by a for loop or comprehension (in dict_used too), and used as a dict otherwise
        self.iterated: set[tuple[int, str]] = set()
        self.dict_called: set[tuple[int, str]] = set()
        self.file_constants: dict[str, str | None] = {}  # module-level upper-case name -> the str it is bound to
        # ids of ``ckpt["opt"].state_dict()`` reads in a handler whose try restores ``ckpt["opt"]`` as a state dict
        self.fallback_reads: set[int] = set()
        self.items: dict[tuple[int, str], tuple[int, str]] = {}  # (scope, name) bound to x["args"] -> x's key
        # (scope, name) bound to an item of a name, whatever the key (``m = ckpt["ema" if e else "model"].float()``)
        self.save_scopes: set[int] = set()  # scopes holding a torch.save
        self.item_names: dict[tuple[int, str], tuple[int, str]] = {}  # -> (what it held: see current, container)
        self.object_names: set[tuple[int, str]] = set()
        self.object_calls: set[int] = set()  # id(call) whose result is used directly as an object
        self.objects_saved_to: set[tuple[int, str]] = set()  # paths torch.save wrote objects to (see _path_key)
        # file names (``split_dict.pt``) torch.save wrote objects to, from any function: another one may load them
        self.objects_saved_names: dict[str, int] = {}  # name -> line of the save
        self.plain_saved_names: set[str] = set()  # file names torch.save wrote something plain to (a state_dict)
        self.path_exprs: dict[tuple[int, str], ast.expr] = {}  # (scope, name) -> the path-like expression bound
        self.path_names: dict[tuple[int, str], str] = {}  # (scope, name) bound to a path spelling a file name out
        # (scope, name) bound to a list or tuple of paths spelling file names out, and (scope, loop variable) over one:
        # ``for path in paths: torch.save(self, path)`` writes each of them
        self.path_lists: dict[tuple[int, str], set[str]] = {}
        self.open_dicts: set[int] = set()  # id of a dict display a function updates with its own **kwargs
        self.numpy_checked: set[tuple[int, str]] = set()  # (scope, name) a writer checks is numpy: all_numpy(x)
        self.plain_saved_to: dict[tuple[int, str], set[str]] = {}  # path -> keys of plain dicts torch.save wrote there
        self.plain_save_lines: dict[tuple[int, str], set[int]] = {}  # path -> lines of those saves
        # lines of saves that looked plain while walking but hold numpy once every binding is known (FileEvidence.settle)
        self.settled_object_lines: set[int] = set()
        self.object_schemas: list[set[str]] = []  # keys of dict displays that carry an object ({"args": args, ...})
        self.keys_read: dict[tuple[int, str], set[str]] = {}  # (scope, name) -> string keys read from it
        # the same per binding: `data = pickle.load(f); data["ema"]` then `data = torch.load(p); data["net"]`
        # reads only "net" of the torch.load (id(call) -> keys read while the name held its result)
        self.current: dict[tuple[int, str], int] = {}  # (scope, name) -> id(call) it holds now
        self.source_lines: list[str] | None = None  # the file's lines when known: a cheap test before a walk
        self.binding_keys: dict[int, set[str]] = {}
        # if/else: ``if s: ckpt = torch.load(p) else: ckpt = given`` leaves either value in the name; the loads a
        # name may still hold besides ``current`` (see enter_branch), whose keys are read too
        self.alternatives: dict[tuple[int, str], set[int]] = {}
        self.load_ids: set[int] = set()  # id(call) of every torch.load seen so far
        # per open ``if``: (what each name bound in it held before: (current, alternatives), each branch's end)
        self.branch_frames: list[tuple[dict[tuple[int, str], tuple[int | None, set[int]]], list[dict]]] = []
        self.tested_keys: dict[int, set[str]] = {}  # id(call) -> keys whose presence is tested: the file may lack them
        # id(call) -> keys read only in a ``try`` statement that catches KeyError (body or handler): the file may lack them
        self.guarded_keys: dict[int, set[str]] = {}
        self.unguarded_keys: dict[int, set[str]] = {}  # id(call) -> keys read outside such a body
        self.key_guard = 0  # how many such bodies the walker is in (set by the walker)
        self.call_keys: dict[int, set[str]] = {}  # id(call) -> keys read straight off it: torch.load(p)["state_dict"]
        self.item_bound: set[int] = set()  # id(call) bound through an item: sd = torch.load(p)["state_dict"]
        self.dicts: dict[tuple[int, str], ast.Dict] = {}  # (scope, name) bound to a dict display
        self.dict_depths: dict[int, int] = {}  # id of such a display -> how many ``if`` branches were open at it
        # values stored into such a dict under an ``if`` opened after it (``if opt.dmtet: state["tet_scale"] = ...``)
        # (id(value) -> the branch it is stored in: the open ``if`` frame and which of its branches)
        self.conditional_values: dict[int, tuple[int, int]] = {}
        self.default_frames: set[int] = set()  # ids of branch_frames whose current branch runs by default
        self.ckpt_names: dict[int, set[str]] = {}  # scope -> names bound to a visibly .ckpt path
        # (scope, name) bound to a list or tuple display whose every element is a visibly .ckpt path: a loop over it
        # (``for p in ckpts``, ``for p, q in zip(ckpts, outs)``, ``for i, p in enumerate(ckpts)``) binds .ckpt paths
        self.ckpt_lists: set[tuple[int, str]] = set()
        self.state_dict_names: set[tuple[int, str]] = set()  # (scope, name) passed to load_state_dict
        self.plain_built: dict[int, set[str]] = {}  # scope -> names (``cfg``, ``self.cfg``) bound to a plain dict
        self.returned: set[tuple[int, str]] = set()  # (scope, name) a function returns as is
        self.call_bound: set[tuple[int, str]] = set()  # (scope, name) bound to a call's result
        self.variable_reads: list[tuple[int, str | int, str | None]] = []  # (scope, name or id(call), key name)
        self.loops: dict[tuple[int, str], set[str]] = {}  # (scope, loop variable) -> names its iterable mentions
        self.loop_nodes: list[tuple[ast.AST, ast.AST, int]] = []  # (target, iterable, scope) of loops, walker-filled
        self.dict_used: set[tuple[int, str]] = set()  # (scope, name) used as a dict: x.items(), x["k"], for k in x
        self.local_classes: set[str] = set()  # classes defined here or imported from the project (relative import)
        self.optimizer_classes: dict[str, frozenset[str]] = {}  # see optimizer_group_options
        self.local_functions: set[str] = set()  # module-level functions defined here or imported relatively
        # classes imported from a library whose instances weights_only refuses (LIBRARY_OBJECTS), by local name
        self.library_classes: set[str] = set()
        # CamelCase names imported from a package that is neither torch nor the standard library (``from
        # src.utils.vocabulary import Vocab``): classes whose instances weights_only refuses (see _constructs)
        self.imported_classes: set[str] = set()
        # local names of modules imported from such a package (``from omnivore.data import datasets``, ``import
        # pandas as pd``): ``datasets.OmnivoreKinetics(...)`` builds an instance of one of its classes
        self.imported_module_names: set[str] = set()
        self.pil_images: set[str] = set()  # local names of PIL's Image module (``from PIL import Image``)
        # local name -> torch module or name it was explicitly imported as (the walker's ImportMap.aliases)
        self.torch_aliases: dict[str, str] = {}
        self.constructed: set[int] = set()  # id(call) of such constructors (or of the file's own classes) bound to names
        # (class, "self.x") -> whether every binding of that attribute seen in the class is such a constructor call
        self.constructed_attributes: dict[tuple[str, str], bool] = {}
        # (class, attr) -> the calls ``self.attr`` is bound to in that class; id(call) -> (class, attr) for those
        # bound straight to a call (``self.generator = torch.load(p)``): see _built_elsewhere
        self.attribute_calls: dict[tuple[str, str], list[ast.Call]] = {}
        self.attribute_owners: dict[int, tuple[str, str]] = {}
        self.graph_collate = False  # the file imports PyG's InMemoryDataset: ``self.collate(...)`` builds Data objects
        self.collated_loads: set[int] = set()  # id(call) unpacked into (data, slices): see graphdataset.py
        self.graph_dicts = False  # the file converts Data objects to or from plain dicts (PyG 2.4+'s own save format)
        self.functions: dict[int, tuple[str, list[str]]] = {}  # scope of a plain function -> name, positional params
        # scope of a method -> ``Class.name``, its positional params after self: ``self.check(loaded)`` passes there
        self.methods: dict[int, tuple[str, list[str]]] = {}
        # (scope, name) not bound to a dict display -> (key, value) stored into it: ``metrics["epoch"] = k``
        self.item_stores: dict[tuple[int, str], list[tuple[str, ast.expr]]] = {}
        self.value_scopes: dict[int, int] = {}  # id(value) of a saved layout's entry -> the scope it is read in
        self.object_params: dict[str, set[int]] = {}  # function -> positions of parameters it uses as objects
        # x["k"].attr with an attribute no weights_only value has: (attr, x, scope), decided after the walk
        self.foreign_reads: list[tuple[str, ast.expr, int]] = []
        self.foreign_call_reads: list[tuple[str, int]] = []  # call(...).attr with such an attribute: (attr, id(call))
        self.stored_attributes: set[str] = set()  # attributes the file sets (``t.someattr = 1``)
        self.passed: list[tuple[str, int, ast.expr, int]] = []  # f(ckpt["cfg"]): (f, position, argument, scope)
        # restore_net(net, checkpoint) with restore_net imported from a module of the project: (scope, name) ->
        # (module path suffix, function, position); the keys that function reads there are the load's too (project.py)
        self.helper_passes: dict[tuple[int, str], set[tuple[str, str, int]]] = {}
        self.built_objects: set[tuple[int, str]] = set()  # (scope, dotted) bound to an object the file builds
        self.params: dict[int, set[str]] = {}  # scope (a function) -> its parameter names
        self.buffers: set[tuple[int, str]] = set()  # (scope, name) bound to io.BytesIO()
        self.round_trips: set[int] = set()  # functions that torch.save() a parameter into a buffer: any object
        self.round_trip_params: dict[int, str] = {}  # such a function -> the parameter it saves
        # ignite's ModelCheckpoint/Checkpoint imported, and the sizes of the to_save dicts handed to it: with one
        # object it writes that object's state_dict alone (ignite/handlers/checkpoint.py: a one-entry checkpoint
        # is replaced by its entry, and _setup_checkpoint calls state_dict() on each object)
        self.ignite_checkpoint = False
        self.to_save_sizes: list[int] = []
        self.subprocess_scopes: set[int] = set()  # functions that run a child process (what it saves is its own)
        self.signatures: dict[int, tuple[str, list[str]]] = {}  # scope -> function name, positional params (no self)
        self.saved_params: set[tuple[str, int]] = set()  # (function, position) of a path parameter saved objects to
        self.path_args: dict[tuple[str, int], set[tuple[str, int]]] = {}  # self.f(cache_path): (f, position) -> {(name, scope)}
        self.objects_saved_exprs: dict[str, int] = {}  # path expressions (with a literal in them) saved objects to
        self.annotated_objects: dict[tuple[int, str], str] = {}  # (scope, param) -> its class annotation: RandomStates
        self.tensor_classes: set[str] = set()  # classes a function annotated to return one returns a torch tensor as
        self.saved_annotated: list[tuple[ast.Call, int, str]] = []  # saved annotated parameters (_settle_saved_names)
        self.annotated_plain: dict[int, set[str]] = {}  # scope -> params annotated str/int/float/bool/bytes (or None)
        self.file_round_trips: set[int] = set()  # functions that torch.save() a data parameter to a file
        self.state_dict_calls: set[int] = set()  # id(call) passed straight to load_state_dict
        self.resaved: set[tuple[int, str]] = set()  # (scope, name) handed to torch.save as the saved value
        self.stripped: set[tuple[int, str]] = set()  # (scope, name) whose keys are dropped: x.pop(k), del x[k]
        # the string a key expression names, when it is a class constant (``cls._CONFIG_KEY``); set by the walker
        self.constant_of: Callable[[ast.expr], str | None] = lambda node: None
        self.loaded: set[tuple[int, str]] = set()  # (scope, name) bound to a torch.load result
        # ckpt["args"] reads wait until the file is walked: one used as a mapping (``Namespace(**ckpt["args"])``,
        # ``a = ckpt["args"]; a["lr"]``) is a plain dict, unless the file imports a config-object library
        self.namespace_reads: list[tuple[ast.Subscript, int]] = []
        self.read_into: dict[int, tuple[int, str]] = {}  # id(x["key"]) -> (scope, name) it is bound to
        self.mapping_nodes: set[int] = set()  # id(expr) used as a mapping: **expr, expr.items(), type(n, b, expr)
        self.mapping_names: set[tuple[int, str]] = set()  # (scope, name) used as a mapping the same ways
        self.state_items: set[int] = set()  # id(x["opt"]) passed straight to load_state_dict: a state dict
        self.item_of: dict[int, list[tuple[int, str]]] = {}  # id(load call) -> [(id(x["model"]), "model")]
        self.config_objects: str | None = None  # the config-object library the file imports (set by the walker)
        # values that come from another module of the project (see returns.py): what the imports name, by local name
        self.imported: dict[str, tuple[str, str]] = {}  # f -> (module path suffix, name there): from m import f
        self.imported_modules: dict[str, str] = {}  # m -> module path suffix: import a.m as m
        self.instances: dict[tuple[int, str], tuple[str, str]] = {}  # (scope, x) bound to Cls(...) of an import
        self.derived: dict[tuple[int, str], tuple[str, str]] = {}  # (scope, x) bound to what f() / x.m() returns
        self.provenance = Provenance()  # every binding of the file, for saves asked again after the walk
        self.pairs = SaveLoadPairs()  # a class's own save/load methods of one file (savepairs.py)
        # id(the call a name holds) -> attributes read off that name which no weights_only value has
        # (``v.get_stoi()``, ``tok.__prepare_scriptable__()``): the value is an object (see foreign_attributes)
        self.foreign_held: dict[int, set[str]] = {}
        # (scope, name) -> id of the value its latest binding assigned (``x = x.numpy()`` too, unlike ``current``)
        self.holding: dict[tuple[int, str], int] = {}
        self.new_holding: tuple[tuple[int, str], int] | None = None  # the binding being walked (see commit_holding)
        # torch.save(x, f) of a name holding a call's result: (save call, scope, id(that call)), asked again once the
        # file is walked, since the reads that show x to be an object may come after the save
        self.saved_names: list[tuple[ast.Call, int, int]] = []
        # torch.save(x, f) / torch.save((a, b), f) of names, asked again once the file is walked: a name bound to what a
        # function of the file returns (``a, b = build_vocabulary()``) holds the object that function read as one
        self.saved_returns: list[tuple[ast.Call, int]] = []
        # (scope, name) an enclosing ``if``/``... if ... else ...`` tests with isinstance (pushed by the walker): code
        # written for several kinds of value there (``sd if isinstance(sd, dict) else sd.state_dict()``), so what it
        # does with the name in either branch is weaker evidence (duck_names, duck_held; see is_object)
        self.type_tested: list[tuple[int, str]] = []
        self.duck_names: set[tuple[int, str]] = set()
        self.duck_held: dict[int, set[str]] = {}
        # self.data["train"] = ...: (class, attribute, key) -> (value, position in a tuple target or None, scope), and
        # ``Class.method`` -> (returned value, scope): a saved ``self.data["train"]`` is decided once the file is walked
        self.item_bindings: dict[tuple[str, str, str], list[tuple[ast.expr, int | None, int]]] = {}
        self.method_returns: dict[str, list[tuple[ast.expr, int]]] = {}
        self.saved_items: list[tuple[ast.Call, int]] = []
        # (class, attr) -> True where some binding of ``self.attr`` in the class builds an instance weights_only refuses
        # and every other one is None or an item read back (``self.log_alpha = state["sac_log_alpha"]``: the restore
        # of what the class's own state method returned); False once any other binding is seen
        self.attribute_instances: dict[tuple[str, str], bool] = {}
        self.built_attributes: set[tuple[str, str]] = set()  # (class, attr) some binding sets to numpy (np.full(k, x))
        self.unpacked: dict[int, int] = {}  # id(call) -> how many names ``a, b = call`` unpacks its result into
        # id(torch.load call) / (scope, name) bound to one -> (receiver, scope) of ``x.load_state_dict(...)`` it goes to
        self.restored_into: dict[int, tuple[ast.expr, int]] = {}
        self.restored_names: dict[tuple[int, str], tuple[ast.expr, int]] = {}
        # (scope, parameter) -> attributes read off it that no weights_only value has (``dico.unk_index``), and the
        # saves of a dict display holding such a parameter (``{"dico": dico, ...}``), decided once the file is walked
        self.param_foreign: dict[tuple[int, str], set[str]] = {}
        self.saved_param_entries: list[tuple[ast.Call, int, list[str]]] = []
        self.fallback_gets: set[int] = set()  # id(x.get(k2)) given as the default of x.get(k1, x.get(k2))
        self.stored_off_self: set[str] = set()  # attributes the file sets on something other than ``self``

    def call_ref(self, call: ast.Call, scope: int) -> tuple[str, str] | None:
        """(module path suffix, ``f`` or ``Class.method``) of an imported project callable this call runs:
        ``f(x)``, ``m.f(x)``, ``obj.get_scores()`` after ``obj = Cls(n)`` with ``Cls`` imported."""
        callee = dotted_name(call.func)
        if callee is None:
            func = call.func  # Score(n).get_scores(): a method of a fresh instance of an imported class
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Call) and \
                    isinstance(func.value.func, ast.Name) and func.value.func.id in self.imported:
                suffix, name = self.imported[func.value.func.id]
                return suffix, f"{name}.{func.attr}"
            return None
        head, _, rest = callee.partition(".")
        if not rest:
            return self.imported.get(head)
        if head in NUMPY_MODULES:
            return None  # np.mean(x): numpy itself, never a module of the project (provenance.py decides it)
        if head == "self" and (instance := self.instances.get((0, callee.rsplit(".", 1)[0]))) is not None:
            return instance[0], f"{instance[1]}.{callee.rsplit('.', 1)[1]}"  # self.metrics.get_scores()
        if "." in rest:
            return None
        if head in self.imported_modules:
            return self.imported_modules[head], rest
        if (instance := self.instances.get((scope, head))) is not None:
            return instance[0], f"{instance[1]}.{rest}"
        if head in self.imported:  # from pkg import metrics; metrics.f(): a module of the package
            suffix, name = self.imported[head]
            return f"{suffix}/{name}", rest
        return None

    def value_ref(self, value: ast.expr, scope: int) -> tuple[str, str] | None:
        """Where a value comes from when it is what an imported project callable returns (or an item of it)."""
        while isinstance(value, ast.Subscript):
            value = value.value
        if isinstance(value, ast.Call):
            return self.call_ref(value, scope)
        name = dotted_name(value)
        if name is None:
            return None
        if (derived := self.derived.get((0 if "." in name else scope, name))) is not None:
            return derived
        owner, _, attribute = name.rpartition(".")
        if owner and (instance := self.instances.get((0 if "." in owner else scope, owner))) is not None:
            return instance[0], f"{instance[1]}.{attribute}"  # self.o_norm.mean: an attribute of an imported class's
        return None

    def _note_derived(self, value: ast.expr, scope: int, target: ast.AST) -> None:
        while isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and \
                value.func.attr in _RETURN_SELF and isinstance(value.func.value, ast.Call):
            value = value.func.value  # WaveGlow(**config).cuda(): a module's .cuda()/.to() give the module back
        if isinstance(value, ast.Call) and isinstance(target, (ast.Name, ast.Attribute)) and \
                isinstance(value.func, ast.Name) and value.func.id in self.imported and \
                (name := dotted_name(target)) is not None:
            self.instances[(0 if "." in name else scope, name)] = self.imported[value.func.id]  # m = Cls(n)
        if (ref := self.value_ref(value, scope)) is None:
            return
        unpacked = isinstance(target, ast.Tuple) and isinstance(value, ast.Call)
        for position, element in enumerate(target.elts if isinstance(target, ast.Tuple) else [target]):
            if (name := dotted_name(element)) is not None:  # score, class_iou = metrics.get_scores(): position 0
                self.derived[(0 if "." in name else scope, name)] = (ref[0], f"{ref[1]}#{position}") if unpacked else ref

    def bind(self, value: ast.expr, scope: int, target: ast.AST) -> None:
        self.provenance.note(value, scope, target)
        if self.quiet:
            if isinstance(target, ast.Name):
                held = _held_item(value)
                if names_ckpt_file(held.value if isinstance(held, ast.Subscript) and isinstance(held.value, ast.Call)
                                   else held):
                    self.ckpt_names.setdefault(scope, set()).add(target.id)
                elif isinstance(held, (ast.List, ast.Tuple)) and held.elts and all(map(names_ckpt_file, held.elts)):
                    self.ckpt_lists.add((scope, target.id))
            return
        for position, element in (enumerate(target.elts) if isinstance(target, ast.Tuple) else [(None, target)]):
            if (item := _self_item(element)) is not None:
                self.item_bindings.setdefault((self.provenance.owners.get(scope, ""), *item), []).append(
                    (value, position, scope))
        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
            key = (self.provenance.owners.get(scope, ""), target.attr)
            self.constructed_attributes[key] = self.constructed_attributes.get(key, True) and self._constructs(value)
            if self._constructs(value):
                self.attribute_instances[key] = self.attribute_instances.get(key, True)
            elif not ((isinstance(value, ast.Constant) and value.value is None) or
                      (isinstance(value, ast.Subscript) and isinstance(value.value, ast.Name))):
                self.attribute_instances[key] = False
            if isinstance(value, ast.Call):
                self.attribute_calls.setdefault(key, []).append(value)
                if self._builds_objects(value, scope):
                    self.built_attributes.add(key)
        elif isinstance(target, ast.Name):
            held = value
            while isinstance(held, ast.Call) and isinstance(held.func, ast.Attribute) and \
                    held.func.attr in _SELF_RETURNING and isinstance(held.func.value, ast.Call):
                held = held.func.value  # r = torch.load(f).to(device), m = Net().cuda(): what the inner call made
            self.new_holding = ((scope, target.id), id(held))  # once the value's own reads are walked: commit_holding
            if self._constructs(held):
                self.constructed.add(id(held))
        self.pairs.note_binding(scope, target, value)
        if isinstance(target, (ast.Tuple, ast.List)) and isinstance(value, ast.Call) and \
                not any(isinstance(element, ast.Starred) for element in target.elts):
            self.unpacked[id(value)] = len(target.elts)
        if self.imported or self.imported_modules:
            self._note_derived(value, scope, target)
        if (isinstance(target, ast.Name) and isinstance(value, ast.Call) and not value.args
                and (dotted_name(value.func) or "").rsplit(".", 1)[-1] == "BytesIO"):
            self.buffers.add((scope, target.id))
        if isinstance(value, ast.Call) and unpacks_collated_graphs(target):
            self.collated_loads.add(id(value))
        if not scope and isinstance(target, ast.Name) and target.id.isupper():
            if isinstance(value, ast.Constant) and isinstance(value.value, str) and \
                    target.id not in self.file_constants:
                self.file_constants[target.id] = value.value  # HYPERPARAMS_FILE = 'hyperparams.pt'
            else:
                self.file_constants[target.id] = None  # bound twice, or to something else: no one file
        if isinstance(target, ast.Name) and (named := self._constant_file_name(value)) is not None:
            self.path_names[(scope, target.id)] = named  # path = f"{d}/adj.pt"; torch.save(x, path)
        elif isinstance(target, ast.Name) and isinstance(value, (ast.List, ast.Tuple)) and (
                named_all := {named for element in value.elts if (named := self.file_name(element, scope))}):
            self.path_lists[(scope, target.id)] = named_all  # paths = [d / f"ckpt-{n}.pt", d / "ckpt-latest.pt"]
        if isinstance(target, ast.Name) and isinstance(value, (ast.BinOp, ast.JoinedStr, ast.Call)):
            self.path_exprs[(scope, target.id)] = value
        if _builds_plain_dict(value) and (name := dotted_name(target)) is not None:
            self.plain_built.setdefault(scope, set()).add(name)
        if (isinstance(value, ast.Call) and self._builds_objects(value, scope)) or (
                isinstance(value, ast.Subscript) and self._is_built(value, scope)):
            elements = target.elts if isinstance(target, ast.Tuple) else [target]
            if self._is_collate(value):
                elements = elements[:1]  # data, slices = self.collate(...): the slices are a dict of tensors
            for element in elements:
                if (name := dotted_name(element)) is not None:  # features, self.features
                    self.built_objects.add((0 if "." in name else scope, name))
        pairs = zip(target.elts, value.elts) if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) and \
            len(target.elts) == len(value.elts) else [(target, value)]
        for element, item in pairs:  # a, b = ckpt["hparams"], ckpt["weights"]
            if isinstance(element, ast.Name) and isinstance(item, ast.Subscript):
                self.read_into[id(item)] = (scope, element.id)
            elif isinstance(element, ast.Name):
                self.items.pop((scope, element.id), None)  # args = type("Args", (), args): rebound, not the item
        if isinstance(target, ast.Subscript):
            self._note_item_store(target, value, scope)
            if isinstance(value, ast.Call):  # layers[i] = torch.load(p); layers[i].modules(): that call's object
                self.loaded_items[(scope, ast.unparse(target))] = id(value)
        elif isinstance(target, ast.Attribute) and isinstance(value, ast.Call) and (
                (name := dotted_name(target)) or "").startswith("self."):
            self.attribute_bindings[id(value)] = (0, name)  # self.codes = torch.load(p): read in other methods
            self.attribute_owners[id(value)] = (self.provenance.owners.get(scope, ""), target.attr)
        if not isinstance(target, ast.Name):
            return
        item = value
        while isinstance(item, ast.Call) and isinstance(item.func, ast.Attribute) and item.func.attr in _SELF_RETURNING:
            item = item.func.value
        value = _held_item(value)
        if isinstance(value, ast.Subscript) and isinstance(value.value, ast.Call):
            value = value.value  # waveglow = torch.load(p)["model"]: the item is what gets used
            self.item_bound.add(id(value))
        if (display := self._display(value)) is not None:
            self.dicts[(scope, target.id)] = display
            self.dict_depths[id(display)] = len(self.branch_frames)
        elif names_ckpt_file(value):
            self.ckpt_names.setdefault(scope, set()).add(target.id)
        elif isinstance(value, (ast.List, ast.Tuple)) and value.elts and all(map(names_ckpt_file, value.elts)):
            self.ckpt_lists.add((scope, target.id))
        if isinstance(value, ast.Call):
            self.bindings[id(value)] = (scope, target.id)
            self.call_bound.add((scope, target.id))
        elif isinstance(value, ast.Subscript) and isinstance(value.value, ast.Name) and \
                _string_key(value) in OBJECT_KEYS:
            self.items[(scope, target.id)] = (scope, value.value.id)
        if not self._mentions(value, target.id) or _built_from_items(value, target.id):
            # a new value, not `ckpt = ckpt["model"]` (whose reads still read the load); `model =
            # Reader.from_pretrained(model["arguments"]["model"])` is what that call returns, built from an entry
            key = (scope, target.id)
            for before, _ in self.branch_frames:
                if key not in before:
                    before[key] = (self.current.get(key), self.alternatives.get(key, set()))
            self.current[key] = id(value) if isinstance(value, ast.Call) else 0
            self.alternatives.pop(key, None)
            if isinstance(item, ast.Subscript) and isinstance(item.value, ast.Name):
                # kept with what the name holds then (``current``, restored per branch of an ``if``)
                self.item_names[key] = (self.current[key], item.value.id)
            elif not self.branch_frames:
                self.item_names.pop(key, None)
        elif not (isinstance(item, ast.Name) and item.id == target.id) and not self.branch_frames:
            self.item_names.pop((scope, target.id), None)  # m = build(m): another object; not m = m.eval()

    def commit_holding(self) -> None:
        """The walker has walked the assignment whose binding ``bind`` saw: the name holds the new value from here."""
        if self.new_holding is not None:
            self.holding[self.new_holding[0]] = self.new_holding[1]
            self.new_holding = None

    def _holds_another_call(self, node: ast.expr, scope: int) -> bool:
        """The name holds, here, what another call returned, never a torch.load result (``feat = np.load(f)`` in the
        branch before ``feat = torch.load(f)``), or a value no call made (``feat = h5["features"][:]`` in the other
        branch): what is done with it says nothing of the load."""
        if not isinstance(node, ast.Name):
            return False
        held = self.current.get((scope, node.id))
        if held == 0 and (item := self.item_names.get((scope, node.id))) is not None and (
                self.current.get((scope, item[1])) in self.load_ids
                or self.alternatives.get((scope, item[1]), set()) & self.load_ids):
            return False  # arr = ckpt["feats"] after ckpt = torch.load(p): an item of the load
        return held is not None and held not in self.load_ids and not (
            self.alternatives.get((scope, node.id), set()) & self.load_ids)

    def enter_branch(self, by_default: bool = False) -> None:
        """The walker enters the first branch of an ``if`` (see next_branch, leave_branch); ``by_default``: that branch
        is the one a run takes unless told otherwise (``if not args.no_save_rng:``, see runs_by_default)."""
        self.branch_frames.append(({}, []))
        if by_default:
            self.default_frames.add(id(self.branch_frames[-1]))

    def next_branch(self, leaves: bool = False) -> None:
        """The walker leaves one branch for the next: the names bound so far get their values from before the
        ``if`` back, and what each held at the branch's end is kept, unless the branch ends in ``return``/``raise``/
        ``continue``/``break`` (``leaves``): then nothing it bound reaches the lines after the ``if``."""
        before, ends = self.branch_frames[-1]
        self.default_frames.discard(id(self.branch_frames[-1]))  # the else of a default branch is the opt-out
        if not leaves:
            ends.append(self._end(before))
        self._restore(before)

    def leave_branch(self, has_else: bool, leaves: bool = False) -> None:
        """After the ``if``: a name bound in some branch holds what one of the branches that go on left in it (or,
        without an ``else``, what it held before); ``current`` keeps the value of the last of those branches, the
        loads among the others become alternatives. ``if cfg: c = Config.fromfile(p) else: raise ...`` leaves one
        value in ``c``, not two."""
        self.default_frames.discard(id(self.branch_frames[-1]))
        before, ends = self.branch_frames.pop()
        if not leaves:
            ends.append(self._end(before))
        elif ends and has_else:  # the else left the block: the names hold what an earlier branch left in them
            self._restore({key: (value, set()) for key, value in ends[-1][0].items()})
        for key, (old, old_others) in before.items():
            held: set[int] = set()
            for _, end in ends:
                held |= end.get(key, {old, *old_others})
            if not has_else:
                held |= {old, *old_others}
            others = {value for value in held if value and value != self.current.get(key)}
            if others:
                self.alternatives[key] = others
            else:
                self.alternatives.pop(key, None)

    def _end(self, before) -> tuple[dict, dict]:
        """At a branch's end, for each name bound in the open ``if``: its value, and every value it may hold."""
        return {key: self.current.get(key) for key in before}, self._held(before)

    def _held(self, before) -> dict[tuple[int, str], set]:
        """What each name bound in an open branch may hold now: its value and its alternatives."""
        return {key: {self.current.get(key), *self.alternatives.get(key, ())} for key in before}

    def _restore(self, before) -> None:
        for key, (old, old_others) in before.items():
            if old is None:
                self.current.pop(key, None)
            else:
                self.current[key] = old
            if old_others:
                self.alternatives[key] = set(old_others)
            else:
                self.alternatives.pop(key, None)

    def _mentions(self, value: ast.expr, name: str) -> bool:
        """Whether ``value`` reads the name ``name``. Most bound values never spell the name out, which a look
        at their source text shows without walking the subtree; the walk decides when the text holds it, and
        when the text cannot be trusted to be what was parsed (no lines, non-ASCII: columns count bytes and
        identifiers are normalized)."""
        lines = self.source_lines
        start, end = getattr(value, "lineno", None), getattr(value, "end_lineno", None)
        if lines is not None and start is not None and start == end and end <= len(lines):
            line = lines[start - 1]  # most bound values fit on their line: no copies of the lines
            if line.isascii() and not _spells(line[value.col_offset:value.end_col_offset], name):
                return False
        elif lines is not None and start is not None and end is not None and end <= len(lines):
            spanned = lines[start - 1:end]
            if all(line.isascii() for line in spanned):  # then a column (a UTF-8 byte offset) is a character index
                spanned[-1] = spanned[-1][:value.end_col_offset]  # the last line first: it may be the first too
                spanned[0] = spanned[0][value.col_offset:]
                if not any(_spells(line, name) for line in spanned):
                    return False
        return any(isinstance(n, ast.Name) and n.id == name for n in subnodes(value))

    def _display(self, node: ast.expr) -> ast.Dict | None:
        """:func:`dict_display`, with keys that are class constants (``{cls._CONFIG_KEY: cfg}``) spelled out."""
        display = dict_display(node)
        if display is not None:
            display.keys = [ast.Constant(named) if key is not None and not isinstance(key, ast.Constant) and (
                named := self.constant_of(key)) is not None else key for key in display.keys]
        return display

    def _note_item_store(self, target: ast.Subscript, value: ast.expr, scope: int) -> None:
        """``d["orig"] = {}``, ``d[i][name] = codes.cpu().numpy()`` after ``d = {}``: the dict saved later holds
        these entries too. A nested store is kept under the top-level key it goes through."""
        top = target
        while isinstance(top.value, ast.Subscript):
            top = top.value
        if not isinstance(top.value, ast.Name):
            return
        if (display := self.dicts.get((scope, top.value.id))) is None:
            if top is target and isinstance(key := top.slice, ast.Constant) and isinstance(key.value, str):
                self.item_stores.setdefault((scope, top.value.id), []).append((key.value, value))
            return
        key = top.slice
        if (named := self.constant_of(key)) is not None:
            key = ast.Constant(named)
        if isinstance(key, ast.Constant) and not isinstance(key.value, str):
            return
        self._store_entry(display, key, value)

    def _store_entry(self, display: ast.Dict, key: ast.expr, value: ast.expr) -> None:
        """An entry stored into a dict display bound earlier (``d["k"] = v``, ``d.update({"k": v})``)."""
        display.keys.append(key)
        display.values.append(value)
        depth = self.dict_depths.get(id(display), 0)
        # an entry stored down branches a run takes by default (``if not args.no_save_rng:``) is in the file as saved
        if len(self.branch_frames) > depth and not all(
                id(frame) in self.default_frames for frame in self.branch_frames[depth:]):
            frame = self.branch_frames[-1]
            self.conditional_values[id(value)] = (id(frame), len(frame[1]))

    def with_item_stores(self, display: ast.Dict, saved: ast.expr, scope: int, built_in: int) -> ast.Dict:
        """The dict a function builds (in ``built_in``) and returns, with the entries its caller stores by key into the
        name it saves (``metrics["epoch"] = k`` in ``scope``); each entry is read in the scope that binds it."""
        stored = self.item_stores.get((scope, saved.id), []) if isinstance(saved, ast.Name) else []
        for value in display.values:
            self.value_scopes.setdefault(id(value), built_in)
        for _, value in stored:
            self.value_scopes[id(value)] = scope
        return ast.Dict(keys=[*display.keys, *(ast.Constant(key) for key, _ in stored)],
                        values=[*display.values, *(value for _, value in stored)])

    def _builds_objects(self, call: ast.Call, scope: int) -> bool:
        """A call whose result ``weights_only`` refuses: an instance of a class the project defines
        (``InputFeatures(...)``), a list of them from an ``*examples_to_features`` converter, numpy
        (``np.mean(accs)`` is an ``np.float64``; checked on torch 2.15: both fail with Unsupported global),
        or a function of the project's own applied to such a value (``generate_splits(np.arange(n))``)."""
        callee = dotted_name(call.func)
        if callee is None:
            return False
        head, last = callee.partition(".")[0], callee.rsplit(".", 1)[-1]
        if last in self.local_classes or callee == "cls" or (head in NUMPY_MODULES and not plain_numpy(callee, call)) or \
                _CONVERTER.search(last) is not None or \
                last in _NAMESPACE_CLASSES or callee in self.library_classes or _refused_standard_value(callee, last):
            return True
        if head in self.pil_images and last in _PIL_IMAGES and callee.count(".") == 1:
            return True  # Image.fromarray(a): a PIL.Image.Image
        if last in _MAPS and call.args and (mapped := dotted_name(call.args[0])) is not None and (
                _CONVERTER.search(mapped.rsplit(".", 1)[-1]) or mapped.rsplit(".", 1)[-1] in self.local_classes):
            return True  # pool.map(self.convert_examples_to_features, items): a list of what the converter builds
        if self._is_collate(call):
            return True  # InMemoryDataset.collate returns (Data object, slices); PyG's own save stores data.to_dict()
        if isinstance(call.func, ast.Attribute) and last in _SAME_KIND and self._is_built(call.func.value, scope):
            return True  # adj_t.to_symmetric(), feats.mean(0): these methods give an object of the same kind back
        # every argument built (or a constant): train(loader, model, optimizer, lr_schedule) with one numpy
        # schedule among its arguments says nothing of what it returns
        return callee in self.local_functions and any(self._is_built(arg, scope) for arg in call.args) and all(
            isinstance(arg, ast.Constant) or self._is_built(arg, scope) for arg in call.args)

    def _constructs(self, value: ast.expr) -> bool:
        """``Vocab(**kw)``, ``OpenAIVocab()``: an instance of a class the file defines or imports from a package other
        than torch and the standard library; weights_only refuses every class outside its allowlist (checked on torch
        2.15: Unsupported global). Also a torch.nn module (``nn.ParameterDict()``, ``nn.Linear(...)``): a dict holding
        one is refused too ("Unsupported global: GLOBAL torch.nn.modules.container.ParameterDict", run on 2.15); not
        ``nn.Parameter``, which weights_only rebuilds."""
        if isinstance(value, ast.Call) and self._refused_torch_class(value.func):
            return True
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and isinstance(
                value.func.value, ast.Name) and value.func.value.id in self.imported_module_names:
            return _CLASS_NAME.match(value.func.attr) is not None  # datasets.OmnivoreKinetics(...)
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and isinstance(value.func.value, ast.Name) \
                and _ALTERNATE_CONSTRUCTOR.match(value.func.attr):  # Config.fromfile(path), OmegaConf.load(path)
            return value.func.value.id in self.imported_classes or value.func.value.id in self.local_classes
        return isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and (
            value.func.id in self.imported_classes or value.func.id in self.local_classes)

    def _refused_torch_class(self, func: ast.expr) -> bool:
        """``nn.ParameterDict``, ``torch.nn.Linear``, ``Sequential`` (``from torch.nn import Sequential``): a torch.nn
        Module class; ``TensorDataset``, ``optim.SGD``, ``lr_scheduler.StepLR``, ``GradScaler``: a torch class outside
        torch.nn whose instances weights_only refuses too (_REFUSED_TORCH_OWNERS); through the file's explicit imports
        (nothing a star import might bring)."""
        callee = dotted_name(func)
        if callee is None:
            return False
        head, _, rest = callee.partition(".")
        module = self.torch_aliases.get(head)
        if module is None:
            return False
        owner, _, name = (f"{module}.{rest}" if rest else module).rpartition(".")
        if owner == "torch.nn":
            return _CLASS_NAME.match(name) is not None and name not in _PLAIN_NN
        # capitalised, as their classes are (``SGD``, ``LBFGS``, ``TensorDataset``); their functions are lower case
        return name[:1].isupper() and (owner in _REFUSED_TORCH_OWNERS or owner.startswith(
            ("torch.optim.", "torch.utils.data.")))

    def _constructed(self, value: ast.expr, scope: int) -> bool:
        """The saved value is such an instance: built right there, held now by the name saved, or ``self.vocab`` when
        every binding of that attribute in the class so far builds one."""
        if isinstance(value, ast.Name):
            # ``if only_src: data = TensorDataset(a) else: data = TensorDataset(a, b)``: every value it may hold is one
            return self.holding.get((scope, value.id)) in self.constructed and \
                self.alternatives.get((scope, value.id), set()) <= self.constructed
        if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id == "self":
            return self.constructed_attributes.get((self.provenance.owners.get(scope, ""), value.attr), False)
        return self._constructs(value)

    def _is_collate(self, value: ast.expr) -> bool:
        """``self.collate(data_list)`` in a file that imports PyG's InMemoryDataset."""
        callee = dotted_name(value.func) if isinstance(value, ast.Call) else None
        return self.graph_collate and callee in ("self.collate", "cls.collate", "InMemoryDataset.collate")

    def _is_built(self, value: ast.expr, scope: int) -> bool:
        """Something the file builds (numpy, its own classes), or a slice of it (``options[:n]``)."""
        if isinstance(value, ast.Subscript):
            value = value.value
        if isinstance(value, (ast.ListComp, ast.GeneratorExp)) and isinstance(value.elt, ast.Call):
            value = value.elt  # [self.convert_examples_to_features(x) for x in items]: a list of what it builds
        if isinstance(value, ast.Call):
            return self._builds_objects(value, scope)
        name = dotted_name(value)
        return name is not None and (0 if "." in name else scope, name) in self.built_objects

    def holds_object(self, value: ast.expr, scope: int, depth: int = 0) -> bool:
        """A saved value weights_only refuses: a model, a Namespace, ``x.numpy()``, something built above, or a
        list or tuple display holding one (``[train_idx, val_idx]``), or a dict built here holding one."""
        if is_object_value(value) or _is_training_object(value) or _prepares_scriptable(value) or \
                self._constructed(value, scope) or _class_of(value):
            return True
        if self.optimizer_classes and self._groups_hold_functions(value, scope):
            return True
        if isinstance(value, (ast.Call, ast.IfExp)) and self._own_state_holds_objects(value, scope):
            return True  # {"se": self.se.state_dict()}: a state method of the file's own class returning numpy
        if isinstance(value, (ast.List, ast.Tuple)):
            return any(self.holds_object(element, scope, depth) for element in value.elts)
        if isinstance(value, ast.Name) and depth < 3 and (display := self.dicts.get((scope, value.id))) is not None:
            return any(self.holds_object(entry, scope, depth + 1) for entry in display.values)
        return self._is_built(value, scope)

    def _groups_hold_functions(self, value: ast.expr, scope: int) -> bool:
        """``optimizer.state_dict()`` where ``optimizer = LARS(..., weight_decay_filter=exclude_bias_and_norm)``: an
        optimizer class of the file (optimizer_group_options) given a function of the file or a lambda for an option
        it keeps in its param groups; the state dict then holds that function object."""
        if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "state_dict"
                and not value.args and isinstance(value.func.value, ast.Name)):
            return False
        for bound, _, _ in self.provenance.bindings.get((scope, value.func.value.id), ()):
            if isinstance(bound, ast.Call) and isinstance(bound.func, ast.Name) and (
                    options := self.optimizer_classes.get(bound.func.id)) and any(
                    keyword.arg in options and (isinstance(keyword.value, ast.Lambda) or (
                        isinstance(keyword.value, ast.Name) and keyword.value.id in self.local_functions))
                    for keyword in bound.keywords):
                return True
        return False

    def note_call(self, call: ast.Call, scope: int) -> None:
        """``x(...)``, ``torch.load(f)(...)``, ``vars(x["args"])``."""
        if self.quiet:  # ``d.get("k")`` alone: a key read (parameter_keys); not ``self.get(x)`` in a class's method
            func = call.func
            if isinstance(func, ast.Attribute) and func.attr == "get" and call.args and not (
                    isinstance(func.value, ast.Name) and func.value.id == "self" and scope in self.provenance.owners):
                self._read_key(func.value, call.args[0], scope)
            return
        for keyword in call.keywords:
            if keyword.arg is None:
                self._note_mapping(keyword.value, scope)
            elif keyword.arg == "to_save" and isinstance(keyword.value, ast.Dict):
                self.to_save_sizes.append(len(keyword.value.keys))
        callee = dotted_name(call.func)  # spelled out once: every call in the file comes through here
        last = (callee or "").rsplit(".", 1)[-1]
        if last.endswith(("Config", "Cfg")) and re.search(_CONFIG_CLASS, last):  # most calls: no regex
            for arg in call.args:  # BEATsConfig(ckpt["cfg"]): a config class built from the entry, a plain dict
                if isinstance(arg, ast.Subscript):
                    self._note_mapping(arg, scope)
        if isinstance(call.func, ast.Attribute) and call.func.attr in ("to_dict", "from_dict"):
            self.graph_dicts = True
        if isinstance(call.func, ast.Attribute) and call.func.attr in DICT_METHODS:
            self._note_mapping(call.func.value, scope)
            if call.func.attr == "update" and isinstance(call.func.value, ast.Name) and len(call.args) == 1 and \
                    isinstance(call.args[0], ast.Name) and (display := self.dicts.get((scope, call.func.value.id))) and \
                    isinstance(definition := self.provenance.scopes.get(scope), (ast.FunctionDef, ast.AsyncFunctionDef)) \
                    and definition.args.kwarg is not None and definition.args.kwarg.arg == call.args[0].id:
                self.open_dicts.add(id(display))  # state.update(kwargs): whatever keys the callers pass
            if call.func.attr == "update" and isinstance(call.func.value, ast.Name) and \
                    (display := self.dicts.get((scope, call.func.value.id))) is not None and (
                    entries := dict_display(call.args[0]) if len(call.args) == 1 and not call.keywords else
                    ast.Dict(keys=[ast.Constant(kw.arg) for kw in call.keywords], values=[kw.value for kw in call.keywords])
                    if not call.args and all(kw.arg is not None for kw in call.keywords) else None) is not None:
                # ckpt.update({"alphaMask.mask": np.packbits(v)}), ckpt.update(step=k): entries of the dict saved later
                for key, value in zip(entries.keys, entries.values):
                    if key is not None and (named := self.constant_of(key)) is not None:
                        key = ast.Constant(named)
                    if isinstance(key, ast.Constant) and isinstance(key.value, str):
                        self._store_entry(display, key, value)
            if call.func.attr == "pop" and isinstance(call.func.value, ast.Name) and call.args and (
                    not isinstance(call.args[0], ast.Constant) or call.args[0].value in TRAINING_STATE_KEYS):
                self.stripped.add((scope, call.func.value.id))  # ckpt.pop(k, None) for the keys not kept
        if last in _CHILD_PROCESS and (callee or "").partition(".")[0] in ("sp", "subprocess"):
            self.subprocess_scopes.add(scope)
        elif isinstance(call.func, ast.Name) and call.func.id in ("type", "dict") and len(call.args) in (1, 3):
            self._note_mapping(call.args[-1], scope)  # type("Args", (), d), dict(d)
        if callee is not None and callee.count(".") <= 1 and callee.partition(".")[0] in (callee, "self", "cls"):
            for position, arg in enumerate(call.args):
                if isinstance(arg, ast.Name):
                    self.path_args.setdefault((last, position), set()).add((arg.id, scope))
        if last == _NUMPY_TO_TENSORS and len(call.args) == 1 and not self._holds_another_call(call.args[0], scope):
            # ogb's replace_numpy_with_torchtensor(torch.load(p)): the container holds numpy arrays to convert
            self._mark(call.args[0], scope)
        if isinstance(call.func, ast.Name):
            self.object_names.add((scope, call.func.id))
            if call.func.id in self.params.get(scope, ()):
                # def check(self, tokenizer): tokenizer(text): what callers pass there is callable, no dict or tensor
                self.note_object_param(scope, call.func.id)
            if _NUMPY_CHECK.search(call.func.id) and call.args and isinstance(call.args[0], ast.Name):
                self.numpy_checked.add((scope, call.args[0].id))  # if not all_numpy(split): raise ...; torch.save(split)
            if call.func.id == "vars" and call.args:
                self._mark(call.args[0], scope)
            elif call.func.id == "isinstance" and len(call.args) == 2 and _names_script_module(call.args[1]):
                self._mark(call.args[0], scope)  # handles a TorchScript archive, which weights_only=True refuses
            elif call.func.id == "isinstance" and len(call.args) == 2 and isinstance(call.args[0], ast.Name) and \
                    (dotted_name(call.args[1]) or "").rsplit(".", 1)[-1] in ("dict", "OrderedDict", "Mapping"):
                self.dict_used.add((scope, call.args[0].id))  # assert isinstance(loaded, dict): a state dict
                self.dict_called.add((scope, call.args[0].id))
            elif call.func.id in self.local_functions:
                self.passed += [(call.func.id, position, arg, scope) for position, arg in enumerate(call.args)
                                if isinstance(arg, (ast.Name, ast.Subscript, ast.Call))]
            elif call.func.id in self.imported and not any(isinstance(arg, ast.Starred) for arg in call.args):
                suffix, function = self.imported[call.func.id]
                for position, arg in enumerate(call.args):
                    if isinstance(arg, ast.Name):
                        self.helper_passes.setdefault((scope, arg.id), set()).add((suffix, function, position))
        elif isinstance(call.func, ast.Call):
            self.object_calls.add(id(call.func))
        elif isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Name) and \
                call.func.value.id == "self" and (owner := self.provenance.owners.get(scope)) is not None:
            # self.check(loaded): a method of this class, asked like a plain function (see _resolve_passed)
            self.passed += [(f"{owner}.{call.func.attr}", position, arg, scope) for position, arg in enumerate(call.args)
                            if isinstance(arg, (ast.Name, ast.Subscript, ast.Call))]
        elif isinstance(call.func, ast.Attribute) and call.args:
            if call.func.attr == "get" and id(call) in self.fallback_gets:
                # the default of ckpt.get("enc", ckpt.get("encoder")): an older name of the key, which files written
                # under the newer one lack; like a key read where KeyError is caught, it need not be in the layout
                self.key_guard += 1
                self._read_key(call.func.value, call.args[0], scope)
                self.key_guard -= 1
            elif call.func.attr == "get":  # ckpt.get("global_step")
                self._read_key(call.func.value, call.args[0], scope)
            if call.func.attr == "get" and len(call.args) == 2 and isinstance(default := call.args[1], ast.Call) and \
                    isinstance(default.func, ast.Attribute) and default.func.attr == "get" and \
                    dotted_name(default.func.value) is not None and \
                    dotted_name(default.func.value) == dotted_name(call.func.value):
                self.fallback_gets.add(id(default))
            if call.func.attr == "load_state_dict" and isinstance(call.args[0], ast.Name):
                self.state_dict_names.add((scope, call.args[0].id))
                self.restored_names.setdefault((scope, call.args[0].id), (call.func.value, scope))
            elif call.func.attr == "load_state_dict" and isinstance(call.args[0], ast.Call):
                self.state_dict_calls.add(id(call.args[0]))
                self.restored_into[id(call.args[0])] = (call.func.value, scope)
            elif call.func.attr == "load_state_dict" and isinstance(call.args[0], ast.Subscript):
                self.state_items.add(id(call.args[0]))  # opt.load_state_dict(ckpt["opt"]): an optimizer's state
            elif call.func.attr == "from_numpy" and not self._holds_another_call(call.args[0], scope):
                self._mark(call.args[0], scope)
            elif call.func.attr in OMEGACONF_OBJECT_CALLS and (dotted_name(call.func.value) or "").endswith("OmegaConf"):
                self._mark(call.args[0], scope)  # OmegaConf.to_yaml(pkg["xp.cfg"]): the entry is a DictConfig
            elif call.func.attr in _SETS_MODULE:
                self._mark(call.args[0], scope)  # model.set_input_embeddings(torch.load(p)): an nn.Module
            elif call.func.attr == "append" and isinstance(call.args[0], ast.Name) and \
                    (receiver := (dotted_name(call.func.value) or "").rsplit(".", 1)[-1]).endswith("s") and \
                    _is_model_name(receiver[:-1]):
                self.model_named.add((scope, call.args[0].id))  # models.append(mod): mod is a model by that list
        if self.loaded and isinstance(call.func, ast.Attribute) and isinstance(call.func.value, ast.Name) and \
                call.func.value.id != "self" and (scope, call.func.value.id) in self.provenance.bindings and \
                not any(isinstance(arg, ast.Starred) for arg in call.args):
            # tensorf.load(ckpt) on an object the function builds: a method of some class, named ".load" (the
            # project decides it where one method of that name reads keys from that parameter, project.py)
            for position, arg in enumerate(call.args):
                if isinstance(arg, ast.Name) and (scope, arg.id) in self.loaded:
                    self.helper_passes.setdefault((scope, arg.id), set()).add(("", f".{call.func.attr}", position))

    def note_try(self, node: ast.Try) -> None:
        """``try: opt.load_state_dict(ckpt["opt"]) except: opt.load_state_dict(ckpt["opt"].state_dict())``: the body
        restores the item as a state dict, and the handler's object use of it serves files of an older layout (a
        whole optimizer saved); it tells nothing of what the file the load reads holds."""
        restored = {ast.unparse(call.args[0]) for statement in node.body for call in ast.walk(statement)
                    if isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and
                    call.func.attr == "load_state_dict" and call.args and isinstance(call.args[0], ast.Subscript)}
        if restored:
            self.fallback_reads.update(id(inner) for handler in node.handlers for inner in ast.walk(handler)
                                       if isinstance(inner, ast.Attribute) and isinstance(inner.value, ast.Subscript)
                                       and ast.unparse(inner.value) in restored)

    def note_discarded(self, call: ast.Call, scope: int) -> None:
        """``model.cpu()`` as a statement, its result dropped: Module.cpu/cuda/to/float/half move the module in place,
        while on a tensor they return a new one and leave the name as it was (a dict has no such method). A load used so
        is a whole module, which weights_only refuses (Unsupported global)."""
        if self.quiet:
            return
        if isinstance(call.func, ast.Attribute) and call.func.attr in _IN_PLACE_ON_MODULES and \
                isinstance(call.func.value, ast.Name) and not self._holds_another_call(call.func.value, scope):
            self._mark(call.func.value, scope)

    def _looped_keys(self, key: ast.expr, scope: int) -> frozenset[str]:
        """``for k in ['message_hub', 'optimizer']: del ckpt[k]`` (the list spelled there or bound to a name once): the
        strings the loop variable ``key`` takes."""
        if not isinstance(key, ast.Name):
            return frozenset()
        for target, iterated, where in self.loop_nodes:
            if where != scope or not isinstance(target, ast.Name) or target.id != key.id:
                continue
            if isinstance(iterated, ast.Name) and len(bound := self.provenance.bindings.get((scope, iterated.id), ())) == 1:
                iterated = bound[0][0]
            if isinstance(iterated, (ast.List, ast.Tuple, ast.Set)):
                return frozenset(item.value for item in iterated.elts
                                 if isinstance(item, ast.Constant) and isinstance(item.value, str))
        return frozenset()

    def note_subscript(self, node: ast.Subscript, scope: int) -> None:
        """``ckpt["args"]`` read anywhere: the checkpoint carries a Namespace or config object."""
        if self.quiet:  # the key read alone (parameter_keys)
            if isinstance(node.ctx, ast.Load):
                self._read_key(node.value, node.slice, scope)
            return
        if not isinstance(node.ctx, ast.Load):
            if isinstance(node.ctx, ast.Del) and isinstance(node.value, ast.Name) and (
                    _string_key(node) in TRAINING_STATE_KEYS or self._looped_keys(node.slice, scope) & TRAINING_STATE_KEYS):
                self.stripped.add((scope, node.value.id))  # del ckpt["optimizer"]: only a training run needs it
            return
        key = _string_key(node) or self.constant_of(node.slice)
        if key is None:  # ckpt[args.checkpoint_key]; x[i] of anything else is not looked at
            value = node.value
            if isinstance(value, ast.Call) or (isinstance(value, ast.Name) and (scope, value.id) in self.call_bound):
                self._read_key(value, node.slice, scope)
            return
        if key in NAMESPACE_KEYS:
            self.namespace_reads.append((node, scope))
        held = id(node.value) if isinstance(node.value, ast.Call) else \
            self.current.get((scope, node.value.id)) if isinstance(node.value, ast.Name) else None
        if held:
            self.item_of.setdefault(held, []).append((id(node), key))
        self._note_mapping(node.value, scope)
        self._read_key(node.value, node.slice, scope)

    def _note_mapping(self, node: ast.AST, scope: int) -> None:
        if isinstance(node, ast.Name):
            self.mapping_names.add((scope, node.id))
        else:
            self.mapping_nodes.add(id(node))

    def _resolve_namespace_reads(self) -> None:
        """``ckpt["args"]`` marks ``ckpt`` as holding an object unless what was read is used as a plain mapping,
        or goes to ``load_state_dict`` (``opt.load_state_dict(ckpt["opt"])``: "opt" names the optimizer there).
        One read used as a mapping (``ckpt["hyper_parameters"]["model"]``: a Namespace is not subscriptable) speaks
        for the other reads of the same entry in its function (``"model" in ckpt["hyper_parameters"]``)."""
        mapped = {(scope, ast.dump(node)) for node, scope in self.namespace_reads
                  if id(node) in self.mapping_nodes or self.read_into.get(id(node)) in self.mapping_names}
        for node, scope in self.namespace_reads:
            if id(node) in self.state_items or self.read_into.get(id(node)) in self.state_dict_names:
                continue
            as_mapping = id(node) in self.mapping_nodes or self.read_into.get(id(node)) in self.mapping_names \
                or (scope, ast.dump(node)) in mapped
            # a config object is subscriptable too, so with a config library a mapping use proves nothing; but
            # Lightning writes ``hyper_parameters`` as dict(module.hparams), keeping only an omegaconf container as is
            lightning_dict = _string_key(node) == "hyper_parameters" and self.config_objects not in (
                "omegaconf", "hydra")
            if (self.config_objects and not lightning_dict) or not as_mapping:
                self._mark(node.value, scope)
        self.namespace_reads = []

    def note_compare(self, node: ast.Compare, scope: int) -> None:
        """``"global_step" in ckpt``, ``"state_dict" in list(sd.keys())``: a key of the layout."""
        if len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn)):
            container = node.comparators[0]
            if isinstance(container, ast.Call) and isinstance(container.func, ast.Name) and container.args:
                container = container.args[0]  # list(sd.keys())
            if isinstance(container, ast.Call) and isinstance(container.func, ast.Attribute) and \
                    container.func.attr == "keys":
                container = container.func.value
            self._read_key(container, node.left, scope)
            if isinstance(container, ast.Name) and isinstance(node.left, ast.Constant) and \
                    (held := self.current.get((scope, container.id))):
                self.tested_keys.setdefault(held, set()).add(node.left.value)  # "state_dict" in sd: maybe absent
                for other in self.alternatives.get((scope, container.id), ()):
                    self.tested_keys.setdefault(other, set()).add(node.left.value)

    def _loops(self) -> dict[tuple[int, str], set[str]]:
        """(scope, loop variable) -> the names its iterable mentions (``for k in ckpt``, ``{k: v for k, v in
        sd.items()}``: ``ckpt[k]`` then reads the dict's own keys); built only when a load needs it."""
        if self.loop_nodes:
            for target, iterable, scope in self.loop_nodes:
                mentioned = {n.id for n in ast.walk(iterable) if isinstance(n, ast.Name)}
                for node in ast.walk(target):
                    if isinstance(node, ast.Name):
                        self.loops.setdefault((scope, node.id), set()).update(mentioned)
            self.loop_nodes = []
        return self.loops

    def _read_key(self, container: ast.AST, key: ast.AST, scope: int) -> None:
        if (named := self.constant_of(key)) is not None:  # ckpt[cls._CONFIG_KEY]: a key by name
            key = ast.Constant(named)
        if isinstance(key, (ast.Name, ast.Attribute)) and (held := dotted_name(key)) is not None:
            if isinstance(container, ast.Name):  # ckpt[args.checkpoint_key], key in ckpt
                if (scope, container.id) in self.call_bound:
                    self.variable_reads.append((scope, container.id, held))
            elif isinstance(container, ast.Call):
                self.variable_reads.append((scope, id(container), held))
            return
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
            return
        if isinstance(container, ast.Name):
            self.keys_read.setdefault((scope, container.id), set()).add(key.value)
            read = self.guarded_keys if self.key_guard else self.unguarded_keys
            if (held := self.current.get((scope, container.id))) is not None:
                self.binding_keys.setdefault(held, set()).add(key.value)
                read.setdefault(held, set()).add(key.value)
            for other in self.alternatives.get((scope, container.id), ()) if self.alternatives else ():
                self.binding_keys.setdefault(other, set()).add(key.value)
                read.setdefault(other, set()).add(key.value)
        elif isinstance(container, ast.Attribute) and (held := dotted_name(container) or "").startswith("self."):
            self.keys_read.setdefault((0, held), set()).add(key.value)  # self.codes["orig"], in any method
        elif isinstance(container, ast.Call):
            self.call_keys.setdefault(id(container), set()).add(key.value)

    def note_dict(self, node: ast.Dict) -> None:
        """``to_save = {"model": ..., "optimizer": ..., "args": args}``: a checkpoint layout holding an object."""
        if self.quiet:
            return
        keys = {k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)}
        if len(keys) >= 2 and any(is_object_value(v) for k, v in zip(node.keys, node.values)
                                  if isinstance(k, ast.Constant) and k.value in NAMESPACE_KEYS):
            self.object_schemas.append(keys)

    def note_attribute(self, node: ast.Attribute, scope: int) -> None:
        if self.quiet:
            return
        value = node.value
        if not isinstance(node.ctx, ast.Load):
            # ``t.someattr = 1``: a tensor keeps such an attribute through torch.save, and weights_only loads it
            self.stored_attributes.add(node.attr)
            if not (isinstance(value, ast.Name) and value.id == "self"):
                self.stored_off_self.add(node.attr)  # not ``self.unk_index = 3``: a class of the file's own attribute
        if isinstance(value, ast.Subscript):
            if node.attr in OBJECT_SIGNALS and self.loaded_items and (held := self.loaded_items.get(
                    (scope, ast.unparse(value)))) is not None:
                self.object_calls.add(held)
            key = _string_key(value)
            if id(node) in self.fallback_reads:
                pass  # the older layout a handler still takes: the try body restores the item as a state dict
            elif node.attr in OBJECT_SIGNALS or (key in OBJECT_KEYS and node.attr not in DICT_METHODS):
                if self._type_tested(value.value, scope):
                    self.duck_names.add((scope, value.value.id))  # data["ema"].state_dict() if not isinstance(...)
                else:
                    self._mark(value.value, scope)
            elif key is not None and _foreign_read(node):
                # ``data["struct"].mock_csc_transpose()``: no tensor, container or primitive has that attribute;
                # decided once the file is walked: the file may set that attribute on a tensor itself (stored_attributes)
                self.foreign_reads.append((node.attr, value.value, scope))
            return
        if isinstance(value, (ast.Name, ast.Call)) and _foreign_read(node):
            self._note_foreign_read(node.attr, value, scope)
        if isinstance(value, ast.Name) and node.attr in DICT_METHODS:
            self.dict_used.add((scope, value.id))  # model.items(): a dict (of tensors), not a module
            self.dict_called.add((scope, value.id))
        elif isinstance(value, ast.Name) and isinstance(node.ctx, ast.Load) and \
                (held := self.holding.get((scope, value.id))) and (scope, value.id) not in self.alternatives and \
                node.attr not in loaded_value_attributes():
            # v.get_stoi(): v holds that call's object
            (self.duck_held if self._type_tested(value, scope) else self.foreign_held).setdefault(held, set()).add(
                node.attr)
        if isinstance(value, ast.Name) and (scope, value.id) in self.items and node.attr not in DICT_METHODS:
            self.object_names.add(self.items[(scope, value.id)])
        elif node.attr in OBJECT_SIGNALS and self._holds_another_call(value, scope):
            pass  # model = Reader.from_pretrained(ckpt["arguments"]["model"]); model.eval(): that call's model, not the load
        elif node.attr in OBJECT_SIGNALS and self._type_tested(value, scope):
            self.duck_names.add((scope, value.id))
        elif node.attr in OBJECT_SIGNALS:
            self._mark(value, scope)

    def _note_foreign_read(self, attribute: str, value: ast.Name | ast.Call, scope: int) -> None:
        """An attribute no tensor, container or primitive has (a NamedTuple field, a dataclass field), read off
        ``torch.load(f)`` itself, off a parameter (``checkpoint.model_state_dict`` in ``def load(self, checkpoint)``, not
        rebound: what callers pass is an instance weights_only refuses, "Unsupported global" on 2.15; and param_foreign,
        for a save of that parameter), or off an item a name holds (``dico = data["dico"]; dico.lang``). Decided once
        the file is walked: the file may set that attribute on a tensor itself (stored_attributes)."""
        if isinstance(value, ast.Call):
            self.foreign_call_reads.append((attribute, id(value)))  # only a torch.load call's id is ever asked
            return
        if value.id in self.params.get(scope, ()):
            self.param_foreign.setdefault((scope, value.id), set()).add(attribute)  # def f(dico): dico.unk_index
        if (item := self.item_names.get((scope, value.id))) is not None and \
                self.current.get((scope, value.id), 0) == item[0] and not self._type_tested(value, scope):
            # dico = data["dico"]; dico.lang: the item, held by a name, read like ``data["dico"].lang`` (foreign_reads)
            self.foreign_reads.append((attribute, ast.Name(item[1]), scope))
        if (scope, value.id) not in self.holding and value.id in self.params.get(scope, ()) and value.id != "self" \
                and (scope in self.functions or scope in self.methods) and not self._type_tested(value, scope):
            self.foreign_reads.append((attribute, value, scope))

    def note_save(self, call: ast.Call, scope: int = 0, whole_parts: bool = False) -> bool:
        """``torch.save(obj, f)``: a whole model, a dict with a Namespace or numpy value in it, or something
        the file builds (a list of the project's objects); ``f`` is kept as written (a name, a path expression)."""
        if len(call.args) < 2:
            return False
        saved = call.args[0]
        self.save_scopes.add(scope)
        if isinstance(saved, ast.Name):
            self.resaved.add((scope, saved.id))
        if (display := self.saved_dict(saved, scope)) is not None:  # {...}, dict(k=v), or a name bound to one
            objects = any(self.holds_object(v, scope) for v in display.values)
        else:
            name = (dotted_name(saved) or "").rsplit(".", 1)[-1]
            # a name bound to a torch.load result is saved back: its name says nothing of what the file holds
            reloaded = isinstance(saved, ast.Name) and (scope, saved.id) in self.loaded
            if reloaded:  # unless it is also bound to something the file builds (the cache pattern)
                objects = (scope, saved.id) in self.built_objects
            else:
                objects = (_is_model_name(name) or name.lower() in ("obj", "object")  # broadcast_object-style helpers
                           or (isinstance(saved, ast.Name) and saved.id == "self")  # the instance itself: a class of the project's
                           or self.holds_object(saved, scope)
                           or self._own_state_holds_objects(saved, scope)
                           or (isinstance(saved, ast.Name) and (scope, saved.id) in self.numpy_checked))
        # protocol 4+: refused whatever it holds; whole_parts: getattr(self, name) over a model's or optimizer's
        # name (attrsaves.py)
        objects = objects or whole_parts or writes_framed_pickle(call)
        if objects:
            self._note_objects_saved(call, scope)
        else:
            if isinstance(saved, ast.Name) and (held := self.holding.get((scope, saved.id))) and \
                    (scope, saved.id) not in self.alternatives:
                self.saved_names.append((call, scope, held))  # decided once the file is walked (_settle_saved_names)
            if isinstance(saved, (ast.Name, ast.Tuple, ast.List, ast.Call)):
                self.saved_returns.append((call, scope))  # names a function of the file returned (_settle_saved_names)
            if _self_item(saved) is not None:
                self.saved_items.append((call, scope))  # self.data["train"]: every binding of it decides (_settle_saved_names)
            if isinstance(saved, ast.Name) and (annotated := self.annotated_objects.get((scope, saved.id))):
                self.saved_annotated.append((call, scope, annotated))  # once the file is walked (_settle_saved_names)
            self.pairs.note_method_save(saved, call.args[1], scope, call.lineno)
            if (named := self.file_name(call.args[1], scope)) is not None:
                self.plain_saved_names.add(named)
            if display is not None and (params := [value.id for value in display.values if isinstance(value, ast.Name)
                                                   and value.id in self.params.get(scope, ())]):
                self.saved_param_entries.append((call, scope, params))  # decided once the file is walked
            if display is not None:
                self.plain_saved_to.setdefault(_path_key(call.args[1], scope), set()).update(
                    key.value for key in display.keys if isinstance(key, ast.Constant) and isinstance(key.value, str))
                self.plain_save_lines.setdefault(_path_key(call.args[1], scope), set()).add(call.lineno)
        if isinstance(saved, ast.Name) and saved.id in self.params.get(scope, ()) and \
                not re.search(_TENSOR_LIKE, saved.id):
            # all_gather(data) / broadcast(obj) through a buffer, or through a file per rank: whatever the caller passes
            if isinstance(call.args[1], ast.Name) and (scope, call.args[1].id) in self.buffers:
                self.round_trips.add(scope)
                self.round_trip_params[scope] = saved.id
            elif not re.search(_CHECKPOINT_LIKE, saved.id) and saved.id.lower() not in NAMESPACE_KEYS:
                self.file_round_trips.add(scope)  # not `torch.save(args, "training_args.bin")`: a file of its own
        return objects

    def _foreign(self, held: int, reads: dict[int, set[str]] | None = None) -> bool:
        """The call's result, held in a name, is read with an attribute that no value of a weights_only load has and
        that the file never sets itself (``t.someattr = 1`` on a tensor survives torch.save)."""
        return any(attribute not in self.stored_attributes
                   for attribute in (self.foreign_held if reads is None else reads).get(held, ()))

    def _type_tested(self, node: ast.expr, scope: int) -> bool:
        return bool(self.type_tested) and isinstance(node, ast.Name) and (scope, node.id) in self.type_tested

    def _settle_saved_names(self) -> None:
        """The saves asked about again once the file is walked (a no-op when none waits): ``v = vocab(c); ...;
        torch.save(v, path); ...; v.get_itos()``, the name saved held an object (an attribute no tensor, container or
        primitive has was read off it while it held the same value); names a function of the file returned
        (_returns_foreign); ``self.data["dev"]`` items (_item_constructed)."""
        if not (self.saved_names or self.saved_returns or self.saved_items or self.saved_param_entries
                or self.saved_annotated):
            return
        for call, scope, annotated in self.saved_annotated:
            # node_pb: PartitionBook, where a function annotated ``-> PartitionBook`` returns torch.zeros(...): the
            # project's name for a tensor, not a class of objects
            if annotated not in self.tensor_classes:
                self._note_objects_saved(call, scope)
        self.saved_annotated = []
        for call, scope, params in self.saved_param_entries:
            # torch.save({"dico": dico, ...}, p) in def index_data(path, bin_path, dico), which reads dico.unk_index:
            # the parameter is an object (an attribute the file sets, if at all, only on ``self``: never on a tensor
            # it saves), refused by weights_only
            if any((scope, name) not in self.provenance.bindings and
                   any(attribute not in self.stored_off_self for attribute in self.param_foreign.get((scope, name), ()))
                   for name in params):
                self._note_objects_saved(call, scope)
        self.saved_param_entries = []
        for call, scope, held in self.saved_names:
            if self._foreign(held):
                self._note_objects_saved(call, scope)
        self.saved_names = []
        for call, scope in self.saved_returns:
            saved = call.args[0]
            owner = self.provenance.owners.get(scope, "")
            if any(self._returns_foreign(name, scope) for name in (saved.elts if isinstance(saved, (ast.Tuple, ast.List))
                                                                   else [saved]) if isinstance(name, ast.Name)) or \
                    self._instance_value(saved, scope, owner, 0):
                self._note_objects_saved(call, scope)
        self.saved_returns = []
        for call, scope in self.saved_items:
            if self._item_constructed(call.args[0], scope):
                self._note_objects_saved(call, scope)
        self.saved_items = []

    def _item_constructed(self, saved: ast.Subscript, scope: int) -> bool:
        """``torch.save(self.data["dev"], p)`` where every binding of ``self.data["dev"]`` in the class (None aside)
        builds an instance weights_only refuses: ``Subset(...)``, a Dataset class of the project's, a local name bound
        only to one (``new_train = ConcatTensorDataset(...)``), or item i of what a method of the class returns there
        (``self.data["test"], names = self._get_dataset(f)``, whose ``return datasets, names`` holds such an instance).
        A whole Dataset object saved as a cache: ``Unsupported global: GLOBAL torch.utils.data.dataset.Subset``."""
        owner = self.provenance.owners.get(scope, "")
        # (the cache pattern's other binding, a torch.load of the file, is what is asked about)
        bound = [entry for entry in self.item_bindings.get((owner, *_self_item(saved)), ())
                 if not isinstance(entry[0], ast.Constant) and id(entry[0]) not in self.load_ids]
        # a call handed one of the attribute's own items (``self.data["train"], self.data["dev"] =
        # self.processor.split(self.data["train"])``) makes its value from them, like a rebinding of a name from itself:
        # it decides nothing either way
        building = [entry for entry in bound if self._builds_instance(*entry, owner)]
        return bool(building) and all(entry in building or (isinstance(entry[0], ast.Call) and any(
            isinstance(node, ast.Subscript) and _self_item(node) is not None and node.value.attr == saved.value.attr
            for argument in (*entry[0].args, *(keyword.value for keyword in entry[0].keywords))
            for node in ast.walk(argument))) for entry in bound)

    def _builds_instance(self, value: ast.expr, position: int | None, scope: int, owner: str, depth: int = 0) -> bool:
        if position is not None:
            if isinstance(value, ast.Tuple):
                return position < len(value.elts) and self._builds_instance(value.elts[position], None, scope, owner, depth)
            callee = dotted_name(value.func) if isinstance(value, ast.Call) else None
            returned = self.method_returns.get(f"{owner}.{callee[5:]}", ()) if callee and callee.startswith("self.") \
                and callee.count(".") == 1 and depth < 4 else ()
            return bool(returned) and all(isinstance(node, ast.Tuple) and position < len(node.elts) and
                                          self._builds_instance(node.elts[position], None, where, owner, depth + 1)
                                          for node, where in returned)
        if isinstance(value, ast.Name) and depth < 4:
            bound = [entry for entry in self.provenance.bindings.get((scope, value.id), ())
                     if not isinstance(entry[0], ast.Constant)]
            return bool(bound) and all(self._builds_instance(bound_value, bound_position, where, owner, depth + 1)
                                       for bound_value, bound_position, where in bound)
        return self._constructs(value)

    def _instance_value(self, value: ast.expr, scope: int, owner: str, depth: int) -> bool:
        """``value`` is an instance weights_only refuses by what builds it: a constructor (:meth:`_constructs`: a
        class of the file or of a package other than torch and the standard library, ``Graph(x=x)``), a call of a
        plain function of the file (or a method of the class through ``self.``) whose every return builds one
        (``data = read_planetoid_data(d)`` where it ends ``data = Graph(...); ...; return data``), or a name every
        binding of which (a torch.load aside: the cache pattern's other branch) is one of those."""
        if depth > 8:  # (each function called adds two)
            return False
        if isinstance(value, ast.Call):
            return self._constructs(value) or self._returns_instance(value, None, owner, depth + 1)
        if not isinstance(value, ast.Name):
            return False
        bound = [entry for entry in self.provenance.bindings.get((scope, value.id), ())
                 if id(entry[0]) not in self.load_ids and not (isinstance(entry[0], ast.Constant) and entry[0].value is None)]
        if not bound:
            return False
        for bound_value, position, where in bound:
            if position is None:
                if not self._instance_value(bound_value, where, owner, depth + 1):
                    return False
            elif isinstance(bound_value, ast.Tuple):
                if position >= len(bound_value.elts) or not self._instance_value(
                        bound_value.elts[position], where, owner, depth + 1):
                    return False
            elif not (isinstance(bound_value, ast.Call) and self._returns_instance(bound_value, position, owner, depth + 1)):
                return False
        return True

    def _returns_instance(self, call: ast.Call, position: int | None, owner: str, depth: int) -> bool:
        """A call of a plain function of the file, or of ``self.method`` of ``owner``, whose every return (None aside;
        item ``position`` of a returned tuple) is an instance by :meth:`_instance_value`."""
        callee = dotted_name(call.func)
        if isinstance(call.func, ast.Name) and (function := self.provenance.functions.get(call.func.id)) is not None:
            inner, definition = function
            returned = [(node.value, inner) for node in own_statements(definition)
                        if isinstance(node, ast.Return) and node.value is not None]
        elif owner and callee and callee.startswith("self.") and callee.count(".") == 1:
            returned = self.method_returns.get(f"{owner}.{callee[5:]}", [])
        else:
            return False
        values = []
        for value, where in returned:
            if isinstance(value, ast.Constant) and value.value is None:
                continue
            if position is not None:
                if not isinstance(value, ast.Tuple) or position >= len(value.elts):
                    return False
                value = value.elts[position]
            values.append((value, where))
        return bool(values) and all(self._instance_value(value, where, owner, depth) for value, where in values)

    def _returns_foreign(self, name: ast.Name, scope: int) -> bool:
        """``vocab_src, vocab_tgt = build_vocabulary(...)`` (bound once but to a load), where the function of the file returns, at that
        position, a name it read with an attribute no weights_only value has (``vocab_src.set_default_index(...)``
        on what ``build_vocab_from_iterator`` built): the name holds that object."""
        # (a binding to a torch.load result, the cache pattern's other branch, is what is asked about)
        bound = [entry for entry in self.provenance.bindings.get((scope, name.id), ()) if id(entry[0]) not in self.load_ids]
        if len(bound) != 1:
            return False
        value, position, _ = bound[0]
        if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)) or \
                (function := self.provenance.functions.get(value.func.id)) is None:
            return False
        inner, definition = function
        for node in own_statements(definition):
            if not isinstance(node, ast.Return) or node.value is None:
                continue
            returned = node.value
            if position is not None:
                if not isinstance(returned, ast.Tuple) or position >= len(returned.elts):
                    continue
                returned = returned.elts[position]
            if isinstance(returned, ast.Name) and (held := self.holding.get((inner, returned.id))) and \
                    (inner, returned.id) not in self.alternatives and self._foreign(held):
                return True
        return False

    def _own_class(self, receiver: ast.expr, scope: int) -> str | None:
        """The class of the file's own that ``receiver`` is an instance of: ``self`` in a method, or a name every
        binding of which (in its function) calls that class (``trainer = ContinuousCQL(**kwargs)``)."""
        if isinstance(receiver, ast.Name) and receiver.id == "self":
            return self.provenance.owners.get(scope)
        if not isinstance(receiver, ast.Name):
            return None
        bound = {entry[0].func.id if isinstance(entry[0], ast.Call) and isinstance(entry[0].func, ast.Name) else None
                 for entry in self.provenance.bindings.get((scope, receiver.id), ())}
        return next(iter(bound)) if len(bound) == 1 and None not in bound else None

    def _own_state_holds_objects(self, saved: ast.expr, scope: int, method: str | None = None) -> bool:
        """``torch.save(trainer.state_dict(), p)`` (or the state that ``trainer.load_state_dict(torch.load(p))``
        restores: ``method`` "state_dict") where ``trainer`` is an instance of a class the file defines and that
        class's own method returns a dict display holding an object weights_only refuses: ``{"actor":
        self.actor.state_dict(), "cql_log_alpha": self.log_alpha_prime}`` with ``self.log_alpha_prime = Scalar(1.0)``
        (an nn.Module of the project's; a binding to None or to an item read back leaves it so). A project method
        named state_dict is not torch's: what it returns decides (only tensors, numbers and nested state_dict()s load).
        """
        if method is None:
            if isinstance(saved, ast.IfExp):  # self.se.state_dict() if self.is_snap else None: a run with the option
                return self._own_state_holds_objects(saved.body, scope) or \
                    self._own_state_holds_objects(saved.orelse, scope)
            if not (isinstance(saved, ast.Call) and isinstance(saved.func, ast.Attribute) and not saved.args
                    and not saved.keywords):
                return False
            saved, method = saved.func.value, saved.func.attr
        owner = self._own_class(saved, scope) or self._attribute_class(saved, scope)
        if owner is None:
            return False
        for returned, where in self.method_returns.get(f"{owner}.{method}", ()):
            display = returned if isinstance(returned, ast.Dict) else (
                self.dicts.get((where, returned.id)) if isinstance(returned, ast.Name) else None)
            if display is None:
                continue
            for value in display.values:
                # an instance weights_only refuses, or numpy the class builds (``self.best_loss = np.array(...)``)
                if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) and value.value.id == "self" \
                        and (self.attribute_instances.get((owner, value.attr)) or
                             (owner, value.attr) in self.built_attributes):
                    return True
        return False

    def _attribute_class(self, receiver: ast.expr, scope: int) -> str | None:
        """``self.se`` where every binding of that attribute in the class builds one class of the file's own
        (``self.se = SnapshotEns(...)``; None or an item read back aside): the class whose method it calls."""
        if not (isinstance(receiver, ast.Attribute) and isinstance(receiver.value, ast.Name)
                and receiver.value.id == "self"):
            return None
        key = (self.provenance.owners.get(scope, ""), receiver.attr)
        built = {call.func.id if isinstance(call.func, ast.Name) else None for call in self.attribute_calls.get(key, ())}
        if not self.attribute_instances.get(key) or len(built) != 1 or not built <= self.local_classes:
            return None
        return next(iter(built))

    def _note_objects_saved(self, call: ast.Call, scope: int) -> None:
        """Where ``torch.save(saved, f)`` wrote objects: ``f`` as written, its file name, its spelled-out expression."""
        saved = call.args[0]
        self.objects_saved_to.add(_path_key(call.args[1], scope))
        if not (isinstance(saved, ast.Name) and saved.id != "self" and saved.id in self.params.get(scope, ())):
            # not save_checkpoint(path, obj): torch.save(obj, path), whatever its callers pass (a state dict too)
            self.pairs.note_objects_saved(call.args[1], scope, call.lineno)
        for named in self.file_names(call.args[1], scope):
            self.objects_saved_names.setdefault(named, call.lineno)
        if (spelled := self._spelled_path(call.args[1], scope)) is not None:
            self.objects_saved_exprs.setdefault(spelled, call.lineno)
        if isinstance(call.args[1], ast.Name) and (signature := self.signatures.get(scope)) is not None and \
                call.args[1].id in signature[1]:  # def cache_labels(self, path): ...; torch.save(x, path)
            self.saved_params.add((signature[0], signature[1].index(call.args[1].id)))

    def note_return(self, value: ast.expr, scope: int) -> None:
        """A method's return value: one holding objects makes ``torch.save(self.method(), path)`` save them."""
        if self.quiet:
            return
        if scope in self.methods:
            self.method_returns.setdefault(self.methods[scope][0], []).append((value, scope))
        if scope in self.pairs.functions and self.holds_object(value, scope):
            self.pairs.note_object_return(scope)
        else:
            self.pairs.note_return(scope, value)

    def note_annotated_return(self, value: ast.expr, annotation: ast.expr, scope: int) -> None:
        """``def auto_resume(...) -> Tuple[List[str], int, int, dict, dict]: ... return ..., ckpt["args"]``: the
        function's own annotation says the item it returns is a mapping, which an argparse Namespace is not; the read
        is used as a plain mapping, as ``a = ckpt["args"]; a["lr"]`` is."""
        if isinstance(annotation, ast.Subscript) and (dotted_name(annotation.value) or "").rsplit(".", 1)[-1] in (
                "Tuple", "tuple") and isinstance(value, ast.Tuple) and isinstance(annotation.slice, ast.Tuple):
            items = annotation.slice.elts
            if len(items) == len(value.elts) and not any(isinstance(item, ast.Starred) for item in value.elts):
                for item, returned in zip(items, value.elts):
                    self.note_annotated_return(returned, item, scope)
            return
        if isinstance(annotation, ast.Name) and annotation.id[:1].isupper() and self._plain_state(value, scope):
            self.tensor_classes.add(annotation.id)  # -> PartitionBook returning torch.zeros(...): a tensor by that name
        if isinstance(value, (ast.Subscript, ast.Name)) and _mapping_annotation(annotation):
            self._note_mapping(value, scope)

    def _spelled_path(self, node: ast.expr, scope: int) -> str | None:
        """The path expression as written (through a name bound to it here), when it holds a string literal."""
        if isinstance(node, ast.Name):
            node = self.path_exprs.get((scope, node.id), node)
        if isinstance(node, ast.Name) or not (_is_path_method_call(node) or any(
                isinstance(n, ast.Constant) and isinstance(n.value, str) for n in ast.walk(node))):
            return None
        return ast.dump(node, annotate_fields=False, include_attributes=False)

    def file_name(self, node: ast.expr, scope: int) -> str | None:
        """:func:`ckptfile.file_name`, through a name bound to such a path in this scope."""
        if isinstance(node, ast.Name):
            return self.path_names.get((scope, node.id))
        return self._constant_file_name(node)

    def _constant_file_name(self, node: ast.expr) -> str | None:
        """:func:`ckptfile.file_name`, the last part also a module constant naming the file (``os.path.join(d,
        HYPERPARAMS_FILE)`` after ``HYPERPARAMS_FILE = 'hyperparams.pt'``, bound once)."""
        last = node.args[-1] if isinstance(node, ast.Call) and node.args else \
            node.right if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div) else None
        if isinstance(last, ast.Name) and (constant := self.file_constants.get(last.id)) is not None:
            return file_name(ast.Constant(constant)) if file_name(
                ast.Call(func=node.func, args=[*node.args[:-1], ast.Constant(constant)], keywords=[])
                if isinstance(node, ast.Call) else ast.BinOp(node.left, node.op, ast.Constant(constant))) else None
        return file_name(node)

    def file_names(self, node: ast.expr, scope: int) -> set[str]:
        """The file names a save's path spells: the one of :meth:`file_name`, or each of a loop over a list of paths."""
        if (named := self.file_name(node, scope)) is not None:
            return {named}
        return set(self.path_lists.get((scope, node.id), ())) if isinstance(node, ast.Name) else set()

    def _ckpt_list(self, node: ast.expr, scope: int) -> bool:
        """A list or tuple of visibly .ckpt paths: a display, or a name bound to one here or at module level."""
        if isinstance(node, ast.Name):
            return (scope, node.id) in self.ckpt_lists or (0, node.id) in self.ckpt_lists
        return isinstance(node, (ast.List, ast.Tuple)) and bool(node.elts) and all(map(names_ckpt_file, node.elts))

    def note_loop_paths(self, target: ast.expr, iterable: ast.expr, scope: int) -> None:
        """``for checkpoint_path in checkpoint_paths`` (or over a list display of paths): the loop variable takes each.
        Over a list of .ckpt paths (zipped or enumerated too) it names a .ckpt file each time (see ckpt_lists), which
        quiet files keep too: the project pass reads calls given a .ckpt path."""
        if self.ckpt_lists or isinstance(iterable, (ast.List, ast.Tuple, ast.Call)):
            self._note_ckpt_loop(target, iterable, scope)
        if self.quiet:
            return
        if not isinstance(target, ast.Name):
            return
        if isinstance(iterable, ast.Name):
            named = self.path_lists.get((scope, iterable.id))
        elif isinstance(iterable, (ast.List, ast.Tuple)):
            named = {name for element in iterable.elts if (name := self.file_name(element, scope))}
        else:
            named = None
        if named:
            self.path_lists[(scope, target.id)] = set(named)

    def _note_ckpt_loop(self, target: ast.expr, iterable: ast.expr, scope: int) -> None:
        pairs: list[tuple[ast.expr, ast.expr]] = [(target, iterable)]
        if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name) and isinstance(target, ast.Tuple) \
                and not iterable.keywords and not any(isinstance(a, ast.Starred) for a in iterable.args):
            if iterable.func.id == "zip":
                pairs = list(zip(target.elts, iterable.args))
            elif iterable.func.id == "enumerate" and len(target.elts) == 2 and len(iterable.args) == 1:
                pairs = [(target.elts[1], iterable.args[0])]
        for variable, source in pairs:
            if isinstance(variable, ast.Name) and self._ckpt_list(source, scope):
                self.ckpt_names.setdefault(scope, set()).add(variable.id)

    def path_parameter(self, call: ast.Call, scope: int) -> tuple[str, int] | None:
        """(function, position) when the load reads a path parameter of its plain function: callers decide it."""
        path = call.args[0] if call.args else None
        function = self.functions.get(scope)
        if isinstance(path, ast.Name) and function is not None and path.id in function[1]:
            return function[0], function[1].index(path.id)
        return None

    def note_annotated_params(self, scope: int, arguments) -> None:
        """``random_states: RandomStates``: a parameter annotated with a class (not a tensor, a container or a
        typing name) holds an instance of it, which weights_only refuses when the function saves it."""
        for argument in arguments:
            name = (dotted_name(argument.annotation) or "").rsplit(".", 1)[-1] if argument.annotation else ""
            if name[:1].isupper() and name not in _PLAIN_ANNOTATIONS:
                self.annotated_objects[(scope, argument.arg)] = name
            elif argument.annotation is not None and _scalar_annotation(argument.annotation):
                self.annotated_plain.setdefault(scope, set()).add(argument.arg)

    def note_load(self, call: ast.Call) -> None:
        self.load_ids.add(id(call))
        if (bound := self.bindings.get(id(call))) is not None:
            self.loaded.add(bound)

    def plain_attribute(self, name: str, scope: int) -> bool:
        """``self.config`` that a method of the file binds to a plain dict (``self.config = {...}`` in ``__init__``) and
        every other binding (seen so far) makes from itself (``self.config = update_config(self.config)``: a rebinding
        from the name leaves what it held to decide, as in provenance.py): plain data, not a config object, whatever
        library the project imports."""
        bound = self.provenance.bindings.get(self.provenance.key(name, scope), ())
        return any(position is None and _builds_plain_dict(value) for value, position, _ in bound) and all(
            position is None and (_builds_plain_dict(value) or (isinstance(value, ast.Call) and any(
                dotted_name(argument) == name for argument in value.args))) for value, position, _ in bound)

    def saved_dict(self, saved: ast.expr, scope: int) -> ast.Dict | None:
        """What a save call saves, when it is a dict display (``{...}`` or ``dict(k=v, ...)``) or a name bound
        to one in this scope."""
        if isinstance(saved, ast.Name):
            return self.dicts.get((scope, saved.id))
        return self._display(saved)

    def publishes(self, call: ast.Call) -> bool:
        """The load's result has keys dropped (``ckpt.pop(k, None)``) and is torch.save()d again: a checkpoint
        stripped for publishing (see runnerckpt.py)."""
        bound = None if id(call) in self.item_bound else self.bindings.get(id(call))
        if bound is not None and bound in self.stripped and bound in self.resaved:
            return True
        # or the same function reads its "meta" and "state_dict" and torch.save()s a checkpoint again (``checkpoint
        # = dict(); checkpoint["meta"] = new_meta; ...; torch.save(checkpoint, out)``): a converter that keeps the
        # layout of the runner's published file, whatever else the checkpoint it reads held
        return bound is not None and bound[0] in self.save_scopes and {"meta", "state_dict"} <= self.keys_of(call)

    def state_keys_of(self, call: ast.Call) -> frozenset[str]:
        """The keys of this load whose item goes straight to ``load_state_dict`` (``m.load_state_dict(ckpt["model"])``):
        there the entry is a state dict, whatever another layout keeps under that key."""
        return frozenset(key for node, key in self.item_of.get(id(call), ()) if node in self.state_items)

    def optional_keys_of(self, call: ast.Call) -> frozenset[str]:
        """Keys the load tests for before reading (``if "state_dict" in sd: sd = sd["state_dict"]``)."""
        return frozenset(self.tested_keys.get(id(call), ()))

    def guarded_keys_of(self, call: ast.Call) -> frozenset[str]:
        """Keys read off the load's name only inside ``try:`` statements that catch KeyError, in the body or the handler
        (``try: it = sd["iteration"] except KeyError: it = sd["total_iters"]``): the load takes files without them, so
        they tell nothing of the layout it reads (they still name it where it holds them)."""
        guarded = self.guarded_keys.get(id(call))
        return frozenset(guarded - self.unguarded_keys.get(id(call), set())) if guarded else frozenset()

    def keys_of(self, call: ast.Call) -> frozenset[str]:
        """The keys a load's result is read with: off the call itself, and off the name it is bound to."""
        keys = set(self.call_keys.get(id(call), ()))
        if id(call) not in self.item_bound:
            keys |= self.binding_keys.get(id(call), set())
        keys |= self.keys_read.get(self.attribute_bindings.get(id(call)), set())
        if id(call) not in self.item_bound and (bound := self.bindings.get(id(call))) is not None:
            keys |= self._closure_keys(*bound)
        return frozenset(keys)

    def _closure_keys(self, scope: int, name: str) -> set[str]:
        """The keys functions nested in ``scope`` read from ``name`` as a free variable (``def _load_optimizer():
        cls = checkpoint['optimizer_type']`` inside the function that binds ``checkpoint`` once, to the load)."""
        provenance = self.provenance
        if scope == 0 or len(provenance.bindings.get((scope, name), ())) != 1:
            return set()
        keys: set[str] = set()
        for child, parent in provenance.parents.items():
            if parent != scope or not (read := self.keys_read.get((child, name))) or provenance.bindings.get((child, name)):
                continue
            definition = provenance.scopes.get(child)
            if isinstance(definition, (ast.FunctionDef, ast.AsyncFunctionDef)) and name not in {
                    argument.arg for argument in (*definition.args.posonlyargs, *definition.args.args,
                                                  *definition.args.kwonlyargs, definition.args.vararg,
                                                  definition.args.kwarg) if argument is not None}:
                keys |= read
        return keys

    def helpers_of(self, call: ast.Call) -> tuple[tuple[str, str, int], ...]:
        """The imported project functions the name a load is bound to is passed to, with its position there."""
        bound = None if id(call) in self.item_bound else self.bindings.get(id(call))
        return tuple(sorted(self.helper_passes.get(bound, ()))) if bound is not None else ()

    def parameter_keys(self) -> dict[tuple[str, int], frozenset[str]]:
        """(module-level function, position) -> the string keys it reads from that parameter; a method's under
        ``(".method", position)`` (its position after self)."""
        found = {}
        for scope, (name, positional) in self.functions.items():
            if self.provenance.parents.get(scope) != 0:
                continue  # a nested function: no other module calls it
            for position, parameter in enumerate(positional):
                if keys := self.keys_read.get((scope, parameter)):
                    found[(name, position)] = frozenset(keys)
        for scope, (name, positional) in self.methods.items():
            for position, parameter in enumerate(positional):
                if keys := self.keys_read.get((scope, parameter)):
                    found[("." + name.rpartition(".")[2], position)] = frozenset(keys)
        return found

    def has_variable_key(self, call: ast.Call) -> bool:
        """The result is read with a key held in a name (``ckpt[key]``, ``args.key in ckpt``) that is not a
        loop over the result itself (``for k in ckpt: ckpt[k]`` walks a state_dict's own keys)."""
        if not self.variable_reads:
            return False
        bound = None if id(call) in self.item_bound else self.bindings.get(id(call))
        for scope, container, key in self.variable_reads:
            if container == id(call):
                return True
            if bound is not None and (scope, container) == bound:
                root = key.partition(".")[0]
                if container not in self._loops().get((scope, root), ()):
                    return True
        return False

    def reads_own_plain_save(self, call: ast.Call, scope: int) -> bool:
        """The file torch.save()s a plain dict to this very path, holding every key this load reads (a resume of
        its own checkpoint), or the class's own save method joined to this load saves plain data: what other
        files save under the same keys is no evidence for it."""
        self._settle_saved_names()
        if not call.args or (path := _path_key(call.args[0], scope)) in self.objects_saved_to:
            return False
        if self.pairs.reads_plain_save(call.args[0], scope):
            return True  # the class's own save method wrote plain data to this file (savepairs.py)
        saved = self.plain_saved_to.get(path)
        if saved is not None and self.plain_save_lines.get(path, set()) & self.settled_object_lines:
            return False  # `{"ts": ts}` where `ts, ... = make_data()` returns numpy: not plain after all
        return saved is not None and self.keys_of(call) <= saved

    def is_ckpt_path(self, node: ast.AST | None, scope: int) -> bool:
        return names_ckpt_file(node, self.ckpt_names.get(scope, set()))

    def note_object_param(self, scope: int, name: str) -> None:
        """A function uses its parameter ``name`` as an object (``cfg: DictConfig``, ``OmegaConf.set_struct(cfg)``,
        ``model.eval()``): what callers pass there is one."""
        function = self.functions.get(scope) or self.methods.get(scope)
        if function is not None and name in function[1]:
            self.object_params.setdefault(function[0], set()).add(function[1].index(name))

    def _resolve_passed(self) -> None:
        """Mark what was passed to such parameters (``_clean_cfg(pkg["xp.cfg"])``); a parameter passed on to another
        one counts too, so a few rounds until nothing changes."""
        for _ in range(3):
            before = sum(len(positions) for positions in self.object_params.values())
            for function, position, argument, scope in self.passed:
                if position in self.object_params.get(function, ()):
                    self._mark(argument, scope)
            if sum(len(positions) for positions in self.object_params.values()) == before:
                break
        dict_params = self._dict_params()
        for function, position, argument, scope in self.passed:
            if isinstance(argument, ast.Name) and position in dict_params.get(function, ()) and \
                    position not in self.object_params.get(function, ()):
                self.dict_used.add((scope, argument.id))  # convert_weights(original_model) reads weight["model_ema"]
        self.passed = []

    def _dict_params(self) -> dict[str, set[int]]:
        """function -> positions of the parameters it uses as a dict (``weight.items()``, ``weight["model"]``)."""
        found: dict[str, set[int]] = {}
        for scope, name in (*self.dict_used, *(used for used, keys in self.keys_read.items() if keys)):
            if (function := self.functions.get(scope) or self.methods.get(scope)) is not None and name in function[1]:
                found.setdefault(function[0], set()).add(function[1].index(name))
        return found

    def _mark(self, node: ast.AST, scope: int) -> None:
        if isinstance(node, ast.Name):
            self.object_names.add((scope, node.id))
            if scope in self.functions or scope in self.methods:
                self.note_object_param(scope, node.id)
            if (item := self.item_names.get((scope, node.id))) is not None and \
                    self.current.get((scope, node.id), 0) == item[0] and (scope, item[1]) not in self.object_names:
                # m = ckpt["model"].float(); m.eval(): the item is a module, so the container held one
                self._mark(ast.Name(item[1]), scope)
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self":
            self.object_names.add((0, f"self.{node.attr}"))  # self.ckpt["model"].float().state_dict(), any method
        elif isinstance(node, ast.Call):
            self.object_calls.add(id(node))
            if isinstance(node.func, ast.Attribute):  # x.cuda().eval(): x is the object
                self._mark(node.func.value, scope)
        elif isinstance(node, ast.Subscript):
            self._mark(node.value, scope)

    def writes_state_dicts_only(self) -> bool:
        """The file's checkpoints come from ignite's handler with one object each (state_dicts), and it
        torch.save()s no object itself: a model-like load here reads one of those state_dicts."""
        return self.ignite_checkpoint and bool(self.to_save_sizes) and max(self.to_save_sizes) == 1 and \
            not self.objects_saved_to

    def is_object(self, call: ast.Call) -> bool:
        if self.namespace_reads:
            self._resolve_namespace_reads()
        if self.foreign_reads:
            for attribute, container, scope in self.foreign_reads:
                if attribute not in self.stored_attributes:
                    self._mark(container, scope)
            self.foreign_reads = []
        if self.foreign_call_reads:
            self.object_calls.update(held for attribute, held in self.foreign_call_reads
                                     if attribute not in self.stored_attributes)
            self.foreign_call_reads = []
        if self.passed:
            self._resolve_passed()
        bound = self.bindings.get(id(call))
        if id(call) in self.object_calls or bound in self.object_names or self._foreign(id(call)) or \
                self.attribute_bindings.get(id(call)) in self.object_names:
            return True
        if self._built_elsewhere(call):
            return True
        if bound in self.duck_names or self._foreign(id(call), self.duck_held):
            # used as an object only where an isinstance test allows other kinds: not when the file saves a plain
            # dict to this very path holding every key read (the object branch reads files of an older layout)
            return not self.reads_own_plain_save(call, bound[0] if bound else 0)
        return (bound is not None and (_is_model_name(bound[1]) or bound in self.model_named)
                and bound not in self.state_dict_names
                and bound not in self.returned  # `return model`: the caller may pass it to load_state_dict
                # `net = torch.load(p)` then `torch.save(net, q)`: a format conversion of whatever the file holds
                and bound not in self.resaved
                and (bound not in self.dict_used or (  # model.items(), model["k"]: a dict
                    # mod = [m.to(device) for m in mod]; models.append(mod): a list of modules, walked
                    bound in self.model_named and bound in self.iterated and bound not in self.dict_called))
                and not self.keys_read.get(bound))

    def _built_elsewhere(self, call: ast.Call) -> bool:
        """``if ckpt: self.generator = torch.load(ckpt) else: self.generator = SRGANGenerator(...)``: the class binds the
        attribute to the load and elsewhere to an instance of a class the file defines or imports from a package other
        than torch and the standard library (see _constructs): the file the load reads holds such an instance, and
        weights_only refuses it ("Unsupported global", run on torch 2.15 with an nn.Module subclass)."""
        key = self.attribute_owners.get(id(call))
        if key is not None:
            others, name = self.attribute_calls.get(key, ()), f"self.{key[1]}"
        elif id(call) not in self.item_bound and (bound := self.bindings.get(id(call))) is not None:
            others, name = [value for value, position, _ in self.provenance.bindings.get(bound, ())
                            if position is None], bound[1]  # enc = torch.load(p) / enc = Encoder(...)
        else:
            return False
        # not ``self.x = Wrapper(self.x)``: an instance built from the loaded value tells nothing of the file
        return any(other is not call and self._constructs(other) and not any(
            dotted_name(node) == name for node in ast.walk(other) if isinstance(node, (ast.Name, ast.Attribute)))
            for other in others)

    def _plain_round_trip(self, scope: int) -> bool:
        """A module-private helper (``_broadcast_object``: no other module calls it) that round-trips its argument
        through a buffer, and every call of it in the file passes there a state_dict() or a tensor torch builds
        (``self.optim.state_dict() if send else torch.tensor([0], dtype=torch.uint8)``): what it loads is plain
        (an optimizer's state dict and a tensor load under weights_only=True, run on torch 2.15)."""
        function = self.functions.get(scope)
        parameter = self.round_trip_params.get(scope)
        if function is None or parameter is None or not function[0].startswith("_") or \
                self.provenance.parents.get(scope) != 0 or parameter not in function[1]:
            return False
        position = function[1].index(parameter)
        calls = self.provenance.calls.get(function[0], ())
        if not calls:
            return False
        for call, caller in calls:
            passed = next((kw.value for kw in call.keywords if kw.arg == parameter), None)
            if passed is None and len(call.args) > position and not any(
                    isinstance(arg, ast.Starred) for arg in call.args[:position + 1]):
                passed = call.args[position]
            if passed is None or not self._plain_state(passed, caller):
                return False
        return True

    def returns_plain_dict(self, name: str, scope: int, depth: int = 0) -> bool:
        """``model, cfg = load_converted(p)`` where that function of the file returns, at that item, a name bound to
        a dict display or to what another such function returns (``cfg = _cfg(ck)``, ``return {...}``): a plain
        dict, whatever it is called; every binding of the name must be one."""
        bound = self.provenance.bindings.get((scope, name), ())
        return depth < 3 and bool(bound) and all(self._plain_dict_value(value, position, scope, depth)
                                                  for value, position, _ in bound)

    def _plain_dict_value(self, value: ast.expr, position: int | None, scope: int, depth: int) -> bool:
        if position is None and _builds_plain_dict(value):
            return True
        if isinstance(value, ast.Name) and position is None:
            return value.id in self.plain_built.get(scope, ()) or self.returns_plain_dict(value.id, scope, depth + 1)
        if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
                and (function := self.provenance.functions.get(value.func.id)) is not None):
            return False
        inner, node = function
        returned = [statement.value for statement in own_statements(node)
                    if isinstance(statement, ast.Return) and statement.value is not None]
        if position is not None:
            returned = [item.elts[position] if isinstance(item, ast.Tuple) and position < len(item.elts) else None
                        for item in returned]
        return bool(returned) and all(item is not None and self._plain_dict_value(item, None, inner, depth + 1)
                                      for item in returned)

    def _plain_state(self, value: ast.expr, scope: int, depth: int = 0) -> bool:
        """``x.state_dict()``, ``torch.tensor(...)`` (a tensor factory of torch), either side of an ``if`` expression
        of those, or a local name every binding of which is one."""
        if isinstance(value, ast.IfExp):
            return self._plain_state(value.body, scope, depth) and self._plain_state(value.orelse, scope, depth)
        if isinstance(value, ast.Call):
            callee = dotted_name(value.func) or ""
            if isinstance(value.func, ast.Attribute) and value.func.attr == "state_dict" and not value.args:
                return True
            return callee.partition(".")[0] == "torch" and callee.rsplit(".", 1)[-1] in _TENSOR_FACTORIES
        if isinstance(value, ast.Name) and depth < 3:
            bound = self.provenance.bindings.get((scope, value.id), ())
            return bool(bound) and all(position is None and self._plain_state(found, scope, depth + 1)
                                       for found, position, _ in bound)
        return False

    def _reads_plain_layout_of(self, call: ast.Call, scope: int) -> bool:
        """The load reads keys, and the same function torch.save()s a plain dict holding every one of them (``{'epoch':
        e, 'model_state_dict': ..., 'optimizer_state_dict': ...}`` beside ``torch.save(model, best_path)``): it resumes
        that checkpoint, not a file its data parameter was saved to."""
        keys = self.keys_of(call)
        return bool(keys) and any(
            path[0] == scope and keys <= saved and not (self.plain_save_lines.get(path, set()) & self.settled_object_lines)
            for path, saved in self.plain_saved_to.items() if path is not None)

    def may_hold_objects(self, call: ast.Call, scope: int) -> bool:
        """What the file saved at this path holds objects, or the load is in a function that round-trips
        its own argument through a buffer (a collective helper for any picklable data)."""
        self._settle_saved_names()
        if scope in self.round_trips and self._plain_round_trip(scope):
            return False  # every caller hands it a state dict or a tensor: the buffer it reads back holds that
        if scope in self.round_trips and scope not in self.subprocess_scopes:
            return True  # not torch.save(x, buf) piped to a child process: what it writes back is its own
        if scope in self.file_round_trips and id(call) not in self.state_dict_calls and \
                self.bindings.get(id(call)) not in self.state_dict_names and \
                not self._reads_plain_layout_of(call, scope):  # the load gives back the data, not a state
            return True
        if call.args and _path_key(call.args[0], scope) in self.objects_saved_to:
            return True
        if (restored := self.restored_into.get(id(call)) or self.restored_names.get(self.bindings.get(id(call)))) \
                is not None and self._own_state_holds_objects(*restored, method="state_dict"):
            return True  # trainer.load_state_dict(torch.load(p)): the file's own class restores the objects it keeps
        if call.args and (copied := self.pairs.buffer_copied(call.args[0], scope)) is not None and \
                _path_key(copied, scope) in self.objects_saved_to:
            return True  # f_read = BytesIO(f_write.getvalue()): the copy of a buffer objects were saved into
        if call.args and self.pairs.saved_line(call.args[0], scope) is not None:
            return True  # the class's own save method wrote objects to this file (savepairs.py)
        if self.graph_collate and not self.graph_dicts and id(call) in self.collated_loads:
            return True  # self.data, self.slices = torch.load(...) in a PyG InMemoryDataset: a pickled Data object
        if call.args and isinstance(call.args[0], ast.Name) and any(
                (call.args[0].id, scope) in self.path_args.get(parameter, ()) for parameter in self.saved_params):
            return True  # self.cache_labels(cache_path) saves objects to the path this load reads
        if call.args and (spelled := self._spelled_path(call.args[0], scope)) is not None and \
                spelled in self.objects_saved_exprs:
            return True  # the same path expression, spelled out in another function (save_x / load_x pairs)
        if call.args and (named := self.file_name(call.args[0], scope)) in self.objects_saved_names and not (
                "*" in named and named in self.plain_saved_names):
            # the same file name, saved with objects in another function of this file (a numbered family,
            # ``rank-*.pt``, that the file also saves plain data to in another folder is no telling which)
            return True
        read = self.keys_read.get(self.bindings.get(id(call)), set())  # the load reads the layout this file saves
        return any(len(read & schema) >= 2 for schema in self.object_schemas)


# Capitalised annotations that name tensors, containers or typing constructs, not a class of objects.
_PLAIN_ANNOTATIONS = frozenset({"Tensor", "Parameter", "Dict", "List", "Tuple", "Set", "Optional", "Union", "Any",
                                "Mapping", "MutableMapping", "Sequence", "Iterable", "OrderedDict", "Path",
                                "PathLike", "Callable", "Type", "Literal", "IO", "BinaryIO", "BytesIO", "TensorDict",
                                "StateDict", "Number", "Size", "Device", "DType", "Array"})
# Builtin scalars weights_only loads as they are (checked on 2.15: str, int, float, bool, bytes, None); not
# pathlib.Path (Unsupported global: GLOBAL pathlib.PosixPath) nor containers, whose items may be anything.
_SCALAR_ANNOTATIONS = frozenset({"str", "int", "float", "bool", "bytes", "None"})


def _scalar_annotation(annotation: ast.expr) -> bool:
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
        return _scalar_annotation(annotation.left) and _scalar_annotation(annotation.right)
    if isinstance(annotation, ast.Subscript) and (dotted_name(annotation.value) or "").rsplit(".", 1)[-1] in (
            "Optional", "Union"):
        inner = annotation.slice
        return all(_scalar_annotation(item) for item in (inner.elts if isinstance(inner, ast.Tuple) else [inner]))
    return False


# Return annotations naming a mapping (``dict``, ``Dict[str, Any]``, ``OrderedDict``, ``Optional[dict]``).
_MAPPING_ANNOTATIONS = frozenset({"dict", "Dict", "OrderedDict", "Mapping", "MutableMapping"})


def _mapping_annotation(annotation: ast.expr) -> bool:
    if isinstance(annotation, ast.Subscript):
        name = (dotted_name(annotation.value) or "").rsplit(".", 1)[-1]
        if name in ("Optional", "Union"):
            inner = annotation.slice
            items = [i for i in (inner.elts if isinstance(inner, ast.Tuple) else [inner])
                     if not (isinstance(i, ast.Constant) and i.value is None)]
            return bool(items) and all(_mapping_annotation(item) for item in items)
        return name in _MAPPING_ANNOTATIONS
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        sides = [side for side in (annotation.left, annotation.right)
                 if not (isinstance(side, ast.Constant) and side.value is None)]
        return bool(sides) and all(_mapping_annotation(side) for side in sides)
    return (dotted_name(annotation) or "").rsplit(".", 1)[-1] in _MAPPING_ANNOTATIONS


_CHILD_PROCESS = frozenset({"run", "Popen", "check_output", "call", "check_call"})
# A config class of the project's own (``BEATsConfig``, ``WavLMConfig``): what it is built from is the plain
# settings dict (a config object would not need building again).
_CONFIG_CLASS = r"^[A-Z]\w*(Config|Cfg)$"  # text: re compiles it when first asked (most files never do)
# A writer's check that its argument is numpy (``all_numpy(split_dict)``, ``is_ndarray(x)``) before it saves it.
# ogb.utils.torch_util.replace_numpy_with_torchtensor(obj): turns the numpy arrays in a dict or list into tensors in
# place; a load handed to it holds numpy arrays (weights_only: Unsupported global numpy._core.multiarray._reconstruct)
_NUMPY_TO_TENSORS = "replace_numpy_with_torchtensor"
# transformers' PreTrainedModel setters, whose argument becomes a submodule (``self.embed_tokens = value``): what a
# file loads into one is a pickled nn.Module, which weights_only refuses (Unsupported global, run on 2.15).
_SETS_MODULE = frozenset({"set_input_embeddings", "set_output_embeddings"})
_NUMPY_CHECK = re.compile(r"(?i)^(all|is|check|assert|ensure)_?(numpy|ndarray|np)")
# Module methods that change the module in place and return it; Tensor's return a new tensor (``t.cpu()`` alone is a no-op)
_IN_PLACE_ON_MODULES = frozenset({"cpu", "cuda", "to", "float", "double", "half", "bfloat16"})
# Methods of numpy arrays and torch_sparse SparseTensors that give back a value of the same kind (not
# ``tolist()``/``item()``, nor ``state_dict()`` of a project's own module).
_SAME_KIND = frozenset({"to_symmetric", "coalesce", "set_diag", "remove_diag", "fill_value", "set_value", "astype",
                        "reshape", "copy", "transpose", "squeeze", "flatten", "ravel", "mean", "sum", "max", "min"})
# Library classes whose instances weights_only refuses (checked on torch 2.15: "Unsupported global"): by package,
# the names imported from it. torch_sparse's SparseTensor and PyG's Data/HeteroData are plain Python classes.
LIBRARY_OBJECTS = {
    "torch_sparse": frozenset({"SparseTensor"}),
    "torch_geometric": frozenset({"SparseTensor", "Data", "HeteroData", "Batch", "TemporalData"}),
}
# PIL.Image functions that return a PIL.Image.Image (checked on torch 2.15: "Unsupported global: GLOBAL PIL.Image.Image")
_PIL_IMAGES = frozenset({"fromarray", "open", "new", "frombytes", "merge"})
# nn.Module methods that return the module itself
_RETURN_SELF = frozenset({"cuda", "cpu", "to", "eval", "train", "half", "float", "double", "bfloat16",
                          "requires_grad_", "to_empty"})
_CONVERTER = re.compile(r"(?i)examples?_to_features$")
# map(f, items), pool.map / imap / starmap, executor.map: a list (or iterator) of what ``f`` returns
_MAPS = frozenset({"map", "imap", "imap_unordered", "starmap", "map_async"})
# a state dict or tensors: weights_only loads them (text: re compiles it when first asked)
_TENSOR_LIKE = r"(?i)state|^sd$|tensor|weight|param|grad"
# A checkpoint written to a file and read back in the same helper is no round trip of arbitrary data.
_CHECKPOINT_LIKE = r"(?i)ckpt|checkpoint"  # text: re compiles it when first asked
# argparse.Namespace and types.SimpleNamespace: objects weights_only refuses (checked on torch 2.15:
# "Unsupported global: GLOBAL argparse.Namespace"), however the checkpoint names them (``best_acc=...``).
_NAMESPACE_CLASSES = frozenset({"Namespace", "SimpleNamespace"})
# Standard-library values outside weights_only's allowlist (each run on torch 2.15: "Unsupported global: GLOBAL
# collections.defaultdict", collections.deque, frozenset, fractions.Fraction, decimal.Decimal, datetime.datetime);
# Counter, OrderedDict, set, complex, bytes and bytearray load. Not pathlib.Path (refused too): a Path is mostly an
# argument of the project's own loaders, whose results would then count as built from objects.
_REFUSED_STANDARD_CLASSES = frozenset({"defaultdict", "deque", "frozenset", "Fraction", "Decimal"})
# as written after ``from datetime import datetime``; the module's own spelling (``datetime.datetime.now()``) is read
# without its first ``datetime.``
_DATETIME_CALLS = frozenset({"datetime", "datetime.now", "datetime.utcnow", "datetime.today", "datetime.fromtimestamp",
                             "datetime.date", "date.today"})


def _refused_standard_value(callee: str, last: str) -> bool:
    """``defaultdict(list)``, ``collections.deque()``, ``datetime.now()``: a standard-library object."""
    if last in _REFUSED_STANDARD_CLASSES:
        return callee.count(".") <= 1
    return callee in _DATETIME_CALLS or callee.removeprefix("datetime.") in _DATETIME_CALLS


_PATH_METHOD = r"(?i)file|path"  # text: re compiles it when first asked


def _is_path_method_call(node: ast.expr) -> bool:
    """``self._feature_file(mode)``, ``self.cache_path(split)``: a method of the class that builds a path from names
    or constants; two methods calling it the same way (one saving, one loading) name the same file."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "self" and re.search(_PATH_METHOD, node.func.attr) is not None
            and not node.keywords
            and all(isinstance(arg, (ast.Name, ast.Constant)) for arg in node.args))


def _self_item(node: ast.AST) -> tuple[str, str] | None:
    """``self.data["train"]``: (attribute, key)."""
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and isinstance(
            node.value.value, ast.Name) and node.value.value.id == "self" and isinstance(node.slice, ast.Constant) \
            and isinstance(node.slice.value, str):
        return node.value.attr, node.slice.value
    return None


def dict_display(node: ast.expr) -> ast.Dict | None:
    """``{"a": x}`` as is; ``dict(a=x, b=y)`` (or ``dict()``) as the display it builds (a fresh node, so that keys set later
    by subscript can be added to it); None for anything else (``dict(cfg)``, ``dict(**kw)``)."""
    if isinstance(node, ast.Dict):
        return ast.Dict(keys=list(node.keys), values=list(node.values))
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict" and not node.args
            and all(kw.arg is not None for kw in node.keywords)):  # dict() too: filled by subscript later
        return ast.Dict(keys=[ast.Constant(kw.arg) for kw in node.keywords], values=[kw.value for kw in node.keywords])
    return None


def _path_key(node: ast.expr, scope: int) -> tuple[int, str]:
    """The path expression as written, in its function (a literal path anywhere): ``torch.save(x,
    os.path.join(d, "a.pt"))`` and ``torch.load(os.path.join(d, "a.pt"))`` name the same file. Attributes
    (``self.cache_file``, ``args.out``) are the file's."""
    owners = {id(n.value) for n in ast.walk(node) if isinstance(n, ast.Attribute)}
    local = any(isinstance(n, ast.Name) and id(n) not in owners for n in ast.walk(node))  # `out`, not `os.` or `args.`
    return (scope if local else 0), ast.dump(node, annotate_fields=False, include_attributes=False)


# Parameter annotations that name an object weights_only refuses (a config object, a Namespace, a module).
OBJECT_ANNOTATIONS = frozenset({"DictConfig", "ListConfig", "CfgNode", "ConfigDict", "Namespace", "Module",
                                "ScriptModule", "RecursiveScriptModule"})
_SCRIPT_MODULES = frozenset({"ScriptModule", "RecursiveScriptModule"})


def _names_script_module(node: ast.expr) -> bool:
    """``RecursiveScriptModule``, ``torch.jit.ScriptModule``, or a tuple holding one (an isinstance target)."""
    if isinstance(node, ast.Tuple):
        return any(_names_script_module(element) for element in node.elts)
    return (dotted_name(node) or "").rsplit(".", 1)[-1] in _SCRIPT_MODULES


def names_object_type(annotation: ast.expr | None) -> bool:
    """``cfg: DictConfig``, ``args: argparse.Namespace``, ``model: nn.Module``, ``Optional[DictConfig]``."""
    if isinstance(annotation, ast.Subscript):
        inner = annotation.slice.elts if isinstance(annotation.slice, ast.Tuple) else [annotation.slice]
        return any(names_object_type(element) for element in inner)
    return annotation is not None and (dotted_name(annotation) or "").rsplit(".", 1)[-1] in OBJECT_ANNOTATIONS


def _foreign_read(node: ast.Attribute) -> bool:
    """A public attribute read that no tensor, container or primitive has (``data["dico"].lang``, ``ckpt.message``)."""
    return isinstance(node.ctx, ast.Load) and not node.attr.startswith("_") and \
        node.attr not in loaded_value_attributes()


def _built_from_items(value: ast.expr, name: str) -> bool:
    """``Reader.from_pretrained(model["arguments"]["model"])``: a call whose callee does not read ``name`` and whose
    arguments read it only through string keys (``name["k"]``): it returns a new value built from entries of what
    ``name`` held, not that value wrapped or converted (``DataParallel(model)``, ``model.eval()``)."""
    if not isinstance(value, ast.Call) or any(isinstance(node, ast.Name) and node.id == name
                                              for node in ast.walk(value.func)):
        return False
    keyed: set[int] = set()
    found = False
    for node in ast.walk(value):
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == name:
            if _string_key(node) is None:
                return False
            keyed.add(id(node.value))
        elif isinstance(node, ast.Name) and node.id == name:
            if id(node) not in keyed:
                return False
            found = True
    return found


def _builds_plain_dict(value: ast.expr) -> bool:
    if isinstance(value, (ast.Dict, ast.DictComp)):
        return True
    if isinstance(value, ast.IfExp):
        return _builds_plain_dict(value.body) and _builds_plain_dict(value.orelse)
    name = dotted_name(value.func) if isinstance(value, ast.Call) else None
    if name == "dict":
        return not value.args  # dict(lr=0.1), not dict(cfg)
    return name is not None and name.rsplit(".", 1)[-1] in PLAIN_DICT_CALLS


def is_namespace(node: ast.expr) -> bool:
    """``args``, ``self.opt``, ``cfg``: a name checkpoints use for an argparse Namespace or a config object."""
    return (dotted_name(node) or "").rsplit(".", 1)[-1].lower() in NAMESPACE_KEYS


def _unwrap_module(node: ast.expr) -> ast.expr:
    """``deepcopy(model.module if is_parallel(model) else model).half()`` -> ``model``: copies, ``.half()``/``.to()``
    and the DataParallel ternary give the module itself back."""
    while True:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _RETURN_SELF:
            node = node.func.value
        elif isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords and (
                (callee := (dotted_name(node.func) or "").rsplit(".", 1)[-1]) in ("deepcopy", "copy")
                or _UNWRAPS_PARALLEL.fullmatch(callee)):
            node = node.args[0]  # deepcopy(model), de_parallel(model), accelerator.unwrap_model(model)
        elif isinstance(node, ast.IfExp):
            node = node.orelse
        elif isinstance(node, ast.Attribute) and node.attr == "module":
            node = node.value  # model.module: the wrapped model of DataParallel/DDP
        else:
            return node


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


def _is_training_object(node: ast.expr) -> bool:
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


def _prepares_scriptable(node: ast.expr) -> bool:
    """``tok.__prepare_scriptable__()``: the hook torch.jit.script calls to get the object it scripts in place of its
    argument (torch/jit/_script.py), an nn.Module or a class instance, never a tensor or a container."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
        node.func.attr == "__prepare_scriptable__"


_CLASS_NAME = re.compile(r"[A-Z]\w*[a-z]\w*$")  # CamelCase: ``OmnivoreKinetics``, not ``RGB`` nor ``load``


# torch functions that build a tensor (a round-tripped one loads under weights_only=True)
_TENSOR_FACTORIES = frozenset({"tensor", "as_tensor", "zeros", "ones", "empty", "full", "arange", "rand", "randn",
                               "zeros_like", "ones_like", "empty_like", "LongTensor", "ByteTensor", "FloatTensor",
                               "IntTensor", "Tensor"})


def _class_of(node: ast.expr) -> bool:
    """``type(optimizer)``: a class object, pickled as a GLOBAL that weights_only refuses unless allowlisted (run on
    torch 2.15: ``{"t": type(optimizer)}`` fails with "Unsupported global: GLOBAL torch.optim.sgd.SGD", ``type(1)``
    with "GLOBAL int"; only ``torch.Tensor`` loads, and no one keeps the class of a tensor)."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "type" and \
        len(node.args) == 1 and not node.keywords and not isinstance(node.args[0], ast.Constant)


# torch.nn names weights_only loads as they are: a Parameter (rebuilt by torch._utils._rebuild_parameter) and the
# tensor kinds beside it; every other torch.nn class is a Module, refused.
_PLAIN_NN = frozenset({"Parameter", "Buffer", "UninitializedParameter", "UninitializedBuffer"})
# torch packages outside torch.nn whose classes weights_only refuses as a whole object (run on torch 2.15:
# "Unsupported global: GLOBAL torch.utils.data.dataset.TensorDataset", also Subset, ConcatDataset, torch.optim.sgd.SGD,
# torch.optim.lr_scheduler.StepLR, torch.amp.grad_scaler.GradScaler; their state_dict()s load): a TensorDataset cached
# with torch.save(data, cache_fn), an optimizer or a scheduler saved whole. Submodules of torch.optim and
# torch.utils.data count too (torch.optim.lr_scheduler.StepLR, torch.utils.data.dataset.Subset).
_REFUSED_TORCH_OWNERS = frozenset({"torch.utils.data", "torch.optim", "torch.amp", "torch.cuda.amp"})


# Module methods that return the module itself (``model.float()``, ``.eval()``, ``.to(device)``): a name bound to
# ``torch.load(p)["model"].float()`` holds the loaded item.
_SELF_RETURNING = frozenset({"float", "half", "double", "bfloat16", "eval", "train", "cuda", "cpu", "to"})


def is_object_value(node: ast.expr) -> bool:
    if _names_running_stats(node):
        return True
    if not isinstance(node, ast.Name):
        node = _unwrap_module(node)
    name = (dotted_name(node) or "").rsplit(".", 1)[-1]
    if name.lower() in NAMESPACE_KEYS or (name and _is_model_name(name)):
        return True
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "numpy"
