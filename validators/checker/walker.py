"""Walk a module's AST once and collect the findings for a target torch version.

Besides matching rules, the walk knows where a finding would be wrong:
version guards and fallbacks (see guards.py), type annotations (a deprecated class named in
an annotation is never constructed), uses of a name whose import is already flagged
(``from torch.distributed._tensor import DTensor`` is one finding, not one per ``DTensor``),
``torch.load`` under ``torch.serialization.safe_globals`` or after ``add_safe_globals``, and
methods called on something built by a non-torch library (``sympy.Matrix(...).cholesky()``).

This module holds the walk itself (dispatch, ``collect``, scopes); FindingCollector inherits each other job from
a mixin: walkguards.py (guards and branches), walkbindings.py (what names hold), walksaves.py (torch.save/load
evidence), walkschedulers.py, walknames.py (names and attributes), walkcalls.py, walkkeywords.py (keywords and
``**kwargs``) and walkreport.py (findings kept, released or dropped).
"""

from __future__ import annotations

import ast
import os
import re
import sys

from .deadbranches import dead_ranges
from .lossattributes import HeldFloat, LossClass, held_floats, loss_classes
from .deadselections import dead_selected_functions, gated_functions
from ..markdown import Version
from .aliases import find_aliases, held_torch_names
from .functionobjects import replaced_in_block
from .inherited import ClassFacts
from .finding import Finding
from .classparams import parametrized_classes
from .featurechecks import LocalChecks
from .devicechecks import plugin_module
from .imports import CHILD_FIELDS, ENTERED, ImportMap, child_fields, dotted_name
from .returns import from_imported, holds_scheduler
from .graphdataset import returned_graph_loads
from .ckptfile import loaded_path, path_literal
from .lightningversion import resumed_by_fit
from .checkpoints import LIGHTNING_SHARED, FileEvidence, LoadCandidate, strips_wrapper_prefix
from .listednames import reads_own_attribute
from .loaded import LoadedObjects
from .loadedforms import nested_records, optimizer_group_options
from .provenance import KEYWORDS, PASSED_OBJECT
from .habitatmasks import HABITAT_ENCODER, uint8_episode_masks
from .modelschedules import early_model_schedules, early_trainer_steps, may_step_own_schedulers, may_update_early
from .uint8masks import makes_uint8, shared_calls, uint8_arguments, uint8_mask_uses
from .passedvalues import device_arguments, file_functions, file_values, length_uses, mask_uses
from .boolmasks import bool_subtractions
from .returnedcalls import ReturnFacts, returned_apis
from .selfmethods import is_module_class
from .outresize import resized_outputs
from .loaderiters import loader_iterator_next_calls
from .gonemembers import gone_member_uses
from .gradscalars import grad_scalar_conversions
from .bcetargets import bce_size_mismatches
from .intlabels import integer_full_targets
from .maskpairs import mismatched_mask_calls
from .istftinputs import real_layout_istfts
from .causallayers import causal_layer_calls
from .cudalengths import cuda_lengths
from .dottednames import dotted_registrations
from .operationtuples import operation_tuples_called
from .parameterscalars import parameter_scalar_conversions
from .reducedexpands import chained_reductions, reduced_expands
from .stalegraphs import stale_backwards
from .functioninstances import instantiated_functions
from .instancemethods import built_instance_calls, methods_of
from .dictkeys import tensor_dict_keys
from .launchcommands import launch_commands
from .intdivision import float_index_divisions
from .rnnarguments import mistyped_rnn_arguments
from .typedconstructors import mistyped_constructor_inputs
from .tensortypes import exact_tensor_class_tests
from .negativestrides import negative_stride_uses
from .guards import is_version_guard
from .topkviews import PendingView, TopkCalls, topk_views, wide_names_spelled, wide_pair_spelled
from .kernels import is_foreign_kernel
from .functionctx import FUNCTION_CTX, function_ctx
from .profilerrows import mentions_rows, row_parameters
from .spread import CallSites
from .forwarded import quiet_defaults
from .steporder import OptimizerSteps, built_optimizers
from .rule import Rule
from .importtime import replaced_defaults
from .ruleset import RuleSet
from .walkguards import GuardedBranches
from .walkbindings import Bindings
from .walksaves import SaveEvidence
from .walkschedulers import SchedulerChecks
from .walknames import NameChecks
from .walkcalls import CallChecks, own_roots
from .walkkeywords import KeywordSpreading, ModuleNumbers
from .walkreport import Reporting

PROJECT_CONDITIONS = ("saved-in-project", "lightning-checkpoint", "no-weights-only-env")
# a load that resumes its own file's plain save still warns where the package sets the variable (envoptout.py)
ENV_CONDITIONS = ("no-weights-only-env",)

_PASSES_GRADIENT = re.compile(r"\.backward\(\s*[^)\s]")  # loss.backward(one), not loss.backward()

# The passes that read a whole file once its walk is done, each beside the RuleSet index of the rules it serves and
# whether it reads the project's other files (it is then given the file's name). A pass yields the node to report,
# or (node, api) where its rules name several APIs.
_FILE_PASSES = (
    ("by_out_resize", resized_outputs, False),
    ("by_loader_next", loader_iterator_next_calls, False),
    ("by_dict_key", tensor_dict_keys, False),
    ("by_index_division", float_index_divisions, True),
    ("by_cuda_lengths", cuda_lengths, False),
    ("by_launch_command", launch_commands, False),
    ("by_dotted_name", dotted_registrations, False),
    ("by_operation_tuple", operation_tuples_called, False),
    ("by_function_instance", instantiated_functions, True),
    ("by_reduced_expand", reduced_expands, False),
    ("by_reduced_expand", chained_reductions, False),
    ("by_stale_graph", stale_backwards, False),
    ("by_bce_target_size", bce_size_mismatches, False),
    ("by_int_full_target", integer_full_targets, False),
    ("by_mask_pair", mismatched_mask_calls, False),
    ("by_istft_real", real_layout_istfts, False),
    ("by_causal_layer", causal_layer_calls, True),
    ("by_negative_stride", negative_stride_uses, False),
    ("by_rnn_argument", mistyped_rnn_arguments, False),
    ("by_constructor_dtype", mistyped_constructor_inputs, False),
    ("by_tensor_type", exact_tensor_class_tests, False),
    ("by_grad_scalar", grad_scalar_conversions, True),
    ("by_grad_scalar", parameter_scalar_conversions, False),
)


class FindingCollector(GuardedBranches, Bindings, SaveEvidence, SchedulerChecks, NameChecks,
                       CallChecks, KeywordSpreading, Reporting, ast.NodeVisitor):
    def __init__(self, rules: RuleSet, imports: ImportMap, target: Version, filename: str):
        self.rules, self.imports, self.target, self.filename = rules, imports, target, filename
        self.findings: dict[tuple, Finding] = {}
        self.loads = LoadedObjects()
        self.loads.torch_aliases = imports.aliases  # explicit torch imports only (see LoadedObjects._refused_torch_class)
        self.weights_only_loads: list[ast.Call] = []  # torch.load(..., weights_only=True) calls
        # torch.load calls whose try catches ModuleNotFoundError, with the loads of its handlers (the same file again)
        self.importing_loads: list[tuple[ast.Call, list[ast.Call]]] = []
        self.evidence = FileEvidence(filename)  # what the project-wide pass needs from this file
        self.class_facts = ClassFacts(filename)  # for calls through a callable a base class binds (inherited.py)
        self.return_facts = ReturnFacts(filename)  # for calls through a callable a function returns (returnedcalls.py)
        self.returned_values: dict[int, tuple[ast.AST, list[ast.expr]]] = {}  # module-level function -> its returns
        # methods that build a dict and return it (``def state_dict(self): states = {}; states["model"] = ...;
        # return states``), and saves of what such a method returns (``atomic_save(self.state_dict(), path)``):
        # the layout is the built dict's, known once the whole file is walked
        self.returned_dicts: dict[str, tuple[ast.Dict, int]] = {}  # method name -> (the dict, its scope)
        # (method, save call, api); a plain function's result is ``f`` or ``f#i`` (item i of the tuple it returns),
        # saved through a name of the save's scope (its item stores there belong to the layout too)
        self.method_saves: list[tuple[str, ast.Call, str | None]] = []
        self.function_saves: set[str] = set()  # the method_saves entries that are a plain function's result
        self.scope_of_save: dict[int, int] = {}  # id(save call) -> its scope, for those
        self.own_savers: dict[str, bool] = {}  # the file's save helpers by name: whether they torch.save what they get
        self.results_of: dict[tuple[int, str], str | None] = {}  # (scope, name) = f(...) -> f; None: rebound
        self.call_sites = CallSites()  # for torch calls spreading a **kwargs no caller fills (spread.py)
        # accuracy()'s correct[:k].view(-1) where k walks a parameter, and the calls passing (1, 5) (topkviews.py)
        self.topk_pending: list[tuple[PendingView, Finding]] = []
        # float() of self's loss attributes, held until the project's backward() calls are known (lossattributes.py)
        self.loss_attribute_floats: list[HeldFloat] = []
        self.loss_classes: list[LossClass] = []  # the classes calling backward() on self attributes (the same)
        self.passed_values = None  # uint8 masks and GPU lengths passed between functions (passedvalues.py)
        self.masks_at_makers: set[int] = set()  # ids of mask uses reported at their uint8 makers (uint8masks.py)
        self.passed_kinds: frozenset[str] = frozenset()  # what the sub-project may pass (check._project_names)
        self.indexed_twice: set[int] = set()  # id(x[0]) indexed again, x[0][0]: x is not 0-dim (walknames.py)
        self.topk_calls = TopkCalls()
        self.notes_topk_calls = False  # set by collect()
        # scope -> (callable, **kwargs name, named, a private method's?): a private method (``_export(self, **kw)``)
        # is called by its last name, ``self._export(...)``, and only by the project (spread.py)
        self.spreading: dict[int, tuple[str, str, frozenset[str], bool]] = {}
        self.defaults_of: dict[int, tuple[str, dict]] = {}  # scope -> (callable, its defaulted parameters) (forwarded.py)
        self.constructor_attributes: dict[int, dict] = {}  # class -> forwarded.constructor_attributes of it
        self.class_scopes: set[int] = set()  # id() of the class definitions being walked
        self.super_bases: tuple[str, ...] = ()  # the torch classes whose __init__ the walked class's super() reaches
        self.init_bases: dict[str, tuple[str, ...]] = {}  # file class -> the torch bases its __init__ comes from
        self.class_nodes: list[ast.ClassDef] = []  # the class definitions being walked, innermost last
        self.instance_dicts: dict[int, dict[str, list[ast.keyword]]] = {}  # id(class) -> classdicts.py's answer
        self.pending: list[tuple[Rule, ast.Call, str]] = []  # waiting for the whole scope to be seen
        self.scope = 0
        self.guarded = 0  # > 0 inside version guards and fallback handlers: nothing is reported
        self.guarded_spans: list[tuple[int, int]] = []  # the lines walked guarded (_visit_guarded)
        self.dead: tuple[tuple[int, int], ...] = ()  # the lines of blocks a literal test rules out (deadbranches.py)
        self.leaving: set[int] = set()  # id(if) of checks true on the target whose branch leaves the block
        # (id(if or match), branch index) of the branches the walk is in: loads in different branches of one
        # statement never both run (a mode picks the file, see _paths_loaded_as_objects)
        self.branch_path: list[tuple[int, int]] = []
        self.not_plateau: list[str] = []  # receivers the enclosing branches know are no ReduceLROnPlateau (walkguards)
        self.foreign_typed: list[str] = []  # receivers the enclosing branches know are another library's class (walkguards)
        self.vector_operands: set[int] = set()  # id() of `x.T` nodes passed to torch.dot and its kin (walkcalls.py)
        self.tensor_tested: list[str | None] = []  # per enclosing if-body, the name its test knows is a tensor (walkguards)
        self.tensor_index_lists: dict[tuple[int, str], str] = {}  # (scope, list) -> the tensor its is_tensor branch indexes
        self.load_branches: dict[int, tuple[tuple[int, int], ...]] = {}
        self.in_try = 0  # > 0 inside a try statement (body, handlers or else)
        self.try_loads: set[int] = set()  # id(call) of the loads there
        self.handled = 0  # > 0 inside a try body with a fallback handler: errors are caught, warnings are not
        self.failing_probes: frozenset[str] | None = None  # functions probing a name the target lacks (walkguards)
        self.annotation = 0  # > 0 inside a type annotation
        self.evaluated_annotation = 0  # > 0 inside one Python evaluates when the def runs (walknames._visit_annotation)
        self.postponed_annotations: bool | None = None  # `from __future__ import annotations`, when asked
        self.type_check = 0  # > 0 in the class argument of isinstance/issubclass
        self.safe_globals = 0  # > 0 inside `with torch.serialization.safe_globals([...])`
        self.allowlisted = False  # add_safe_globals was called somewhere in the file
        self.version_helpers = None  # VersionHelpers of the file, set by check.collect
        self.project_flags = None  # versionflags.ProjectFlags of the file, set by check.collect
        self.tree: ast.AST | None = None
        self.index_lists: set[tuple[int, str]] = set()  # (scope, name) last bound to a per-dimension index list
        self.within_step: set[tuple[int, str]] = set()  # (scope, receiver) with _get_lr_called_within_step set
        self.scheduler_names: set[str] | None = None  # names the file binds to lr schedulers, read once when needed
        # (names bound to a ReduceLROnPlateau or warm restarts, every name assigned): walkschedulers._plateau_elsewhere
        self.quiet_step_names: tuple | None = None  # (schedulers.quiet_step_names(...),) once read
        self.epoch_scheduler_names: frozenset[str] | None = None  # ... to those whose step(epoch) warns, the same
        self.instance_bindings: dict[str, tuple[str, ...]] | None = None  # name -> non-torch classes bound to it
        self.own_class_methods: dict[str, frozenset[str]] | None = None  # the file's classes -> the methods they define
        self.local_bindings: dict[int, dict[str, tuple[str, ...]]] = {}  # the same per function scope, plain names
        self.tensor_receivers: dict[int, frozenset[str]] = {}  # per scope: names called with tensor-only methods
        self.source_text: str | None = None  # the file's text, set by check.collect: cheap tests before whole walks
        self.step_receivers: frozenset[str] | None = None  # the names before `.step(` in the text, when asked
        self.factory_stepped: frozenset[str] | None = None  # names of schedulers a factory stepped (when asked)
        self.text_names_scheduler: bool | None = None  # the text is not ASCII or spells lr_scheduler; read once
        self.patched: set[int] = set()  # ids of attribute targets a monkeypatch writes: not a use of the old one
        self.own_callables: set[str] | None = None  # the file's def / class names, read once when needed
        self.own_returns: dict[str, bool] | None = None  # function name -> it returns numpy or an object
        self.keyword_saves: list[tuple[ast.Call, int, tuple[str, str]]] = []  # calls of imported savers by keyword
        self.positional_saves: list[tuple[ast.Call, int, tuple[str, str]]] = []  # imported save functions' calls
        self.whole_saves: list[tuple[ast.Name, int, ast.Call]] = []  # torch.save(name, path): the name, its scope, the call
        # file name -> lines of the saves that seemed plain when walked; some are decided later (_late_object_files)
        self.plain_file_saves: dict[str, set[int]] = {}
        self.numpy_saved: set[str] | None = None  # of those, the names bound to NumPy values (asked by a load)
        self.flags: dict[str, ast.expr] | None = None  # module-level names bound once to a version/feature check
        self.version_names: dict[str, ast.expr] | None = None  # module-level names bound to torch.__version__
        self.partial_imported: bool | None = None  # `from functools import partial` (walkcalls._is_partial)
        self.attribute_flags: dict[int, dict[str, ast.expr]] = {}  # id(class) -> self attributes bound to a check
        self.attribute_versions: dict[int, dict[str, ast.expr]] = {}  # id(class) -> self attributes bound to the version
        self.stored_attributes: dict[str, int] | None = None  # versionflags.stored_attribute_counts, when asked
        self.scope_nodes: dict[int, ast.AST] = {}  # scope -> its function or class node
        self.module_constants: dict | None = None  # hubtrust.module_constants of the file, when a hub call asks
        self.name_choices = None  # namechoices.NameChoices of the file, when a named getattr on torch asks
        self.torch_stores: set[str] | None = None  # names the file sets on torch (walknames._set_on_torch)
        self.scope_checks: dict[int, LocalChecks] = {}  # scope -> its featurechecks.LocalChecks, when asked
        self.dead_selected: frozenset[str] | None = None  # functions only a skipped version branch selects
        self.off_flags: set[str] | None = None  # module-level flags a failed torch import sets False on the target
        self.device_off: frozenset[str] | None = None  # the module's vendor-device checks (devicechecks.off_checks)
        self.replaced: set[int] = set()  # id() of module-level defaults the module replaces at import
        self.member_owners: dict[int, str] = {}  # id() of `torch.ByteStorage` in `torch.ByteStorage._from_buffer` -> member
        self.table_elements: dict[int, str] = {}  # id(a value in a table display) -> the table name (tables.py)
        self.table_findings: dict[str, list] = {}  # table name -> findings kept until its use is known
        self.unused_defaults: set[int] = set()  # id() of nodes in a getattr default never used (listednames.py)
        self.listed_findings: dict[str, list] = {}  # the same for names whose reading is harmless (listednames.py)
        self.attribute_refs: dict[int, tuple[ast.ClassDef, str]] = {}  # self.f = torch.g: id(torch.g) -> (class, f)
        self.attribute_findings: dict[tuple[ast.ClassDef, str], list] = {}  # held until the class reads self.f
        self.bound_names: dict[int, str] = {}  # id(a torch name bound to a plain name) -> that name (listednames.py)
        self.built_modules: dict[int, str] = {}  # id(a call bound to self.attr or a local name) -> that name
        self.module_built: set[str] = set()  # those names bound at the module's top level
        self.unread_findings: dict[str, list] = {}  # built name -> findings of warns_in_forward rules (unreadmodules.py)
        self.built_owners: dict[int, ast.ClassDef] = {}  # id of a `self.attr = Module()` call -> its class
        self.built_functions: dict[int, ast.AST] = {}  # id of a local `m = Module()` call -> its function
        self.option_reaching: dict[int, list | None] = {}  # id(call) -> walkschedulers._option_reaching
        self.importing: tuple[str, str] | None = None  # (bound name, torch name) of the from-import being checked
        self.import_findings: dict[str, list] = {}  # bound name -> findings kept until a read is seen (unusedimports.py)
        self.unread_imports: dict[str, list[tuple]] = {}  # bound name -> (key, finding) of imports the file never reads:
        # a finding still where another module of the project imports the name and uses it (check.py, unusedimports.py)
        self.compared: set[int] = set()  # id() of names only compared, noted at the comparison (unusedimports.py)
        self.foreign: set[tuple[int, str]] = set()  # (scope, name) bound to a non-torch library's result
        self.foreign_classes: set[tuple[int, str]] = set()  # (scope, name) holding only such classes (classparams.py)
        self.foreign_attributes: set[tuple[str, str]] = set()  # (class, attr) holding such a parameter (foreignattrs.py)
        self.fixable: dict[tuple[int, int, str], ast.AST] = {}  # (line, byte column, rule id) -> node, for --fix
        self.calls: dict[int, ast.Call] = {}  # id(func node) -> its call
        self.scope_of: dict[int, int] = {}  # id(call) of a pending torch.load -> its scope
        self.decorators: set[int] = set()
        self.in_kernel = 0  # > 0 inside a function another library compiles (kernels.py): no tensors there
        self.bases: tuple[str, ...] = ()  # the torch base classes of the class being walked
        self.zero_starts: set[tuple[int, str]] = set()  # (scope, name) last bound to the number 0
        self.backward_names: dict[int, frozenset[str]] = {}  # function -> names it backward()s without a gradient
        self.zero_totals: set[tuple[int, str]] = set()  # ... then grown by a loss's .data: 0-dim (walkbindings)
        self.zero_dim: set[tuple[int, str]] = set()  # (scope, name) bound once, to a full reduction (zerodim.py)
        self.array_values: set[tuple[int, str]] = set()  # (scope, name) last bound to a pandas or NumPy chain
        self.own_volatile: bool | None = None  # the file stores self.volatile of its own (walknames.py)
        self.one_element: set[tuple[int, str]] = set()  # names bound to a one-element gradient (backwardgrads.py)
        self.zero_dim_functions: dict | None = None  # the file's functions -> what they return, read when asked (zerodim.py)
        self.module_instances: dict[str, str] | None = None  # module-level name -> the class it instantiates
        self.module_one_elements: frozenset[str] | None = None  # module-level one-element vectors (walkbindings)
        self.zero_dim_imports: dict[str, tuple[int, str | None, str]] = {}  # names from project modules (zerodimimports.py)
        self.zero_dim_modules: dict[str, tuple[int, str | None, str]] = {}  # project modules imported whole
        self.sys_path_folders: tuple[str, ...] = ()  # folders the file adds to sys.path (syspaths.py)
        self.parameter_kinds: dict[tuple[int, str], str | None] = {}  # (function, parameter) -> what passed callables return
        self.named_calls: dict[str, list[tuple[ast.AST, ast.Call]]] | None = None  # name -> its calls (passedcallables)
        self.unreduced_losses: frozenset[str] | None = None  # names bound only to non-reducing losses (walknames.py)
        self.stacking_helpers: dict[str, frozenset[int] | None] | None = None  # imported stack-returning functions (stackedhelpers.py)
        self.loss_modules: set[tuple[int, str]] = set()  # names bound to a reducing nn.*Loss() (walkbindings.py)
        self.module_loss_names: frozenset[str] | None = None  # the same, bound at module level (when asked)
        self.argument_copies: frozenset[str] | None = None  # functions returning a copy of their argument (walknames.py)
        self.zero_lists: set[tuple[int, str]] = set()  # names bound to a list comprehension of 0-dim values
        self.zero_appended: set[tuple[int, str]] = set()  # lists (self.x under scope 0) appended 0-dim values
        # names bound to {}: False before an item is stored, True while every stored value is 0-dim (losses["ce"] =
        # ...), None once one is not
        self.zero_dicts: dict[tuple[int, str], bool | None] = {}
        self.tensor_zero_dim: set[tuple[int, str]] = set()  # ... of zero_dim, those bound to what only a tensor gives
        self.tensor_totals: set[tuple[int, str]] = set()  # ... of zero_totals, those grown by what only a tensor gives
        self.method_kinds: dict[int, object] = {}  # id of a class's own method -> what it returns (zerodim.VALUE, ...)
        self.bound_once: set[tuple[int, str]] = set()  # (scope, name) bound at least once so far
        self.tensor_sizes: set[tuple[int, str]] = set()  # (scope, name) holding a tensor's size (tensorsizes.py)
        self.tracks_sizes = True  # bindings fill tensor_sizes (collect: not in a file that never says resize)
        self.tracks_gradients = True  # bindings note one-element gradients (collect: backwardgrads.py)
        self.sets: set[tuple[int, str]] = set()  # (scope, name) bound to a set: params = set(a) | set(b)
        self.keyword_dicts: dict[tuple[int, str], list[ast.keyword]] = {}  # (scope, name) -> a literal dict's items
        self.filled_dicts: set[str] | None = None  # names a statement of the file fills (moduledicts.filled_names)
        self.module_numbers: ModuleNumbers | None = None  # the module's literal constants, when asked (walkkeywords)
        self.conditional: dict[tuple, Rule] = {}  # finding key -> its rule, when the rule has unless_file_uses
        self.class_constants: dict[str, dict[str, str]] = {}  # class -> its string constants (_CONFIG_KEY = "config")
        self.classes: list[str] = []  # the classes being walked, innermost last
        self.module_classes: set[str] = set()  # this file's classes that derive from a torch module class
        self.module_returning: set[int] = set()  # functions annotated to return an nn.Module
        self.not_2d: set[tuple[int, str]] = set()  # (scope, name) bound to a tensor that is certainly not 2-D
        self.not_2d_attributes: dict[int, frozenset[str]] = {}  # id(class) -> its self attributes never 2-D (shapes.py)
        # (scope, name) -> the torch class its value is an instance of: a loop over profiler rows, the ctx of an
        # autograd Function's static methods
        self.instances: dict[tuple[int, str], str] = {}
        self.held_names: dict[str, dict[str, str | tuple[str, ...]]] = {}  # class -> attribute -> torch name(s) it holds (aliases.py)
        # in files that name profiler results (profilerrows.py): the file's functions handed rows, names bound
        # to collections of rows, and names bound to string literals (getattr(evt, sort_key))
        self.row_parameters: dict[str, dict[str, str]] | None = None
        self.row_lists: dict[tuple[int, str], str] = {}  # (scope, name) -> the profiler class of its elements
        self.strings: dict[tuple[int, str], set[str]] = {}
        self.writer_imports: dict[str, str] = {}  # local name -> what it names in a checkpoint writer's library
        gone = rules.gone_rule  # torch names the target lacks (gonenames.py), when that rule is in force
        self.gone_homes: dict[tuple, dict[str, str]] = {}  # finding key -> {gone name: its public home}
        self.shipped_reported: set[str] = set()  # former torch-wheel packages whose import this file reported
        self.shipped_local: dict[str, bool] = {}  # package -> whether the checked tree carries it itself
        self.gone_index = rules.gone if gone is not None and gone.applies_to(target) else None

    # A faster visit than NodeVisitor's: the method per node type is looked up once, and
    # leaves that never matter (Load/Store contexts, operators, constants) are not entered.
    _dispatch: dict[type, object] = {}

    @classmethod
    def _method(cls, kind: type):
        method = cls._dispatch[kind] = getattr(cls, "visit_" + kind.__name__, cls.generic_visit)
        return method

    def visit(self, node: ast.AST) -> None:
        kind = node.__class__
        (self._dispatch.get(kind) or self._method(kind))(self, node)

    def generic_visit(self, node: ast.AST) -> None:
        # (visit's dispatch written out: generic_visit and _visit_list run for most nodes of every file)
        kind = node.__class__
        fields = CHILD_FIELDS.get(kind)  # not the fields that hold strings or leaves
        if fields is None:
            fields = child_fields(kind)
        dispatch = self._dispatch
        for name in fields:
            value = getattr(node, name, None)
            kind = value.__class__
            if kind is list:
                self._visit_list(value)
            elif ENTERED[kind]:
                (dispatch.get(kind) or self._method(kind))(self, value)

    def _visit_list(self, items: list) -> None:
        """Nodes in order. After a check that is true on the target and whose branch always leaves the
        block (``if hasattr(torch.x, "f"): return torch.x.f(t)``), the rest of the block is the fallback
        for older releases: it never runs on the target, so nothing in it is reported."""
        dispatch = self._dispatch
        for item in items:
            kind = item.__class__
            if ENTERED[kind]:
                (dispatch.get(kind) or self._method(kind))(self, item)
                if kind is ast.If and id(item) in self.leaving:  # rare: the index is looked up then
                    self._visit_guarded(items[items.index(item) + 1:])
                    return
                if kind is ast.Assert and is_version_guard(item.test, self.imports) and \
                        self._runs_on_target(item.test) is False:
                    # `assert torch.__version__.split('.')[0] == '0'`: nothing after it runs on the target
                    self._visit_guarded(items[items.index(item) + 1:])
                    return
                if kind is ast.Raise or (kind is ast.Assert and _always_false(item.test)):
                    # `raise NotImplementedError` or `assert 1 == 0` above code left in place: it never runs
                    self._visit_guarded(items[items.index(item) + 1:])
                    return

    def collect(self, tree: ast.AST) -> list[Finding]:
        """The file's findings; loads that only the project can decide go to ``self.evidence.candidates``."""
        self.guarded += plugin_module(tree)  # a vendor-device-only module (devicechecks.py): reported like dead code
        # sizes bound to names matter only to a .resize(...) call (tensorsizes.py): not tracked at each binding of a
        # file whose text never says resize
        self.loads.source_text = self.source_text
        self.loads.filename = self.filename
        self.tracks_sizes = self.source_text is None or "resize" in self.source_text
        # one-element gradients matter only to a backward(...) given an argument (backwardgrads.py)
        self.tracks_gradients = bool(self.rules.by_backward_grad) and (
            self.source_text is None or _PASSES_GRADIENT.search(self.source_text) is not None)
        # calls passing (1, 5) are noted only in a file that spells such a pair (topkviews.py)
        self.notes_topk_calls = bool(self.rules.by_topk_view) and (
            self.source_text is None or wide_pair_spelled(self.source_text))
        self.topk_calls.folder = os.path.dirname(os.path.abspath(self.filename)) if self.filename else ""
        if self.notes_topk_calls:  # a call of a function the file defines itself is a call of that one
            self.topk_calls.defined = frozenset(node.name for node in getattr(tree, "body", ())
                                                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)))
            self.topk_calls.tree = tree
            if self.source_text is not None:
                self.topk_calls.spelled = wide_names_spelled(self.source_text)
        self.loads.local_classes.update(n.name for n in getattr(tree, "body", ()) if isinstance(n, ast.ClassDef))
        for node in getattr(tree, "body", ()):
            if isinstance(node, ast.ClassDef) and (constants := _string_constants(node)):
                self.class_constants[node.name] = constants
        if self.class_constants:
            self.loads.constant_of = class_constant_lookup(self.class_constants, self.classes)
        self.loads.local_functions.update(n.name for n in getattr(tree, "body", ())
                                          if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))
        self.loads.optimizer_classes = optimizer_group_options(tree)
        self.loads.nested_records = nested_records(tree)
        self.tree = tree
        self.dead = dead_ranges(tree, self.source_text)
        self.own_modules: dict[str, bool] = {}  # module path -> a file of the project (_own_function)
        self.own_roots: list[str] | None = None  # the folders it is looked up in (own_roots), when first asked
        self.alias_scopes: dict[int, int] = {}  # a plain name's binding -> its scope (aliases.py)
        held: dict[str, dict[str, list[str]]] = {}
        self.aliases = find_aliases(tree, self._resolve, self.rules.by_call.__contains__,
                                    self._runs_on_target, self.alias_scopes, held) if self.rules.by_call else {}
        if held:  # self.tt = torch.cuda, then self.tt.FloatTensor(n): only where such a binding exists
            self.held_names = held_torch_names(tree, held)
        for (owner, attr), named in self.aliases.items():
            if owner:
                self.class_facts.bindings.setdefault(owner, {})[attr] = list(dict.fromkeys(api for _, api in named))
        self.replaced = replaced_defaults(tree, self._runs_on_target)
        self.replaced |= replaced_in_block(tree, self._runs_on_target)
        built = built_optimizers(tree, self._resolve) if self.rules.by_step_order and (
            self.source_text is None or "scheduler" in self.source_text and "optim" in self.source_text) else frozenset()
        # shared by every function's step-order check
        self.optimizer_steps = OptimizerSteps(tree, built, self.filename or "", self.source_text)
        if mentions_rows(self.source_text):
            self.row_parameters = row_parameters(tree)
        if self.rules.by_step_order and isinstance(tree, ast.Module):  # a script's top-level training loop
            # (read before the walk: its project factories are known by the module's own imports)
            for node in tree.body:
                if isinstance(node, ast.ImportFrom):
                    self.loads.imported.update(from_imported(node, self.filename))
            self._check_step_order(tree)
        self.visit(tree)
        file_calls = shared_calls(tree, self._resolve)  # one walk of the calls for both mask passes, when one asks
        helpers = {}
        if self.rules.by_uint8_mask and self.source_text is not None:
            helpers = self._check_uint8_masks(tree, file_calls)
        if self.filename and self.source_text is not None:
            self._leave_passed_values(tree, file_calls, helpers)
        if self.rules.by_bool_subtraction and self.source_text is not None:
            for node, methods in bool_subtractions(tree, self.source_text, self.loads.provenance, self._resolve,
                                                   file_calls, self._bool_helpers):
                before = set(self.findings)
                self._report(node, "torch.Tensor.__sub__", self.rules.by_bool_subtraction)
                # a mask made by a method known by name alone (x.gt(r)): a class of the project's own may define
                # that method and return no bool tensor (ownmethods.py)
                self.class_facts.method_calls += [(key[0], finding.rule, method, passed)
                                                  for key, finding in self.findings.items() if key not in before
                                                  for method, passed in methods]
        if self.rules.by_instance_method:
            self._check_instance_methods(tree)
        if isinstance(tree, ast.Module) and (dead := self._dead_selected()):
            # the walk skipped these functions' bodies; the whole-file passes below read them too
            self.dead += tuple((node.lineno, node.end_lineno) for node in tree.body
                               if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in dead)
        for index, found_in, reads_project in _FILE_PASSES:
            if rules := getattr(self.rules, index):
                for found in found_in(tree, self._resolve, self.source_text,
                                      *((self.filename,) if reads_project else ())):
                    node, api = found if isinstance(found, tuple) else (found, rules[0].apis[0])
                    self._report(node, api, [rule for rule in rules if api in rule.apis] or rules)
        if self.rules.by_step_order and self.filename and may_update_early(self.source_text or ""):
            rule = self.rules.by_step_order[0]  # model.update_learning_rate() first in the epoch (modelschedules.py)
            if self.own_roots is None:  # shared with the walk's own-module look-ups (walkcalls._own_suffix)
                self.own_roots = own_roots(self.filename, self.source_text)
            for call in early_model_schedules(tree, tuple(self.own_roots)):
                self._report(call, rule.apis[0], [rule])
        if self.rules.by_step_order and self.filename and may_step_own_schedulers(self.source_text or ""):
            rule = self.rules.by_step_order[0]  # a MUNIT trainer's update_learning_rate() run first (modelschedules.py)
            if self.own_roots is None:
                self.own_roots = own_roots(self.filename, self.source_text)
            for call in early_trainer_steps(tree, tuple(self.own_roots)):
                self._report(call, rule.apis[0], [rule])
        if HABITAT_ENCODER in self.passed_kinds and (rules := self.rules.by_uint8_mask):
            for node in uint8_episode_masks(tree, self._resolve):  # handed to habitat's torch.where (habitatmasks.py)
                self._report(node, "torch.where", [rule for rule in rules if "torch.where" in rule.apis])
        if self.rules.gone_rule is not None and self.rules.gone_rule.applies_to(self.target):
            self._check_gone_members(tree)
        if self.rules.by_grad_scalar and self.rules.by_grad_scalar[0].applies_to(self.target):
            rule = self.rules.by_grad_scalar[0]  # float(getattr(self, "loss_" + name)): the project decides
            self.loss_attribute_floats = held_floats(
                tree, self.source_text, lambda node: self._finding(node, rule.apis[0], rule, rule.message, rule.fix))
            self.loss_classes = loss_classes(tree, self.source_text)
        if self.rules.by_topk_view:
            self._check_topk_views(tree)
        if self.table_findings:
            self._keep_dispatched_tables(tree)
        if self.listed_findings:
            self._keep_dispatched_tables(tree, self.listed_findings, unread_counts=False)
        for (cls, attr), held in self.attribute_findings.items():
            if reads_own_attribute(tree, cls, attr):
                self._release(held)
        if self.import_findings:
            self._keep_read_imports(tree)
        if self.unread_findings:
            self._keep_read_modules(tree)
        self.loads.config_objects = self.evidence.config_library
        for method, call, api in self.method_saves:
            if (built := self.returned_dicts.get(method)) is not None:
                before = len(self.evidence.plain_named)
                display = built[0]
                if method in self.function_saves:  # metrics, best = evaluate(...); metrics["epoch"] = k; torch.save(metrics)
                    display = self.loads.with_item_stores(display, call.args[0], self.scope_of_save[id(call)], built[1])
                self._note_saved_layout(display, call, api, built[1])
                if len(self.evidence.plain_named) > before and method not in self.function_saves:
                    self.evidence.method_plain.add(self.evidence.plain_named[-1][0])
        if self.evidence.unsettled:
            self.evidence.settle(self._saved_source)
            self.loads.settled_object_lines = {line for _, line, _ in self.evidence.built_layouts}
        # a saved config is an object or plain data by the project's imports and classes: the project decides a load
        # of that save's layout, not this file's own plain save (project.py)
        self.loads.settled_object_lines |= {line for _, line, _ in self.evidence.config_layouts}
        # so is a value drawn from an imported project callable (`miou = evaluate(...)` of another module, which may
        # return numpy): the project reads that callable (project.py), the file's own resave proves nothing; a
        # standard-library callable (`defaultdict(...)`) is no project's
        self.loads.settled_object_lines |= {line for _, line, drawn in self.evidence.derived_layouts if any(
            module.partition(".")[0] not in sys.stdlib_module_names for _, (module, _) in drawn)}
        for call, fallbacks in self.importing_loads:  # the layouts this file saves in the format that load reads
            keys = self.loads.keys_of(call).union(*(self.loads.keys_of(other) for other in fallbacks
                                                     if id(other) in self.loads.load_ids))
            self.evidence.note_importing_load(keys, call.lineno)
        for call, scope, (module, function) in self.positional_saves:
            for position, argument in enumerate(call.args):
                if isinstance(argument, ast.Starred):
                    break
                # an optimizer or model built here, handed on whole (a name: `cfg.TRAIN.MODEL` is a setting)
                if isinstance(argument, ast.Name) and self.loads.holds_object(argument, scope):
                    self.evidence.positional_sources.append((module, function, position, PASSED_OBJECT))
                elif (found := self._keyword_source(argument, scope)) and (found is True or found[0] != KEYWORDS):
                    self.evidence.positional_sources.append((module, function, position, found))
        for call, scope, (module, method) in self.keyword_saves:
            for keyword in call.keywords:
                if keyword.arg is not None and (found := self._keyword_source(keyword.value, scope)) and \
                        (found is True or found[0] != KEYWORDS):
                    self.evidence.keyword_sources.append((module, method, keyword.arg, found))
        if self.plain_file_saves:
            self._late_object_files()
        waiting: dict[int, tuple[ast.Call, str, list[Rule]]] = {}
        for rule, call, api in self.pending:
            waiting.setdefault(id(call), (call, api, []))[2].append(rule)
        object_paths = self._paths_loaded_as_objects(waiting.values())
        for call, api, rules in ([] if self.allowlisted else waiting.values()):
            by_when = {rule.when: rule for rule in rules}
            if "loads-pickled-object" in by_when and id(call) in self.loads.graph_gets:
                self._report(call, api, [by_when["loads-pickled-object"]])  # a PyG Dataset's get returns the graph
            elif "loads-pickled-object" in by_when and self.loads.is_object(call) and \
                    not self.loads.writes_state_dicts_only():
                self._report(call, api, [by_when["loads-pickled-object"]])
            elif "loads-pickled-object" in by_when and any(
                    not self._exclusive(call, other) for other in object_paths.get(self._same_path_key(call), ())):
                self._report(call, api, [by_when["loads-pickled-object"]])  # the file another load reads as a module
            elif ("saved-objects" in by_when and self.loads.may_hold_objects(call, self.scope_of.get(id(call), 0))
                  and not self.loads.is_object(call)):
                self._report(call, api, [by_when["saved-objects"]])
            elif "saved-objects" in by_when and (bound := self.loads.bindings.get(id(call))) is not None and \
                    bound[1] in self._numpy_saved():
                self._report(call, api, [by_when["saved-objects"]])
            elif later := (tuple(rule for rule in rules if rule.when in ENV_CONDITIONS)
                           if self.loads.reads_own_plain_save(call, self.scope_of.get(id(call), 0)) and
                           not self.loads.publishes(call) else  # (a converter's in-place save: no resume)
                           # (a resumed plain checkpoint this file writes to the same path: only the env opt-out)
                           tuple(rule for rule in rules if rule.when in PROJECT_CONDITIONS or (
                               rule.when == "loads-pickled-object" and (path_literal(loaded_path(call)) is not None
                                                                         or self.loads.reads_config_key(call))))):
                self.evidence.candidates.append(LoadCandidate(
                    call.lineno, call.col_offset + 1, call.end_lineno, call.end_col_offset + 1, api,
                    self.loads.keys_of(call) | self.loads.popped_keys_of(call), self.loads.has_variable_key(call),
                    self.loads.is_ckpt_path(call.args[0] if call.args else None, self.scope_of.get(id(call), 0)),
                    later, path_literal(loaded_path(call)),
                    self.loads.file_name(path, self.scope_of.get(id(call), 0)) if (path := loaded_path(call)) else None,
                    # in a file that imports Lightning itself, `if "state_dict" in sd` still tests a Lightning .ckpt
                    self.loads.state_keys_of(call), frozenset() if self.evidence.lightning else self.loads.optional_keys_of(call),
                    self.loads.path_parameter(call, self.scope_of.get(id(call), 0)), self.loads.publishes(call),
                    self.evidence.lightning and resumed_by_fit(self.source_text, loaded_path(call)),
                    self._loaded_constant(call), self.loads.helpers_of(call),
                    # (asked only where the key pair alone would decide: no Lightning import in the file)
                    not self.evidence.lightning and LIGHTNING_SHARED <= self.loads.keys_of(call) and
                    strips_wrapper_prefix(self.scope_nodes.get(self.scope_of.get(id(call), 0), self.tree)),
                    self.loads.guarded_keys_of(call), self.loads.unpacked.get(id(call)),
                    self.loads.reads_config_key(call), self._loaded_option(call)))
        # a load the project itself makes with weights_only=True that unwraps "state_dict" when present: the
        # project's own files of that kind load as they are (see ProjectEvidence._lightning)
        self.evidence.weights_only_unwrap = any("state_dict" in self.loads.optional_keys_of(call)
                                                for call in self.weights_only_loads)
        self.evidence.parameter_keys = self.loads.parameter_keys()
        if self.evidence.candidates:
            self.evidence.imported_modules = {suffix for suffix, _ in self.loads.imported.values()} | {
                f"{suffix}/{name}" for suffix, name in self.loads.imported.values()} | set(
                self.loads.imported_modules.values())
        self.class_facts.keep_inherited_calls(self.loads.imported)
        self._summarise_returns()
        if self.conditional:
            self._drop_where_the_file_uses(tree)
        return sorted(self.findings.values())

    def _check_gone_members(self, tree: ast.AST) -> None:
        """``self._format_param(...)`` in an OneCycleLR subclass: a member its torch class no longer has
        (gonemembers.py), reported under the gone-name rule."""
        rule = self.rules.gone_rule
        target = f"{self.target.major}.{self.target.minor}"
        for node, api, last in gone_member_uses(tree, self._resolve, self.source_text):
            if any(first <= node.lineno <= end for first, end in (*self.dead, *self.guarded_spans)):
                continue  # in `if False:` or a version check false on the target: code that cannot run there
            key = (node.lineno, node.col_offset + 1, api, rule.pattern)
            message = (f"`{api}` does not exist in torch {target} (AttributeError there: the object has no attribute "
                       f"'{api.rpartition('.')[2]}'); the last build checked that has it is torch {last}")
            self.findings.setdefault(key, self._finding(node, api, rule, message, rule.fix))

    def _late_object_files(self) -> None:
        """A save first taken for plain data and decided once the file is walked (``torch.save(vocab, 'vocab.pt')``
        where ``vocab = build_vocab(...)`` returns the project's own object): its file name is one the file saves
        objects to, for the loads of other files (project.py), and no longer a plain one unless another save wrote
        plain data there."""
        object_lines = self.loads.settle_saves()
        for named, lines in self.plain_file_saves.items():
            if late := lines & object_lines:
                self.evidence.object_files.setdefault(named, min(late))
                if not lines - late:
                    self.evidence.plain_files.discard(named)

    def _check_topk_views(self, tree: ast.AST) -> None:
        rules = self.rules.by_topk_view
        api = rules[0].apis[0]
        for view in topk_views(tree, self.source_text):
            if not isinstance(view, PendingView):
                self._report(view, api, rules)
            elif rules[0].applies_to(self.target):  # decided by the project's calls (check.py)
                self.topk_pending.append((view, self._finding(view.node, api, rules[0], rules[0].message,
                                                              rules[0].fix)))

    def _numpy_saved(self) -> set[str]:
        """The names the file torch.save()s whole while they hold NumPy values: ``torch.save(ms_eps, fname)`` and
        ``ms_eps = torch.load(ms_eps_path)`` elsewhere in the file are one file, whatever the paths are called. Read
        once, when a load first asks."""
        if self.numpy_saved is None:
            # (a save that runs once is not reached by the name's bindings below it: `x = x.cpu().numpy()` after it)
            self.numpy_saved = {name.id for name, scope, call in self.whole_saves
                                if self._saved_source(name, (scope, False, self._runs_once(call, scope))) is True}
        return self.numpy_saved

    def _check_instance_methods(self, tree: ast.AST) -> None:
        """``writer.add_graph(...)`` on the file's own ``SummaryWriter``: each rule's ``api`` is class.method."""
        methods = methods_of(self.rules.by_instance_method)
        for call, api in built_instance_calls(tree, self._resolve, methods, self.source_text):
            self._report(call, api, [rule for rule in self.rules.by_instance_method if api in rule.apis])

    def _bool_helpers(self) -> dict:
        """The project functions the file imports that return a bool tensor (helpermasks.py)."""
        if not self.filename or self.tree is None:
            return {}
        from .helpermasks import imported_uint8_helpers
        return imported_uint8_helpers(self.tree, self.source_text, self.filename, kind="bool")

    def _check_uint8_masks(self, tree: ast.AST, file_calls) -> dict:
        """uint8 tensors used as bool masks, once the file's bindings are known (uint8masks.py); the project
        functions the file imports that return one (helpermasks.py)."""
        helpers = {}
        if "import" in self.source_text and self.filename:
            from .helpermasks import imported_uint8_helpers
            helpers = imported_uint8_helpers(tree, self.source_text, self.filename)
        for node, api in uint8_mask_uses(self.source_text, self.loads.provenance, self._resolve, file_calls,
                                         helpers, self.masks_at_makers):
            self._report(node, api, [rule for rule in self.rules.by_uint8_mask if api in rule.apis])
        return helpers

    def _leave_passed_values(self, tree: ast.AST, file_calls, helpers: dict) -> None:
        """What the sub-project needs to follow uint8 masks and GPU lengths between functions (passedvalues.py):
        read where the file makes or uses one, in a sub-project where some file makes uint8 tensors (masks) or packs
        sequences (lengths)."""
        text = self.source_text
        kinds = self.passed_kinds
        makes = bool(self.rules.by_uint8_mask) and (makes_uint8(text) or bool(helpers))
        masks = bool(self.rules.by_uint8_mask) and ("uint8" in kinds or bool(helpers)) and (
            makes or "masked_" in text or "where(" in text)
        packs = bool(self.rules.by_cuda_lengths) and "cuda" in kinds
        lengths = packs and "pack_padded_sequence" in text
        moves = packs and (".cuda(" in text or ".to(" in text or "device=" in text or "sum(" in text)
        if not (masks or lengths or moves):
            return
        calls = file_calls()
        functions = file_functions(calls)
        seeds = {}
        if makes:
            seeds["uint8"] = uint8_arguments(self.loads.provenance, self._resolve, file_calls, helpers)
        if moves:
            seeds["cuda"] = device_arguments(calls, tree, self._resolve)
        uses = (mask_uses(calls, functions, self._passed_use_finding, self.masks_at_makers) if masks else []) + (
            length_uses(functions, self._resolve, self._passed_use_finding) if lengths else [])
        self.passed_values = file_values(self.filename, calls, functions, seeds, uses, tree=tree)

    def _passed_use_finding(self, node: ast.AST, api: str) -> Finding | None:
        """The finding of a use a value of another function may reach (passedvalues.py)."""
        if self.guarded or self.dead and any(first <= node.lineno <= last for first, last in self.dead):
            return None
        rules = self.rules.by_cuda_lengths if api == "torch.nn.utils.rnn.pack_padded_sequence" else \
            self.rules.by_uint8_mask
        rule = next((rule for rule in rules if api in rule.apis and rule.applies_to(self.target)), None)
        return None if rule is None else self._finding(node, api, rule, rule.message, rule.fix)

    def _summarise_returns(self) -> None:
        """The module-level functions that return a ruled torch callable (returnedcalls.py)."""
        for function, returned in self.returned_values.values():
            if returned and (apis := returned_apis(function, returned, self._alias_resolve,
                                                   self.rules.by_call.__contains__)):
                self.return_facts.returns[function.name] = apis

    # --- scopes and bindings -------------------------------------------------
    def _visit_scope(self, node: ast.AST) -> None:
        dead = self.scope == 0 and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
            and node.name in self._dead_selected()  # fft2_old, chosen only below another release (deadselections.py)
        self.guarded += dead
        try:
            self._visit_scope_imports(node)
        finally:
            self.guarded -= dead

    def _dead_selected(self) -> frozenset[str]:
        if self.dead_selected is None:
            self.dead_selected = dead_selected_functions(self.tree, self._runs_on_target) | gated_functions(
                self.tree, self._runs_on_target, self.source_text) if isinstance(self.tree, ast.Module) else frozenset()
        return self.dead_selected

    def _visit_scope_imports(self, node: ast.AST) -> None:
        hidden = self.imports.hidden_in(node)
        # a local binding hides a module-level torch import in this function only; a local import replaces it
        local = {name: qualified for name, qualified in self.imports.imported_in(node).items() if name not in hidden}
        if (chosen := self.imports.chosen_in(node)) != self.imports.choices:
            outer, self.imports.choices = self.imports.choices, chosen
            self.imports.forget_resolved()
            try:
                return self._visit_scope_aliases(node, hidden, local)
            finally:
                self.imports.choices = outer
                self.imports.forget_resolved()
        self._visit_scope_aliases(node, hidden, local)

    def _visit_scope_aliases(self, node: ast.AST, hidden: set[str], local: dict[str, str]) -> None:
        if hidden or local:
            saved = {name: self.imports.aliases.pop(name) for name in hidden | local.keys() if name in self.imports.aliases}
            self.imports.aliases.update(local)
            self.imports.forget_resolved()
            try:
                self._visit_scope_body(node)
            finally:
                for name in local:
                    self.imports.aliases.pop(name, None)
                self.imports.aliases.update(saved)
                self.imports.forget_resolved()
            return
        self._visit_scope_body(node)

    def _visit_scope_body(self, node: ast.AST) -> None:
        outer, self.scope = self.scope, id(node)
        self.scope_nodes[self.scope] = node
        self.loads.provenance.parents[self.scope] = outer  # a nested saver reads names of the enclosing function
        if self.classes and not isinstance(node, ast.ClassDef):
            self.loads.provenance.note_owner(self.scope, self.classes[-1])  # its self.x belongs to that class
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            arguments = node.args
            self.loads.params[self.scope] = {a.arg for a in (*arguments.posonlyargs, *arguments.args,
                                                             *arguments.kwonlyargs)}
            self.loads.note_annotated_params(self.scope, (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs))
            self.loads.signatures[self.scope] = (node.name, [a.arg for a in (*arguments.posonlyargs, *arguments.args)
                                                             if a.arg not in ("self", "cls")])
            if self.classes or outer == 0:  # a method, or a module-level function (savepairs.py)
                self.loads.pairs.note_function(self.scope, self.classes[-1] if self.classes else "", node.name,
                                               [a.arg for a in (*arguments.posonlyargs, *arguments.args)])
            if not self.classes:  # a plain function, called by its name: f(ckpt["cfg"])
                positional = [a.arg for a in (*arguments.posonlyargs, *arguments.args)]
                self.loads.functions[self.scope] = (node.name, positional)
                self.loads.provenance.note_function(node, self.scope)
                if outer == 0:  # module level: another module may call it (returnedcalls.py)
                    self.return_facts.functions.add(node.name)
                    self.returned_values[self.scope] = (node, [])
            elif isinstance(self.scope_nodes.get(outer), ast.ClassDef):  # a method, called as self.name(...)
                self.loads.provenance.note_method_def(node, self.scope)
                self.loads.methods[self.scope] = (f"{self.classes[-1]}.{node.name}", [
                    a.arg for a in (*arguments.posonlyargs, *arguments.args)][1:])
            if self.classes and arguments.kwarg is not None:  # a method taking **kwargs, which it may save
                self.loads.provenance.note_method(node, self.scope, self.classes[-1])
            if (arguments.defaults or any(arguments.kw_defaults)) and (
                    callable_name := self._called_as(node, outer)) is not None:
                self.defaults_of[self.scope] = (callable_name, quiet_defaults(node))
            if arguments.kwarg is not None and ((callable_name := self._called_as(node, outer)) is not None or (
                    outer in self.class_scopes and _is_private(node.name))):
                named = frozenset(a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs))
                self.spreading[self.scope] = (callable_name or node.name, arguments.kwarg.arg, named - {"self"},
                                              callable_name is None)
            if node.decorator_list:  # @pytest.mark.parametrize("spec_class", [OneHot, Binary])
                self.foreign_classes.update((self.scope, name) for name in parametrized_classes(node, self._foreign_import))
            for decorator in node.decorator_list:
                self.decorators.add(id(decorator))
                self.visit(decorator)
            self.visit(node.args)
            if node.returns is not None and self._returns_modules(node.returns):
                self.module_returning.add(self.scope)
            self._visit_annotation(node.returns, evaluated=True)
            if self.rules.by_step_order:
                self._check_step_order(node)
            if self.row_parameters and outer == 0 and node.name in self.row_parameters:
                for parameter, rows in self.row_parameters[node.name].items():  # save_profile_data(csv, events)
                    self.row_lists[(self.scope, parameter)] = rows
            if outer in self.class_scopes and (ctx := function_ctx(node, self.bases)) is not None:
                self.instances[(self.scope, ctx)] = FUNCTION_CTX  # ctx.saved_variables in backward
            kernel = bool(node.decorator_list) and is_foreign_kernel(node, self._foreign_import, self._own_import)
            self.in_kernel += kernel
            self._visit_list(node.body)
            self.in_kernel -= kernel
        elif isinstance(node, ast.ClassDef):
            self.loads.local_classes.add(node.name)
            self.classes.append(node.name)
            self.class_nodes.append(node)
            self.class_scopes.add(self.scope)
            outer_bases = self.bases
            # `class S(Sampler[int])` subclasses Sampler: the subscript is only a type parameter
            self.bases = tuple(filter(None, (self._resolve(base.value if isinstance(base, ast.Subscript) else base)
                                             for base in node.bases)))
            # `class TopK(RobustCE)` with `class RobustCE(nn.CrossEntropyLoss)` above it and no __init__ of its
            # own: TopK's super().__init__(...) is CrossEntropyLoss.__init__ (an __init__ in between decides)
            outer_super_bases = self.super_bases
            self.super_bases = self.bases + tuple(
                base for parent in node.bases if isinstance(parent, ast.Name)
                for base in self.init_bases.get(parent.id, ()) if base not in self.bases)
            defines_init = any(isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) and child.name == "__init__"
                               for child in node.body)
            self.init_bases[node.name] = () if defines_init else self.super_bases
            self._check_plain_methods(node)
            if self.rules.by_skipped_init:
                self._check_skipped_init(node)
            if self.rules.by_required_step:
                self._check_required_step(node)
            if holds_scheduler(node):
                self.loads.scheduler_holders.add(node.name)
            if any(dotted_name(base) in self.loads.graph_dataset_names for base in node.bases):
                self.loads.graph_gets |= returned_graph_loads(node)  # a PyG Dataset's get returns a loaded graph
            self.class_facts.note_class(node, self._resolve, self.rules.receiver_methods)
            if any(is_module_class(base) for base in self.bases) or any(
                    isinstance(parent, ast.Name) and parent.id in self.module_classes for parent in node.bases):
                self.module_classes.add(node.name)  # an nn.Module subclass: its self has Module's methods
                self.class_facts.module_classes.add(node.name)
            self.generic_visit(node)
            self.bases, self.super_bases = outer_bases, outer_super_bases
            self.classes.pop()
            self.class_nodes.pop()
        else:
            self.generic_visit(node)
        self.scope = outer

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = visit_ClassDef = _visit_scope

    def visit_Expr(self, node: ast.Expr) -> None:
        if isinstance(node.value, ast.Call):
            self.loads.note_discarded(node.value, self.scope)  # model.cpu() as a statement: a module, moved in place
        self.generic_visit(node)

    def visit_Return(self, node: ast.Return) -> None:
        if node.value is not None:
            self.loads.note_return(node.value, self.scope)
            holder = self.scope_nodes.get(self.scope)
            if isinstance(holder, (ast.FunctionDef, ast.AsyncFunctionDef)) and holder.returns is not None:
                self.loads.note_annotated_return(node.value, holder.returns, self.scope)
        if self.scope in self.returned_values and isinstance(node.value, (ast.Name, ast.Attribute)):
            self.returned_values[self.scope][1].append(node.value)
        if isinstance(node.value, ast.Name):
            self.loads.returned.add((self.scope, node.value.id))
            if (built := self.loads.dicts.get((self.scope, node.value.id))) is not None and \
                    (signature := self.loads.signatures.get(self.scope)) is not None:
                # result = {"loss": l}; result["acc"] = acc; return result: with what the function stored into it
                self.returned_dicts.setdefault(signature[0], (
                    self.loads.with_item_stores(built, node.value, self.scope, self.scope), self.scope))
        elif isinstance(node.value, ast.Dict) and (signature := self.loads.signatures.get(self.scope)) is not None:
            self.returned_dicts.setdefault(signature[0], (node.value, self.scope))  # return {"loss": l, "acc": acc}
        elif isinstance(node.value, ast.Tuple) and self.scope in self.loads.functions:
            # return metrics, is_best: item i of a plain function's result, a dict the function builds
            name = self.loads.functions[self.scope][0]
            for position, element in enumerate(node.value.elts):
                if isinstance(element, ast.Name) and (built := self.loads.dicts.get((self.scope, element.id))):
                    self.returned_dicts.setdefault(f"{name}#{position}", (built, self.scope))
        elif isinstance(node.value, ast.Call) and self.scope in self.module_returning and \
                self._resolve(node.value.func) == "torch.load":
            self.loads.object_calls.add(id(node.value))  # def load_model(p) -> nn.Module: return torch.load(p)
        if isinstance(node.value, ast.Name) and self.scope in self.module_returning:
            # -> dict[str, nn.Module]: modules = torch.load(p); return modules: the name holds the load here
            key = (self.scope, node.value.id)
            self.loads.object_calls.update(
                self.loads.load_ids & {self.loads.current.get(key), *self.loads.alternatives.get(key, ())})
        self.generic_visit(node)


def _string_constants(node: ast.ClassDef) -> dict[str, str]:
    """``_CONFIG_KEY = "config"`` in a class body: the names a class binds to a string."""
    return {target.id: statement.value.value for statement in node.body if isinstance(statement, ast.Assign)
            and isinstance(statement.value, ast.Constant) and isinstance(statement.value.value, str)
            for target in statement.targets if isinstance(target, ast.Name)}


def class_constant_lookup(constants: dict[str, dict[str, str]], classes: list[str]):
    """``cls._CONFIG_KEY`` / ``self._CONFIG_KEY`` in a method, ``Loader._CONFIG_KEY`` anywhere: the string a
    module-level class binds to that name in its body. ``classes`` is the walk's stack of open classes.
    A function over the walker's two containers, not a bound method: LoadedObjects keeps it, and a bound
    method would make walker and tree a reference cycle that only a full collection frees."""
    def lookup(node: ast.expr) -> str | None:
        if not (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)):
            return None
        owner = node.value.id
        if owner in ("cls", "self"):
            owner = classes[-1] if classes else ""
        return constants.get(owner, {}).get(node.attr)
    return lookup


def _is_private(name: str) -> bool:
    """``_export``, not ``__call__``: a method only its own code calls (spread.py)."""
    return name.startswith("_") and not name.startswith("__")


def _always_false(test: ast.expr) -> bool:
    """``False``, ``0``, ``None``, ``1 == 0``: an assertion that always fails."""
    if isinstance(test, ast.Constant):
        return not test.value
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.left, ast.Constant) and \
            isinstance(test.comparators[0], ast.Constant) and isinstance(test.ops[0], (ast.Eq, ast.NotEq)):
        equal = test.left.value == test.comparators[0].value
        return not equal if isinstance(test.ops[0], ast.Eq) else equal
    return False
