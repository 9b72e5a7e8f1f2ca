"""What a ``torch.load`` result holds, from how the file uses it and what the file saves.

``weights_only=True`` (the default since 2.6) loads tensors, containers and primitives, and
refuses anything else. A finding on ``torch.load`` needs evidence that the file holds more:

- ``loads-pickled-object`` (strong): the result, or an item of it, is used as an object:
  ``m.eval()``, ``m(x)``, ``ckpt["model"].parameters()``; it is bound to a model-like name
  (``model = torch.load(p)``) that never goes to ``load_state_dict``; an item is read under an
  ``args``/``opt``-like key (where checkpoints keep an argparse Namespace), or under ``cfg`` in a project with a
  config-object library or class (pruning code keeps a plain list of layer widths there); an item goes to an OmegaConf function that takes a config object
  (``OmegaConf.to_yaml(pkg["xp.cfg"])``); or it goes to ``torch.from_numpy`` (a numpy array, which
  weights_only refuses); or it is stored into an item that the function then uses as an object, spelled the same
  (``model.layers[i] = torch.load(p)``, then ``model.layers[i].modules()``; the keys read off that item,
  ``self.ckpt[name]["config"]``, are the load's);
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
class; the allowlist holds only torch, builtins and collections.OrderedDict/Counter), or named for such a class of the
file's imports or of any file of its sub-project where every binding passes a name or a method's result on
(``self.vocab = vocab`` with a class ``Vocab`` in vocab.py), and what a plain function of the
file (or ``self.method``) returns where every return builds such an instance, helpers down (``data =
read_planetoid_data(d); torch.save(data, p)`` where it returns ``build(...)``, which returns ``data = Graph(...)``), what ``__prepare_scriptable__()``
returns (the object torch.jit.script would script), PIL images (``Image.fromarray``: Unsupported global
PIL.Image.Image), packaging's Version (``version.parse(__version__)``), and the shallow ``_asdict()`` of a NamedTuple
class of the file with a field defaulting to another record (``model_config: ModelConfig = ModelConfig()``). A dict
display spreading one bound before (``save_obj = {**save_obj, "ema": ...}``, ``dict(a=x, **kwargs)``) holds its entries.
Object use under an ``isinstance``/``hasattr`` test of the name (``sd if isinstance(sd, dict) else sd.state_dict()``) is
code for several kinds of file: it does not count where the file saves a plain dict to the very path, holding every key
the load reads.

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

A saved ``scheduler.state_dict()`` of a scheduler built with ``after_scheduler=`` (the copied GradualWarmupScheduler)
holds that scheduler object. A saved ``type(optimizer)`` is a class object (weights_only refuses every class but ``torch.Tensor``: "Unsupported
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

This module holds the state and the bindings; the rest of ``LoadedObjects`` is in mixins, one job each:
loadedreads (reads of a result), loadedsaves (what saves write), loadedpaths (file names), loadedkeys (key
questions), loadedbuilds (is a value an object), loadedbranches (if/try branches), loadedverdict (the decision);
loadedforms holds the constants and predicates they share.
"""

from __future__ import annotations

import ast
from typing import Callable

from .checkpoints import names_ckpt_file
from .graphdataset import unpacks_collated_graphs
from .imports import assigned_pairs, dotted_name, subnodes
from .provenance import NUMPY_MODULES, Provenance, copied
from .savepairs import SaveLoadPairs
from .loadedforms import (OBJECT_KEYS, RETURN_SELF, SELF_RETURNING, builds_plain_dict, built_from_items,
    constant_display, dict_display, held_item, returned_itself, self_item, spells, string_key)
from .loadedbranches import BranchState
from .loadedbuilds import ObjectConstruction
from .loadedreads import ResultReads
from .loadedsaves import SaveNotes
from .loadedpaths import PathNames
from .loadedkeys import KeyQueries
from .loadedverdict import ObjectVerdict


class LoadedObjects(BranchState, ObjectConstruction, ResultReads, SaveNotes, PathNames, KeyQueries, ObjectVerdict):
    """Tracks ``x = torch.load(...)`` per scope and how ``x`` (or ``x[key]``) is used afterwards."""

    def __init__(self) -> None:
        # the file's text names no load and no save (see the walk's pre-check in check.py): no torch.load or
        # torch.save call is asked about, so the walk keeps only what other questions read: every binding in
        # ``provenance``, names bound to a .ckpt path (is_ckpt_path), the keys read (parameter_keys), the imports
        self.quiet = False
        self.bindings: dict[int, tuple[int, str]] = {}  # id(call) -> (scope, name)
        self.attribute_bindings: dict[int, tuple[int, str]] = {}  # id(call) -> (0, "self.x"): only its keys count
        # (scope, "self.x") -> the name whose item the attribute was last bound to there (self.model = state["model"])
        self.attribute_items: dict[tuple[int, str], str] = {}
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
        self.objects_saved_to: set[tuple[int, str]] = set()  # paths torch.save wrote objects to (see path_key)
        # file names (``split_dict.pt``) torch.save wrote objects to, from any function: another one may load them
        self.objects_saved_names: dict[str, int] = {}  # name -> line of the save
        self.object_save_lines: set[int] = set()  # lines of the saves that write objects, decided late ones too
        self.scheduler_holders: set[str] = set()  # the file's scheduler classes whose state dict holds another one
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
        # lines of saves that looked plain while walking but hold numpy once every binding is known (FileEvidence.settle),
        # or hold a config the project's imports and classes decide (walker.py)
        self.settled_object_lines: set[int] = set()
        self.object_schemas: list[set[str]] = []  # keys of dict displays that carry an object ({"args": args, ...})
        self.keys_read: dict[tuple[int, str], set[str]] = {}  # (scope, name) -> string keys read from it
        # the same per binding: `data = pickle.load(f); data["ema"]` then `data = torch.load(p); data["net"]`
        # reads only "net" of the torch.load (id(call) -> keys read while the name held its result)
        self.current: dict[tuple[int, str], int] = {}  # (scope, name) -> id(call) it holds now
        self.source_lines: list[str] | None = None  # the file's lines when known: a cheap test before a walk
        self.binding_keys: dict[int, set[str]] = {}
        # id of the load a name holds -> keys taken out of it with ``ckpt.pop("model")`` (no default: KeyError unless
        # the file holds them): the saved layouts a project load matches (popped_keys_of), not what it keeps
        self.popped_keys: dict[int, set[str]] = {}
        # if/else: ``if s: ckpt = torch.load(p) else: ckpt = given`` leaves either value in the name; the loads a
        # name may still hold besides ``current`` (see enter_branch), whose keys are read too
        self.alternatives: dict[tuple[int, str], set[int]] = {}
        self.load_ids: set[int] = set()  # id(call) of every torch.load seen so far
        # ``with open(p, "rb") as f:`` while the walk is in its body: (scope, "f") -> p, so that torch.save(x, f) and
        # torch.load(f) name the file p, not whatever else a handle called f opens elsewhere (see file_key)
        self.open_handles: dict[tuple[int, str], ast.expr] = {}
        self.load_handles: dict[int, ast.expr] = {}  # id(torch.load(f) call) -> the path f's with opened (load_key)
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
        self.plain_built: dict[int, set[str]] = {}  # scope -> names (``cfg``, ``self.cfg``) bound to a plain dict or list
        self.returned: set[tuple[int, str]] = set()  # (scope, name) a function returns as is
        self.call_bound: set[tuple[int, str]] = set()  # (scope, name) bound to a call's result
        self.variable_reads: list[tuple[int, str | int, str | None]] = []  # (scope, name or id(call), key name)
        self.loops: dict[tuple[int, str], set[str]] = {}  # (scope, loop variable) -> names its iterable mentions
        self.loop_nodes: list[tuple[ast.AST, ast.AST, int]] = []  # (target, iterable, scope) of loops, walker-filled
        self.module_key_names: set[tuple[int, str]] = set()  # loop variables over a module's state_dict() keys
        self.dict_used: set[tuple[int, str]] = set()  # (scope, name) used as a dict: x.items(), x["k"], for k in x
        self.local_classes: set[str] = set()  # classes defined here or imported from the project (relative import)
        self.optimizer_classes: dict[str, frozenset[str]] = {}  # see optimizer_group_options
        self.nested_records: frozenset[str] = frozenset()  # see nested_records
        self.local_functions: set[str] = set()  # module-level functions defined here or imported relatively
        # classes imported from a library whose instances weights_only refuses (LIBRARY_OBJECTS), by local name, and
        # the spellings of library functions returning such instances (``version.parse``, see factory_spellings)
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
        # (class, attr) -> whether every binding of ``self.attr`` in the class passes a plain name on (``self.vocab =
        # vocab``) or a method of the class's result (``self.vocabulary = self._load_vocabulary()``): known by the
        # name alone (_names_instance)
        self.named_attributes: dict[tuple[str, str], bool] = {}
        # (class, attr) -> the calls ``self.attr`` is bound to in that class; id(call) -> (class, attr) for those
        # bound straight to a call (``self.generator = torch.load(p)``): see _built_elsewhere
        self.attribute_calls: dict[tuple[str, str], list[ast.Call]] = {}
        self.attribute_owners: dict[int, tuple[str, str]] = {}
        # (class, attr) -> what any method reads off ``self.attr`` that no weights_only value has
        # (``self.transition.update_save(...)``): with the attribute bound to a load, the load is an object
        self.attribute_foreign: dict[tuple[str, str], set[str]] = {}
        self.graph_collate = False  # the file imports PyG's InMemoryDataset: ``self.collate(...)`` builds Data objects
        self.graph_dataset_names: set[str] = {"torch_geometric.data.Dataset"}  # how the file spells PyG's Dataset
        self.graph_gets: set[int] = set()  # id(torch.load) a PyG Dataset's get returns (graphdataset.py)
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
        # self.dae = ckpt["dae"]; self.dae.decoder_dim: (attribute, the container's name, scope), decided like
        # foreign_reads, against the attributes the file sets off ``self`` (the saved class sets its own)
        self.attribute_item_reads: list[tuple[str, ast.Name, int]] = []
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
        # ckpt["cfg"] read as an object in a file with no config library: the project decides (project.py), as
        # pruning code keeps a plain list of layer widths there: (scope, name) or id(call) of the load read so
        self.config_read_names: set[tuple[int, str]] = set()
        self.config_read_calls: set[int] = set()
        self.read_into: dict[int, tuple[int, str]] = {}  # id(x["key"]) -> (scope, name) it is bound to
        self.mapping_nodes: set[int] = set()  # id(expr) used as a mapping: **expr, expr.items(), type(n, b, expr)
        self.mapping_names: set[tuple[int, str]] = set()  # (scope, name) used as a mapping the same ways
        self.state_items: set[int] = set()  # id(x["opt"]) passed straight to load_state_dict: a state dict
        self.item_of: dict[int, list[tuple[int, str]]] = {}  # id(load call) -> [(id(x["model"]), "model")]
        self.config_objects: str | None = None  # the config-object library the file imports (set by the walker)
        self.source_text: str | None = None  # the file's text (set by the walker)
        self.filename: str | None = None  # the file's path (set by the walker): helpers' modules are found from it
        self.keyed_namespaces: frozenset[str] | None = None  # opt/args names read by string key (read_by_key)
        self.project_classes: frozenset[str] = frozenset()  # the classes its sub-project's files define (the same)
        self.numpy_lr: str | None = None  # "file:line" of a NumPy learning rate put in param_groups (numpylr.py)
        self.project_dicts: frozenset[str] = frozenset()  # opt/args names the sub-project binds to vars() (the same)
        # values that come from another module of the project (see returns.py): what the imports name, by local name
        self.imported: dict[str, tuple[str, str]] = {}  # f -> (module path suffix, name there): from m import f
        self.imported_modules: dict[str, str] = {}  # m -> module path suffix: import a.m as m
        self.instances: dict[tuple[int, str], tuple[str, str]] = {}  # (scope, x) bound to Cls(...) of an import
        self.derived: dict[tuple[int, str], tuple[str, str]] = {}  # (scope, x) bound to what f() / x.m() returns
        # the same, every such binding: `metrics = compute_a(...)` in one branch, `= compute_b(...)` in another
        self.derived_all: dict[tuple[int, str], list[tuple[str, str]]] = {}
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
        if isinstance(value, ast.Call) and (original := copied(value)) is not None:
            return self.value_ref(original, scope)  # deepcopy(x): what x comes from, not the copy module
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

    def value_refs(self, value: ast.expr, scope: int) -> list[tuple[str, str]]:
        """Every imported project callable whose result a value may be: each branch's binding of a name, or the one
        :meth:`value_ref` gives."""
        held = value
        while isinstance(held, ast.Subscript):
            held = held.value
        if (name := dotted_name(held)) is not None and \
                len(found := self.derived_all.get((0 if "." in name else scope, name), ())) > 1:
            return list(found)
        return [ref] if (ref := self.value_ref(value, scope)) is not None else []

    def _note_derived(self, value: ast.expr, scope: int, target: ast.AST) -> None:
        while isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and \
                value.func.attr in RETURN_SELF and isinstance(value.func.value, ast.Call):
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
                key = (0 if "." in name else scope, name)
                self.derived[key] = (ref[0], f"{ref[1]}#{position}") if unpacked else ref
                if self.derived[key] not in (known := self.derived_all.setdefault(key, [])):
                    known.append(self.derived[key])

    def bind(self, value: ast.expr, scope: int, target: ast.AST) -> None:
        self.provenance.note(value, scope, target)
        if isinstance(target, (ast.Tuple, ast.List)) and isinstance(value, ast.Call) and \
                not any(isinstance(element, ast.Starred) for element in target.elts):
            # a, b = call: read for torch.load's layout and by rules of kind unpack (scores, _ = pack_padded_sequence)
            self.unpacked[id(value)] = len(target.elts)
        if self.quiet:
            if isinstance(target, ast.Name):
                held = held_item(value)
                if names_ckpt_file(held.value if isinstance(held, ast.Subscript) and isinstance(held.value, ast.Call)
                                   else held, self.ckpt_names.get(scope, set())):
                    self.ckpt_names.setdefault(scope, set()).add(target.id)
                elif isinstance(held, (ast.List, ast.Tuple)) and held.elts and all(map(names_ckpt_file, held.elts)):
                    self.ckpt_lists.add((scope, target.id))
            return
        if isinstance(target, ast.Attribute) and target.attr == "__dict__":
            self._note_mapping(value, scope)  # args.__dict__ = ckpt["args"]: an object's attributes, a plain dict
        for position, element in (enumerate(target.elts) if isinstance(target, ast.Tuple) else [(None, target)]):
            if (item := self_item(element)) is not None:
                self.item_bindings.setdefault((self.provenance.owners.get(scope, ""), *item), []).append(
                    (value, position, scope))
        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
            key = (self.provenance.owners.get(scope, ""), target.attr)
            self.constructed_attributes[key] = self.constructed_attributes.get(key, True) and self._constructs(value)
            self.named_attributes[key] = self.named_attributes.get(key, True) and (
                isinstance(value, ast.Name) or _own_method_call(value))
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
                    held.func.attr in SELF_RETURNING and isinstance(held.func.value, ast.Call):
                held = held.func.value  # r = torch.load(f).to(device), m = Net().cuda(): what the inner call made
            self.new_holding = ((scope, target.id), id(held))  # once the value's own reads are walked: commit_holding
            if self._constructs(held):
                self.constructed.add(id(held))
        self.pairs.note_binding(scope, target, value)
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
        if (builds_plain_dict(value) or constant_display(value)) and (name := dotted_name(target)) is not None:
            self.plain_built.setdefault(scope, set()).add(name)  # cfg = vars(args), cfg = [16, 16, "M", 32]
        if isinstance(target, ast.Name) and _makes_tensor(value, self.torch_aliases):
            # features = torch.tensor(np.array(features)).to(device): the list of arrays built above is now a tensor
            self.built_objects.discard(self.built_key(target.id, scope))
        if (isinstance(value, ast.Call) and self._builds_objects(value, scope)) or (
                isinstance(value, (ast.Subscript, ast.ListComp, ast.GeneratorExp)) and self._is_built(value, scope)):
            elements = target.elts if isinstance(target, ast.Tuple) else [target]
            if self._is_collate(value):
                elements = elements[:1]  # data, slices = self.collate(...): the slices are a dict of tensors
            for element in elements:
                if (name := dotted_name(element)) is not None:  # features, self.features
                    self.built_objects.add(self.built_key(name, scope))
        for element, item in assigned_pairs(target, value):  # a, b = ckpt["hparams"], ckpt["weights"]
            if isinstance(element, ast.Name) and isinstance(item, ast.Subscript):
                self.read_into[id(item)] = (scope, element.id)
            elif isinstance(element, ast.Name):
                self.items.pop((scope, element.id), None)  # args = type("Args", (), args): rebound, not the item
        origin = returned_itself(value, SELF_RETURNING)  # the value before ``.cuda()`` (``state["model"].cuda()``)
        if isinstance(target, ast.Subscript):
            self._note_item_store(target, value, scope)
            if isinstance(value, ast.Call):  # layers[i] = torch.load(p); layers[i].modules(): that call's object
                self.loaded_items[(scope, ast.unparse(target))] = id(value)
        elif isinstance(target, ast.Attribute) and isinstance(value, ast.Call) and (
                (name := dotted_name(target)) or "").startswith("self."):
            # self.codes = torch.load(p): read in other methods; self.net = torch.load(p).to(device): the load's object
            for bound in (value, origin) if origin is not value and isinstance(origin, ast.Call) else (value,):
                self.attribute_bindings[id(bound)] = (0, name)
                self.attribute_owners[id(bound)] = (self.provenance.owners.get(scope, ""), target.attr)
        if isinstance(target, (ast.Tuple, ast.List)) and isinstance(value, ast.Call) and \
                dotted_name(value.func) != "torch.load":
            # sig, sr = librosa.load(p): each name now holds what that call returned, not an earlier torch.load's
            for element in target.elts:
                if isinstance(element, ast.Name) and not self._mentions(value, element.id):
                    self._rebound((scope, element.id), id(value))
        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
            key = (scope, f"self.{target.attr}")
            if isinstance(origin, ast.Subscript) and isinstance(origin.value, ast.Name):
                self.attribute_items[key] = origin.value.id  # self.model = state["model"].cuda()
            else:
                self.attribute_items.pop(key, None)
        if not isinstance(target, ast.Name):
            return
        value = held_item(value)
        if isinstance(value, ast.Subscript) and isinstance(value.value, ast.Call):
            value = value.value  # waveglow = torch.load(p)["model"]: the item is what gets used
            self.item_bound.add(id(value))
        if (display := self._display(value)) is not None:
            self.dicts[(scope, target.id)] = display = self._with_spreads(display, scope)
            self.dict_depths[id(display)] = len(self.branch_frames)
        elif names_ckpt_file(value, self.ckpt_names.get(scope, set())):  # os.path.join(d, name) of a .ckpt name too
            self.ckpt_names.setdefault(scope, set()).add(target.id)
        elif isinstance(value, (ast.List, ast.Tuple)) and value.elts and all(map(names_ckpt_file, value.elts)):
            self.ckpt_lists.add((scope, target.id))
        if isinstance(value, ast.Call):
            self.bindings[id(value)] = (scope, target.id)
            self.call_bound.add((scope, target.id))
        elif isinstance(value, ast.Subscript) and isinstance(value.value, ast.Name) and \
                string_key(value) in OBJECT_KEYS:
            self.items[(scope, target.id)] = (scope, value.value.id)
        if not self._mentions(value, target.id) or built_from_items(value, target.id) or (
                isinstance(value, ast.Call) and dotted_name(value.func) == "torch.load"):
            # a new value, not `ckpt = ckpt["model"]` (whose reads still read the load); `model =
            # Reader.from_pretrained(model["arguments"]["model"])` is what that call returns, built from an entry;
            # `checkpoint = torch.load(checkpoint)` reads the file the path named (the SR tutorial's resume)
            key = (scope, target.id)
            self._rebound(key, id(value) if isinstance(value, ast.Call) else 0)
            if isinstance(origin, ast.Subscript) and isinstance(origin.value, ast.Name):
                # kept with what the name holds then (``current``, restored per branch of an ``if``)
                self.item_names[key] = (self.current[key], origin.value.id)
            elif not self.branch_frames:
                self.item_names.pop(key, None)
        elif not (isinstance(origin, ast.Name) and origin.id == target.id) and not self.branch_frames:
            self.item_names.pop((scope, target.id), None)  # m = build(m): another object; not m = m.eval()

    def commit_holding(self) -> None:
        """The walker has walked the assignment whose binding ``bind`` saw: the name holds the new value from here."""
        if self.new_holding is not None:
            self.holding[self.new_holding[0]] = self.new_holding[1]
            self.new_holding = None

    def _rebound(self, key: tuple[int, str], held: int) -> None:
        """The name now holds a new value (the id of the call that made it, or 0), in place of what it held and
        may have held; an open branch keeps what it held before, to restore (loadedbranches.py)."""
        for before, _ in self.branch_frames:
            if key not in before:
                before[key] = (self.current.get(key), self.alternatives.get(key, set()))
        self.current[key] = held
        self.alternatives.pop(key, None)

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

    def _mentions(self, value: ast.expr, name: str) -> bool:
        """Whether ``value`` reads the name ``name``. Most bound values never spell the name out, which a look
        at their source text shows without walking the subtree; the walk decides when the text holds it, and
        when the text cannot be trusted to be what was parsed (no lines, non-ASCII: columns count bytes and
        identifiers are normalized)."""
        lines = self.source_lines
        start, end = getattr(value, "lineno", None), getattr(value, "end_lineno", None)
        if lines is not None and start is not None and start == end and end <= len(lines):
            line = lines[start - 1]  # most bound values fit on their line: no copies of the lines
            if line.isascii() and not spells(line[value.col_offset:value.end_col_offset], name):
                return False
        elif lines is not None and start is not None and end is not None and end <= len(lines):
            spanned = lines[start - 1:end]
            if all(line.isascii() for line in spanned):  # then a column (a UTF-8 byte offset) is a character index
                spanned[-1] = spanned[-1][:value.end_col_offset]  # the last line first: it may be the first too
                spanned[0] = spanned[0][value.col_offset:]
                if not any(spells(line, name) for line in spanned):
                    return False
        return any(isinstance(n, ast.Name) and n.id == name for n in subnodes(value))

    def _display(self, node: ast.expr) -> ast.Dict | None:
        """:func:`dict_display`, with keys that are class constants (``{cls._CONFIG_KEY: cfg}``) spelled out."""
        display = dict_display(node)
        if display is not None:
            display.keys = [ast.Constant(named) if key is not None and not isinstance(key, ast.Constant) and (
                named := self.constant_of(key)) is not None else key for key in display.keys]
        return display

    def _with_spreads(self, display: ast.Dict, scope: int) -> ast.Dict:
        """``save_obj = {**save_obj, "ema": ...}`` after ``save_obj = dict(...)``: the display holds the entries of the
        dicts it spreads (bound to a display in this scope) besides its own."""
        if None not in display.keys:
            return display
        keys, values = [], []
        for key, value in zip(display.keys, display.values):
            spread = self.dicts.get((scope, value.id)) if key is None and isinstance(value, ast.Name) else None
            keys.extend(spread.keys if spread is not None else [key])
            values.extend(spread.values if spread is not None else [value])
        return ast.Dict(keys=keys, values=values)

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


_TENSOR_MAKERS = frozenset({"tensor", "from_numpy", "as_tensor", "Tensor", "FloatTensor", "LongTensor", "stack", "cat"})


def _makes_tensor(value: ast.expr, torch_aliases: dict[str, str]) -> bool:
    """``torch.tensor(x)``, ``torch.from_numpy(a).float().to(device)``: a tensor, whatever ``x`` held."""
    while isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in SELF_RETURNING \
            and isinstance(value.func.value, ast.Call):
        value = value.func.value
    if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in _TENSOR_MAKERS
            and isinstance(value.func.value, ast.Name)):
        return False
    head = value.func.value.id
    return head == "torch" or torch_aliases.get(head) == "torch"


def _own_method_call(value: ast.expr) -> bool:
    """``self._load_vocabulary()``: what a method of the class returns."""
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and \
        isinstance(value.func.value, ast.Name) and value.func.value.id == "self"
