"""What a file tells about checkpoints beyond one ``torch.load`` call: which checkpoint layouts it
saves, whether it is Lightning code, and the loads whose evidence lies elsewhere in the project.

Two kinds of evidence are resolved once every file of a run has been walked (see project.py):

- ``saved-in-project``: some file saves (``torch.save(d, p)``, ``save_on_master(d, p)``, any
  ``*save*(d, ...)``) a dict literal, ``dict(k=v, ...)``, or a name bound to one (with the entries set
  by subscript or ``update`` before the save: ``d["orig"][name] = codes.numpy()``, ``d.update({"mask":
  np.packbits(v)})``; keys may be class constants,
  ``{cls._CONFIG_KEY: ...}``) that holds an object (``{"model": ..., "args": args}``), or calls a
  library writer whose layout is known and passes it the object (timm's ``CheckpointSaver(...,
  args=args)``, see CHECKPOINT_WRITERS), and this load reads only keys of that layout
  (``checkpoint["model"]``), or reads it with a key held in a variable (``checkpoint[args.checkpoint_key]``,
  ``checkpoint[key]`` for the keys a caller passes; not a loop over the checkpoint's own keys) and no
  key outside that layout: a reader of the project's own checkpoints, whichever entry it takes. The keys a load
  reads include those a project function it is handed to reads (``restore_net(net, ckpt)``), and those of a method
  called on an object with it (``field.load(ckpt)``) where one method of that name in the project reads keys from
  that parameter (several reading differently: no telling which class it is). A load that tests
  for the keys it reads (``if "model" in ckpt: sd = ckpt["model"] elif "module" in ckpt: ...``) takes a file of
  each layout its branches read: one branch (its untested keys and one tested key) within such a layout suffices
  (ProjectEvidence._probed_layout).
  A load whose path spells a file name out whole (``os.path.join(d, "split_dict.pt")``, ``f"{d}/adj.pt"``, or a
  name bound to one), or a numbered template of one (``"fragment_{:06d}.pt".format(i)``: ``fragment_*.pt``, however
  spelled), is decided by another file that torch.save()s objects to that file name (numpy values, a
  value its writer checks with ``all_numpy(x)``, a library object such as a torch_sparse SparseTensor or a
  torch_geometric Data).
  A class that saves its own attributes (``self.__dict__``, instancestate.py) with a config object among them
  (``self.properties: DictConfig = DictConfig({})``) saves the layout of its public attributes: a load reading one of
  them by name (``torch.load(p)["stats"]``) reads that file.
  A value drawn from an imported function or class of the project (``score, _ = metrics.get_scores()``,
  ``net = Vocoder(cfg).cuda()``) holds an object when the module defining it returns one (returns.py: numpy,
  an instance of its own class, a Namespace); that module is read only when a load reads such a layout.
  A layout that looks plain at its save is asked again once the file is walked (:meth:`FileEvidence.settle`,
  provenance.py): ``self.best_pred`` bound in a later method to a numpy value, a name of the enclosing function
  (a nested ``save_ckpt``), the file's own functions and what their callers pass; saves through a project helper
  (``self.saver.save_checkpoint({...})``) count there too. A dict a plain function of the file builds and returns
  (``return metrics, is_best``) and its caller saves (``metrics, best = inference(...)``; ``metrics["epoch"] = k``;
  ``torch.save(metrics, p)``) is a layout too: the function's entries read in its scope, the caller's in the caller's. A method that saves its ``**kwargs`` holds what a
  caller anywhere in the project passes it by keyword (``trainer.save(best_map=m)``, FileEvidence.keyword_sources).
  A value named like a config (``config``, ``cfg``, ``conf``, or ``self.config``) and not built as a
  plain dict in the saving function (nor bound to what a function of the file returns as one: ``model, cfg =
  convert(p)`` returning ``cfg = _cfg(ck)``, which returns a dict display; nor, for ``self.config``, in another
  method of the class, every other binding
  made from itself: ``self.config = update_config(self.config)``) counts as an object only in a project that imports a config-object
  library (yacs, omegaconf, ml_collections, easydict, addict, mmengine, habitat) or defines its own
  attribute-access dict subclass (``class AttrDict(dict)`` with ``__getattr__``): their objects are classes
  (``CfgNode`` and ``EasyDict`` subclass ``dict``) that ``weights_only=True`` refuses with
  "Unsupported global" (checked on torch 2.15 with each of them). A load that resumes the plain dict its
  own file saves to the same path takes no evidence from other files. An object entry stored only under an ``if``
  counts for a load that reads it or another key stored down the same branch (``if optimizer is not None:
  ckpt["optimizer_state_dict"] = ...; ckpt["optimizer_type"] = type(optimizer)``). A plain layout saved by a file
  whose own load of it expects to import modules (``try: torch.load(p) except ModuleNotFoundError:`` with a renaming
  unpickler, importingload.py) is a pickled format: another file's load of only its keys is refused too, unless a
  plain save as near to that load (by folders) holds every key it reads and the load's file does not import the
  writer (ProjectEvidence._pickled_elsewhere); where the saving function extends that dict with its own ``**kwargs``
  (``state.update(kwargs)``), a load reading two or more of its keys and others besides reads it too.
  An entry stored down a branch a run takes unless it passes an opt-out flag (``if not args.no_save_rng:
  sd["np_rng_state"] = np.random.get_state()``; ``no_``/``skip_``/``disable_``/``without_``/``dont_`` flags) is in the
  files a run writes: not a conditional entry. Keys a load reads only inside a ``try`` that catches KeyError alone
  (body or handler: ``try: it = sd["iteration"] except KeyError: it = sd["total_iters"]``) need not be in the layout.
  A saved dict with entries under keys held in a variable (``shard[k] = source[k]``, copied from a loaded checkpoint) is
  not known to be plain: it hides no other file's save. A plain save holding every key a load reads hides an object
  save as far away as it when it is in the load's own file or the saving file itself (the plain best model beside the
  resume checkpoint, see ProjectEvidence._nearer_plain_save). A load unpacked into n names (``net_sd, filters =
  torch.load(p)``) reads a list or tuple of n items: another file's ``torch.save`` of an n-item display holding an
  object (``[self.net.state_dict(), self.running_state]``, a ZFilter of the project's; ``self.o_norm.mean``, an
  attribute an imported class binds to numpy) writes it, unless a plain n-item save could be the file
  (ProjectEvidence._saved_sequence);
- ``lightning-checkpoint``: the path is visibly a ``.ckpt`` file (a loop variable over a list of them counts:
  ``for src, dst in zip(ckpt_files, pth_files)``, LoadedObjects.ckpt_lists; and the project writes no plain
  ``.ckpt`` itself, nor, importing no Lightning, reads the file's ``'epoch'`` to go on training without a
  Lightning-only key or ``'global_step'``: its own plain loop's checkpoint), or the result is read with a key only Lightning checkpoints have
  (``"callbacks"``, ``"pytorch-lightning_version"``, ...), or, in a project that imports
  Lightning (or a library whose models are LightningModules: taming-transformers), only with Lightning's
  ``"state_dict"`` / ``"global_step"`` keys, or in any project with both of them together (and the project
  saves no plain dict holding every key the load reads: that could be the file it reads; nor, importing no
  Lightning, does the load take DataParallel's ``"module."`` prefix off the keys, a plain loop's file). Older
  Lightning checkpoints pickle callback classes and an enum (Lightning's own ``pl_legacy_patch``
  says so), and ``hyper_parameters`` may hold any object; ``weights_only=True``
  refuses them with "Unsupported global". A current Lightning checkpoint with plain hyper-parameters
  loads, hence a warning, not an error; unless an ``on_save_checkpoint`` of the project (a LightningModule's or a
  Callback's) stores a standard-library object weights_only refuses (``checkpoint["task_ids"] = self.task_ids`` with
  ``self.task_ids = defaultdict(list)``) and the load reads that key among keys of the layout.

A load whose result goes to a library loader that expects its writer's layout (fairseq's
``load_model_ensemble_and_task``, CHECKPOINT_READERS) is decided in its own file (``loads-pickled-object``), and
a load naming a checkpoint committed in the project is decided by that file's pickle first (ckptfile.py).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field
from typing import NamedTuple

from .imports import dotted_name, walk_nodes
from .numpylr import optimizer_state
from .rule import Rule

# Keys only a Lightning checkpoint has at its top level.
LIGHTNING_KEYS = frozenset({"pytorch-lightning_version", "callbacks", "loops", "hparams_name", "hyper_parameters",
                            "optimizer_states", "lr_schedulers", "hparams_type"})
# Keys of Lightning's layout that other checkpoints use too: evidence only in a Lightning project.
LIGHTNING_LAYOUT = LIGHTNING_KEYS | {"state_dict", "global_step", "epoch"}
LIGHTNING_SHARED = frozenset({"state_dict", "global_step"})
LIGHTNING_MODULES = ("pytorch_lightning", "lightning.pytorch", "lightning")
# Libraries whose models are LightningModules, so the checkpoints a project reads for them are Lightning ones:
# taming-transformers (taming/models/vqgan.py: ``class VQModel(pl.LightningModule)``, whose own init_from_ckpt
# reads ``torch.load(path)["state_dict"]``; the published VQGAN .ckpt files keep Lightning's callback state).
LIGHTNING_LIBRARIES = ("taming",)
# Config-object libraries, and the global torch 2.15's weights_only load names for their object
# (each checked: a checkpoint {"model": ..., "config": obj} fails with "Unsupported global: GLOBAL <this>").
CONFIG_LIBRARIES = {
    "yacs": "yacs.config.CfgNode",
    "omegaconf": "omegaconf.dictconfig.DictConfig",
    "ml_collections": "ml_collections.config_dict.config_dict.ConfigDict",
    "easydict": "easydict.EasyDict",
    "addict": "addict.addict.Dict",
    "mmengine": "mmengine.config.config.Config",
    "hydra": "omegaconf.dictconfig.DictConfig",  # hydra hands the task an omegaconf DictConfig
    # habitat-lab's Config: a yacs CfgNode subclass (habitat/config/default.py) up to 0.2, an omegaconf DictConfig
    # since 0.3; every habitat_baselines trainer saves it whole as "config"
    "habitat": "habitat.config.default.Config",
    "habitat_baselines": "habitat.config.default.Config",
    # attribute-access dicts loaded from YAML (FR-UNet's CFG = Bunch(safe_load(file))): dict subclasses, refused too
    "bunch": "bunch.Bunch",
    "munch": "munch.Munch",
}
# Config libraries that are evidence for a saved ``config`` only in the file that saves it (project.py,
# ProjectEvidence._config_object_in): a project may use them for one entry point and keep plain dicts elsewhere.
FILE_CONFIG_LIBRARIES = frozenset({"omegaconf", "hydra"})
# Library checkpoint writers whose layout is known from their source: the writer's qualified names, the keys its
# checkpoint holds, the key that holds an object, and the parameter (name, position) that passes that object.
# timm's CheckpointSaver._save (timm/utils/checkpoint_saver.py) keeps ``'args': self.args`` (an argparse
# Namespace: "Unsupported global: GLOBAL argparse.Namespace" on torch 2.15) whenever ``args`` is not None.
CHECKPOINT_WRITERS = {
    ("timm.utils.CheckpointSaver", "timm.utils.checkpoint_saver.CheckpointSaver"): (
        frozenset({"epoch", "arch", "optimizer", "version", "args", "state_dict", "state_dict_ema", "metric"}),
        "args", ("args", 2)),
}
WRITERS = {name: (names[0], *layout) for names, layout in CHECKPOINT_WRITERS.items() for name in names}
# Library loaders that take an already loaded checkpoint (a dict, or ``{path: dict}``) in their writer's layout,
# and what that layout holds that weights_only refuses. fairseq's checkpoint_utils.load_model_ensemble_and_task
# reads ``state["args"]`` first: an argparse Namespace in checkpoints written before fairseq moved to hydra (it
# converts it with convert_namespace_to_omegaconf; the published wav2vec and vq-wav2vec files are of that kind);
# HuBERT checkpoints keep the task state, where HubertPretrainingTask holds its label fairseq Dictionary objects
# (fairseq/tasks/hubert_pretraining.py). A Namespace is "Unsupported global: GLOBAL argparse.Namespace" on 2.15.
CHECKPOINT_READERS = {
    ("fairseq.checkpoint_utils.load_model_ensemble_and_task", "fairseq.checkpoint_utils.load_model_ensemble",
     "fairseq.checkpoint_utils.load_model_ensemble_and_task_from_hf_hub"):
        "a fairseq checkpoint: 'args' is an argparse Namespace, HuBERT's task state holds Dictionary objects",
}
# k2 (k2/python/k2/fsa.py): Fsa.as_dict() keeps every tensor attribute as is, and an FSA that went through
# k2.determinize (the HLG and LG decoding graphs icefall's compile_hlg.py saves with torch.save(HLG.as_dict()))
# has ragged aux_labels, a k2.RaggedTensor: a C++ class outside weights_only's allowlist. Other FSA files (an
# acceptor G with tensor labels) hold tensors only, so the reader counts only for a path naming such a graph.
CHECKPOINT_READERS[("k2.Fsa.from_dict",)] = "an FSA dict of a determinized graph: its aux_labels is a k2.RaggedTensor"
READER_PATHS = {"k2.Fsa.from_dict": r"(?i)(?<![a-z])h?lg(?![a-z])"}  # patterns (re compiles one when first asked)
# fair-esm (esm/pretrained.py, 2.0.0): load_model_and_alphabet_core(model_name, model_data, regression_data) reads
# the published model files' model_data["args"] as an argparse Namespace (``.arch``, ``vars(...)``) for ESM-1 models
# and model_data["cfg"]["model"] by attribute (``cfg.encoder_layers``) for ESM-2; its regression_data is a plain
# {"model": state_dict}, so only the model_data argument counts (READER_ARGUMENTS: keyword and position).
CHECKPOINT_READERS[("esm.pretrained.load_model_and_alphabet_core",)] = (
    "a fair-esm model file: 'args' is an argparse Namespace (ESM-1), 'cfg' an attribute-access config (ESM-2)")
READER_ARGUMENTS = {"esm.pretrained.load_model_and_alphabet_core": ("model_data", 1)}
READERS = {name: layout for names, layout in CHECKPOINT_READERS.items() for name in names}
WRITER_LIBRARIES = frozenset(name.partition(".")[0] for name in (*WRITERS, *READERS))


def writer_passes_object(call: ast.Call, parameter: tuple[str, int]) -> bool:
    """``CheckpointSaver(model, opt, args=args)``: the object parameter is passed, and not as a literal None."""
    keyword, position = parameter
    value = next((kw.value for kw in call.keywords if kw.arg == keyword), None)
    if value is None and len(call.args) > position and not any(isinstance(a, ast.Starred) for a in call.args):
        value = call.args[position]
    return value is not None and not (isinstance(value, ast.Constant) and value.value is None)


# Names a config object goes by in a saved checkpoint (``'config': config``, ``'cfg': self.cfg``).
CONFIG_NAMES = frozenset({"config", "cfg", "conf", "configs"})


def is_lightning_module(module: str) -> bool:
    """Lightning itself, or a library whose models are LightningModules (see LIGHTNING_LIBRARIES)."""
    return any(module == m or module.startswith(m + ".") for m in (*LIGHTNING_MODULES, *LIGHTNING_LIBRARIES))


def config_library(module: str) -> str | None:
    """``yacs.config`` -> ``"yacs"``: the config-object library a module belongs to, if any."""
    head = module.partition(".")[0]
    return head if head in CONFIG_LIBRARIES else None


_CONFIG_IMPORT = re.compile(r"^[ \t]*(?:from|import)[ \t]+(" + "|".join(CONFIG_LIBRARIES) + r")\b", re.MULTILINE)


def config_library_imported(code: str) -> str | None:
    """For a file that is not parsed (it never mentions torch): a config library it imports, by its text."""
    # (the names first: the pattern starts at every line, and most files name none of the libraries)
    if not any(library in code for library in CONFIG_LIBRARIES):
        return None
    match = _CONFIG_IMPORT.search(code)
    return match.group(1) if match else None


# Receivers whose ``.config`` is an option's value (a path, a name), not a config object.
OPTION_RECEIVERS = frozenset({"args", "opt", "opts", "options", "flags", "parser", "params"})
# A dict subclass with attribute access (``class AttrDict(dict)`` defining ``__getattr__``): the project's own
# config object. weights_only refuses its instances, as any class (checked on torch 2.15: Unsupported global).
# (text: re compiles it when first asked, in the few files defining __getattr__)
_DICT_CLASS = r"(?m)^[ \t]*class[ \t]+(\w+)[ \t]*\([ \t]*(?:dict|OrderedDict|collections\.OrderedDict)[ \t]*\)[ \t]*:"
_CLASS_END = r"(?m)^(?=\S)"  # a top-level line: what a module-level class's body stops before (text, as above)


# a config class of the project's own, named so, with no base or object (pytorch-template's ``class ConfigParser:``)
_CONFIG_CLASS = r"(?m)^class[ \t]+(\w*(?:Config|Parser|Options|Settings)\w*)[ \t]*(?:\([ \t]*(?:object)?[ \t]*\))?[ \t]*:"


def config_dict_class(code: str) -> tuple[str, int] | None:
    """The first attribute-access dict subclass ``code`` defines, or config class of its own that is read by key
    (``__getitem__``: ``config["trainer"]``) as well as by attribute, and its line; found by text, so files that
    never name torch (``config/attr_dict.py``, ``parse_config.py``) count too."""
    for pattern, method in ((_DICT_CLASS, "__getattr__"), (_CONFIG_CLASS, "__getitem__")):
        if method not in code:
            continue
        for match in re.finditer(pattern, code):
            body = re.compile(_CLASS_END).search(code, match.end())  # the class ends at the next top-level line
            if method in code[match.end():body.start() if body else len(code)]:
                return match.group(1), code.count("\n", 0, match.start()) + 1
    return None


def is_config_name(node: ast.expr) -> bool:
    """``config``, ``cfg``, ``self.config``, ``assignment.config``: not ``args.config`` (an argparse option,
    usually a path)."""
    if isinstance(node, ast.Name):
        return node.id.lower() in CONFIG_NAMES
    return (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
            and node.value.id.lower() not in OPTION_RECEIVERS and node.attr.lower() in CONFIG_NAMES)


class KeyLayout(frozenset):
    """The keys of a saved dict, with the keys it spells as f-strings (``f"{save_name}_model"``) as patterns: a read
    of ``"most_recent_model"`` is within it. ``keys <= layout`` asks this class first (a subclass of the left
    operand's type answers the reflected comparison), so every subset test of a layout takes the patterns in."""

    patterns: tuple[re.Pattern, ...] = ()

    def with_patterns(self, patterns: tuple[re.Pattern, ...]) -> frozenset[str]:
        if not patterns:
            return frozenset(self)
        self.patterns = patterns
        return self

    def __ge__(self, other):
        if not isinstance(other, (set, frozenset)):
            return NotImplemented
        return all(key in self or any(pattern.fullmatch(key) for pattern in self.patterns) for key in other)

    def issuperset(self, other) -> bool:
        return self.__ge__(frozenset(other))


def formatted_key_pattern(key: ast.JoinedStr) -> re.Pattern | None:
    """``f"{save_name}_model"`` as a pattern of the keys it may give; None when it spells under three characters of
    its own (``f"{name}"`` could be any key)."""
    parts, spelled = [], 0
    for value in key.values:
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            parts.append(re.escape(value.value))
            spelled += len(value.value)
        else:
            parts.append(".+")
    return re.compile("".join(parts)) if spelled >= 3 else None


# Calls that hand back the path they are given, as text or resolved: the file named stays the one named.
PATH_TEXT_CALLS = frozenset({"str", "os.fspath", "os.path.abspath", "os.path.expanduser", "os.path.realpath"})
PATH_TEXT_METHODS = frozenset({"as_posix", "resolve", "absolute", "expanduser"})


def names_ckpt_file(node: ast.AST | None, ckpt_names: set[str] = frozenset()) -> bool:
    """``"last.ckpt"``, ``f"{d}/epoch={e}.ckpt"``, ``os.path.join(d, "last.ckpt")``, ``d / "x.ckpt"``,
    ``"%s.ckpt" % n``, ``"{}.ckpt".format(n)``, or a name bound to one of those; also as text (``str(p)``,
    ``p.as_posix()``)."""
    kind = node.__class__  # exact classes, told once: asked of the value of every binding of every file
    if kind is ast.Constant:
        return isinstance(node.value, str) and node.value.endswith(".ckpt")
    if kind is ast.JoinedStr:
        return bool(node.values) and names_ckpt_file(node.values[-1])
    if kind is ast.BinOp:
        return names_ckpt_file(node.left if isinstance(node.op, ast.Mod) else node.right, ckpt_names)
    if kind is ast.Call and len(node.args) == 1 and not node.keywords and \
            dotted_name(node.func) in PATH_TEXT_CALLS:
        return names_ckpt_file(node.args[0], ckpt_names)  # str(path), os.fspath(path): the same file
    if kind is ast.Call and isinstance(node.func, ast.Attribute):
        if node.func.attr in PATH_TEXT_METHODS and not node.args and not node.keywords:
            return names_ckpt_file(node.func.value, ckpt_names)  # model_path.as_posix(): the same file
        if node.func.attr == "format":
            return names_ckpt_file(node.func.value)
        if node.func.attr in ("join", "joinpath") and node.args:
            return names_ckpt_file(node.args[-1], ckpt_names)
    if kind is ast.Name:
        return node.id in ckpt_names
    return False


# Calls that take a key prefix off state-dict keys: ``k.startswith("module.")``, ``k.replace("module.", "")``,
# ``k.split("module.")[-1]``, ``k.removeprefix("module.")``, torch's ``consume_prefix_in_state_dict_if_present(sd,
# "module.")``.
_PREFIX_METHODS = frozenset({"startswith", "replace", "split", "removeprefix", "lstrip", "partition",
                             "consume_prefix_in_state_dict_if_present"})
_WRAPPER_PREFIXES = frozenset({"module.", "module"})


def strips_wrapper_prefix(scope: ast.AST) -> bool:
    """The function (or module) holding a load takes DataParallel/DistributedDataParallel's ``"module."`` prefix off
    the keys it reads: the file was written by a plain loop that saved a wrapped model's ``state_dict()``. A Lightning
    checkpoint never has that prefix (Lightning saves the LightningModule's own ``state_dict()``, whatever strategy
    wraps it), so a ``'global_step'``/``'state_dict'`` pair read there is that loop's layout, not Lightning's."""
    for node in walk_nodes(scope):
        if isinstance(node, ast.Call) and (
                (node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None))
                in _PREFIX_METHODS) and any(
                isinstance(arg, ast.Constant) and arg.value in _WRAPPER_PREFIXES for arg in node.args):
            return True
    return False


def saved_path(call: ast.Call) -> ast.expr | None:
    if len(call.args) > 1:
        return call.args[1]
    return next((kw.value for kw in call.keywords if kw.arg == "f"), None)


# A NamedTuple, not a frozen dataclass: the class is made at every start-up, where a dataclass's generated methods
# cost ~1 ms of CPU (several times a NamedTuple's); it is only built and read.
class LoadCandidate(NamedTuple):
    """A ``torch.load`` without ``weights_only=`` that no in-file evidence decided."""

    line: int
    column: int  # 1-based, in UTF-8 bytes like the AST
    end_line: int
    end_column: int  # one past the call's last byte, 1-based
    api: str
    keys: frozenset[str]  # string keys its result is read with
    variable_key: bool  # it is also read with a key held in a variable (not its own keys in a loop)
    ckpt_path: bool  # its path is visibly a .ckpt file
    rules: tuple[Rule, ...]  # the rules waiting for project evidence
    # the relative path its argument spells out, and whether it is relative to the file's folder (ckptfile.py)
    path: tuple[str, bool] | None = None
    file_name: str | None = None  # the file name its path spells out whole (``split_dict.pt``), see ckptfile.file_name
    state_keys: frozenset[str] = frozenset()  # keys whose item goes straight to load_state_dict: state dicts there
    optional_keys: frozenset[str] = frozenset()  # keys it tests for first: it takes files without them too
    parameter: tuple[str, int] | None = None  # (function, position): it loads a path parameter of a plain function
    publishes: bool = False  # it drops keys from the result (``ckpt.pop(k)``) and torch.save()s the rest
    fit_resume: bool = False  # its file hands the same path to ``trainer.fit(..., ckpt_path=)`` (lightningversion.py)
    constant: str | None = None  # the upper-case config attribute its path is (``cfg.MODEL.X_CHECKPOINT``), configpaths.py
    # imported project functions its result is handed to: (module path suffix, function, position); see project.py
    helpers: tuple[tuple[str, str, int], ...] = ()
    # its function strips DataParallel's ``"module."`` prefix from state-dict keys (see strips_wrapper_prefix)
    strips_wrapper: bool = False
    # keys read only inside ``try:`` bodies that catch KeyError: the file it reads may lack them
    guarded_keys: frozenset[str] = frozenset()
    # the number of names its result is unpacked into (``model, mean, std = torch.load(p)``): a saved list or tuple
    unpacked: int | None = None
    # its result is read under "cfg" as an object in a file with no config library (LoadedObjects.reads_config_key)
    config_key: bool = False
    option: str | None = None  # the command-line option its path is (``args.vocab_file``), optionpaths.py


@dataclass(eq=False)  # compared by identity: a generated __eq__ would only cost start-up
class FileEvidence:
    """One file's part of the project evidence."""

    file: str = ""
    object_layouts: list[tuple[frozenset[str], int, str]] = field(default_factory=list)  # keys, save line, object key
    config_layouts: list[tuple[frozenset[str], int, str]] = field(default_factory=list)  # the same, object = a config
    # the same, object = something the file builds (np.mean(...), its own class): evidence only for loads
    # that read a key of the layout by name, not for one read only with a key held in a variable
    built_layouts: list[tuple[frozenset[str], int, str]] = field(default_factory=list)
    plain_layouts: list[frozenset[str]] = field(default_factory=list)  # keys of saved dicts without objects
    # (save line, key) of built entries that are optimizer state dicts holding a NumPy learning rate (numpylr.py)
    numpy_states: set[tuple[int, str]] = field(default_factory=set)
    # the same, with the file name the save's path spells out (None when it spells none)
    plain_named: list[tuple[frozenset[str], str | None]] = field(default_factory=list)
    plain_lines: list[tuple[frozenset[str], int]] = field(default_factory=list)  # the plain layouts with their save line
    # plain layouts of a file whose own load of such a checkpoint expects to import modules (importingload.py): the
    # files of that format pickle classes whatever the save shows (keys, save line, line of that load)
    pickled_layouts: list[tuple[frozenset[str], int, int]] = field(default_factory=list)
    # lines of saves whose dict the saving function updates with its own ``**kwargs`` (``state.update(kwargs)``):
    # callers add keys the display does not show (counted only for a pickled format, see project._saved_layout)
    open_lines: set[int] = field(default_factory=set)
    # plain layouts a save of what the file's own method builds and returns (``atomic_save(self.state_dict(), p)``):
    # a framework base class's save, which every subclass's file comes from
    method_plain: set[frozenset[str]] = field(default_factory=set)
    # layouts a library writer saves (timm's CheckpointSaver): keys, line of the writer's call, object key, writer
    writer_layouts: list[tuple[frozenset[str], int, str, str]] = field(default_factory=list)
    # the instance's own attributes saved whole (``self.__dict__``), one of them a config object (instancestate.py):
    # keys, save line, that attribute; evidence only for loads that read a key of it by name
    state_layouts: list[tuple[frozenset[str], int, str]] = field(default_factory=list)
    # layouts torch.save writes with pickle_protocol 4 or later: refused whatever they hold (keys, save line)
    framed_layouts: list[tuple[frozenset[str], int]] = field(default_factory=list)
    # the same, object = what a function of another module returns, if it returns one (decided by the project):
    # keys, save line, each (key, (module path suffix, ``f`` or ``Class.method``)) drawn from one; see returns.py
    derived_layouts: list[tuple[frozenset[str], int, tuple[tuple[str, tuple[str, str]], ...]]] = field(
        default_factory=list)
    # file names it torch.save()s objects to (numpy values, a model, a library object): name -> line of the save
    object_files: dict[str, int] = field(default_factory=dict)
    plain_files: set[str] = field(default_factory=set)  # file names it torch.save()s plain values to (a state_dict)
    # list or tuple displays it torch.save()s ([net.state_dict(), self.running_state]): (length, save line, file name
    # the path spells or None, True where an item holds an object, else the (position, (module, callable or
    # Class.attribute)) items drawn from another module, decided by the project); and the plain ones (length, name)
    object_sequences: list[tuple[int, int, str | None, object]] = field(default_factory=list)
    plain_sequences: list[tuple[int, str | None]] = field(default_factory=list)
    saved_names: dict[int, str] = field(default_factory=dict)  # line of a dict's save -> the file name it spells
    # (save line, key) of object entries the saving code adds only under an ``if`` (see note_saved_dict)
    conditional_held: set[tuple[int, str]] = field(default_factory=set)
    # the same (save line, key) -> the keys stored under the same branch with it (``if optimizer is not None:
    # ckpt["optimizer_state_dict"] = ...; ckpt["optimizer_type"] = type(optimizer)``): a load reading one of them
    # reads a file saved down that branch, which holds the object too
    conditional_siblings: dict[tuple[int, str], frozenset[str]] = field(default_factory=dict)
    plain_ckpt_saves: bool = False  # it writes plain content to a .ckpt path itself
    ckpt_calls: set[tuple[str, int]] = field(default_factory=set)  # f("x.ckpt"): (f, position) of a .ckpt path
    weights_only_unwrap: bool = False  # it loads with weights_only=True and unwraps "state_dict" when present
    lightning: bool = False  # it imports Lightning
    config_library: str | None = None  # a config-object library it imports ("yacs")
    imported_packages: set[str] = field(default_factory=set)  # top-level names of its absolute imports
    # the project modules it imports from (module path suffixes, see returns.module_suffix; ``from a import b`` gives
    # ``a`` and ``a/b``): filled only where another file's layout is pickled (see ProjectEvidence._pickled_elsewhere)
    imported_modules: set[str] = field(default_factory=set)
    # a LightningModule of the file saves a config object as a hyper-parameter (lighthparams.py): what, and
    # whether certain (an annotated object type) or only where the project imports a config library
    object_hparams: tuple[str, bool] | None = None
    lightning_keys: set[str] = field(default_factory=set)  # keys its on_save_checkpoint methods set
    config_keys: set[str] = field(default_factory=set)  # those of them whose value may hold a config object
    object_keys: dict[str, int] = field(default_factory=dict)  # those holding a refused object -> line (object_keys_set)
    candidates: list[LoadCandidate] = field(default_factory=list)
    # (module-level function, position) -> keys it reads from that parameter: what a load handed to it reads
    parameter_keys: dict[tuple[str, int], frozenset[str]] = field(default_factory=dict)
    # what it passes by keyword to an imported project saver (``trainer.save(best_map=m)``): (module suffix,
    # ``Class.method``, keyword, True for numpy or the (module, callable) it comes from); a method that saves its
    # ``**kwargs`` (provenance.KEYWORDS) holds them
    keyword_sources: list[tuple[str, str, str, object]] = field(default_factory=list)
    # what calls of an imported module-level save function pass by position: (module, function, position, what
    # _keyword_source finds: True for numpy, PASSED_OBJECT for a model or optimizer the caller built, or the (module,
    # callable) it comes from); see provenance.POSITIONS
    positional_sources: list[tuple[str, str, int, object]] = field(default_factory=list)
    # saved layouts that looked plain while the file was walked (keys, save line, named values): see settle()
    unsettled: list[tuple[frozenset[str], int, list, tuple[int, bool] | None]] = field(default_factory=list)

    def note_saved_dict(self, node: ast.Dict, line: int, holds_object, holds_config,
                        holds_built=lambda value: False, comes_from=lambda value: (), context=None,
                        saved_name: str | None = None, conditional=lambda value: False) -> None:
        """``holds_object(value)``: the value is an object that weights_only refuses; ``holds_config(value)``:
        it is one if the project imports a config-object library (a plain layout otherwise); ``comes_from(value)``:
        the imported project callables whose result it may be (one per binding that makes it), or none; ``conditional(value)``: the entry is added
        only under an ``if`` (``if self.opt.dmtet: state["tet_scale"] = ....numpy()``), so a file of this layout
        need not hold it: evidence only for a load that reads that very key or another one stored down the same
        branch (see conditional_held); it returns that branch (any value that compares equal for one branch)."""
        named = [(k.value, v) for k, v in zip(node.keys, node.values) if isinstance(k, ast.Constant)
                 and isinstance(k.value, str)]
        patterns = tuple(pattern for k in node.keys if isinstance(k, ast.JoinedStr)
                         and (pattern := formatted_key_pattern(k)) is not None)
        if not named and not patterns:
            return
        if saved_name is not None:
            self.saved_names[line] = saved_name
        keys = KeyLayout(key for key, _ in named).with_patterns(patterns)
        # entries set by subscript under a key held in a variable (``latent[i][name] = codes.numpy()``) count too
        named += [(f"[{ast.unparse(k)}]", v) for k, v in zip(node.keys, node.values)
                  if k is not None and not isinstance(k, ast.Constant)]
        # an entry there whatever the run's options speaks first
        named.sort(key=lambda entry: bool(conditional(entry[1])))

        def note_conditional(key: str, value: ast.expr) -> None:
            if branch := conditional(value):
                self.conditional_held.add((line, key))
                self.conditional_siblings[(line, key)] = frozenset(
                    other for other, stored in named if other != key and conditional(stored) == branch)

        held = next(((key, value) for key, value in named if holds_object(value)), None)
        if held is not None:
            self.object_layouts.append((keys, line, held[0]))
            note_conditional(*held)
            return
        built = next(((key, value) for key, value in named if holds_built(value)), None)
        if built is not None:
            self.built_layouts.append((keys, line, built[0]))
            if optimizer_state(built[1]):  # a state dict still: a load restoring it by load_state_dict fails too
                self.numpy_states.add((line, built[0]))
            note_conditional(*built)
            return
        if derived := tuple((key, ref) for key, value in named for ref in comes_from(value)):
            self.derived_layouts.append((keys, line, derived))
        config = next((key for key, value in named if holds_config(value)), None)
        if config is not None:
            self.config_layouts.append((keys, line, config))
        elif not any(key.startswith("[") for key, _ in named):
            # a dict with entries under keys held in a variable (``d_new[k] = copy.deepcopy(d[k])`` for the keys of a
            # loaded checkpoint) holds what its source held: not known to be plain, so it hides no other file's save
            self.plain_layouts.append(keys)
            self.plain_named.append((keys, saved_name))
            self.plain_lines.append((keys, line))
        # asked again once the file is walked, those drawn from another module too: a binding further down (`best =
        # validate(...)` after the save, in the loop, beside `best, epoch = load_state(...)`) may make them numpy
        self.unsettled.append((keys, line, named, context))

    def settle(self, source) -> None:
        """Ask the layouts that looked plain during the walk again, now that every binding of the file is known
        (provenance.py): ``source(value, context)`` is True for numpy built in this file, a (module, callable)
        reference for what an imported project callable returns, or None; ``context`` is what the walker passed
        with the save: (its scope, whether it goes through a helper such as ``self.saver.save_checkpoint(d)``
        rather than torch.save). A helper may turn a module into its state_dict, so there only numpy counts, and
        a reference only when it is not a class being built (``Net(cfg)``)."""
        for keys, line, named, context in self.unsettled:
            if context is None:
                continue
            helper = context[1]
            sources = [(key, source(value, context)) for key, value in named]
            built = next((key for key, found in sources if found is True), None)
            if built is not None:
                self.built_layouts.append((keys, line, built))
                if optimizer_state(dict(named)[built]):  # a state dict still: restoring it by load_state_dict fails too
                    self.numpy_states.add((line, built))
                if keys in self.plain_layouts:
                    self.plain_layouts.remove(keys)
                self.plain_named = [entry for entry in self.plain_named if entry[0] != keys]
                self.plain_lines = [entry for entry in self.plain_lines if entry[1] != line]
                continue
            known = {key for other, at, refs in self.derived_layouts if at == line for key, _ in refs}
            # a reference spelling the instances its call passes (passedinstances.py) says more than the walk's
            derived = tuple((key, found) for key, found in sources if isinstance(found, tuple)
                            and (key not in known or "(" in found[1])
                            and not (helper and "." not in found[1] and found[1][:1].isupper()))
            if derived:
                self.derived_layouts.append((keys, line, derived))
        self.unsettled = []


    def note_importing_load(self, keys: frozenset[str], load_line: int) -> None:
        """A load of this file expects the checkpoint to import modules (``try: torch.load(p) except
        ModuleNotFoundError: ...``, importingload.py) and reads ``keys`` of it: the plain layouts this file saves
        holding every one of them are that format, whose files pickle classes (older releases of the project's own
        checkpoints, which its fallback unpickler renames), so another file's load of that layout is refused too."""
        if not keys:
            return
        for layout, line in [entry for entry in self.plain_lines if keys <= entry[0]]:
            self.pickled_layouts.append((layout, line, load_line))
            self.plain_lines.remove((layout, line))
            if layout in self.plain_layouts:
                self.plain_layouts.remove(layout)
            self.plain_named = [entry for entry in self.plain_named if entry[0] != layout]


def is_save_call(call: ast.Call, api: str | None) -> bool:
    """``torch.save`` or a helper named like one (``save_on_master``, ``save_checkpoint``, ``xm.save``)."""
    if api == "torch.save":
        return True
    name = dotted_name(call.func)
    return name is not None and "save" in name.rsplit(".", 1)[-1].lower()


# ``pickle.HIGHEST_PROTOCOL`` is 5; ``pickle.DEFAULT_PROTOCOL`` is 4 or 5 (by Python version): both frame the pickle.
# Not ``torch.serialization.DEFAULT_PROTOCOL``: that one is 2, torch.save's own default.


def writes_framed_pickle(call: ast.Call) -> bool:
    """``torch.save(x, f, pickle_protocol=4)`` (or 5, or ``pickle.HIGHEST_PROTOCOL``; the fourth positional
    argument too): a pickle of protocol 4 or later starts with a FRAME opcode, which the weights_only unpickler
    refuses whatever the file holds ("Unsupported operand 149" on torch 2.15 and 2.13, even for a dict of tensors),
    so a load of that file without weights_only=False fails."""
    value = next((kw.value for kw in call.keywords if kw.arg == "pickle_protocol"), None)
    if value is None and len(call.args) > 3 and not any(isinstance(a, ast.Starred) for a in call.args[:4]):
        value = call.args[3]
    if isinstance(value, ast.Constant):
        return isinstance(value.value, int) and not isinstance(value.value, bool) and value.value >= 4
    if not isinstance(value, ast.Attribute):
        return False
    receiver = dotted_name(value.value) or ""
    return value.attr == "HIGHEST_PROTOCOL" or (value.attr == "DEFAULT_PROTOCOL" and receiver.endswith("pickle"))
