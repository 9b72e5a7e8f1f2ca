"""Check Python code against the rules: parse it (never run it), walk it, return findings.

``check_source`` is for one piece of code (MCP, HTTP, stdin): bad code is an InvalidInput.
``check_paths`` is for a tree of files (the CLI, CI): a file that cannot be read or parsed
becomes a :class:`FileError` in the report and the run goes on.
"""

from __future__ import annotations

import ast
import os
import re
from dataclasses import replace
from pathlib import Path
from typing import Iterable, NamedTuple

from ..errors import InvalidInput
from ..markdown import Version
from ..parsing import parse_python
from ..pin import pinned_torch
from .finding import CheckReport, Edit, FileError, Finding, finding_at
from .files import python_files
from ..gcthreshold import fewer_collections
from .checkpoints import FileEvidence, config_dict_class, config_library_imported
from .envoptout import EnvOptOuts
from .imports import ImportMap, dotted_name, walk_tree
from .inherited import ClassFacts, constructor_findings, inherited_findings
from .returnedcalls import ReturnFacts, returned_call_findings
from .forwarded import drop_forwarded_defaults
from .spread import SpreadFile, helper_names, spread_findings, unwalked_part
from .launchcommands import launch_commands
from .loaderiters import loader_iterator_next_calls
from .passedjoin import passed_value_findings
from .passedvalues import PassedValues
from .habitatmasks import HABITAT_ENCODER, builds_state_encoder
from .modelschedules import early_model_schedules, may_update_early
from .walkcalls import own_roots
from .uint8masks import makes_uint8
from .ownschedulers import drop_own_scheduler_calls
from .receivers import passed_bindings
from .ownmethods import (answering_method, drop_own_class_calls, drop_own_method_calls, methods_without_torch_base,
                         overriding_torch_subclasses, plain_classes)
from .lighthparams import checkpoint_keys_set, config_keys_set, object_hyperparameters, object_keys_set
from .instancemethods import DELEGATING_PACKAGES, delegated_instance_findings
from .keywordpaths import positional_paths
from .numpylr import lambda_rates, own_learning_rates, text_learning_rate_writers
from .probes import probe_findings
from .project import ProjectEvidence, lend_outer_evidence, project_root
from .rewrites import as_edit, line_starts, rewrite_edits
from .ruleset import RuleSet, default_rules
from .selection import Selection, unknown_suppressions
from .shippedpackages import SHIPPED_PACKAGES, names_shipped_package
from .starimports import imported_device_choices, star_exports, star_torch_modules
from .unusedimports import star_imported, used_by_importers
from .source import MAX_SOURCE_BYTES, Unreadable, read_source
from .loadedforms import vars_bindings
from .versionflags import ProjectFlags
from .versionhelpers import VersionHelpers
from .lossattributes import HeldFloat, LossClass, held_floats_reached
from .topkviews import PendingView, TopkCalls, may_hold_views, topk_views, widened_views
from .walker import FindingCollector


_LOAD_WORD = re.compile(r"\bload\b")


class ParseError(InvalidInput):
    """Code that does not parse; ``line`` and ``column`` are 1-based."""

    def __init__(self, message: str, reason: str, line: int, column: int):
        super().__init__(message)
        self.reason, self.line, self.column = reason, line, column


def check_source(code: str, torch_version: str | None = None, filename: str = "<code>", *,
                 rules: RuleSet | None = None, selection: Selection | None = None) -> list[Finding]:
    """Findings for ``code`` targeting ``torch_version`` (default: the pinned build), sorted by position.

    Raises InvalidInput for code over the size limit, code that does not parse (a ParseError with
    its position), or a malformed version. ``rules`` defaults to the shipped references and
    check-rules.toml; ``selection`` filters by rule id, severity and inline suppressions.
    """
    findings, collector = collect(code, torch_version, filename, rules=rules, selection=selection)
    for line, column, name in unknown_suppressions(code, rules or default_rules())[:1]:
        raise InvalidInput(f"{filename}: line {line}, column {column}: {_unknown(name)}")
    if collector is not None:  # the project passes, over a project of this one file
        ruleset, target, facts = rules or default_rules(), parse_target(torch_version), collector.class_facts
        if facts.calls or facts.parameter_calls:  # a subclass in the same file, or a class built with a torch callable
            _join([(facts, code, findings)], inherited_findings([facts], ruleset, target), selection)
        if facts.constructor_calls:  # a subclass of a torch class built in the same file
            _join([(facts, code, findings)], constructor_findings([facts], ruleset, target), selection)
        if collector.return_facts.calls:  # a function of the same file returns the callable
            _join([(collector.return_facts, code, findings)],
                  returned_call_findings([collector.return_facts], ruleset, target), selection)
        if collector.call_sites.spread:  # a function of the same file spreads **kwargs
            part = SpreadFile(filename, collector.call_sites, collector.return_facts.functions | set(facts.bases),
                              facts.bases)
            _join([(part, code, findings)], spread_findings([part], ruleset, target), selection)
        if collector.call_sites.forwarded:  # a quiet default forwarded by a function of the same file
            part = SpreadFile(filename, collector.call_sites, collector.return_facts.functions | set(facts.bases),
                              facts.bases)
            drop_forwarded_defaults([part], lambda _: findings)
        _drop_own_method_calls([(facts, code, findings)])
        _drop_own_class_calls([(facts, code, findings)], [], ruleset)
        if collector.topk_pending:  # accuracy(..., topk=(1, 5)) in the same file (topkviews.py)
            widened_views([(collector.topk_pending, findings, collector.topk_calls)], [collector.topk_calls])
    if collector is None or not collector.evidence.candidates:
        return findings
    project = ProjectEvidence()  # a project of one file
    project.add(collector.evidence)
    project.note_config_class(config_dict_class(code), filename)
    project.note_source(code)
    project.env_optouts.note(filename, code)
    return sorted(findings + _kept(project.findings(collector.evidence), code, selection))


def collect(code: str, torch_version: str | None, filename: str, *, rules: RuleSet | None = None,
            selection: Selection | None = None, project_file: bool = False, project_dicts: frozenset[str] = frozenset(),
            project_classes: frozenset[str] = frozenset(), numpy_lr: str | None = None,
            passed_kinds: frozenset[str] = frozenset()) -> tuple[list[Finding], FindingCollector | None]:
    """``check_source`` plus the walk itself, whose node positions ``--fix`` needs. ``project_file``: ``filename``
    is a file on disk, so a ``from .module import *`` of its project can be read (starimports.py). ``project_dicts``:
    Namespace-like names its sub-project binds only to dicts; ``project_classes``: the names of the classes its
    sub-project defines (both from _project_names); ``numpy_lr``: where the sub-project puts a NumPy learning rate
    in an optimizer's param_groups (numpylr.py; a single file's own text tells it otherwise); ``passed_kinds``: the
    values the sub-project's functions may pass one another (passedvalues.py; a single file: its own text)."""
    target = parse_target(torch_version)
    size = len(code.encode("utf-8", errors="replace"))
    if size > MAX_SOURCE_BYTES:
        raise InvalidInput(f"{filename}: {size:,} bytes is over the checker's limit of {MAX_SOURCE_BYTES:,} bytes; "
                           "check the file in parts")
    code = code.removeprefix("\ufeff")  # a BOM decoded into the text: Python ignores it too
    tree = _parse(code, filename)
    rules = rules if rules is not None else default_rules()
    imports = ImportMap.from_tree(tree)
    starred = ""  # the torch names a project module's ``import *`` brings in, as text (the quiet test below)
    if project_file:
        for level, module in imports.foreign_stars:
            exports = star_exports(filename, level, module)
            imports.adopt_star_exports(exports)
            starred += " ".join(exports.values())
            modules = star_torch_modules(filename, level, module)  # its own `from torch.autograd import *`
            imports.adopt_star_modules(modules)
            starred += " ".join(modules)
        for level, module, names in imports.foreign_tensor_names:
            if choices := imported_device_choices(filename, level, module):
                imports.adopt_imported_choices({local: choices[name] for name, local in names if name in choices})
    # nothing here can name a torch API (but a probe of a renamed one may be here), nor import a package torch shipped;
    # a trainer reading a loss's .data[0] is walked whole all the same (_backpropagates_read_data)
    if not imports.uses_torch and not imports.packages & SHIPPED_PACKAGES and not _backpropagates_read_data(code):
        probes = [rule for rule in rules.by_probe if rule.applies_to(target)]
        delegated = [rule for rule in rules.by_instance_method if rule.applies_to(target)] if (
            imports.packages & DELEGATING_PACKAGES) else []
        # a launch script that builds "python -m torch.distributed.launch ..." and imports no torch (launchcommands.py)
        launching = [rule for rule in rules.by_launch_command if rule.applies_to(target)] if (
            "torch.distributed.launch" in code) else []
        # a trainer mixin module of a torch project that imports nothing itself: `it = iter(self.train_loader)` then
        # `it.next()` (loaderiters.py reads loaders by their names there)
        iterating = [rule for rule in rules.by_loader_next if rule.applies_to(target)] if (
            project_file and _draws_loader_batches(code)) else []
        # CycleGAN's train.py imports no torch: model.update_learning_rate() before optimize_parameters()
        scheduling = [rule for rule in rules.by_step_order if rule.applies_to(target)] if (
            project_file and may_update_early(code)) else []
        if not probes and not delegated and not launching and not iterating and not scheduling:
            return [], None
        def resolve(node: ast.AST) -> str | None:
            dotted = dotted_name(node)
            return imports.resolve(dotted, rules.knows) if dotted else None
        found = probe_findings(tree, code, probes, filename, resolve) if probes else []
        # a logger module that builds tensorboardX's writer and never imports torch (instancemethods.py)
        found += delegated_instance_findings(tree, code, delegated, filename, resolve) if delegated else []
        found += [finding_at(filename, node, api, rule, rule.message, rule.fix)
                  for node, api in launch_commands(tree, resolve, code) for rule in launching[:1]]
        found += [finding_at(filename, node, rule.apis[0], rule, rule.message, rule.fix)
                  for node in loader_iterator_next_calls(tree, resolve, code) for rule in iterating[:1]]
        found += [finding_at(filename, node, rule.apis[0], rule, rule.message, rule.fix)
                  for node in early_model_schedules(tree, tuple(own_roots(filename, code))) for rule in scheduling[:1]]
        return _kept(sorted(found), code, selection), None
    collector = FindingCollector(rules, imports, target, filename)
    collector.source_text = code
    collector.loads.project_dicts = project_dicts
    collector.loads.project_classes = project_classes
    collector.passed_kinds = passed_kinds if project_file else frozenset(
        kind for kind, made in (("cuda", "pack_padded_sequence" in code), ("uint8", makes_uint8(code)),
                                (HABITAT_ENCODER, builds_state_encoder(code))) if made)
    # the sub-project's NumPy-rate writer near this file (project_file), else the file's own; or a NumPy LambdaLR here
    lines = ([] if project_file else own_learning_rates(tree, code)) + lambda_rates(tree, code)
    collector.loads.numpy_lr = numpy_lr or (f"{filename}:{lines[0]}" if lines else None)
    if "\r" not in code:  # lines as the parser numbered them (a lone \r also ends a line there): see LoadedObjects
        collector.loads.source_lines = code.split("\n")
    # no torch.load to decide (its call or import spells the word ``load``, here or in a star-imported module's
    # import), no torch.save nor a save helper (``save_on_master``, ``xm.save``): see LoadedObjects.quiet
    # (the substring tests first: a regex search of the whole text costs more than the rest of the test)
    collector.loads.quiet = "save" not in code.lower() and not ("load" in code and _LOAD_WORD.search(code)) and not (
        starred and (_LOAD_WORD.search(starred) or "save" in starred.lower()))
    collector.version_helpers = VersionHelpers(tree, filename, project_file)
    collector.project_flags = ProjectFlags(tree, filename, project_file, (target.major, target.minor),
                                           imports.other_names)
    try:
        findings = collector.collect(tree)
    except RecursionError:
        raise InvalidInput(f"{filename}: code is nested too deeply to check") from None
    if "save_hyperparameters" in code:
        collector.evidence.object_hparams = object_hyperparameters(tree)
    if "on_save_checkpoint" in code:
        collector.evidence.lightning_keys = checkpoint_keys_set(tree)
        collector.evidence.config_keys = config_keys_set(tree)
        collector.evidence.object_keys = object_keys_set(tree)
    if collector.unread_imports:  # kept aside: another module may import the name and use it (unusedimports.py)
        unread = {name: [finding for _, finding in held] for name, held in collector.unread_imports.items() if held}
        flat = [finding for held in unread.values() for finding in held]
        if collector.fixable:
            flat = _with_edits(flat, collector, code, rules)
        by_key = {(f.line, f.column, f.rule, f.api): f for f in flat}
        collector.unread_imports = {name: kept for name, held in unread.items() if (kept := _kept(
            [by_key[(f.line, f.column, f.rule, f.api)] for f in held], code, selection))}
    if collector.fixable:
        findings = _with_edits(findings, collector, code, rules)
    if collector.topk_pending:  # suppressed and unselected ones are dropped now, while the code is at hand
        collector.topk_pending = _kept_views(collector.topk_pending, code, selection)
    if collector.loss_attribute_floats:
        kept = {f.line: f for f in _kept([held.finding for held in collector.loss_attribute_floats], code, selection)}
        collector.loss_attribute_floats = [replace(held, finding=kept[held.finding.line])
                                           for held in collector.loss_attribute_floats if held.finding.line in kept]
    return _kept(findings, code, selection), collector


def _project_names(listed: list[tuple[Path, str | None]], roots: dict[str, str | None]
                   ) -> tuple[dict[str | None, frozenset[str]], dict[str | None, frozenset[str]],
                              dict[str | None, list[LearningRateWriter]], dict[str | None, set[str]]]:
    """What a file's verdict needs from all of its sub-project's files, read before any is checked: the
    Namespace-like names (``opt``, ``args``) bound there only to dicts (``opt = vars(args)``), dicts wherever a file
    saves one (loadedforms.vars_bindings); and the names of the classes its files define (a saved ``self.vocab`` is
    taken for an instance of the project's ``Vocab``: loadedbuilds._names_instance); and where a file writes a NumPy
    learning rate into an optimizer's param_groups ("file:line" each, numpylr.py); and what values the files of a
    sub-project may pass between functions (passedvalues.py: "uint8" where some file makes a uint8 tensor, "cuda"
    where some file packs sequences). The texts are read again when
    checked, not kept: a large tree's would all be held at once. A file that cannot be read is left to the check,
    which reports it."""
    bound: dict[str | None, tuple[set[str], set[str]]] = {}
    classes: dict[str | None, set[str]] = {}
    learning_rates: dict[str | None, list[LearningRateWriter]] = {}
    passing: dict[str | None, set[str]] = {}
    for path, problem in listed:
        try:
            text = read_source(path) if not problem else ""
        except Unreadable:
            continue
        dicts, other = vars_bindings(text)
        root = project_root(path, roots) if dicts or other or "class " in text else None
        if dicts or other:
            found = bound.setdefault(root, (set(), set()))
            found[0].update(dicts)
            found[1].update(other)
        if "class " in text:
            classes.setdefault(root, set()).update(_CLASS_STATEMENT.findall(text))
        if writers := text_learning_rate_writers(text):
            line, reachable = next((writer for writer in writers if writer[1]), writers[0])
            learning_rates.setdefault(project_root(path, roots), []).append(
                LearningRateWriter(f"{path}:{line}", not reachable))
        if "pack_padded_sequence" in text:
            passing.setdefault(project_root(path, roots), set()).add("cuda")
        if makes_uint8(text):
            passing.setdefault(project_root(path, roots), set()).add("uint8")
        if builds_state_encoder(text):  # habitat-baselines' RNN state encoder (habitatmasks.py)
            passing.setdefault(project_root(path, roots), set()).add(HABITAT_ENCODER)
    return ({root: frozenset(dicts - other) for root, (dicts, other) in bound.items() if dicts - other},
            {root: frozenset(names) for root, names in classes.items()}, learning_rates, passing)


def _backpropagates_read_data(code: str) -> bool:
    """The text backpropagates and reads ``.data[0]``: a 2017 trainer whose tensors come from a helper module, with no
    torch import of its own (``loss = self.compute_loss(...)``, ``loss.backward()``, ``total += loss.data[0]``): it
    is walked like a torch file, where only its own code can show a value 0-dim."""
    return ".backward(" in code and ".data[0]" in code


def _draws_loader_batches(code: str) -> bool:
    """The text may call ``.next()`` on an iterator over a loader (loaderiters.py), torch imported or not."""
    return ".next()" in code and "loader" in code


_CLASS_STATEMENT = re.compile(r"^class[ \t]+(\w+)", re.MULTILINE)


class LearningRateWriter(NamedTuple):
    """Where a file writes a NumPy learning rate ("file:line"), and whether only that file can run the write (a
    script's, or a function nested in another: numpylr.text_learning_rate_writers)."""
    line: str
    local: bool


def related_writer(writers: list[LearningRateWriter], path: str) -> str | None:
    """The first of a sub-project's NumPy learning-rate writers ("file:line") near enough to ``path`` to adjust its
    optimizer: in its folder, a folder above it or one of its own folders, or a sibling folder (``utils/lr.py`` for
    ``train.py``, ``models/trainer.py`` for ``scripts/train.py``), but not deeper down (``Detection/utils/lr.py`` is
    the detection scripts' writer, not the classification script's at the top). Another experiment's copy elsewhere
    in a tree without project markers (``expt_original/.../processor/recognition.py``) does not touch
    ``expt_1/training.py``'s optimizer, nor does a script's own writer (``train/cifar/sse_mcmc_train.py``) touch
    another script's (``train/imagenet/...``)."""
    here = os.path.dirname(os.path.abspath(path))
    for writer, local in writers:
        written = os.path.abspath(writer.rpartition(":")[0])
        if local and written != os.path.abspath(path):
            continue
        there = os.path.dirname(written)
        if here == there or os.path.dirname(here) == os.path.dirname(there) or \
                here.startswith(there + os.sep) or os.path.dirname(there) == here:
            return writer
    return None


def _with_edits(findings: list[Finding], collector: FindingCollector, code: str, rules: RuleSet) -> list[Finding]:
    """Mark the findings that ``--fix`` rewrites as safe, with the edits it makes."""
    raw = code.encode("utf-8")
    starts = line_starts(raw)
    by_id = {rule.id: rule for rule in rules.rules}
    edits: dict[tuple[int, int, str], tuple[Edit, ...]] = {}
    for (line, column, rule_id), node in collector.fixable.items():
        found = rewrite_edits(node, by_id[rule_id], collector, starts, code)
        if found:
            edits[(line, column + 1, rule_id)] = tuple(as_edit(*edit, raw, starts) for edit in sorted(found))
    return [replace(f, applicability="safe", edits=edits[key]) if (key := (f.line, f.column, f.rule)) in edits
            else f for f in findings]


def _kept(findings: list[Finding], code: str, selection: Selection | None) -> list[Finding]:
    return (selection or Selection()).apply(_character_columns(findings, code), code)


def check_paths(paths: Iterable[str | Path], torch_version: str | None = None, *, rules: RuleSet | None = None,
                selection: Selection | None = None, exclude: Iterable[str] = ()) -> CheckReport:
    """Check files, and the ``*.py`` files under folders (not hidden ones like ``.venv``, not site-packages).

    Never stops at a bad file: a missing path, a link loop, an undecodable or unparsable file
    is a FileError in the report. A malformed ``torch_version`` is still an InvalidInput. A file
    that never mentions ``torch`` is read but not parsed (so its syntax is not reported).
    ``torch.load`` calls whose evidence is in another file (a checkpoint saved there) are decided
    once every file has been walked, by the files of the same sub-project (project.py).
    """
    parse_target(torch_version)
    rules = rules if rules is not None else default_rules()
    with fewer_collections():
        return _check_paths(paths, torch_version, rules, selection, exclude)


def _check_paths(paths: Iterable[str | Path], torch_version: str | None, rules: RuleSet,
                 selection: Selection | None, exclude: Iterable[str]) -> CheckReport:
    report = CheckReport()
    projects: dict[str | None, ProjectEvidence] = {}  # one per sub-project (see project.py)
    roots: dict[str, str | None] = {}
    per_file: list[list[Finding]] = []  # in file order: the project's findings join their file's
    undecided: list[tuple[FileEvidence, str, list[Finding], ProjectEvidence]] = []  # loads the project decides
    classes: dict[str | None, list[tuple[ClassFacts, str, list[Finding]]]] = {}  # per sub-project (inherited.py)
    returns: dict[str | None, list[tuple[ReturnFacts, str, list[Finding]]]] = {}  # per sub-project (returnedcalls.py)
    spreads: dict[str | None, list[tuple[SpreadFile, str, list[Finding]]]] = {}  # per sub-project (spread.py)
    # per sub-project: the views waiting for a caller's (1, 5) with their file's findings, and every file's calls
    topk_pending: dict[str | None, list[tuple[list, list[Finding], TopkCalls]]] = {}
    topk_calls: dict[str | None, list[TopkCalls]] = {}
    # per sub-project: float() conversions of self's loss attributes with their file's findings, and the classes that
    # call backward() on such attributes (lossattributes.py)
    loss_floats: dict[str | None, list[tuple[list[HeldFloat], list[Finding]]]] = {}
    loss_classes: dict[str | None, list[LossClass]] = {}
    passed: dict[str | None, list[tuple[PassedValues, str, list[Finding]]]] = {}  # per sub-project (passedvalues.py)
    unwalked: list[str] = []  # files the walk skipped (no torch import) that may define classes (ownmethods.py)
    # per sub-project: files with torch imports they never read, every walked file's imports of project modules, and
    # the files the walk skipped (read again by unusedimports.py, and by spread.py when it asks)
    unread: dict[str | None, list[tuple[str, dict, list[Finding]]]] = {}
    importers: dict[str | None, list[tuple[str, dict, dict, list[str]]]] = {}
    skipped: dict[str | None, list[Path]] = {}
    optouts = EnvOptOuts()  # one for the run: a package's __init__.py may sit in another group (envoptout.py)
    listed = list(python_files(paths, exclude))
    dict_names, class_names, learning_rates, passing = _project_names(listed, roots)
    for path, problem in listed:
        if problem:
            report.errors.append(FileError(str(path), problem))
            continue
        try:
            code = read_source(path)
            root = project_root(path, roots)
            project = projects.get(root) or projects.setdefault(root, ProjectEvidence(root))
            project.env_optouts = optouts
            optouts.note(str(path), code)
            project.modules.add(str(path))
            project.note_config_class(config_dict_class(code), str(path))
            project.note_source(code)
            # otherwise nothing can name torch, nor a package torch shipped; a star import of a project module
            # can (`from .common import *` where common.py does `import torch.nn as nn`: starimports.py), and so can
            # an import of a project module's device choice (`from cuda import LongTensor`), and a tensorboardX writer
            # (its add_graph runs torch's tracer: instancemethods.py), and so can a trainer module that draws batches
            # with `.next()` from an iterator over a loader the project builds elsewhere (loaderiters.py)
            if "torch" in code or names_shipped_package(code) or "import *" in code or _imports_tensor_type(code) \
                    or "tensorboardX" in code or _draws_loader_batches(code) or may_update_early(code) \
                    or _backpropagates_read_data(code):
                findings, collector = collect(code, torch_version, str(path), rules=rules, selection=selection,
                                              project_file=True, project_dicts=dict_names.get(root, frozenset()),
                                              project_classes=class_names.get(root, frozenset()),
                                              numpy_lr=related_writer(learning_rates.get(root, ()), str(path)),
                                              passed_kinds=frozenset(passing.get(root, ())))
                report.errors += [FileError(str(path), _unknown(name), line, column)
                                  for line, column, name in unknown_suppressions(code, rules)]
                per_file.append(findings)
                if collector is not None:
                    project.add(collector.evidence)
                    facts = collector.class_facts
                    kept = (facts.calls or facts.parameter_calls or facts.constructor_calls  # for suppressions
                            or facts.mixin_calls or facts.derived_calls)
                    classes.setdefault(root, []).append((facts, code if kept else "", findings))
                    returned = collector.return_facts
                    # every file: a function name defined in two modules is ambiguous (returnedcalls.py)
                    returns.setdefault(root, []).append((returned, code if returned.calls else "", findings))
                    sites = collector.call_sites
                    spreads.setdefault(root, []).append((
                        SpreadFile(collector.filename, sites, returned.functions | set(facts.bases), facts.bases),
                        code if sites.spread or sites.keyword_sites or sites.config_sites else "", findings))
                    if collector.evidence.candidates:
                        undecided.append((collector.evidence, code, findings, project))
                    collector.topk_calls.tree = None  # the walk is over: keep what it noted, not the file's tree
                    if collector.topk_pending:
                        topk_pending.setdefault(root, []).append((collector.topk_pending, findings,
                                                                  collector.topk_calls))
                    if collector.topk_calls.passed:
                        topk_calls.setdefault(root, []).append(collector.topk_calls)
                    if collector.loss_attribute_floats:
                        loss_floats.setdefault(root, []).append((collector.loss_attribute_floats, findings))
                    if collector.loss_classes:
                        loss_classes.setdefault(root, []).extend(collector.loss_classes)
                    if collector.passed_values is not None:
                        passed.setdefault(root, []).append((collector.passed_values, code, findings))
                    if collector.unread_imports:
                        unread.setdefault(root, []).append((str(path), collector.unread_imports, findings))
                    if collector.loads.imported or collector.loads.imported_modules or collector.imports.foreign_stars:
                        importers.setdefault(root, []).append((
                            str(path), collector.loads.imported, collector.loads.imported_modules,
                            star_imported(collector.imports.foreign_stars, str(path))))
                else:
                    skipped.setdefault(root, []).append(path)
                    if "class " in code:
                        unwalked.append(str(path))
                    _untorched_topk_views(code, str(path), rules, torch_version, selection, findings,
                                          topk_pending.setdefault(root, []))  # it names torch, imports none
            else:  # config.py building a yacs CfgNode need not name torch
                project.note_config_library(config_library_imported(code))
                if rules.by_topk_view and may_hold_views(code):  # utils/eval.py's accuracy()
                    per_file.append(findings := [])
                    _untorched_topk_views(code, str(path), rules, torch_version, selection, findings,
                                          topk_pending.setdefault(root, []))
                skipped.setdefault(root, []).append(path)
                if "class " in code:
                    unwalked.append(str(path))
            report.files += 1
        except Unreadable as exc:
            report.errors.append(FileError(str(path), str(exc)))
        except ParseError as exc:
            report.errors.append(FileError(str(path), f"does not parse: {exc.reason}", exc.line, exc.column))
        except InvalidInput as exc:
            report.errors.append(FileError(str(path), str(exc).removeprefix(f"{path}: ")))
        except Exception as exc:  # a bug of the checker's own: the run goes on, the file is reported unchecked (exit 2)
            report.errors.append(FileError(str(path), f"internal error of the checker, the file was not checked "
                                                      f"({type(exc).__name__}: {exc}); please report it"))
    if undecided:
        lend_outer_evidence(projects)
    for evidence, code, findings, project in undecided:
        findings.extend(_kept(project.findings(evidence), code, selection))
        findings.sort()
    target = parse_target(torch_version)
    for root, group in classes.items():  # calls through a callable that a base class binds (inherited.py)
        _join(group, inherited_findings([facts for facts, _, _ in group], rules, target), selection)
        _join(group, constructor_findings([facts for facts, _, _ in group], rules, target), selection)
        _drop_own_method_calls(group, [path for path in unwalked if project_root(path, roots) == root])
    _drop_own_class_calls([part for group in classes.values() for part in group], unwalked, rules)
    for group in returns.values():  # calls through a torch callable a function returns (returnedcalls.py)
        _join(group, returned_call_findings([facts for facts, _, _ in group], rules, target), selection)
    for root, group in spreads.items():  # a **kwargs every caller leaves empty, or one a caller fills (spread.py)
        if (helpers := helper_names([part for part, _, _ in group])) and root in skipped:
            for file in skipped[root]:  # their callers in files the walk skipped
                try:
                    code = read_source(file)
                except Unreadable:
                    continue
                if (part := unwalked_part(str(file), code, helpers, rules.keyword_arguments)) is not None:
                    per_file.append(findings := [])
                    group.append((part, code, findings))
        _join(group, spread_findings([part for part, _, _ in group], rules, target,
                                     _config_reader(projects[root])), selection)
        owners = {id(part): findings for part, _, findings in group}
        drop_forwarded_defaults([part for part, _, _ in group], lambda part: owners[id(part)])
    for root, pending in topk_pending.items():  # accuracy()'s views, once a caller passes topk=(1, 5) (topkviews.py)
        widened_views(pending, topk_calls.get(root, []))
    for root, pending in loss_floats.items():  # once a class of the sub-project backs such an attribute
        for held, findings in pending:
            _add_new(findings, held_floats_reached(held, loss_classes.get(root, [])))
    for root, group in passed.items():  # uint8 masks and GPU lengths passed between functions (passedjoin.py)
        found = passed_value_findings([part for part, _, _ in group], lambda: sorted(
            path for paths in projects[root].modules.by_stem.values() for path in paths))
        for part, code, findings in group:
            _add_new(findings, _kept(found.get(part.file, []), code, selection))
    for root, files in unread.items():  # a torch name a module imports for others (unusedimports.py)
        restored = used_by_importers([(path, names) for path, names, _ in files], importers.get(root, []),
                                     [str(file) for file in skipped.get(root, [])])
        for path, _, findings in files:
            if path in restored:
                findings.extend(restored[path])
                findings.sort()
    report.findings = [finding for findings in per_file for finding in findings]
    return report


_TENSOR_IMPORT = re.compile(r"^[ \t]*from[ \t]+[\w.]+[ \t]+import[^\n]*\b\w*Tensor\b", re.MULTILINE)


def _imports_tensor_type(code: str) -> bool:
    """``from cuda import LongTensor`` in a file that names no torch: what it imports may be a project module's device
    choice (starimports.py). A file that does not parse is left out, as any file that names no torch is (a TensorFlow
    script beside the project's own code)."""
    if "Tensor" not in code or not _TENSOR_IMPORT.search(code):
        return False
    try:
        parse_python(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


def _config_reader(project: ProjectEvidence):
    """attribute path -> the config files' definitions of that dict in ``project``'s files, walked or not
    (configdicts.py); read once per path, and only when a call spreads a config's dict into a helper."""
    cache: dict[tuple[str, ...], list] = {}
    files: list[str] = []  # the project's files in order, listed at the first read (every file is walked by then)

    def read(path: tuple[str, ...]) -> list:
        if path not in cache:
            from .configdicts import config_dicts
            if not files:
                files.extend(sorted(file for paths in project.modules.by_stem.values() for file in paths))
            cache[path] = config_dicts(path, files)
        return cache[path]
    return read


def _join(group: list[tuple[object, str, list[Finding]]], found: dict[str, list[Finding]],
          selection: Selection | None) -> None:
    """Hand a project pass's findings (file -> findings) to their files; a group member is (the file's part of
    the pass, which names it as ``.file``; the file's code, for suppressions; the file's findings)."""
    for part, code, findings in group:
        if part.file in found:
            findings.extend(_kept(found[part.file], code, selection))
            findings.sort()


def _add_new(findings: list[Finding], found: list[Finding]) -> None:
    """Add to a file's findings those of ``found`` it does not hold yet (by line, column and rule), in order."""
    present = {(finding.line, finding.column, finding.rule) for finding in findings}
    if added := [finding for finding in found if (finding.line, finding.column, finding.rule) not in present]:
        findings.extend(added)
        findings.sort()


def _drop_own_method_calls(group: list[tuple[ClassFacts, str, list[Finding]]], unwalked: list[str] = ()) -> None:
    """Method-rule findings on calls of a method the sub-project's own classes define (ownmethods.py), those of
    files the walk skipped included (namedtensor's core.py, which imports no torch, defines NamedTensor.size)."""
    if not any(facts.method_calls for facts, _, _ in group):
        return
    called = {call[2] for facts, _, _ in group for call in facts.method_calls}
    defined = methods_without_torch_base([facts for facts, _, _ in group] + _unwalked_defining(called, unwalked))
    if defined:
        for facts, _, findings in group:
            if facts.method_calls:
                drop_own_method_calls(findings, facts.method_calls, defined)


def _drop_own_class_calls(files: list[tuple[ClassFacts, str, list[Finding]]], unwalked: list[str],
                          rules: RuleSet) -> None:
    """Receiver-named method-rule findings (``sched.step(n)``) on instances of the project's classes that answer
    the method with their own code (ownmethods.answering_method: no torch base, or one whose method the class
    overrides). The class is looked up by name in every file checked, not only the sub-project: a test folder
    with its own setup.py imports the package's classes (``from stanza.models... import
    WarmupThenPlateauScheduler``); a name defined twice with different bases keeps the finding."""
    if any(facts.receiver_calls or facts.named_receiver_calls or facts.passed_receiver_calls
           for facts, _, _ in files):
        every = [facts for facts, _, _ in files]
        classes = {**plain_classes(every), **overriding_torch_subclasses(every)} if any(
            facts.named_receiver_calls for facts in every) else {}
        by_file = _receivers_built(files, {call[4] for facts in every for call in facts.passed_receiver_calls})
        passed = _passed_receivers(by_file.values())
        # the file's own bindings first: RepVGG's quantization script builds `lr_scheduler = WarmupCosineAnnealingLR(...)`
        # and hands it to its train(); another script binding the name to a torch scheduler says nothing of this one
        local = {id(facts): own for facts in every if facts.passed_receiver_calls and id(facts) in by_file and (
            own := {name: owners for name, owners in _passed_receivers([by_file[id(facts)]]).items()
                    if name in {call[4] for call in facts.passed_receiver_calls}})}
        wanted = {owner for facts in every for *_, owners in facts.receiver_calls for owner in owners} | {
            owner for facts in every for *_, name in facts.passed_receiver_calls for owner in passed.get(name, ())} | {
            owner for own in local.values() for owners in own.values() for owner in owners}
        answers = answering_method(every + _unwalked_classes(wanted, every, unwalked, rules))
        none_only = _bound_to_none_only(by_file.values())
        for facts, _, findings in files:
            if none_only and (held_none := {call[:2] for call in facts.passed_receiver_calls if call[4] in none_only}):
                findings[:] = [finding for finding in findings if (finding.line, finding.rule) not in held_none]
            if facts.receiver_calls:
                drop_own_class_calls(findings, facts.receiver_calls, answers)
            own = local.get(id(facts), {})
            if facts.passed_receiver_calls and (passed or own):  # a parameter: the classes built under its name
                drop_own_class_calls(findings, [(*call[:4], own.get(call[4]) or passed.get(call[4], ())) for call in
                                                facts.passed_receiver_calls], answers)
            if facts.named_receiver_calls:
                # a parameter whose name the project builds only as torch schedulers (or subclasses keeping the
                # method): torch's method answers, whatever plain schedulers of the project's own take that name
                torch_answered = {(line, rule) for line, rule, method, _, name in facts.passed_receiver_calls
                                  if (owners := passed.get(name))
                                  and all(answers.reaches_torch(owner, method) for owner in owners)}
                drop_own_scheduler_calls(findings, [call for call in facts.named_receiver_calls
                                                    if call[:2] not in torch_answered], classes)


def _passed_receivers(built_by_files) -> dict[str, tuple[str, ...]]:
    """Receiver name -> the non-torch classes the given files build under it (``sched = WarmupLR(...)`` in the
    script that hands it to ``Trainer(..., sched)``), for names none of them binds to anything else; from
    _receivers_built's values."""
    built: dict[str, set[str]] = {}
    others: set[str] = set()
    for classes, other, _ in built_by_files:
        others |= other
        for name, owners in classes.items():
            built.setdefault(name, set()).update(owners)
    return {name: tuple(sorted(owners)) for name, owners in built.items() if name not in others}


def _bound_to_none_only(built_by_files) -> set[str]:
    """Receiver names the project binds to ``None`` and never to anything else (_receivers_built's values): a
    parameter of that name holds no scheduler, and its guarded ``if scheduler is not None: scheduler.step()`` never
    runs."""
    nones: set[str] = set()
    bound: set[str] = set()
    for classes, other, none in built_by_files:
        nones |= none
        bound |= other | set(classes)
    return nones - bound


def _receivers_built(files: list[tuple[ClassFacts, str, list[Finding]]],
                     names: set[str]) -> dict[int, tuple[dict, set[str], set[str]]]:
    """id(a file's facts) -> (receiver name -> the non-torch classes it builds under that name, the names it binds to
    anything else, the names it binds to None) (receivers.passed_bindings). Read only when a receiver takes its value
    from a parameter, from the files whose text spells one of those names (read again where the walk kept no text)."""
    found: dict[int, tuple[dict, set[str], set[str]]] = {}
    if not names:
        return found
    for facts, code, _ in files:
        if not code:  # kept only where another pass needs it
            try:
                code = read_source(Path(facts.file))
            except (Unreadable, OSError):
                continue
        if not any(name in code for name in names):
            continue
        try:
            tree = _parse(code.removeprefix("\ufeff"), facts.file)
        except (ParseError, InvalidInput):
            continue
        imports = ImportMap.from_tree(tree)
        found[id(facts)] = passed_bindings(tree, lambda node: (dotted := dotted_name(node)) and imports.resolve(dotted),
                                           names)
    return found


def _unwalked_classes(wanted: set[str], known: list[ClassFacts], unwalked: list[str],
                      rules: RuleSet) -> list[ClassFacts]:
    """The classes of files the walk skipped (they import no torch: mmengine's ``lr_scheduler.py`` defining
    ``class StepLR(LRSchedulerMixin, StepParamScheduler)``) that a receiver's class needs, with their bases'
    classes in turn: only files whose text defines a wanted name are parsed, and only when a name is missing."""
    defined = {name for facts in known for name in facts.order}
    missing = wanted - defined
    found: list[ClassFacts] = []
    texts: dict[str, str | None] = {}
    for _ in range(12):  # bases of bases, as far as ownmethods follows them
        if not missing or not unwalked:
            break
        pattern = re.compile(r"^[ \t]*class[ \t]+(%s)\b" % "|".join(map(re.escape, sorted(missing))), re.MULTILINE)
        more: set[str] = set()
        for path in unwalked:
            if path not in texts:
                try:
                    texts[path] = read_source(Path(path))
                except (Unreadable, OSError):
                    texts[path] = None
            text = texts[path]
            if text is None or not pattern.search(text) or (
                    facts := _skipped_file_classes(path, text, rules.receiver_methods)) is None:
                continue
            found.append(facts)
            unwalked = [other for other in unwalked if other != path]
            more.update(base for bases in facts.order.values() for base in bases if base)
            defined.update(facts.order)
        missing = more - defined
    return found


def _unwalked_defining(methods: set[str], unwalked: list[str]) -> list[ClassFacts]:
    """The classes of skipped files whose text defines one of ``methods`` (``def size(``), read only then."""
    if not methods or not unwalked:
        return []
    pattern = re.compile(r"^[ \t]+def[ \t]+(%s)[ \t]*\(" % "|".join(map(re.escape, sorted(methods))), re.MULTILINE)
    found = []
    for path in unwalked:
        try:
            text = read_source(Path(path))
        except (Unreadable, OSError):
            continue
        if pattern.search(text) and (facts := _skipped_file_classes(path, text)) is not None:
            found.append(facts)
    return found


def _skipped_file_classes(path: str, text: str, watched: frozenset[str] = frozenset()) -> ClassFacts | None:
    """The class facts of a file the walk skipped, or None where it does not parse."""
    try:
        tree = _parse(text.removeprefix("\ufeff"), path)
    except (ParseError, InvalidInput):
        return None
    facts = ClassFacts(path)
    for node in walk_tree(tree):
        if isinstance(node, ast.ClassDef):  # no torch import here: no base names torch
            facts.note_class(node, lambda base: None, watched)
    return facts


def _unknown(name: str) -> str:
    return f"unknown rule {name!r} in a suppression comment (see torchpatch check --list-rules)"


def parse_target(torch_version: str | None) -> Version:
    try:
        return Version.parse(torch_version or pinned_torch())
    except ValueError as exc:
        raise InvalidInput(f"torch version: {exc}") from None


def _untorched_topk_views(code: str, filename: str, rules: RuleSet, torch_version: str | None,
                          selection: Selection | None, findings: list[Finding], pending: list) -> None:
    """The top-k views of a file that never imports torch: the walk skips it, yet its ``accuracy()`` gets the
    tensors of the files that call it (topkviews.py). The decided ones go into the file's ``findings``; those
    waiting for the project's calls go to ``pending``, to join ``findings`` once a call widens them."""
    if not (rules.by_topk_view and may_hold_views(code)):
        return
    rule = rules.by_topk_view[0]
    if not rule.applies_to(parse_target(torch_version)):
        return
    try:
        tree = _parse(code, filename)
    except (ParseError, InvalidInput):  # a file the walk skips is not reported for its syntax
        return
    found = [(view, finding_at(filename, view.node if isinstance(view, PendingView) else view, rule.apis[0], rule,
                               rule.message, rule.fix)) for view in topk_views(tree, code)]
    waiting = []
    for view, finding in _kept_views(found, code, selection):
        if isinstance(view, PendingView):
            waiting.append((view, finding))
        else:
            findings.append(finding)
    if waiting:  # no calls of its own are noted: the file is not walked
        own = TopkCalls()
        own.folder = os.path.dirname(os.path.abspath(filename))
        pending.append((waiting, findings, own))


def _kept_views(found: list[tuple[object, Finding]], code: str,
                selection: Selection | None) -> list[tuple[object, Finding]]:
    """(view, finding) pairs whose finding no suppression or selection drops, the finding in character columns."""
    kept = {f.line: f for f in _kept([finding for _, finding in found], code, selection)}
    return [(view, kept[finding.line]) for view, finding in found if finding.line in kept]


def _parse(code: str, filename: str) -> ast.Module:
    try:
        return positional_paths(parse_python(code, filename), code)
    except SyntaxError as exc:
        line, column = exc.lineno or 1, exc.offset or 1
        raise ParseError(f"{filename}: line {line}, column {column}: code does not parse: {exc.msg}",
                         exc.msg, line, column) from None
    except (ValueError, RecursionError, MemoryError) as exc:  # null bytes, absurd nesting
        raise InvalidInput(f"{filename}: code cannot be parsed: {exc or type(exc).__name__}") from None


def _character_columns(findings: list[Finding], code: str) -> list[Finding]:
    """The AST counts columns in UTF-8 bytes; editors and SARIF count characters."""
    if code.isascii():
        return findings
    lines = code.splitlines()

    def characters(line: int, column: int) -> int:
        text = lines[line - 1] if 0 < line <= len(lines) else ""
        return column if text.isascii() else len(text.encode("utf-8")[: column - 1].decode("utf-8", errors="ignore")) + 1

    return [replace(f, column=characters(f.line, f.column), end_column=characters(f.end_line, f.end_column))
            for f in findings]
