"""The rules in force: check-rules.toml plus the sections' metadata, indexed for the walker."""

from __future__ import annotations

import os
from collections import defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Iterable

from ..errors import NotFound
from ..markdown import iter_reference_files
from .codes import CODES_FILE_NAME, CodeRegistry
from .rule import Rule
from .surfacerules import rules_from_surface

if TYPE_CHECKING:  # the parser and its problems are loaded only when the rule cache is rebuilt
    from ..markdown import Problem, Section

RULES_FILE_NAME = "check-rules.toml"


@dataclass(eq=False)  # compared by identity: a generated __eq__ would only cost start-up
class RuleSet:
    """The rules in force and the sections they point at, indexed for the walk."""

    rules: list[Rule]
    sections: dict[str, Section]
    problems: list[Problem] = field(default_factory=list)  # stale section pointers, malformed references
    by_name: dict[str, list[Rule]] = field(init=False)
    by_call: dict[str, list[Rule]] = field(init=False)
    by_method: dict[str, list[Rule]] = field(init=False)
    by_list_index: list[Rule] = field(init=False)  # x[[slice(...), 0]]: the receiver is unknown, the index shape decides
    by_scalar_index: list[Rule] = field(init=False)  # loss.data[0]: the receiver's name decides
    by_step_order: list[Rule] = field(init=False)  # scheduler.step() before optimizer.step() (steporder.py)
    by_uint8_mask: list[Rule] = field(init=False)  # a uint8 tensor used as a bool mask (uint8masks.py)
    by_bool_subtraction: list[Rule] = field(init=False)  # 1 - mask on a bool tensor (boolmasks.py)
    by_out_resize: list[Rule] = field(init=False)  # out= a non-empty tensor of another shape (outresize.py)
    by_loader_next: list[Rule] = field(init=False)  # loader_iter.next() on a DataLoader's iterator (loaderiters.py)
    by_dict_key: list[Rule] = field(init=False)  # labels[idx[i]]: a tensor element as a dict key (dictkeys.py)
    by_topk_view: list[Rule] = field(init=False)  # correct[:k].view(-1) of transposed top-k indices (topkviews.py)
    by_backward_grad: list[Rule] = field(init=False)  # loss.backward(one) on a 0-dim loss (backwardgrads.py)
    by_zero_dim_round: list[Rule] = field(init=False)  # round(x) of a 0-dim tensor (walkcalls.py)
    by_zero_dim_cat: list[Rule] = field(init=False)  # torch.cat of a list of 0-dim values (walkcalls.py)
    by_grad_scalar: list[Rule] = field(init=False)  # float(loss) of a tensor that requires grad (gradscalars.py)
    by_negative_stride: list[Rule] = field(init=False)  # np.sort(l)[::-1] handed to torch (negativestrides.py)
    by_index_division: list[Rule] = field(init=False)  # top-k ids / n used as an index (intdivision.py)
    by_instance_method: list[Rule] = field(init=False)  # a method of an instance the file builds (instancemethods.py)
    by_cuda_lengths: list[Rule] = field(init=False)  # pack_padded_sequence given GPU lengths (cudalengths.py)
    by_launch_command: list[Rule] = field(init=False)  # "python -m torch.distributed.launch" built (launchcommands.py)
    by_dotted_name: list[Rule] = field(init=False)  # a registered name with a dot (dottednames.py)
    by_causal_layer: list[Rule] = field(init=False)  # a transformer stack of a layer without is_causal (causallayers.py)
    by_bce_target_size: list[Rule] = field(init=False)  # BCE of an (N, 1) output and an (N,) label (bcetargets.py)
    by_int_full_target: list[Rule] = field(init=False)  # BCE of a torch.full(size, 1) label (intlabels.py)
    by_mask_pair: list[Rule] = field(init=False)  # a float attention mask beside a padding mask (maskpairs.py)
    by_istft_real: list[Rule] = field(init=False)  # torch.istft of a real (..., 2) spectrum (istftinputs.py)
    by_operation_tuple: list[Rule] = field(init=False)  # _jit_get_operation(n) called as an operator (operationtuples.py)
    by_reduced_expand: list[Rule] = field(init=False)  # A.sum(1).expand_as(A) without keepdim (reducedexpands.py)
    by_function_instance: list[Rule] = field(init=False)  # MyFn().apply(x) (functioninstances.py)
    by_skipped_init: list[Rule] = field(init=False)  # an Optimizer subclass skipping Optimizer.__init__ (skippedinit.py)
    by_required_step: list[Rule] = field(init=False)  # a scheduler subclass whose step() needs an argument (requiredstep.py)
    by_rnn_argument: list[Rule] = field(init=False)  # nn.LSTM(n_in, n_hid, n_layers, dropout) (rnnarguments.py)
    by_constructor_dtype: list[Rule] = field(init=False)  # torch.ByteTensor(x > 0.5) (typedconstructors.py)
    by_tensor_type: list[Rule] = field(init=False)  # type(h) == Variable (tensortypes.py)
    by_stale_graph: list[Rule] = field(init=False)  # backward() through a graph a step made stale (stalegraphs.py)
    by_probe: list[Rule] = field(init=False)  # hasattr(obj, "renamed_attribute") (probes.py)
    # base class -> (method, rule) for the methods its subclasses must not define as plain methods
    by_plain_method: dict[str, list[tuple[str, Rule]]] = field(init=False)
    gone_rule: Rule | None = field(init=False)  # kind=gone: torch names the target lacks (gonenames.py)
    keyword_rule: Rule | None = field(init=False)  # kind=unknown-keyword: keywords the target refuses
    by_code: dict[str, Rule] = field(init=False)
    quiet_members: frozenset[str] = field(init=False)  # every name rule's quiet_members (``_from_buffer``)
    # methods a rule names its receiver for (``scheduler.step``, ``scheduler.get_lr``), step-order's ``step`` too:
    # the project's classes that define one are recorded (inherited.ClassFacts.overrides)
    receiver_methods: frozenset[str] = field(init=False)
    # a name rule's old API -> the qualified name --fix rewrites it to (torch.cuda.amp.autocast -> torch.amp.autocast)
    renamed_to: dict[str, str] = field(init=False)
    keyword_arguments: frozenset[str] = field(init=False)  # every keyword a keyword rule names (inherited.py)
    _name_cache: dict = field(init=False, default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.by_name, self.by_call, self.by_method = defaultdict(list), defaultdict(list), defaultdict(list)
        self.by_list_index = [rule for rule in self.rules if rule.kind == "list-index"]
        self.by_scalar_index = [rule for rule in self.rules if rule.kind == "scalar-index"]
        self.by_step_order = [rule for rule in self.rules if rule.kind == "step-order"]
        self.by_uint8_mask = [rule for rule in self.rules if rule.kind == "uint8-mask"]
        self.by_bool_subtraction = [rule for rule in self.rules if rule.kind == "bool-subtraction"]
        self.by_probe = [rule for rule in self.rules if rule.kind == "probe"]
        self.by_out_resize = [rule for rule in self.rules if rule.kind == "out-resize"]
        self.by_loader_next = [rule for rule in self.rules if rule.kind == "loader-next"]
        self.by_dict_key = [rule for rule in self.rules if rule.kind == "dict-key"]
        self.by_topk_view = [rule for rule in self.rules if rule.kind == "topk-view"]
        self.by_backward_grad = [rule for rule in self.rules if rule.kind == "backward-grad"]
        self.by_zero_dim_round = [rule for rule in self.rules if rule.kind == "zero-dim-round"]
        self.by_zero_dim_cat = [rule for rule in self.rules if rule.kind == "zero-dim-cat"]
        self.by_grad_scalar = [rule for rule in self.rules if rule.kind == "grad-scalar"]
        self.by_negative_stride = [rule for rule in self.rules if rule.kind == "negative-stride"]
        self.by_index_division = [rule for rule in self.rules if rule.kind == "index-division"]
        self.by_instance_method = [rule for rule in self.rules if rule.kind == "instance-method"]
        self.by_cuda_lengths = [rule for rule in self.rules if rule.kind == "cuda-lengths"]
        self.by_launch_command = [rule for rule in self.rules
                                  if rule.kind == "name" and "torch.distributed.launch" in rule.apis]
        self.by_dotted_name = [rule for rule in self.rules if rule.kind == "dotted-name"]
        self.by_causal_layer = [rule for rule in self.rules if rule.kind == "causal-layer"]
        self.by_bce_target_size = [rule for rule in self.rules if rule.kind == "bce-target-size"]
        self.by_int_full_target = [rule for rule in self.rules if rule.kind == "int-full-target"]
        self.by_mask_pair = [rule for rule in self.rules if rule.kind == "mask-pair"]
        self.by_istft_real = [rule for rule in self.rules if rule.kind == "istft-real"]
        self.by_operation_tuple = [rule for rule in self.rules if rule.kind == "operation-tuple"]
        self.by_reduced_expand = [rule for rule in self.rules if rule.kind == "reduced-expand"]
        self.by_function_instance = [rule for rule in self.rules if rule.kind == "function-instance"]
        self.by_skipped_init = [rule for rule in self.rules if rule.kind == "skipped-init"]
        self.by_required_step = [rule for rule in self.rules if rule.kind == "required-step"]
        self.by_rnn_argument = [rule for rule in self.rules if rule.kind == "rnn-argument"]
        self.by_constructor_dtype = [rule for rule in self.rules if rule.kind == "constructor-dtype"]
        self.by_tensor_type = [rule for rule in self.rules if rule.kind == "tensor-type"]
        self.by_stale_graph = [rule for rule in self.rules if rule.kind == "stale-graph"]
        self.by_plain_method = defaultdict(list)
        self.gone_rule = next((rule for rule in self.rules if rule.kind == "gone"), None)
        self.keyword_rule = next((rule for rule in self.rules if rule.kind == "unknown-keyword"), None)
        for rule in self.rules:
            if rule.kind in ("list-index", "scalar-index", "gone", "step-order", "uint8-mask", "bool-subtraction",
                             "probe", "out-resize", "loader-next", "topk-view", "backward-grad", "zero-dim-round", "zero-dim-cat", "grad-scalar",
                             "unknown-keyword", "negative-stride", "index-division",
                             "instance-method", "cuda-lengths", "dotted-name", "causal-layer", "bce-target-size", "int-full-target", "mask-pair", "istft-real",
                             "operation-tuple", "reduced-expand", "function-instance", "dict-key", "skipped-init", "required-step",
                             "rnn-argument", "constructor-dtype", "tensor-type", "stale-graph"):
                continue
            if rule.kind == "plain-method":
                for api in rule.apis:
                    base, _, method = api.rpartition(".")
                    self.by_plain_method[base].append((method, rule))
                continue
            index = {"name": self.by_name, "method": self.by_method}.get(rule.kind, self.by_call)
            for api in rule.apis:  # a method rule is found by its last component: the receiver is unknown
                index[api.rsplit(".", 1)[-1] if rule.kind == "method" else api].append(rule)
        self.by_name, self.by_call, self.by_method = dict(self.by_name), dict(self.by_call), dict(self.by_method)
        self.by_plain_method = dict(self.by_plain_method)
        self.by_code = {rule.code: rule for rule in self.rules if rule.code}
        self.renamed_to = {api: rule.rewrite for rule in self.rules if rule.kind == "name" and rule.rewrite
                           for api in rule.apis}
        self.quiet_members = frozenset(member for rule in self.rules for member in rule.quiet_members)
        self.keyword_arguments = frozenset(
            name for rule in self.rules if rule.kind == "keyword"
            for name in rule.arguments if name)
        self.receiver_methods = frozenset(
            [method for method, rules in self.by_method.items() if any(rule.receiver for rule in rules)]
            + ["step" for _ in self.by_step_order[:1]])

    @property
    def gone(self):
        """The index of gone torch names (gonenames.py), read when a rule of kind ``gone`` is in force."""
        from .gonenames import shipped_gone_names

        return shipped_gone_names()

    @property
    def accepted_keywords(self):
        """The keywords each public torch callable accepts (acceptedkeywords.py), read at the first call that asks."""
        from .acceptedkeywords import shipped_keywords

        return shipped_keywords()

    @property
    def surface(self):
        """Every module and name any indexed build has (surface.py), read when an import needs it."""
        from .surface import shipped_surface

        return shipped_surface()

    def knows(self, qualified: str) -> bool:
        return qualified in self.by_call or qualified in self.by_plain_method or bool(self.name_rules(qualified))

    def name_rules(self, qualified: str) -> list[tuple[str, list[Rule]]]:
        """Name rules for ``qualified`` or any module/class above it (``a.b.c`` also asks ``a.b``)."""
        try:
            return self._name_cache[qualified]
        except KeyError:
            found = self._name_cache[qualified] = self._find_name_rules(qualified)
            return found

    @property
    def module_aliases(self):
        """Old module paths the target build fills with another module (gone-names.json's ``aliases``)."""
        from .gonenames import shipped_gone_names

        return shipped_gone_names()

    def _find_name_rules(self, qualified: str) -> list[tuple[str, list[Rule]]]:
        """Rules for the name as written, then for the same name under the module an alias stands for
        (``torch.distributed._shard.checkpoint.save_state_dict`` is ``torch.distributed.checkpoint``'s): those
        are reported under the written path, so a from-import of it still counts as the report."""
        found = self._prefix_rules(qualified)
        alias = self.module_aliases.alias_in(qualified) if self.module_aliases.aliases else None
        if alias is not None:
            old, new = alias
            for api, rules in self._prefix_rules(new + qualified[len(old):]):
                if api == new or api.startswith(new + "."):  # what is above both was found as written
                    found.append((old + api[len(new):], rules))
        return found

    def _prefix_rules(self, qualified: str) -> list[tuple[str, list[Rule]]]:
        found, end = [], len(qualified)
        while end > 0:
            prefix = qualified[:end]
            rules = self.by_name.get(prefix)
            if rules and prefix != qualified:
                rules = [rule for rule in rules if not rule.exact]  # `weight_norm.WeightNorm` is not `weight_norm`
                member = qualified[end + 1:].partition(".")[0]  # `torch.ByteStorage._from_buffer`: `_from_buffer`
                rules = [rule for rule in rules if member not in rule.quiet_members]
            if rules:
                found.append((prefix, rules))
            end = prefix.rfind(".")
        return found


def load_rules(references: str | Path | Iterable[str | Path], rules_file: str | Path | None = None,
               object_aliases: bool = True) -> RuleSet:
    """Rules from ``rules_file`` (default: ``check-rules.toml`` in the references folder) and metadata; with
    ``object_aliases``, each rule also names the other names the target build binds its objects to
    (objectaliases.py)."""
    # the parser and the readers of the rule sources: only here, where the rules are rebuilt (a check with a warm
    # rule cache never calls them, and their imports were start-up time)
    from ..markdown import parse_reference
    from .metarules import rules_from_meta, short_ids
    from .rulefile import read_rule_file, rule_problems

    paths = [references] if isinstance(references, (str, Path)) else list(references)
    if rules_file is None:
        folder = next((Path(p) for p in paths if Path(p).is_dir()), Path(paths[0]).parent if paths else Path("."))
        rules_file = folder / RULES_FILE_NAME
    rules_file = Path(rules_file)
    explicit, not_flagged = read_rule_file(rules_file) if rules_file.exists() else ([], frozenset())
    sections: dict[str, Section] = {}
    problems: list[Problem] = []
    for path in iter_reference_files(paths):
        reference = parse_reference(path)
        problems.extend(reference.problems)
        sections.update((section.id, section) for section in reference.sections)
    covered = {api for rule in explicit for api in rule.apis}
    derived = rules_from_meta(sections.values(), covered, not_flagged, taken={rule.id for rule in explicit})
    # the radar's surface records: removals and deprecations the builds show, where a section covers them
    keywords = {(api, argument) for rule in explicit if rule.kind == "keyword" for api in rule.apis
                for argument in ((rule.argument,) if isinstance(rule.argument, str) else rule.argument or ())}
    surface = rules_from_surface(sections.values(), covered | {api for rule in derived for api in rule.apis},
                                 not_flagged, covered_arguments=keywords)
    derived += short_ids(surface, {rule.id for rule in (*explicit, *derived)})  # readable ids, as the meta rules'
    problems.extend(rule_problems(rules_file, explicit, sections))
    registry = CodeRegistry.read(rules_file.with_name(CODES_FILE_NAME))
    # A rule not yet in the registry has no code ("") until `python -m torchpatch.validators.checker.assign_codes` runs;
    # tests/test_checker_codes.py fails on the shipped rules until then.
    rules = [replace(rule, code=registry.codes.get(rule.id, "")) for rule in (*explicit, *derived)]
    if object_aliases:
        from .objectaliases import read_object_aliases, with_object_aliases

        rules = with_object_aliases(rules, read_object_aliases())
    return RuleSet(rules=rules, sections=sections, problems=problems)


def default_references_dir() -> Path:
    """``$TORCHPATCH_REFERENCES``, else the checkout's ``references/`` folder."""
    configured = os.environ.get("TORCHPATCH_REFERENCES")
    return Path(configured) if configured else Path(__file__).resolve().parents[2] / "references"


_cache: dict[tuple, RuleSet] = {}


def _stat(path: Path) -> os.stat_result | None:
    """One stat call per file of the cache key (``exists()`` then two ``stat()`` were three), None when it is missing."""
    try:
        return path.stat()
    except (FileNotFoundError, NotADirectoryError):  # what Path.exists() answers False to
        return None


def default_rules() -> RuleSet:
    """The shipped rules, re-read only when a reference, the rule file or the code registry changes (kept in
    a file cache across runs: rulecache.py). Their sections are not kept: use load_rules for those."""
    folder = default_references_dir()
    if not folder.is_dir():
        raise NotFound(f"no references folder at {folder}: set TORCHPATCH_REFERENCES to the references/ folder")
    from .objectaliases import ALIASES_FILE
    from .surfacerules import RECORDS_DIR  # rules_from_surface reads the records and the surface ledger too

    files = [*iter_reference_files([folder]), folder / RULES_FILE_NAME, folder / CODES_FILE_NAME,
             folder / "surface-ledger.toml", *sorted(RECORDS_DIR.glob("*.json")), ALIASES_FILE]
    key = (str(folder), tuple((str(f), stat.st_mtime_ns, stat.st_size) for f in files if (stat := _stat(f)) is not None))
    if key not in _cache:
        from .rulecache import read_cached, write_cached

        _cache.clear()
        rules = read_cached(key)
        if rules is None:
            rules = load_rules(folder)
            write_cached(key, rules)
        _cache[key] = rules
    return _cache[key]
