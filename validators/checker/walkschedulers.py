"""Learning-rate scheduler checks for the walker: scheduler.step() before optimizer.step() (steporder.py), step(epoch)
on a scheduler whose epoch argument warns, methods called on ``self`` in a scheduler subclass, and which names of the
file hold schedulers at all, read from the text first so files that never step one cost nothing.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import replace

from .appliedfunctions import never_called
from .imports import dotted_name
from .optionbranches import reaching_bindings
from .schedulers import epoch_warning_names, is_library_schedule, quiet_step_names, scheduler_names, warns_on_epoch
from .selfmethods import defines
from .requiredstep import required_step
from .skippedinit import skipped_init
from .forwarded import ForwardedDefault, quiet_defaults
from .steporder import early_scheduler_steps, is_test_module, untrained_test_steps
from .steppedfactories import factory_stepped_names
from .patterns import matches_call

_STEP_CALL = re.compile(r"\.\s*step\s*\(")  # `sched.step(`, `self.lr_scheduler . step (`
_LAST_NAME = re.compile(r"(\w+)(?:\[[^\[\]\n]*\])*\s*$")  # schedulers[0].step(: the list's name


def _step_receivers(text: str) -> Iterator[str]:
    """The name just before each ``.step(`` (searching for the call first: a leading ``(\\w+)`` would be
    tried at every position of the file)."""
    for call in _STEP_CALL.finditer(text):
        if name := _LAST_NAME.search(text, max(0, call.start() - 80), call.start()):
            yield name[1]


_SCHEDULER_MODULE = "torch.optim.lr_scheduler."  # self.step(epoch) in a subclass of one


def fills_none(function: ast.FunctionDef | ast.AsyncFunctionDef, parameter: str) -> bool:
    """``if epoch is None: epoch = self.last_epoch + 1`` at the top level of the function: the parameter never
    stays None, whatever callers pass."""
    return any(isinstance(statement, ast.If) and isinstance(test := statement.test, ast.Compare)
               and isinstance(test.left, ast.Name) and test.left.id == parameter and isinstance(test.ops[0], ast.Is)
               and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value is None
               and any(isinstance(inner, ast.Assign) and any(isinstance(t, ast.Name) and t.id == parameter
                                                             for t in inner.targets) for inner in statement.body)
               for statement in function.body)


class SchedulerChecks:
    def _check_step_order(self, node: ast.AST) -> None:
        """A loop that steps its scheduler before its optimizer (steporder.py), reported at that step."""
        for rule in self.rules.by_step_order:
            pattern = re.compile(rule.receiver, re.IGNORECASE)  # self.scheduler_G, as the method rules read it
            if not self._may_step_scheduler(pattern):
                continue

            def is_scheduler(receiver: ast.expr) -> bool:
                while isinstance(receiver, ast.Subscript):
                    receiver = receiver.value  # schedulers[0].step(): an element of a list named for schedulers
                dotted = dotted_name(receiver)
                if dotted is None or self._is_module_or_foreign(receiver):
                    return False
                last = dotted.rsplit(".", 1)[-1].strip("_")  # trainer.__scheduler__
                return bool(pattern.fullmatch(last)) or self._holds_scheduler(receiver)

            built_elsewhere: list[ast.Call] = []  # by a project factory: its class may be a plain one of its own
            found = early_scheduler_steps(node, is_scheduler, self.optimizer_steps, self._resolve,
                                          lambda func: not self._is_foreign(func), built_elsewhere)
            if isinstance(node, ast.Module) and is_test_module(self.filename):
                found = found + untrained_test_steps(node, is_scheduler, self.optimizer_steps)
            if found and (stepped := self._factory_stepped()):  # its first step was the factory's (steppedfactories.py)
                found = [call for call in found
                         if (dotted_name(call.func.value) or "").rsplit(".", 1)[-1] not in stepped]
            for call in found:
                if _steps_an_optimizer(call):
                    continue  # scheduler.step(optimizer): a project scheduler's own step (torch's takes an epoch)
                self._report(call, rule.apis[0], [rule])
                if owners := self._receiver_classes(call.func.value):  # the project's own scheduler (ownmethods.py)
                    self.class_facts.receiver_calls.append((call.lineno, rule.id, "step", len(call.args), owners))
                elif (call.args or call in built_elsewhere) and not call.keywords \
                        and not self._holds_scheduler(call.func.value):
                    # step(epoch) on a receiver known by its name: a timm-style scheduler of the project's own,
                    # whose step takes the epoch, may answer it, as for scheduler-step-epoch (ownschedulers.py)
                    self.class_facts.named_receiver_calls.append((call.lineno, rule.id, "step", len(call.args)))
                elif not self._holds_scheduler(call.func.value) and (dotted := dotted_name(call.func.value)):
                    # a parameter (`def train(..., scheduler)`): the project's own plain scheduler built under that
                    # name where the caller builds it (`scheduler = CycleScheduler(...)`) answers it (check.py)
                    self.class_facts.passed_receiver_calls.append(
                        (call.lineno, rule.id, "step", len(call.args), dotted.rsplit(".", 1)[-1]))

    def _factory_stepped(self) -> frozenset[str]:
        """The names the file binds to schedulers a project factory has stepped already (read when first asked)."""
        if self.factory_stepped is None:
            self.factory_stepped = factory_stepped_names(self.tree, self.filename) if self.tree is not None \
                else frozenset()
        return self.factory_stepped

    def _may_step_scheduler(self, pattern: re.Pattern) -> bool:
        """Before walking a function for the step order: the (ASCII) text spells some ``name.step(`` whose name
        is scheduler-like, or the file may bind a torch scheduler to any name. Most files do neither."""
        if not self._cannot_name_schedulers():  # also when there is no text, or it is not ASCII
            return True
        text = self.source_text
        if self.step_receivers is None:
            self.step_receivers = frozenset(_step_receivers(text))
        return any(pattern.fullmatch(name.strip("_")) for name in self.step_receivers)

    def _check_plain_methods(self, node: ast.ClassDef) -> None:
        """``class RoIAlign(Function)`` with an instance ``def forward(self, ...)``: an old-style autograd
        Function (RuntimeError when called), reported at the class."""
        for base in self.bases:
            for method, rule in self.rules.by_plain_method.get(base, ()):
                plain = next((item for item in node.body
                              if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name == method
                              and not any(dotted_name(d) in ("staticmethod", "classmethod")
                                          for d in item.decorator_list)), None)
                if plain is None or (method == "forward" and base.endswith("Function")
                                     and (never_called(self.filename, node.name) or defines(node, "__call__"))):
                    continue  # (an old-style Function the project only runs as MyFn.apply(x) or MyFn().forward(x)
                    # works: appliedfunctions.py; so does one whose own __call__ runs self.forward, torchinterp1d's
                    # Interp1d: Function.__call__, which raises, never runs)
                self._report(plain if rule.at_method else node, f"{base}.{method}", [rule])

    def _check_skipped_init(self, node: ast.ClassDef) -> None:
        """``class Lookahead(Optimizer)`` whose ``__init__`` never calls ``Optimizer.__init__`` (skippedinit.py),
        reported at that ``__init__``."""
        found = next(((api, rule) for rule in self.rules.by_skipped_init for api in rule.apis
                      if api.rpartition(".")[0] in self.bases), None)
        if found is not None and (init := skipped_init(node)) is not None:
            self._report(init, found[0], [found[1]])

    def _check_required_step(self, node: ast.ClassDef) -> None:
        """``class Warmup(_LRScheduler)`` with ``def step(self, epoch):`` (requiredstep.py): the base's ``__init__``
        calls ``self.step()`` with nothing; reported at that ``step``."""
        found = next(((api, rule) for rule in self.rules.by_required_step for api in rule.apis
                      if api.rpartition(".")[0] in self.super_bases), None)
        if found is not None and (step := required_step(node)) is not None:
            self._report(step, found[0], [found[1]])

    def _library_schedule(self, func: ast.AST) -> bool:
        """``get_linear_schedule_with_warmup`` imported from transformers (schedulers.is_library_schedule): it
        returns a torch LambdaLR, not another library's object."""
        dotted = dotted_name(func)
        if dotted is None or "_schedule" not in dotted:
            return False
        head, _, rest = dotted.rpartition(".")
        if not head:
            imported = self.loads.imported.get(rest)
            return imported is not None and is_library_schedule(*imported)
        first, _, middle = head.partition(".")
        module = self.loads.imported_modules.get(first)
        return module is not None and is_library_schedule("/".join(filter(None, (module, middle.replace(".", "/")))),
                                                          rest)

    def _scheduler_resolve(self, node: ast.AST) -> str | None:
        """``_resolve``, reading a library's LambdaLR factory as the LambdaLR it returns (schedulers.py)."""
        qualified = self._resolve(node)
        if qualified is None and self._library_schedule(node):
            return "torch.optim.lr_scheduler.LambdaLR"
        return qualified

    def _check_scheduler_self_method(self, node: ast.Call, method: str, via_super: bool = False) -> None:
        """``self.step(epoch)`` / ``self.get_lr()`` in a subclass of a torch scheduler (``class StepLR(TorchStepLR,
        Scheduler)`` with ``def step_epoch(self, metrics=None, epoch=None): self.step(epoch)``) that defines no
        such method itself: torch's runs, warning as on any receiver named like a scheduler. The class statement
        must name the torch scheduler before any base of its own (which might define the method first), and
        ReduceLROnPlateau's ``step(metrics, epoch)`` passes the epoch second; CosineAnnealingWarmRestarts takes a
        (fractional) epoch without a warning, SequentialLR and ChainedScheduler take none."""
        cls = self.class_nodes[-1]
        if defines(cls, method) and not via_super:
            return
        first = cls.bases[0] if cls.bases else None  # a base of the project's first may define the method
        qualified = self._resolve(first.value if isinstance(first, ast.Subscript) else first) if first else None
        if qualified is None or not qualified.startswith(_SCHEDULER_MODULE):
            return
        base = qualified.rsplit(".", 1)[-1]
        if base in (("CosineAnnealingWarmRestarts", "SequentialLR", "ChainedScheduler") if method == "step" else
                    ("LRScheduler", "_LRScheduler")):  # LRScheduler.get_lr raises NotImplementedError
            return
        if method == "get_lr" and self._get_lr_within_step(node.func.value):
            return
        probe = node
        if method == "step" and base == "ReduceLROnPlateau":  # step(metrics, epoch=None)
            probe = ast.copy_location(ast.Call(node.func, node.args[1:2], node.keywords), node)
        rules = [replace(rule, receiver=None, unless_file_uses=()) for rule in self.rules.by_method.get(method, ())
                 if rule.receiver is not None]
        rules = [rule for rule in rules if matches_call(rule, probe)]
        if not rules:
            return
        passed = probe.args[0] if probe.args else next((kw.value for kw in probe.keywords), None)
        function = self._forwarding_function(passed)
        if via_super and function is not None:
            return  # `def step(self, epoch=None): ... super().step(epoch)`: the callers' step(epoch) are the uses
        api = next(a for a in rules[0].apis if a.rsplit(".", 1)[-1] == method)
        self._report(node, api, rules)
        if function is not None and function in cls.body and self._passes_own_none_default(passed):
            # `def step_batch(self, metrics=None, epoch=None): self.step(epoch)`: the epoch is what callers of
            # step_batch pass; none passing it, it stays None and step() is quiet (forwarded.py)
            position = quiet_defaults(function)[passed.id][0]
            self.call_sites.forwarded += [ForwardedDefault(function.name, passed.id, position, node.lineno,
                                                           rule.id, method=True) for rule in rules]

    def _forwarding_function(self, value: ast.expr | None) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        """The enclosing function when ``value`` is one of its parameters, passed on as its caller gave it (not
        filled in first: ``if epoch is None: epoch = ...``)."""
        function = self.scope_nodes.get(self.scope)
        if not isinstance(value, ast.Name) or not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return None
        arguments = function.args
        if value.id not in {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)} or \
                fills_none(function, value.id):
            return None
        return function

    def _passes_own_none_default(self, value: ast.expr, anywhere: bool = True) -> bool:
        """``value`` is a parameter of the enclosing function (with ``anywhere`` False: of a wrapper scheduler's own
        ``step``) that defaults to None and is passed on as given: what it holds is what the callers pass, often
        nothing, and a caller's ``step(epoch)`` is reported where it is."""
        function = self._forwarding_function(value)
        if function is None or not (anywhere or (function.name == "step" and self.class_nodes)):
            return False
        default = quiet_defaults(function).get(value.id)
        return default is not None and isinstance(default[1], ast.Constant) and default[1].value is None

    def _builds_epoch_scheduler(self, receiver: ast.AST) -> bool:
        """The receiver's last name is one this file assigns a torch scheduler whose step(epoch) warns."""
        dotted = dotted_name(receiver)
        if dotted is None or self._cannot_name_schedulers():
            return False
        if self.epoch_scheduler_names is None:
            self.epoch_scheduler_names = epoch_warning_names(self.tree, self._scheduler_resolve)
        return dotted.rsplit(".", 1)[-1] in self.epoch_scheduler_names

    def _plateau_elsewhere(self, receiver: ast.AST) -> bool:
        """The receiver's last name is one this file assigns, never a ReduceLROnPlateau (or warm-restarts
        schedule) the file builds under other names (schedulers.quiet_step_names)."""
        dotted = dotted_name(receiver)
        if dotted is None or self.tree is None or (known := self._quiet_steps()) is None:
            return False
        quiet, assigned = known
        last = dotted.rsplit(".", 1)[-1]
        return last in assigned and last not in quiet

    def _quiet_steps(self) -> tuple[frozenset[str], frozenset[str]] | None:
        """schedulers.quiet_step_names of the file, read once; None when it cannot tell."""
        if self.quiet_step_names is None:
            self.quiet_step_names = (quiet_step_names(self.tree, self._resolve),)
        return self.quiet_step_names[0]

    def _only_epoch_schedulers(self, receiver: ast.AST) -> bool:
        """The receiver's last name is one this file binds to torch schedulers whose step(epoch) warns, and never to
        a ReduceLROnPlateau or warm-restarts schedule: whatever its one argument is called, it is an epoch."""
        if not self._builds_epoch_scheduler(receiver) or (known := self._quiet_steps()) is None:
            return False  # (a plateau named elsewhere, in isinstance(s, ReduceLROnPlateau): any name may hold one)
        return dotted_name(receiver).rsplit(".", 1)[-1] not in known[0]

    def _option_reaching(self, call: ast.Call) -> list[ast.expr] | None:
        """optionbranches.reaching_bindings of the call's receiver in its scope (a script's module level holds its
        loop too), read once per call: the step rules ask it up to three times."""
        if id(call) not in self.option_reaching:
            receiver = dotted_name(call.func.value)
            function = self.scope_nodes.get(self.scope, self.tree)
            self.option_reaching[id(call)] = None if receiver is None or function is None else \
                reaching_bindings(function, receiver, call, self.tree)
        return self.option_reaching[id(call)]

    def _option_reaches_epoch_scheduler(self, call: ast.Call) -> bool:
        """A binding of the receiver that the run options let reach the call builds a torch scheduler whose
        ``step(x)`` warns (``scheduler = ExponentialLR(...)`` under ``if args.scheduler == 'Exp':``, stepped with
        the loss under ``if args.scheduler == 'Exp' or args.scheduler == 'Plateau':``): with that option the one
        argument is taken as the epoch, whatever it is called."""
        return any(isinstance(value, ast.Call) and warns_on_epoch(self._scheduler_resolve(value.func))
                   for value in self._option_reaching(call) or ())

    def _option_built_elsewhere(self, call: ast.Call) -> bool:
        """Every binding of the receiver that the run options let reach the call (optionbranches.py) builds an
        instance of a class from outside torch: ``lr_scheduler = CosineLRScheduler(...)`` under ``elif cfg.TYPE ==
        "warmup_cosine":``, stepped under the same test."""
        reaching = self._option_reaching(call)
        return bool(reaching) and all(
            isinstance(value, ast.Call) and (built := dotted_name(value.func)) is not None
            and built.rsplit(".", 1)[-1][:1].isupper() and not (self._resolve(value.func) or "").startswith("torch.")
            for value in reaching)

    def _holds_scheduler(self, receiver: ast.AST) -> bool:
        """The receiver's last name (``shd``, ``self.schedulers[0]``: ``schedulers``) is one this file binds to a
        torch learning-rate scheduler, or to a list it appends them to."""
        if isinstance(receiver, ast.Subscript):
            receiver = receiver.value
        dotted = dotted_name(receiver)
        if dotted is None:
            return False
        if self.scheduler_names is None:
            self.scheduler_names = frozenset() if self._cannot_name_schedulers() else \
                scheduler_names(self.tree, self._scheduler_resolve)
        return dotted.rsplit(".", 1)[-1] in self.scheduler_names

    def _cannot_name_schedulers(self) -> bool:
        """No name here resolves under ``torch.optim.lr_scheduler``: neither an import nor the (ASCII) text spells
        ``lr_scheduler`` (or a library's ``get_linear_schedule_with_warmup``) out. Then the file binds no scheduler
        and the whole-file walk is skipped. The text is read
        once per file (this is asked before each function's step-order walk); the imports each time, as a function
        that hides an import name takes it out of them while it is walked."""
        if self.text_names_scheduler is None:
            text = self.source_text
            self.text_names_scheduler = text is None or not text.isascii() or "_schedule" in text
        return not self.text_names_scheduler and not any(
            "lr_scheduler" in qualified for qualified in (*self.imports.aliases.values(), *self.imports.star_modules))

    def _get_lr_within_step(self, receiver: ast.AST) -> bool:
        dotted = dotted_name(receiver)
        return dotted is not None and (self.scope, dotted) in self.within_step


_OPTIMIZER_ARGUMENT = re.compile(r"(?i)_*(?:\w+_)?optim(?:izer)?s?(?:_\w+)?")


def _steps_an_optimizer(call: ast.Call) -> bool:
    """``scheduler.step(optimizer)``: torch's ``LRScheduler.step`` takes at most an epoch; a scheduler handed the
    optimizer to adjust is a class of the project's own (ChocoSGD's ``pcode.create_scheduler.Scheduler``)."""
    return len(call.args) == 1 and not call.keywords and (name := dotted_name(call.args[0])) is not None and \
        _OPTIMIZER_ARGUMENT.fullmatch(name.rsplit(".", 1)[-1]) is not None
