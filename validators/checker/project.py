"""Evidence from the whole project for ``torch.load`` calls that their own file does not decide.

``check_paths`` walks every file once; each walk leaves a :class:`FileEvidence` (the layouts
that file saves, whether it imports Lightning, its undecided loads). Once all are in,
:meth:`ProjectEvidence.findings` decides each undecided load against all of them: a checkpoint
saved elsewhere with an object in it and read here with its keys, or a Lightning checkpoint.
``check_source`` does the same with a project of one file.

In a monorepo the evidence stays inside the sub-project holding the load: files are grouped by their
nearest folder with a ``pyproject.toml``, ``setup.py`` or ``setup.cfg`` (:func:`project_root`), and
a load is decided only by its own group's saves, Lightning and config-library imports. Files with no
such folder above them form one group. (A package folder is not a boundary: scripts beside a package
read the checkpoints its training code saves.) One exception: a file of an enclosing group (no marker
above it, or one further up) that imports a nested sub-project's package (``scripts/make_codes.py`` doing
``from basicsr.utils import ...`` beside ``basicsr/setup.py``) works for that sub-project, so the layouts it
saves are evidence there too (:func:`lend_outer_evidence`, :func:`package_names`).
"""

from __future__ import annotations

import os
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from .ckptfile import read_verdict, resolve_file
from .loadedforms import CONFIG_KEY
from .configpaths import constant_files
from .optionpaths import option_files
from .envoptout import NAME as ENV_OPT_OUT, EnvOptOuts
from .nnunetckpt import imports_nnunet, reads_nnunet_checkpoint
from .checkpoints import (CONFIG_LIBRARIES, FILE_CONFIG_LIBRARIES, LIGHTNING_KEYS, LIGHTNING_LAYOUT, LIGHTNING_SHARED, FileEvidence,
                          LoadCandidate)
from .finding import Finding
from .lighthparams import DEEPSPEED_KEYS, saves_hyperparameters
from .lightningversion import (checkpoint_callbacks, imports_unified_lightning, lightning_floor, mentions_lightning,
                               names_recent_lightning_package, pinned_early_lightning)
from .provenance import KEYWORDS, PASSED_OBJECT, POSITIONS
from .passedinstances import as_shown
from .returns import ReturnIndex, is_module_file
from .rule import Rule
from .runnerckpt import (reads_deepspeed_optimizer, reads_runner_checkpoint, reads_sat_checkpoint, trains_with_runner,
                         trains_with_sat)


class ProjectEvidence:
    def __init__(self, root: str | None = None) -> None:
        self.root = root  # the sub-project's folder (see project_root); None: no marker above its files
        self.files: list[FileEvidence] = []
        self.lightning = False
        self.plain_ckpt_saves = False
        self.plain_layouts: list[frozenset[str]] = []
        self.config_library: str | None = None  # the first config-object library some file imports
        self.config_class: str | None = None  # the first attribute-access dict subclass some file defines
        # files of an enclosing group that import this sub-project's package: only the layouts they save count
        self.borrowed: list[FileEvidence] = []
        self.object_hparams: tuple[str, bool] | None = None  # see lighthparams.py
        self.lightning_keys: set[str] = set()
        self.config_keys: set[str] = set()  # on_save_checkpoint keys whose value may hold a config object
        self.object_keys: dict[str, str] = {}  # on_save_checkpoint keys holding a refused object -> "file:line"
        self.deepspeed = False  # some file imports deepspeed
        self.imported_packages: set[str] = set()  # top-level names of every file's absolute imports
        self.saves_hparams = False  # some file gives a LightningModule hyper-parameters (save_hyperparameters)
        self.lightning_recent_package = False  # some file names pytorch_lightning.strategies or .cli (1.6 or later) or imports Tuner from its tuner (2.0)
        self.weights_only_callbacks = False  # some file builds ModelCheckpoint(save_weights_only=True) (lightningversion.py)
        self.full_checkpoints = False  # some file builds another ModelCheckpoint or calls save_checkpoint
        self.runner = False  # some file trains with mmengine's Runner (runnerckpt.py)
        self.sat = False  # some file imports SwissArmyTransformer's modules (runnerckpt.py)
        self.nnunet = False  # some file imports nnunetv2 (nnunetckpt.py)
        self._plain_cache: tuple[tuple[int, int], list[tuple[frozenset[str], str | None]]] | None = None  # see _surely_plain_layouts
        self._lightning_floor: tuple[int, int] | None | bool = False  # False: not read yet (lightningversion.py)
        self._early_lightning = False  # the requirement files pin a Lightning before 0.7 (read with the floor)
        self.modules = ReturnIndex()  # every file of the group, walked or not, for saved values built in another module
        self.env_optouts = EnvOptOuts()  # files setting TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD (check_paths shares one)
        self._plain_by_file: tuple[tuple[int, int], list] | None = None  # see _plain_layouts_by_file
        self.constant_files: dict[str, set[str | None]] = {}  # config constant -> file names it is set to (configpaths.py)
        self.option_files: dict[str, set[str | None]] = {}  # option -> file names its defaults spell (optionpaths.py)

    def add(self, evidence: FileEvidence) -> None:
        self.files.append(evidence)
        self.lightning |= evidence.lightning
        self.plain_ckpt_saves |= evidence.plain_ckpt_saves
        self.plain_layouts += evidence.plain_layouts
        self.config_library = self.config_library or evidence.config_library
        if evidence.object_hparams is not None and (self.object_hparams is None or evidence.object_hparams[1]):
            self.object_hparams = evidence.object_hparams
        self.lightning_keys |= evidence.lightning_keys
        self.config_keys |= evidence.config_keys
        for key, line in evidence.object_keys.items():
            self.object_keys.setdefault(key, f"{evidence.file}:{line}")
        self.deepspeed |= "deepspeed" in evidence.imported_packages
        self.imported_packages |= evidence.imported_packages

    def note_config_library(self, library: str | None) -> None:
        """A file that was not walked (it never names torch) imports a config-object library."""
        self.config_library = self.config_library or library

    def note_source(self, code: str) -> None:
        """What any file's text tells, walked or not: whether it trains with a library runner."""
        self.runner = self.runner or trains_with_runner(code)
        self.saves_hparams = self.saves_hparams or saves_hyperparameters(code)
        self.lightning_recent_package = self.lightning_recent_package or names_recent_lightning_package(code)
        weights_only, full = checkpoint_callbacks(code)
        self.weights_only_callbacks, self.full_checkpoints = \
            self.weights_only_callbacks or weights_only, self.full_checkpoints or full
        self.sat = self.sat or trains_with_sat(code)
        self.nnunet = self.nnunet or imports_nnunet(code)
        for constant, names in constant_files(code).items():
            self.constant_files.setdefault(constant, set()).update(names)
        if "add_argument(" in code:
            for option, names in option_files(code).items():
                self.option_files.setdefault(option, set()).update(names)

    def note_config_class(self, found: tuple[str, int] | None, file: str) -> None:
        """A file defines an attribute-access dict subclass (see checkpoints.config_dict_class)."""
        if found is not None and self.config_class is None:
            self.config_class = f"{found[0]} (a dict subclass, {file}:{found[1]})"

    def _config_object(self) -> str | None:
        """What makes a saved ``config`` an object in this project, in words; None: it may be a plain dict."""
        reasons = []
        if self.config_library:
            reasons.append(f"the project imports {self.config_library}: Unsupported global: GLOBAL "
                           f"{CONFIG_LIBRARIES[self.config_library]}")
        if self.config_class:
            reasons.append(f"the project defines {self.config_class}: Unsupported global")
        return "; ".join(reasons) or None

    def _config_key_saved_plain(self) -> bool:
        """The project saves a ``"cfg"`` entry, always plain data (``"cfg": cfg`` with ``cfg = [16, 16, "M"]``): a load
        reading that entry reads no config object, whatever config library the project imports."""
        others = (layout for evidence in self.files for layouts in (
            evidence.object_layouts, evidence.config_layouts, evidence.built_layouts) for layout, _, _ in layouts)
        return any(CONFIG_KEY in keys for keys in self.plain_layouts) and not any(CONFIG_KEY in keys for keys in others)

    def _config_object_in(self, evidence: FileEvidence) -> str | None:
        """What makes a ``config`` saved by ``evidence``'s file an object, in words; None: it may be a plain dict.
        omegaconf and hydra count only where that file imports one of them itself (an annotation ``cfg: DictConfig``,
        ``OmegaConf.create``, the ``@hydra.main`` entry point): a project may add a hydra CLI beside a trainer that
        keeps its config as a plain dict (built from ``yaml.safe_load``), whose checkpoints load under weights_only.
        The other libraries (yacs, ml_collections, mmengine, ...) only build config objects: a project importing one
        keeps its config in it, wherever it saves it."""
        reasons = []
        if evidence.config_library in FILE_CONFIG_LIBRARIES:
            reasons.append(f"{os.path.basename(evidence.file)} imports {evidence.config_library}: Unsupported global: "
                           f"GLOBAL {CONFIG_LIBRARIES[evidence.config_library]}")
        elif self.config_library and self.config_library not in FILE_CONFIG_LIBRARIES:
            reasons.append(f"the project imports {self.config_library}: Unsupported global: GLOBAL "
                           f"{CONFIG_LIBRARIES[self.config_library]}")
        if self.config_class:
            reasons.append(f"the project defines {self.config_class}: Unsupported global")
        return "; ".join(reasons) or None

    def _plain_layouts(self) -> list[frozenset[str]]:
        """Saved layouts without objects; one holding ``config`` is plain where its file's config is no object."""
        return self.plain_layouts + [keys for evidence in self.files if not self._config_object_in(evidence)
                                     for keys, _, _ in evidence.config_layouts]

    def findings(self, evidence: FileEvidence) -> list[Finding]:
        """The findings for ``evidence``'s undecided loads (columns in UTF-8 bytes, +1)."""
        out = []
        for candidate in evidence.candidates:
            decided = self.decide(candidate, evidence.file)
            if decided is not None:
                rule, why = decided
                out.append(Finding(evidence.file, candidate.line, candidate.column, candidate.api,
                                   f"{rule.message} ({why})", rule.fix, rule.section, rule.id, rule.severity,
                                   rule.code, candidate.end_line, candidate.end_column))
        return out

    def decide(self, candidate: LoadCandidate, file: str = "") -> tuple[Rule, str] | None:
        """The first rule whose evidence holds, and the evidence in words. A committed file the load names
        decides first (what it holds is fact, the rest is inference); then saved layouts (they name a line)."""
        by_when = {rule.when: rule for rule in candidate.rules}
        if candidate.helpers and (read := self._read_by_helpers(candidate)):
            candidate = candidate._replace(keys=candidate.keys | read)
        if candidate.path is not None and file and (
                found := resolve_file(*candidate.path, file, self.root)) is not None and (
                verdict := read_verdict(found)) is not None:
            if verdict.refused is None:
                return None  # every global it names is one weights_only allows: it loads as is
            if "loads-pickled-object" in by_when:
                shown = os.path.relpath(found, os.path.dirname(os.path.abspath(file)))
                what = ("a pickle of protocol 4, which weights_only refuses too: Unsupported operand 149"
                        if verdict.stack_global else f"Unsupported global: GLOBAL {verdict.refused}")
                return by_when["loads-pickled-object"], f"the committed file {shown} names {verdict.refused}; {what}"
        if candidate.config_key and "loads-pickled-object" in by_when and (self.config_library or self.config_class) \
                and not self._config_key_saved_plain():
            library = f"imports {self.config_library}" if self.config_library else f"defines {self.config_class}"
            return by_when["loads-pickled-object"], f"it reads the 'cfg' entry as an object, and the project {library}"
        if self._names_unwritten_file(candidate):
            by_when.pop("saved-in-project", None)  # a file the project never writes: its saved layouts tell nothing
        if "saved-in-project" in by_when and candidate.file_name and (saved := self._saved_file(candidate, file)):
            return by_when["saved-in-project"], saved
        if "saved-in-project" in by_when and not candidate.file_name and (named := self._option_file(candidate)) and (
                saved := self._saved_file(candidate._replace(file_name=named), file)):
            return by_when["saved-in-project"], f"{saved}; {named!r} is the default of --{candidate.option}"
        if "saved-in-project" in by_when and (saved := self._saved_layout(candidate, file) or self._probed_layout(
                candidate, file)):
            return by_when["saved-in-project"], saved
        if "saved-in-project" in by_when and (saved := self._saved_sequence(candidate, file)):
            return by_when["saved-in-project"], saved
        if "saved-in-project" in by_when and self.runner and (
                why := reads_runner_checkpoint(candidate.keys, candidate.publishes, candidate.file_name)):
            return by_when["saved-in-project"], why
        if "saved-in-project" in by_when and self.sat and (why := reads_sat_checkpoint(candidate.file_name)):
            return by_when["saved-in-project"], why
        if "saved-in-project" in by_when and self.nnunet and (
                why := reads_nnunet_checkpoint(candidate.file_name, candidate.keys)) and (candidate.file_name or not any(
                    candidate.keys <= plain and "logging" not in plain for plain in self._plain_layouts())):
            return by_when["saved-in-project"], why
        if "saved-in-project" in by_when and self.deepspeed and (why := reads_deepspeed_optimizer(candidate.keys)) \
                and not any(candidate.keys <= plain for plain in self._plain_layouts()):
            return by_when["saved-in-project"], why
        if "lightning-checkpoint" in by_when and (why := self._lightning(candidate)):
            return by_when["lightning-checkpoint"], why
        if "no-weights-only-env" in by_when and file and (found := self.env_optouts.setter(file, candidate.line)):
            if found[0] == os.path.abspath(file):
                return by_when["no-weights-only-env"], f"line {found[1]} of this file sets {ENV_OPT_OUT}=1 at import"
            shown = os.path.relpath(found[0], os.path.dirname(os.path.abspath(file)))
            return by_when["no-weights-only-env"], f"{shown}:{found[1]} sets {ENV_OPT_OUT}=1 when the package is imported"
        return None

    def _saved_file(self, candidate: LoadCandidate, file: str) -> str | None:
        """Another file of the project torch.save()s objects (numpy values, a model, a library object) to a file
        of the very name this load spells out (``split_dict.pt``): the project's own writer of that file."""
        if any(candidate.file_name in evidence.plain_files for evidence in (*self.files, *self.borrowed)):
            return None  # a generic name (``policy.pth``) some script also saves a state_dict to: no telling which
        for evidence in (*self.files, *self.borrowed):
            if evidence.file != file and (line := evidence.object_files.get(candidate.file_name)) is not None:
                return (f"the project saves objects to {candidate.file_name!r} at {evidence.file}:{line}, "
                        "and weights_only refuses them")
        return None

    def _saved_sequence(self, candidate: LoadCandidate, file: str = "") -> str | None:
        """A load unpacked into n names (``net_sd, filters = torch.load(p)``) reads a list or tuple of n items: a save
        of n items holding an object writes it (``torch.save([self.net.state_dict(), self.running_state], p)`` with a
        ZFilter of the project's; ``[..., self.o_norm.mean, self.o_norm.std]``, numpy arrays a class of another module
        binds), unless a plain save of n items could be the file instead (another file name spelled: another file).
        The save nearest the load (by folders) is the one named."""
        size = candidate.unpacked
        if not size:
            return None
        def may_write(length: int, name: str | None) -> bool:  # n items, to the same file name where both spell one
            return length == size and (None in (name, candidate.file_name) or name == candidate.file_name)

        found = None
        here = folders_of(file) if file else ()
        nearest_first = sorted((*self.files, *self.borrowed), key=lambda e: folder_distance(here, folders_of(e.file)))
        for evidence in nearest_first:
            for length, line, name, held in evidence.object_sequences:
                if not may_write(length, name):
                    continue
                why = "which holds an object the saving file builds (a numpy value, an instance of a project class)" \
                    if held is True else self._drawn_object(held)
                if why is None:
                    return None  # items drawn from other modules, none an object: a plain list could be the file
                found = found or f"it unpacks the {size} items of the list saved at {evidence.file}:{line}, {why}"
            if any(may_write(length, name) for length, name in evidence.plain_sequences):
                return None
        return found and found + ", and weights_only refuses it"

    def _drawn_object(self, drawn: tuple[tuple[int, tuple[str, str]], ...]) -> str | None:
        """In words, the first item of a saved list that another module's callable or class attribute makes an object."""
        for position, (module, function) in drawn:
            if (defined := self.modules.defining(module, function)) is None:
                continue
            if self.modules.is_attribute(defined, function):
                return f"whose item {position} is {function} ({defined} binds it to numpy or a project object)"
            if self.modules.is_class(defined, function):
                return f"whose item {position} is an instance of the project's class {function} ({defined})"
            return f"whose item {position} is what {function} ({defined}) returns: numpy or a project object"
        return None

    def _surely_plain_layouts(self) -> list[tuple[frozenset[str], str | None]]:
        """Plain layouts a framework class saves from its own method (see _saved_layout), with no object in them by
        any account (a layout with a value drawn from another module that returns an object, or holding a config
        object, is listed as plain too). Computed once per project."""
        sizes = (len(self.files), len(self.borrowed))
        if self._plain_cache is not None and self._plain_cache[0] == sizes:
            return self._plain_cache[1]
        other = set()
        for evidence in (*self.files, *self.borrowed):
            for layouts in (evidence.object_layouts, evidence.config_layouts, evidence.built_layouts,
                            evidence.writer_layouts):
                other.update(layout for layout, *_ in layouts)
            other.update(layout for layout, _, drawn in evidence.derived_layouts if any(
                self._drawn_is_object(evidence.file, module, function) for _, (module, function) in drawn))
        plain = [(layout, name) for evidence in (*self.files, *self.borrowed) for layout, name in evidence.plain_named
                 if layout not in other and layout in evidence.method_plain]
        self._plain_cache = (sizes, plain)
        return plain

    def _saved_layout(self, candidate: LoadCandidate, file: str = "") -> str | None:
        """The save whose layout holds every key this load reads (a key in a variable may be any of them). A save in
        another file is no evidence when a framework class of the project saves a plain dict its own method builds
        (``atomic_save(self.state_dict(), path)``) holding every key read: agents sharing that save write their files
        through it, and one agent saving an object under another key tells nothing of the rest. Keys the load reads
        only where a KeyError is caught (``candidate.guarded_keys``) need not be in the layout: it takes files without
        them (an older layout's ``'total_iters'``), though reading one still names an entry it holds."""
        read = candidate.keys
        keys = read - candidate.guarded_keys or read
        if not keys and not candidate.variable_key:
            return None
        # a plain save to another spelled-out file name than the one this load spells is not the one it reads
        ambiguous = bool(keys) and any(keys <= plain and (name is None or candidate.file_name is None
                                                          or name == candidate.file_name)
                                       for plain, name in self._surely_plain_layouts())
        shown = ", ".join(repr(k) for k in sorted(read))
        reads = (f"{shown} and a key held in a variable" if shown else "a key held in a variable") \
            if candidate.variable_key else shown
        plain_file = self._reads_plain_file(candidate)
        for evidence in (*self.files, *self.borrowed):
            if ambiguous and evidence.file != file:
                continue
            if keys and file and self._nearer_plain_save(keys, file, evidence.file):
                continue
            if plain_file:  # saves spelling another file name than the plain one it reads are not its file
                evidence = saved_to(evidence, candidate.file_name)
            layouts = [(layout, line, held, "an object") for layout, line, held in evidence.object_layouts]
            layouts += [(layout, line, held, f"an object ({writer} saves it)")
                        for layout, line, held, writer in evidence.writer_layouts]
            if keys:  # read by name: a layout holding what the file builds (a numpy value, its own class) counts
                layouts += [(layout, line, held, BUILT) for layout, line, held in
                            evidence.built_layouts]
            if why := self._config_object_in(evidence):
                layouts += [(layout, line, held, f"a config object ({why})")
                            for layout, line, held in evidence.config_layouts]
            if keys:  # an instance's attributes saved whole, a config object among them (instancestate.py)
                layouts += [(layout, line, held, f"a config object ({why or 'a config library class'}; the instance's "
                             "attributes are saved whole)") for layout, line, held in evidence.state_layouts]
            for layout, line, held, what in layouts:
                if (line, held) in evidence.conditional_held and held not in read and not (
                        read & evidence.conditional_siblings.get((line, held), frozenset())):
                    continue  # an entry added only under an ``if`` (read nothing else stored there): it need not be
                if keys <= layout and (held not in candidate.state_keys or (line, held) in evidence.numpy_states):
                    return f"it reads {reads} of the checkpoint saved at {evidence.file}:{line}, whose {held!r} is {what}"
            for layout, line, load_line in (evidence.pickled_layouts if keys else ()):
                # a layout its function extends with its **kwargs holds more keys: two of its own read suffice
                within = keys <= layout or (line in evidence.open_lines and len(keys & layout) >= 2)
                if within and not self._pickled_elsewhere(keys, file, evidence.file):
                    return (f"it reads {reads} of the checkpoint format saved at {evidence.file}:{line}, which that "
                            f"file's load at line {load_line} expects to import modules (it catches "
                            "ModuleNotFoundError): such files pickle classes, and weights_only refuses them")
            for layout, line in (evidence.framed_layouts if keys else ()):
                if keys <= layout:
                    return (f"it reads {reads} of the checkpoint saved at {evidence.file}:{line} with pickle protocol 4 "
                            "or later, which weights_only refuses whatever it holds: Unsupported operand 149")
            for layout, line, drawn in (evidence.derived_layouts if keys else ()):
                # a layout its function extends with its **kwargs holds more keys: two of its own read suffice
                if not (keys <= layout or (line in evidence.open_lines and len(keys & layout) >= 2)):
                    continue
                for held, (module, function) in drawn:
                    if module == POSITIONS:
                        if (passed := self._passed_by_position(evidence.file, function)) is not None:
                            name, _, position = function.partition(":")
                            return (f"it reads {reads} of the checkpoint saved at {evidence.file}:{line}, whose "
                                    f"{held!r} holds what {name}() takes at position {position}: {passed}")
                        continue
                    if module == KEYWORDS:
                        if (passed := self._passed_by_keyword(evidence.file, function)) is not None:
                            takes = (f"what {function.replace(':', '() takes as ')}" if ":" in function
                                     else f"the keywords {function}() takes")
                            return (f"it reads {reads} of the checkpoint saved at {evidence.file}:{line}, whose "
                                    f"{held!r} holds {takes}: {passed}")
                        continue
                    if (defined := self.modules.defining(module, function, near=evidence.file)) is None:
                        continue
                    name, _, position = function.partition("#")
                    name = as_shown(name)
                    returned = f"item {position} of what {name}" if position else f"what {name}"
                    what = (f"an instance of the project's class {function} ({defined})"
                            if self.modules.is_class(defined, function) else
                            f"{function}, which {defined} binds to numpy or a project object"
                            if self.modules.is_attribute(defined, function) else
                            f"{returned} ({defined}) returns: a numpy value, an instance of a project class "
                            "or a Namespace")
                    return f"it reads {reads} of the checkpoint saved at {evidence.file}:{line}, whose {held!r} is {what}"
        return None

    def _probed_layout(self, candidate: LoadCandidate, file: str) -> str | None:
        """A load that tests for the keys it reads (``if "model" in ckpt: sd = ckpt["model"] elif "module" in ckpt:
        sd = ckpt["module"] elif "state_dict" in ckpt: ...``) takes files of several layouts, each read down its own
        branch: it reads the project's checkpoint when one branch's keys (the keys it reads untested, and one tested
        key) are all in a layout saved with an object, as a load reading those keys alone would
        (:meth:`_saved_layout`, with the same plain saves that may be the file instead)."""
        tested = candidate.optional_keys & candidate.keys
        if not tested or candidate.keys == candidate.optional_keys and len(tested) < 2:
            return None  # one tested key and nothing else: _saved_layout has asked already
        required = candidate.keys - tested
        for key in sorted(tested):
            branch = required | {key}
            if branch == candidate.keys:
                continue
            if saved := self._saved_layout(candidate._replace(keys=branch, guarded_keys=candidate.guarded_keys & branch),
                                           file):
                shown = ", ".join(repr(k) for k in sorted(tested))
                return f"{saved} (it tests for {shown} and reads {key!r} where the file holds it)"
        return None

    def _pickled_elsewhere(self, keys: frozenset[str], file: str, saver: str) -> bool:
        """A pickled format (FileEvidence.note_importing_load) is inferred, not seen: it decides a load only when no
        other file as near to the load as ``saver`` (or nearer) saves a plain dict holding every key the load reads,
        unless the load's file imports ``saver``'s module (its own writer of these files)."""
        if saver == file:
            return False
        loader = next((evidence for evidence in self.files if evidence.file == file), None)
        normalized = os.path.abspath(saver).replace(os.sep, "/")
        if loader is not None and any(is_module_file(normalized, module) for module in loader.imported_modules):
            return False
        here = folders_of(file)
        limit = folder_distance(here, folders_of(saver))
        return any(folder_distance(here, folders) <= limit and any(keys <= layout for layout in layouts)
                   for folders, layouts, _, _ in self._plain_layouts_by_file())

    def _read_by_helpers(self, candidate: LoadCandidate) -> frozenset[str]:
        """The keys the project functions a load's result is handed to read from it (``restore_net(net, checkpoint)``
        where loss/optimizer.py's ``restore_net`` reads ``checkpoint['state_dict']``)."""
        read: set[str] = set()
        for module, function, position in candidate.helpers:
            if not module:  # a method called on an object (``tensorf.load(ckpt)``): whichever class defines it
                found = {keys for evidence in self.files if (keys := evidence.parameter_keys.get((function, position)))}
                if len(found) == 1:  # one reading of it in the project (several: no telling which class it is)
                    read |= found.pop()
                continue
            for evidence in self.files:
                if (keys := evidence.parameter_keys.get((function, position))) and is_module_file(
                        os.path.abspath(evidence.file).replace(os.sep, "/"), module):
                    read |= keys
        return frozenset(read)

    def _option_file(self, candidate: LoadCandidate) -> str | None:
        """The one file name every default of the load's option spells in the project (``args.vocab_file``), if any."""
        names = self.option_files.get(candidate.option) if candidate.option else None
        return next(iter(names)) if names and len(names) == 1 and None not in names else None

    def _names_unwritten_file(self, candidate: LoadCandidate) -> bool:
        """The load's path is a config constant that every assignment sets to a spelled-out file name, and no save of
        the project spells one of those names (configpaths.py): published weights, not a checkpoint of its own."""
        names = self.constant_files.get(candidate.constant) if candidate.constant else None
        if not names or None in names:
            return False
        group = (*self.files, *self.borrowed)
        return not any(name in e.object_files or name in e.plain_files or name in e.saved_names.values()
                       for e in group for name in names)

    def _nearer_plain_save(self, keys: frozenset[str], file: str, saver: str) -> bool:
        """A file nearer to the load than ``saver`` (by folders: the load's own folder first) saves a plain dict holding
        every key the load reads: the load reads that script's checkpoint (``experiments/recognition/verify.py``
        beside ``recognition/train_dist.py``), not the one a sibling folder's script saves with an object. As near as
        ``saver``, the load's own file and ``saver`` itself count too, when that plain dict is not one the same file also
        saves with an object (the same keys): a run manager writes the numpy-holding resume file and a plain
        ``{"state_dict": ...}`` best model, and the manager class beside it saves its own plain layout, so a load reading
        only keys such a file holds (published weights read as ``["state_dict"]``, the sibling's own resume) may read
        either, and the key names alone do not say it reads the one with the object. (A third file that happens to be
        as far away, in another sub-project, tells nothing of this load.)"""
        if saver == file:
            return False
        here = folders_of(file)
        limit = folder_distance(here, folders_of(saver))
        for folders, layouts, unsure, saving in self._plain_layouts_by_file():
            distance = folder_distance(here, folders)
            if distance < limit and any(keys <= layout for layout in layouts):
                return True
            if distance == limit and saving in (file, saver) and any(
                    keys <= layout for layout in layouts if layout not in unsure):
                return True
        return False

    def _plain_layouts_by_file(self) -> list[tuple[tuple[str, ...], list[frozenset[str]], set[frozenset[str]], str]]:
        """Each file's plain saved layouts (a config-holding one counts where a config is plain data), with its folders,
        the layouts among them that a save of the same file also holds an object under (the same keys: a value drawn
        from another module, a pickle of protocol 4, a config object; often that very save), and the file."""
        sizes = (len(self.files), len(self.borrowed))
        if self._plain_by_file is not None and self._plain_by_file[0] == sizes:
            return self._plain_by_file[1]

        def unsure(evidence: FileEvidence) -> set[frozenset[str]]:
            found = {layout for layouts in (evidence.object_layouts, evidence.config_layouts, evidence.built_layouts,
                                            evidence.writer_layouts, evidence.framed_layouts, evidence.pickled_layouts)
                     for layout, *_ in layouts}
            # a value drawn from another module counts where that module returns an object (as in _saved_layout)
            found.update(layout for layout, _, drawn in evidence.derived_layouts if any(
                self._drawn_is_object(evidence.file, module, function) for _, (module, function) in drawn))
            return found

        found = [(folders_of(evidence.file), evidence.plain_layouts + (
                     [keys for keys, _, _ in evidence.config_layouts] if config_plain else []), unsure(evidence),
                  evidence.file)
                 for evidence in (*self.files, *self.borrowed)
                 for config_plain in [self._config_object_in(evidence) is None]
                 if evidence.plain_layouts or (config_plain and evidence.config_layouts)]
        self._plain_by_file = (sizes, found)
        return found

    def _reads_plain_file(self, candidate: LoadCandidate) -> bool:
        """The load's path spells a file name (in one of its bindings: ``os.path.join(d, "final_state.pth")``) that
        the project torch.save()s plain content to and no object: it reads that file, and a save of objects that
        spells another name (``checkpoint.pth.tar``) is another file, whatever keys the two share."""
        name = candidate.file_name
        group = (*self.files, *self.borrowed)
        return name is not None and any(name in e.plain_files for e in group) and \
            not any(name in e.object_files for e in group)

    def _writes_plain_lightning_checkpoints(self) -> bool:
        """The sub-project requires Lightning 1.5 or later, or pins a release before 0.7 (before 0.10 where no module
        has hyper-parameters) (or, naming no floor, imports the unified ``lightning`` package, 1.8 or later, or names
        ``pytorch_lightning.strategies`` or ``.cli``, 1.6 or later) and keeps no object in its hyper-parameters: the
        checkpoints it writes itself hold plain data (lightningversion.py)."""
        if self._lightning_floor is False:
            folder = self.root or self._common_folder()
            self._lightning_floor = lightning_floor(folder)
            if self._lightning_floor is None and self.root is None and folder is not None \
                    and not mentions_lightning(folder):
                # a tree of sources in src/ keeps its requirement files one folder up (RSTParser's requirements.txt)
                folder = os.path.dirname(folder)
                self._lightning_floor = lightning_floor(folder)
            # a pin before 0.10 writes plain checkpoints too where no module of the project has hyper-parameters
            self._early_lightning = self._lightning_floor is not None and (pinned_early_lightning(folder) or (
                not self.saves_hparams and pinned_early_lightning(folder, before=10)))
        # no requirement file names a floor: the code proves a release whose files are plain
        recent = (self._lightning_floor is not None and self._lightning_floor >= (1, 5)) or self._early_lightning or (
            self._lightning_floor is None and self.lightning and (
                imports_unified_lightning(self.imported_packages) or self.lightning_recent_package)) or (
            self.weights_only_callbacks and not self.full_checkpoints)  # no callback states in any release
        # a config-object library counts only where some module has hyper-parameters (or on_save_checkpoint keys):
        # that is the only way its object reaches the checkpoint. A module that calls no save_hyperparameters writes
        # none (InstantMesh's MVRecon: a pytorch-lightning 2.1.2 replica of its checkpoint loads with
        # weights_only=True on 2.15, round 13); stable-diffusion's heirs, which read published checkpoints of older
        # releases, pin those releases (pytorch-lightning 1.4.2, 1.5.9) and name no strategies package
        return recent and self._plain_hyperparameters()

    def _common_folder(self) -> str | None:
        """Where a tree without a project marker keeps its requirement files: the folder holding all of its files."""
        folders = [os.path.dirname(evidence.file) for evidence in self.files if evidence.file]
        try:
            return os.path.commonpath(folders) if folders else None
        except ValueError:  # paths on different drives
            return None

    def _plain_hyperparameters(self) -> bool:
        """For the run's own checkpoint: no config object given to save_hyperparameters, and no config-object library
        or class unless no module has hyper-parameters (or on_save_checkpoint keys that may hold one, config_keys_set)
        at all: a config object reaches that file only that way."""
        no_config = (self.config_library is None and self.config_class is None) or not (
            self.saves_hparams or self.config_keys)
        return self.object_hparams is None and no_config

    def _own_lightning_checkpoint(self, candidate: LoadCandidate) -> str | None:
        """The project's LightningModule saves a config object in its hyper-parameters (lighthparams.py), and this load
        reads only keys of that module's checkpoints, one of them a Lightning key or a key its on_save_checkpoint
        sets (DeepSpeed's model-states keys count where the project imports deepspeed: Lightning's DeepSpeed
        strategy keeps its checkpoint there)."""
        if not self.lightning or self.object_hparams is None:
            return None
        where, certain = self.object_hparams
        why = "" if certain else self._config_object()
        if why is None:
            return None
        keys = candidate.keys
        layout = LIGHTNING_LAYOUT | self.lightning_keys | (DEEPSPEED_KEYS if self.deepspeed else frozenset())
        if not keys or not keys <= layout or not keys & (LIGHTNING_LAYOUT | self.lightning_keys) - {"epoch"} or any(
                keys <= plain for plain in self._plain_layouts()):
            return None
        shown = ", ".join(repr(k) for k in sorted(keys))
        return (f"it reads {shown} of the project's Lightning checkpoints, whose hyper_parameters hold a config "
                f"object: {where}" + (f"; {why}" if why else ""))

    def _drawn_is_object(self, file: str, module: str, function: str) -> bool:
        """A saved value drawn from elsewhere (provenance.py's sources) is an object weights_only refuses: what
        callers pass by keyword or by position, or what another module's callable returns."""
        if module == KEYWORDS:
            return self._passed_by_keyword(file, function) is not None
        if module == POSITIONS:
            return self._passed_by_position(file, function) is not None
        return self.modules.defining(module, function) is not None

    def _passed_by_position(self, file: str, function: str) -> str | None:
        """A caller in the project passes the module-level ``function:position`` (defined in ``file``) a numpy value
        there, or what an imported callable returning numpy or an object gives."""
        normalized = os.path.abspath(file).replace(os.sep, "/")
        name, _, position = function.partition(":")
        for evidence in self.files:
            for module, called, at, found in evidence.positional_sources:
                if called != name or str(at) != position or not is_module_file(normalized, module):
                    continue
                if found is True:
                    return f"{evidence.file} passes a numpy value there"
                if found == PASSED_OBJECT:
                    return f"{evidence.file} passes an object there (a model or an optimizer it builds)"
                if (defined := self.modules.defining(*found)) is not None:
                    return f"{evidence.file} passes what {found[1].partition('#')[0]} ({defined}) returns"
        return None

    def _passed_by_keyword(self, file: str, method: str) -> str | None:
        """A caller in the project passes ``method`` (defined in ``file``) a keyword value that is numpy, or what an
        imported callable returning numpy or an object gives (``trainer.save(best_map=eval_result["map"])``)."""
        normalized = os.path.abspath(file).replace(os.sep, "/")
        method, _, parameter = method.partition(":")  # Class.save:other_items, a parameter merged into the dict
        for evidence in self.files:
            for module, called, keyword, found in evidence.keyword_sources:
                if parameter and keyword != parameter:
                    continue
                # a receiver of no known class (module ""): the method's name and the parameter's join them
                by_name = not module and parameter and called == "." + method.rpartition(".")[2]
                if not by_name and (called != method or not is_module_file(normalized, module)):
                    continue
                if found is True:
                    return f"{evidence.file} passes {keyword}=, " + (
                        "a dict holding numpy or an object (a Namespace, a model)" if parameter else "a numpy value")
                if (defined := self.modules.defining(*found)) is not None:
                    return f"{evidence.file} passes {keyword}=, what {found[1].partition('#')[0]} ({defined}) returns"
        return None

    def _resumes_plain_loop(self, candidate: LoadCandidate) -> bool:
        """A project that imports no Lightning (nor a library of LightningModules) reads a ``.ckpt`` file's
        ``'epoch'`` to go on training (``ckpt['state_dict']``, ``ckpt['epoch'] + 1``) and no key that only Lightning
        writes, nor ``'global_step'``: a checkpoint of its own plain training loop, named ``.ckpt`` by habit (DIG's
        ``{model}_last.ckpt``). Published Lightning checkpoints (latent diffusion's) are read for ``'state_dict'`` and
        ``'global_step'``, and keep the finding."""
        keys = candidate.keys
        return not self.lightning and "epoch" in keys and not keys & (LIGHTNING_KEYS | {"global_step"})

    def _stored_object(self, candidate: LoadCandidate) -> str | None:
        """The load reads only keys of the project's Lightning checkpoints, one of them a key an on_save_checkpoint
        stores a standard-library object under that weights_only refuses (lighthparams.object_keys_set): every
        checkpoint the run writes holds it, whatever Lightning release writes it."""
        keys = candidate.keys
        if not self.lightning or not self.object_keys or not keys & self.object_keys.keys() or \
                not keys <= LIGHTNING_LAYOUT | self.lightning_keys or any(keys <= plain for plain in self._plain_layouts()):
            return None
        key = min(keys & self.object_keys.keys())
        return f"it reads {key!r}, which on_save_checkpoint ({self.object_keys[key]}) stores as a defaultdict, deque " \
               "or another standard-library object weights_only refuses"

    def _lightning(self, candidate: LoadCandidate) -> str | None:
        if why := self._own_lightning_checkpoint(candidate) or self._stored_object(candidate):
            return why
        if self._writes_plain_lightning_checkpoints():
            return None
        if candidate.fit_resume and candidate.ckpt_path and self._plain_hyperparameters():
            # the .ckpt file the code names and trainer.fit(ckpt_path=) resumes: written by Lightning 1.5+, plain data
            # (a path taken from the config may be a published checkpoint: fish-speech's resume_weights_only)
            return None
        if not self.lightning and candidate.keys and not candidate.keys & LIGHTNING_LAYOUT:
            return None  # AutoVC's published 3000000-BL.ckpt read for 'model_b': no key of Lightning's layout
        if candidate.ckpt_path and not self.plain_ckpt_saves and not self._resumes_plain_loop(candidate):
            return "the path is a Lightning .ckpt file"
        if candidate.parameter is not None and not self.plain_ckpt_saves and not self._resumes_plain_loop(candidate) \
                and (caller := next(
                (evidence.file for evidence in self.files if candidate.parameter in evidence.ckpt_calls), None)):
            return f"{caller} passes {candidate.parameter[0]}() a Lightning .ckpt file"
        if only := sorted(candidate.keys & LIGHTNING_KEYS):
            return f"it reads {only[0]!r}, a key of Lightning checkpoints"
        keys = candidate.keys
        if not keys or not keys <= LIGHTNING_LAYOUT or any(keys <= plain for plain in self._plain_layouts()):
            return None  # a plain file of the project's own could be the one
        shown = ", ".join(repr(k) for k in sorted(keys))
        if self.lightning and keys & LIGHTNING_SHARED and not (
                keys <= candidate.optional_keys and any(evidence.weights_only_unwrap for evidence in self.files)):
            # not `if "state_dict" in sd: sd = sd["state_dict"]` where the project itself loads such files with
            # weights_only=True the same way (fish-speech's codec.pth): its checkpoints of that kind are plain
            return f"a Lightning project reading {shown} of a Lightning checkpoint"
        if LIGHTNING_SHARED <= keys and not candidate.strips_wrapper:
            # 'global_step' beside 'state_dict': the pair a Lightning checkpoint carries (not where the load takes
            # DataParallel's 'module.' prefix off the keys: a plain loop's file, checkpoints.strips_wrapper_prefix)
            return f"it reads {shown}, the layout of a Lightning checkpoint"
        return None


@lru_cache(maxsize=4096)
def folders_of(file: str) -> tuple[str, ...]:
    """The folders holding ``file``, from the root down (absolute)."""
    return tuple(os.path.dirname(os.path.abspath(file)).split(os.sep))


def folder_distance(one: tuple[str, ...], other: tuple[str, ...]) -> int:
    """Steps up and down the folder tree from one folder to the other."""
    common = 0
    for a, b in zip(one, other):
        if a != b:
            break
        common += 1
    return len(one) + len(other) - 2 * common


def saved_to(evidence: FileEvidence, name: str) -> FileEvidence:
    """``evidence`` without the layouts whose save spells a file name other than ``name`` (those spelling none stay)."""
    def keep(line: int) -> bool:
        return evidence.saved_names.get(line, name) == name
    return replace(evidence, object_layouts=[e for e in evidence.object_layouts if keep(e[1])],
                   config_layouts=[e for e in evidence.config_layouts if keep(e[1])],
                   built_layouts=[e for e in evidence.built_layouts if keep(e[1])],
                   writer_layouts=[e for e in evidence.writer_layouts if keep(e[1])],
                   framed_layouts=[e for e in evidence.framed_layouts if keep(e[1])],
                   pickled_layouts=[e for e in evidence.pickled_layouts if keep(e[1])],
                   state_layouts=[e for e in evidence.state_layouts if keep(e[1])],
                   derived_layouts=[e for e in evidence.derived_layouts if keep(e[1])])


PROJECT_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg")
# what a value the saving file builds itself is, and what torch 2.15's weights_only load says of it
BUILT = ("an object the file builds: a numpy scalar or array (Unsupported global: GLOBAL numpy._core.multiarray.scalar "
         "or numpy._core.multiarray._reconstruct), an instance of its own class, or a class itself (type(optimizer): "
         "Unsupported global: GLOBAL torch.optim.sgd.SGD)")


def package_names(root: str) -> set[str]:
    """The import names a sub-project folder provides: itself when it is a package (``basicsr/`` holding
    ``setup.py`` and ``__init__.py``), and the packages directly inside it (``repo/src`` layouts are not looked for)."""
    names = {os.path.basename(root)} if os.path.isfile(os.path.join(root, "__init__.py")) else set()
    try:
        entries = os.listdir(root)
    except OSError:
        return names
    return names | {entry for entry in entries if os.path.isfile(os.path.join(root, entry, "__init__.py"))}


def lend_outer_evidence(projects: dict[str | None, ProjectEvidence]) -> None:
    """Saves in files of an enclosing group (outside every marker, or under a marker folder further up) reach the
    sub-projects nested in it whose packages those files import; sibling sub-projects never lend to each other."""
    if len(projects) < 2:
        return
    for root, project in projects.items():
        if root is None:
            continue
        names = package_names(root)
        for outer, lender in projects.items():
            if outer == root or not (outer is None or root.startswith(outer + os.sep)):
                continue
            project.borrowed += [evidence for evidence in lender.files if evidence.imported_packages & names]


def project_root(path: str | Path, cache: dict[str, str | None]) -> str | None:
    """The nearest folder above ``path`` holding a project marker, or None; ``cache`` maps folders already seen."""
    folder = os.path.dirname(os.path.abspath(path))
    walked = []
    found: str | None = None
    while True:
        if folder in cache:
            found = cache[folder]
            break
        walked.append(folder)
        if any(os.path.isfile(os.path.join(folder, marker)) for marker in PROJECT_MARKERS):
            found = folder
            break
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    for seen in walked:
        cache[seen] = found
    return found
