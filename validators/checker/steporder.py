"""``scheduler.step()`` that certainly runs before the first ``optimizer.step()``: the pre-1.1 loop order.

A torch scheduler checks its optimizer at its first ``step()`` after construction (``_step_count == 1``): if
``optimizer.step()`` has not run yet, it warns "Detected call of `lr_scheduler.step()` before
`optimizer.step()`". Only an order the function itself spells out is certain: a loop whose body calls
``scheduler.step()`` as a plain statement (not under an ``if``, a ``try`` or a ``with``) before any statement
that steps an optimizer, and a later statement of the same body that does (the training inside the loop,
often a nested batch loop); or the function's own body doing the same (a method that steps the scheduler,
then runs the batch loop: its first call warns). Nothing may step an optimizer earlier in the function. A scheduler stepped
under a condition, after the batch loop, or after ``optimizer.step()`` in the same iteration is quiet. An optimizer
is known by its receiver's name (``optimizer``, ``g_optim``); a name that ends like a scheduler's
(``layer_one_optimizer_lr_scheduler``) is the scheduler of that optimizer, and stepping it steps no optimizer.

A scope that builds an optimizer and a scheduler on it and never steps that optimizer (no optimizer step in the
scope; the optimizer's name read only as the scheduler's argument or for an attribute such as ``param_groups``,
never handed on or read by a nested function) warns at the scheduler's first plain ``step()`` too: a schedule
demo under ``if __name__ == "__main__":``. So does a scope that takes shallow copies of both (``optimizer, scheduler =
copy(optimizer), copy(scheduler)``, YOLOv5's ``plot_lr_scheduler``). Handing the optimizer to the scheduler itself
(``lr_scheduler(optimizer, i, epoch)``, a callable schedule that sets the learning rates) steps nothing either. A batch
loop opening with ``if global_step < start_epoch * n: scheduler.step(); continue`` steps first on a resumed run.

A torch scheduler built in a function and stepped there before anything could step an optimizer warns at that
step whatever comes after it (``CosineAnnealingLR(optimizer, ...)`` and then a catch-up loop ``for i in range(1,
start_epoch): scheduler.step()``): between the construction and the step only loops, ``with`` blocks, the
construction's own guard and statements whose calls are builtins (``range``, ``print``) or the scheduler's own
methods. The optimizer's steps before the construction do not count (the scheduler wraps ``optimizer.step`` when it
is built); a second scheduler on an optimizer that may already be wrapped does, unless the two are built in the two
branches of one ``if`` (``if warmup: ... else: scheduler = StepLR(optimizer, ...); scheduler.step()``: either runs,
and its immediate step is the first). A catch-up loop after such a step is then no first step.

In a loop, ``if <the condition the scheduler was built under>: scheduler.step()`` (or ``if scheduler:``, ``if
scheduler is not None:``, or a run option such as ``if self.args.enable_lr_schedule:``) is as plain as the bare
statement: whenever the scheduler exists (the option is set) it runs. Opening the function, only a run option's
``if`` is (``if self.lr_scheduler is not None:`` there may follow a class that steps its optimizer once when it
builds the scheduler, to start it). So is an ``if``/``else`` whose two branches both open with a step of the same
scheduler. A loop body's ``if`` on a run option whose branches step an optimizer (``if not args.adv: ... else:
...``) is followed into each branch: the option picks one for the whole run, and that branch's own order decides.
"""

from __future__ import annotations

import ast
import re
from typing import Callable, Iterator

from .imports import child_nodes, dotted_name, nested_fields, statements, walk_nodes, walk_tree
from .syspaths import added_folders
from .zerodimimports import imported_from_project, imported_function

# optimizer, optim, opt, self.optimizer_G, g_optim, model_optimizer, optimizers, optimizer1, optimiser: the last name
# of the receiver
OPTIMIZER_NAME = re.compile(r"(?:[a-z0-9]+_)*(?:optim(?:i[sz]er)?s?|opt)(?:_[a-z0-9]+)*\d*", re.IGNORECASE)
# ... but not a scheduler named after its optimizer: optimizer_lr_scheduler, g_optim_sched
_SCHEDULER = re.compile(r"(?:[a-z0-9]+_)*(?:lr_)?sched(?:uler)?s?", re.IGNORECASE)
_LOOPS = (ast.For, ast.AsyncFor, ast.While)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
# torch schedulers whose first step() checks the optimizer (2.15): not ReduceLROnPlateau, SequentialLR,
# CosineAnnealingWarmRestarts (their step() skips the check) nor ChainedScheduler (its children warn, if anything)
_QUIET_SCHEDULERS = frozenset({"ReduceLROnPlateau", "SequentialLR", "CosineAnnealingWarmRestarts", "ChainedScheduler",
                               "LRScheduler", "_LRScheduler"})
# builtins that call nothing of the project's (map, filter, next, iter, eval, exec may)
_INERT_BUILTINS = frozenset({"range", "len", "enumerate", "zip", "print", "int", "float", "str", "bool", "min", "max",
                             "abs", "round", "isinstance", "hasattr", "getattr", "format", "list", "tuple", "dict",
                             "set", "sum", "sorted", "reversed", "type", "repr"})


def early_scheduler_steps(function: ast.AST, is_scheduler: Callable[[ast.expr], bool],
                          steps_optimizer: OptimizerSteps | None = None,
                          resolve: Callable | None = None, own_callee: Callable[[ast.expr], bool] | None = None,
                          built_elsewhere: list[ast.Call] | None = None) -> list[ast.Call]:
    """The ``scheduler.step(...)`` calls in ``function`` that run before its first optimizer step.
    ``steps_optimizer`` may be shared by every function of a file: it looks at each node once. With ``own_callee``
    (a callee is the project's, not another library's), the steps of schedulers a project factory built (its class
    unseen here) count too, and are also added to ``built_elsewhere``."""
    found: list[ast.Call] = []
    body = getattr(function, "body", [])
    if _steps_a_scheduler(body, is_scheduler):  # most functions step none: their expressions are never walked
        steps_optimizer = steps_optimizer or OptimizerSteps()
        _scan(body, is_scheduler, steps_optimizer, found, top=True, guards=_construction_guards(body, is_scheduler))
        if not found and resolve is not None:
            found.extend(_never_stepped(function, body, is_scheduler, steps_optimizer, resolve))
        # a resume's catch-up loop steps first when the run resumes, the loop's step when it starts afresh: both warn
        forwards = [call for call in _resume_fast_forward(body, is_scheduler, steps_optimizer)
                    if all(call is not other for other in found)]
        found.extend(forwards)
        if resolve is not None:
            seen = {id(call) for call in found}
            after = list(_stepped_after_construction(body, steps_optimizer, resolve, is_scheduler, own_callee,
                                                     built_elsewhere))
            found.extend(call for call in after if id(call) not in seen)
            # a catch-up loop after a step taken right at construction is no first step: only that one warns
            catch_ups = {id(call) for call in forwards}
            first = {}  # (a catch-up step itself found here leaves the loop's other branches theirs)
            for call in after:
                if id(call) not in catch_ups:
                    first.setdefault(dotted_name(call.func.value), call.lineno)
            found = [call for call in found if id(call) not in catch_ups
                     or first.get(dotted_name(call.func.value), call.lineno) >= call.lineno]
    return found


# calls that train a model without spelling optimizer.step(): Lightning's Trainer.fit, a manual backward pass
_TRAINS = frozenset({"fit", "backward", "manual_backward", "optimizer_step", "training_step", "train_step"})


def is_test_module(filename: str) -> bool:
    """``test_lr_scheduler.py``, ``scheduler_test.py``: a pytest module."""
    name = filename.replace("\\", "/").rsplit("/", 1)[-1]
    return name.endswith(".py") and (name.startswith("test_") or name.endswith("_test.py"))


def untrained_test_steps(module: ast.Module, is_scheduler, steps_optimizer: OptimizerSteps) -> list[ast.Call]:
    """In a test module, a scheduler stepped with ``step()`` where nothing could have stepped an optimizer: a torch
    scheduler's first ``step()`` then warns "Detected call of `lr_scheduler.step()` before `optimizer.step()`"
    (run on 2.15 with LambdaLR, StepLR and an _LRScheduler subclass delegating to one). Where the module trains
    nothing at all (no optimizer step, no ``fit``/``backward``), every function's first step of each scheduler counts,
    a helper's too (``def enumerate_scheduler(scheduler, steps)``); otherwise a top-level ``test_*`` function, nested
    helpers included, that trains nothing itself, and a module-level helper only such tests call. Only argument-less
    steps of scheduler-named receivers: a diffusion scheduler's ``step(output, t, sample)`` is another library's."""
    def trains(node: ast.AST) -> bool:
        for inner in walk_nodes(node):
            if isinstance(inner, ast.stmt) and steps_optimizer(inner):
                return True
            if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Attribute) and inner.func.attr in _TRAINS:
                return True
        return False

    def first_steps(node: ast.AST) -> list[ast.Call]:
        seen: dict[str, ast.Call] = {}
        for inner in walk_nodes(node):
            if isinstance(inner, ast.Expr) and (call := _plain_step_call(inner)) is not None and not call.args \
                    and not call.keywords and is_scheduler(call.func.value):
                name = dotted_name(call.func.value) or ""
                if name not in seen or call.lineno < seen[name].lineno:
                    seen[name] = call
        return list(seen.values())

    untrained = not trains(module)
    found: list[ast.Call] = []
    quiet_tests: list[ast.AST] = []  # test functions that train nothing themselves
    for node in module.body:
        for function in (node.body if isinstance(node, ast.ClassDef) else [node]):
            if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)) and (
                    untrained or (function.name.startswith("test") and not trains(function))):
                found.extend(first_steps(function))  # the first step of each scheduler in each function
                quiet_tests.append(function)
    if not untrained:  # a module-level helper that only such tests call (``unwrap_schedule(scheduler, 10)``)
        def names_called(nodes) -> set[str]:
            return {inner.func.id for node in nodes for inner in walk_nodes(node)
                    if isinstance(inner, ast.Call) and isinstance(inner.func, ast.Name)}

        parts = [part for node in module.body for part in (node.body if isinstance(node, ast.ClassDef) else [node])]
        called = names_called(quiet_tests)
        elsewhere = names_called(part for part in parts if not any(part is test for test in quiet_tests))
        for node in module.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and not node.name.startswith("test") \
                    and node.name in called and node.name not in elsewhere and not trains(node):
                found.extend(first_steps(node))
    return found


# load_state_dict, and a trainer's own restore: trainer.loadParameters(path), load_checkpoint(path)
_RESTORES = re.compile(r"load_?(?:state_dict|checkpoint|ckpt|parameters|params|weights)", re.IGNORECASE)


def _resume_fast_forward(body: list[ast.stmt], is_scheduler, steps_optimizer: OptimizerSteps) -> Iterator[ast.Call]:
    """``def load(self, path, epoch): self.load_state_dict(torch.load(path)); for _ in range(epoch):
    self.scheduler.step()``: a function that restores state (a ``load_state_dict`` call, or a trainer's
    ``loadParameters``/``load_checkpoint``), never a scheduler's, and fast-forwards a scheduler, after the restore or
    just before it, by a loop (in no
    other loop) whose body holds its plain ``step()`` and only calls of schedulers, with no optimizer step before
    that loop (a training loop may follow it): the resume runs before training, so the first of those steps precedes
    every optimizer step (the scheduler's own ``_step_count`` was not restored). Reported at that step. Not where the
    function asks ``hasattr(part, "scheduler")``: parts that may have no scheduler at all (nothing says it is
    torch's)."""
    statements = list(_flat(body))
    restored_at = None  # the first statement that restores state
    for index, statement in enumerate(statements):
        for node in _inner_walk(statement):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and _RESTORES.fullmatch(node.func.attr):
                if is_scheduler(node.func.value):
                    return  # the scheduler's own state (and step count) comes back: no warning
                if restored_at is None:
                    restored_at = index
    if restored_at is None or any(steps_optimizer(statement) for statement in statements[:restored_at + 1]):
        return
    # the restore may also follow the loop (gurkirt's FPN: the schedule fast-forwards, then the weights load)
    start = next((index for index, statement in enumerate(statements[:restored_at])
                  if isinstance(statement, (ast.For, ast.While))), restored_at)
    for statement in statements[start:]:
        if steps_optimizer(statement) and not isinstance(statement, (ast.If, ast.With, ast.Try)):
            return  # (a block around the loop is asked of its own statements, listed after it)
        if isinstance(statement, (ast.For, ast.While)) and not statement.orelse \
                and _schedules_only(statement.body, is_scheduler) and not _in_loop(statement, body) \
                and (calls := _opening_steps(statement.body, is_scheduler)):
            tested = {node.args[1].value for other in statements for node in _inner_walk(other)
                      if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "hasattr"
                      and len(node.args) == 2 and isinstance(node.args[1], ast.Constant)}
            if any(isinstance(call.func.value, ast.Attribute) and call.func.value.attr in tested for call in calls):
                return  # `if hasattr(loss, "scheduler"):` a duck-typed part that may have no scheduler at all
            yield from calls
            return


def _opening_steps(block: list[ast.stmt], is_scheduler) -> list[ast.Call]:
    """The plain ``step()`` calls of a fast-forward loop's body that are each scheduler's first: every scheduler's
    own (``sched_g.step(); sched_d.step()``), and the first of each branch or inner loop (``if not args.onecycle:
    scheduler.step() else: for _ in range(len(loader)): scheduler.step()``: whichever runs warns)."""
    found: list[ast.Call] = []

    def visit(statements: list[ast.stmt], seen: frozenset[str]) -> frozenset[str]:
        for statement in statements:
            call = _plain_step_call(statement)
            if call is not None:
                receiver = dotted_name(call.func.value)
                if receiver is not None and receiver not in seen and not call.args and not call.keywords \
                        and is_scheduler(call.func.value):
                    found.append(call)
                    seen |= {receiver}
            elif isinstance(statement, ast.If):
                seen = visit(statement.body, seen) | visit(statement.orelse, seen)
            elif isinstance(statement, (ast.For, ast.While)):
                seen = visit(statement.body, seen)
        return seen

    visit(block, frozenset())
    del visit  # a recursive closure is a reference cycle
    return found


def _construction_guards(body: list[ast.stmt], is_scheduler) -> dict[str, set[str]]:
    """Scheduler-like receivers (``scheduler``, ``self.sched``) assigned in ``body`` under ``if`` tests, outside
    any loop: receiver -> the dumps of those tests (``if args.cosine: scheduler = CosineAnnealingLR(...)``)."""
    guards: dict[str, set[str]] = {}

    def visit(statements: list[ast.stmt], tests: tuple[str, ...]) -> None:
        for statement in statements:
            if isinstance(statement, ast.Assign) and tests and isinstance(statement.value, ast.Call):
                for target in statement.targets:
                    if (dotted := dotted_name(target)) is not None and is_scheduler(target):
                        guards.setdefault(dotted, set()).update(tests)
            elif isinstance(statement, ast.If):
                visit(statement.body, (*tests, ast.dump(statement.test)))
                visit(statement.orelse, tests)
            elif isinstance(statement, (ast.With, ast.AsyncWith, ast.Try)):
                for block in _blocks(statement):
                    visit(block, tests)

    visit(body, ())
    del visit  # a recursive closure is a reference cycle: it would keep is_scheduler's walker until a collection
    return guards


def _guarded_step(statement: ast.stmt, is_scheduler, guards: dict[str, set[str]] | None) -> ast.Call | None:
    """``if <guard>: scheduler.step()``: the ``if``'s body opens with the plain step, and its test is one the
    scheduler was built under, or the scheduler itself (``if scheduler:``, ``if scheduler is not None:``)."""
    if not isinstance(statement, ast.If) or guards is None:
        return None
    call = _plain_step_call(statement.body[0])
    if call is None or not _torch_step_arguments(call) or not is_scheduler(call.func.value):
        return None
    receiver = dotted_name(call.func.value)
    test = statement.test
    if (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.IsNot)
            and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value is None):
        test = test.left
    if receiver is not None and (dotted_name(test) == receiver or ast.dump(statement.test) in guards.get(receiver, ())
                                 or _run_option(statement.test) or _warming_up(statement.test)):
        return call
    return None


_EPOCH = re.compile(r"(?:[a-z0-9]+_)*(?:epoch|ep)(?:_[a-z0-9]+)*", re.IGNORECASE)


def _warming_up(test: ast.expr) -> bool:
    """``if epoch <= args.warm:``, ``if epoch < 1:``, ``if epoch == 0:``: a warm-up test on the epoch, true in the
    first epoch (pytorch-cifar100's ``warmup_scheduler.step()`` at the top of the batch loop): the step under it runs
    before the first ``optimizer.step()``."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return False
    left, op, right = test.left, test.ops[0], test.comparators[0]
    name = dotted_name(left)
    if name is None or not _EPOCH.fullmatch(name.rsplit(".", 1)[-1]):
        return False
    if isinstance(right, ast.Constant) and type(right.value) is int:
        return (isinstance(op, ast.LtE) and right.value >= 0 or isinstance(op, ast.Lt) and right.value >= 1
                or isinstance(op, ast.Eq) and right.value in (0, 1))
    warm = dotted_name(right) or ""
    return isinstance(op, (ast.Lt, ast.LtE)) and ("warm" in warm.lower() or _run_option(right))


# the namespaces a run's options are read from: args.cosine, self.opt.lr_policy, cfg.TRAIN.SCHEDULE
_OPTION_ROOTS = frozenset({"args", "opt", "opts", "options", "flags", "cfg", "config", "conf", "hparams"})


def _option_root(name: str) -> bool:
    """``args``, ``cfg``, ...; or a section of one bound to a name of its own (``ppo_cfg = config.RL.PPO``)."""
    lowered = name.lower()
    return lowered in _OPTION_ROOTS or lowered.endswith(("_cfg", "_config", "_args", "_opt", "_opts"))


def _run_option(test: ast.expr) -> bool:
    """``self.args.enable_lr_schedule``, ``not args.no_sched``, ``cfg.SOLVER.POLICY == "step"``, ``LR_SCHEDULER !=
    "cosine"``: a test made only of options read from the run's namespace or upper-case settings (constants, comparisons, ``and``/``or``/``not`` around them), which keeps
    one value for the whole run: when it holds, the step under it runs at the first call as a plain one would."""
    options = 0
    pending = [test]
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.Attribute, ast.Subscript)):
            names: list[str] = []  # self.args.flag -> [flag, args]; cfg["SCHED"] -> [SCHED, cfg]
            while isinstance(node, (ast.Attribute, ast.Subscript)):
                if isinstance(node, ast.Attribute):
                    names.append(node.attr)
                elif isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
                    names.append(node.slice.value)
                else:
                    return False  # cfg[key]: the key may change
                node = node.value
            if not isinstance(node, ast.Name):
                return False
            if node.id != "self":
                names.append(node.id)
            if len(names) < 2 or not _option_root(names[-1]):
                return False
            options += 1
        elif isinstance(node, ast.Name) and len(node.id) > 1 and node.id.isupper():
            options += 1  # LR_SCHEDULER = cfg['LR_SCHEDULER']: a setting, upper-case by convention
        elif isinstance(node, (ast.Compare, ast.BoolOp, ast.UnaryOp)):
            pending.extend(child for child in ast.iter_child_nodes(node) if isinstance(child, ast.expr))
        elif not isinstance(node, ast.Constant):
            return False
    return options > 0


def _both_branch_steps(statement: ast.stmt, is_scheduler, steps_optimizer: OptimizerSteps) -> list[ast.Call]:
    """``if metric == "iters": sched.step(iters) else: sched.step(epoch)``: both branches open with a plain step of
    the same scheduler and neither steps an optimizer, so the scheduler steps whichever runs; both steps count."""
    if not isinstance(statement, ast.If) or not statement.orelse or any(map(steps_optimizer, statement.body)) \
            or any(map(steps_optimizer, statement.orelse)):
        return []
    calls = [_plain_step_call(statement.body[0]), _plain_step_call(statement.orelse[0])]
    if any(call is None or not _torch_step_arguments(call) or not is_scheduler(call.func.value) for call in calls):
        return []
    receiver = dotted_name(calls[0].func.value)
    return calls if receiver is not None and dotted_name(calls[1].func.value) == receiver else []


def _stepped_after_construction(body: list[ast.stmt], steps_optimizer: OptimizerSteps, resolve: Callable,
                                is_scheduler=None, own_callee=None,
                                built_elsewhere: list[ast.Call] | None = None) -> Iterator[ast.Call]:
    """The first ``step()`` of each torch scheduler built in ``body`` that nothing between its construction and that
    step could precede with an optimizer step (module docstring). A scheduler-named target of a factory named for
    schedules, handed an optimizer this body builds with ``torch.optim`` (``optimizer = torch.optim.SGD(...)``;
    ``lr_scheduler = build_lr_scheduler(optimizer, cfg)``), is one too: the pysot-style builder that steps it to the
    start epoch before returning it; those steps go to ``built_elsewhere`` too."""
    fresh = {statement.targets[0].id for statement in _flat(body) if isinstance(statement, ast.Assign)
             and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name)
             and isinstance(statement.value, ast.Call) and _is_optimizer_class(resolve(statement.value.func) or "")}
    # optimizers a scheduler built earlier here wraps (theirs may have been stepped since), with that construction's path
    wrapped: dict[str, list[tuple[list[ast.stmt], int]]] = {}
    stepped_before = False
    factories = (fresh, is_scheduler, own_callee) if fresh and is_scheduler and own_callee else None
    for path in _construction_paths(body, resolve, factories):
        statement = path[-1][0][path[-1][1]]
        call = statement.value
        first = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "optimizer"), None)
        optimizer = dotted_name(first) if first is not None else None
        fresh = optimizer is not None and _built_fresh_before(path, optimizer, steps_optimizer, resolve)
        if optimizer is None or (optimizer in wrapped and not fresh and not _other_branch(wrapped[optimizer], path)
                                 and not _built_just_before(wrapped[optimizer], path)):
            # (a construction in the other branch of an if, `if warmup: ... else: StepLR(...)`, is no second one;
            # nor is one on an optimizer built anew just above it: DLCT's switch to RL, `optim = Adam(...)`)
            continue
        looped = _loop_level(path)
        if looped and not fresh:
            continue  # built again each round on an optimizer the rounds before may have stepped
        wrapped[optimizer] = path
        if not fresh and (stepped_before or any(
                steps_optimizer(earlier) for block, index in path for earlier in block[:index])):
            stepped_before = True  # ... and every later construction comes after that step too
            continue
        receiver = dotted_name(statement.targets[0])
        for level, (block, index) in reversed(list(enumerate(path))):
            if level < looped:
                break  # past the loop body: the next round builds both again
            outcome = _first_step(block[index + 1:], receiver, harmless=lambda statement: _harmless(
                statement, receiver, optimizer, steps_optimizer))
            if outcome is not None:
                if isinstance(outcome, ast.Call):
                    if built_elsewhere is not None and not _is_torch_scheduler(resolve(call.func) or ""):
                        built_elsewhere.append(outcome)
                    yield outcome
                break
            if level and getattr(path[level - 1][0][path[level - 1][1]], "finalbody", None):
                break  # leaving a try whose finally block runs next


def _built_fresh_before(path: list[tuple[list[ast.stmt], int]], optimizer: str, steps_optimizer: OptimizerSteps,
                        resolve: Callable) -> bool:
    """``self.opt = optim.SGD(...)`` earlier in the scheduler's own block, or in a block around it within the same
    loop body (``optimizer = SGD(...)`` then ``if args.warmup: scheduler = LambdaLR(optimizer, ...)``), and nothing
    between steps an optimizer: whatever trained before (another model's optimizer), the one this scheduler wraps
    has never been stepped."""
    for level in range(len(path) - 1, -1, -1):
        block, index = path[level]
        for earlier in range(index - 1, -1, -1):
            statement = block[earlier]
            if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and \
                    dotted_name(statement.targets[0]) == optimizer and isinstance(statement.value, ast.Call) and \
                    _is_optimizer_class(resolve(statement.value.func) or ""):
                return True
            if steps_optimizer(statement):
                return False
        if level == 0 or isinstance(path[level - 1][0][path[level - 1][1]], _LOOPS):
            return False  # not past the loop whose body this is: an optimizer built before it serves every round
    return False


def _built_just_before(earlier: list[tuple[list[ast.stmt], int]], path: list[tuple[list[ast.stmt], int]]) -> bool:
    """The statement right before, in the same block: ``cosine = CosineAnnealingLR(optimizer, ...)`` then
    ``scheduler = GradualWarmupScheduler(optimizer, ..., after_scheduler=cosine)``; nothing stepped between."""
    (block, index), (other_block, other_index) = earlier[-1], path[-1]
    return len(earlier) == len(path) and block is other_block and other_index == index + 1


def _other_branch(one: list[tuple[list[ast.stmt], int]], other: list[tuple[list[ast.stmt], int]]) -> bool:
    """The two paths into the statement tree part in the two branches of one ``if``: they never both run."""
    for level, ((block, index), (other_block, other_index)) in enumerate(zip(one, other)):
        if block is other_block and index == other_index:
            continue
        if level == 0 or block is other_block:
            return False
        parent_block, parent_index = one[level - 1]
        statement = parent_block[parent_index]
        return isinstance(statement, ast.If) and {id(block), id(other_block)} == {id(statement.body), id(statement.orelse)}
    return False


def _construction_paths(body: list[ast.stmt], resolve: Callable,
                        factories=None) -> Iterator[list[tuple[list[ast.stmt], int]]]:
    """For each ``name = torch.optim.lr_scheduler.X(optimizer, ...)`` (one target, outside any loop), the blocks
    that lead to it from ``body`` with the index of the statement taken in each, in the order they are met.
    ``factories``: (names of fresh optimizers, is_scheduler, own_callee), to take a schedule factory's result too."""
    return _paths_in(body, [], resolve, factories)


def _is_torch_scheduler(api: str) -> bool:
    name = api.rpartition(".")[2]
    return api.startswith("torch.optim.lr_scheduler.") and name[:1].isupper() and name not in _QUIET_SCHEDULERS


def _is_optimizer_class(api: str) -> bool:
    return api.startswith("torch.optim.") and api.rsplit(".", 1)[-1][:1].isupper() and ".lr_scheduler." not in api \
        and ".swa_utils." not in api


def _factory_scheduler(statement: ast.Assign, resolve: Callable, factories) -> bool:
    """``lr_scheduler = build_lr_scheduler(optimizer, ...)``: a function (not a class: the project's own plain
    scheduler) of the project's, named for schedules, its first argument an optimizer the body built fresh."""
    if factories is None:
        return False
    fresh, is_scheduler, own_callee = factories
    call = statement.value
    callee = dotted_name(call.func)
    last = callee.rsplit(".", 1)[-1] if callee else ""
    return bool(call.args) and isinstance(call.args[0], ast.Name) and call.args[0].id in fresh \
        and "sched" in last.lower() and not (resolve(call.func) or "").startswith("torch.") \
        and is_scheduler(statement.targets[0]) and own_callee(call.func)


def _paths_in(block: list[ast.stmt], path: list[tuple[list[ast.stmt], int]], resolve: Callable, factories=None):
    # (a function of the module, not a recursive closure: that is a reference cycle, which kept ``resolve``, the
    # walker's bound method, and with it the walker and its tree, alive until a garbage collection)
    for index, statement in enumerate(block):
        here = [*path, (block, index)]
        if isinstance(statement, ast.Assign):
            if len(statement.targets) == 1 and isinstance(statement.value, ast.Call) \
                    and dotted_name(statement.targets[0]) is not None:
                if _is_torch_scheduler(resolve(statement.value.func) or "") \
                        or _factory_scheduler(statement, resolve, factories):
                    yield here
        elif isinstance(statement, (ast.If, ast.With, ast.AsyncWith)):
            for inner in _blocks(statement):
                yield from _paths_in(inner, here, resolve, factories)
        elif isinstance(statement, ast.Try):
            yield from _paths_in(statement.body, here, resolve, factories)
        elif isinstance(statement, _LOOPS):  # taken only with its optimizer built fresh (_stepped_after_construction)
            yield from _paths_in(statement.body, here, resolve, factories)


def _bound_names(loop: ast.stmt) -> frozenset[str]:
    """Every plain name a loop binds or rebinds (its target included), and the first name of every attribute or item it
    stores to (``self.lr``, ``cfg["x"]``: ``self``, ``cfg``)."""
    names = set()
    for node in walk_nodes(loop):
        if isinstance(getattr(node, "ctx", None), (ast.Store, ast.Del)):
            while isinstance(node, (ast.Attribute, ast.Subscript)):
                node = node.value
            if isinstance(node, ast.Name):
                names.add(node.id)
    return frozenset(names)


def _loop_invariant(test: ast.expr, bound: bool | frozenset[str]) -> bool:
    """``if step_lr:`` / ``if args.lr_scheduler:`` in a loop that never rebinds those names: the test holds in the
    first round as in every other, so a step it opens is the first one too. Not a test of ``self`` (a method the
    loop calls may move ``self.iteration`` on)."""
    return isinstance(bound, frozenset) and all(
        node.id not in bound and node.id != "self" for node in walk_nodes(test) if isinstance(node, ast.Name))


def _loop_level(path: list[tuple[list[ast.stmt], int]]) -> int:
    """The depth of the innermost loop body on ``path`` (0: none): a step after that body is the next round's."""
    return max((level for level in range(1, len(path)) if isinstance(path[level - 1][0][path[level - 1][1]], _LOOPS)),
               default=0)


def _first_step(statements: list[ast.stmt], receiver: str, restored: str | None = None,
                looping: bool | frozenset[str] = False,
                harmless: Callable[[ast.stmt], bool] | None = None) -> ast.Call | bool | None:
    """Walk ``statements`` in order: the plain ``receiver.step()`` reached before anything that could step an
    optimizer; False where something could (or the receiver is rebound); None when all of them are inert.
    An ``if`` on inert values, outside any loop (in one, its test may first hold after iterations that trained), is
    followed into each branch: a step that opens the path of one of them warns when that path is taken (``if
    args.resume: for _ in range(start_epoch): scheduler.step()``). A restore that loads
    state steps no optimizer (``load_checkpoint(model, path, optimizer=optimizer, scheduler=scheduler if
    cfg["RESUME_SCHEDULER"] else None)``): when it may restore the scheduler too (its ``_step_count`` then comes
    back), only the path where it did not (``restored``: the test under which it did) goes on. A branch that binds
    the receiver anew (``if opt.resume: epoch, optimizer, scheduler = resume_state(...)``) ends its own path
    (_REBOUND), not the other's. ``harmless`` passes statements that can step no optimizer nor touch the scheduler
    (``network = load_network(path, network)``: _harmless)."""
    for statement in statements:
        call = _plain_step_call(statement)
        if call is not None and dotted_name(call.func.value) == receiver:
            return call if _torch_step_arguments(call) else False
        if (outcome := _restore(statement, receiver)) is not None:
            if outcome is False:
                return False
            restored = outcome or restored
            continue
        if isinstance(statement, ast.If) and _inert(statement.test, receiver) and (
                not looping or _loop_invariant(statement.test, looping)):
            taken = [statement.orelse] if ast.dump(statement.test) == restored else [statement.body, statement.orelse]
            outcomes = [_first_step(block, receiver, restored, looping, harmless) for block in taken]
            if any(isinstance(outcome, ast.Call) for outcome in outcomes):
                return next(outcome for outcome in outcomes if isinstance(outcome, ast.Call))
            if any(outcome is False for outcome in outcomes):
                return False
            if all(outcome is _REBOUND for outcome in outcomes):
                return _REBOUND
            continue
        if isinstance(statement, _LOOPS):
            header = statement.iter if isinstance(statement, (ast.For, ast.AsyncFor)) else statement.test
            if not _inert(header, receiver) or (isinstance(statement, (ast.For, ast.AsyncFor))
                                                and not _inert(statement.target, receiver)):
                return False
            outcome = _first_step(statement.body, receiver, restored, _bound_names(statement), harmless)
            if outcome is not None:
                return outcome
            if statement.orelse and (
                    outcome := _first_step(statement.orelse, receiver, restored, looping, harmless)) is not None:
                return outcome
        elif isinstance(statement, (ast.With, ast.AsyncWith)):
            if not all(_inert(item, receiver) for item in statement.items):
                return False
            if (outcome := _first_step(statement.body, receiver, restored, looping, harmless)) is not None:
                return outcome
        elif isinstance(statement, ast.Try) and not statement.finalbody:
            # `try: for epoch ...: sched.step()`: its body runs first (a handler only after something raised)
            outcome = _first_step(statement.body, receiver, restored, looping, harmless)
            return False if outcome is None else outcome
        elif isinstance(statement, ast.Assign) and any(dotted_name(part) == receiver for target in statement.targets
                                                          for part in walk_nodes(target)):
            return _REBOUND
        elif isinstance(statement, (ast.If, ast.Try, *_SCOPES)) or not (
                _inert(statement, receiver) or harmless is not None and harmless(statement)):
            return False
    return None


_REBOUND = "rebound"  # _first_step: the path bound the scheduler anew (truthy, no Call: no finding)
# parts of the names of calls that may run training (never taken as harmless), unless the name ends in a noun for
# data (get_train_valid_loader builds loaders)
_TRAINING = re.compile(r"train|fit|step|backward|update|epoch|run|loop|solve|optimi[sz]e|learn", re.IGNORECASE)
_DATA_NOUNS = frozenset({"loader", "loaders", "dataset", "datasets", "data", "set", "sets", "split", "transform",
                         "transforms", "path", "paths", "dir", "files", "list", "iterator", "sampler"})


def _may_train(name: str) -> bool:
    return _TRAINING.search(name) is not None and name.lower().rsplit("_", 1)[-1] not in _DATA_NOUNS


def _harmless(statement: ast.stmt, receiver: str, optimizer: str | None, steps_optimizer: OptimizerSteps) -> bool:
    """A plain statement that can step no optimizer and leaves the scheduler alone: nothing in it steps one
    (``steps_optimizer``: the file's own stepping functions included), no call named for training, no call handed
    (or made on) the scheduler, the optimizer or ``self``, and neither of the two rebound: ``network =
    load_network(opt.checkpoint, network)``, ``logger.info(...)``."""
    if not isinstance(statement, (ast.Assign, ast.Expr)) or steps_optimizer(statement):
        return False
    watched = {receiver, optimizer, "self"} - {None}
    for inner in walk_nodes(statement):
        if isinstance(inner, (ast.Await, ast.Yield, ast.YieldFrom, *_SCOPES)):
            return False
        if isinstance(getattr(inner, "ctx", None), (ast.Store, ast.Del)) and dotted_name(inner) in watched:
            return False
        if isinstance(inner, ast.Call):
            func = inner.func
            called = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
            if called is None or _may_train(called):
                return False
            for argument in (func, *inner.args, *(keyword.value for keyword in inner.keywords)):
                if any(isinstance(node, (ast.Name, ast.Attribute)) and dotted_name(node) in watched
                       for node in walk_nodes(argument)):
                    return False
    return True


def _restore(statement: ast.stmt, receiver: str) -> str | bool | None:
    """For a statement that only restores saved state (``load_checkpoint(...)``, ``model.load_state_dict(...)``,
    its arguments inert): "" when the scheduler is not among what it is handed, the dump of ``C`` when it is
    handed ``receiver if C else None``, False when it restores the scheduler outright; None for other statements."""
    if not (isinstance(statement, ast.Expr) and isinstance(call := statement.value, ast.Call)):
        return None
    callee = dotted_name(call.func)
    if callee is None or not _RESTORES.fullmatch(callee.rsplit(".", 1)[-1]):
        return None
    if callee.rpartition(".")[0] == receiver:
        return False  # scheduler.load_state_dict(...)
    test = ""
    for argument in (*call.args, *(keyword.value for keyword in call.keywords)):
        if not _inert(argument, receiver):
            return None
        if isinstance(argument, ast.IfExp) and dotted_name(argument.body) == receiver \
                and isinstance(argument.orelse, ast.Constant) and argument.orelse.value is None and not test:
            test = ast.dump(argument.test)
        elif any(dotted_name(node) == receiver for node in walk_nodes(argument)):
            return False
    return test


def _inert(node: ast.AST, receiver: str) -> bool:
    """No call in ``node`` but of inert builtins, of a string literal's methods and of the receiver's own methods
    (``sched.get_last_lr()``), no await or yield, and the receiver not rebound."""
    for inner in walk_nodes(node):
        if isinstance(inner, ast.Call):
            func = inner.func
            if isinstance(func, ast.Name) and func.id in _INERT_BUILTINS:
                continue
            if isinstance(func, ast.Attribute) and func.attr != "step" and dotted_name(func.value) == receiver:
                continue
            if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Constant) and \
                    isinstance(func.value.value, str):
                continue  # 'Epoch {}:'.format(epoch): a string's method (its arguments are walked too)
            return False
        if isinstance(inner, (ast.Await, ast.Yield, ast.YieldFrom, *_SCOPES)):
            return False
        if isinstance(getattr(inner, "ctx", None), (ast.Store, ast.Del)) and dotted_name(inner) == receiver:
            return False
    return True


def _never_stepped(scope: ast.AST, body: list[ast.stmt], is_scheduler, steps_optimizer: OptimizerSteps,
                   resolve: Callable) -> Iterator[ast.Call]:
    """The first plain ``sched.step()`` of a scheduler that this scope builds on an optimizer it builds too
    (``optim = torch.optim.SGD(...)``, ``sched = Poly(optim, ...)``), where nothing ever steps that optimizer: no
    statement of the scope steps an optimizer, and the optimizer's name is read only as the scheduler's argument
    or for an attribute (``optim.param_groups``), never by a nested function (a ``__main__`` demo that plots the
    schedule). Its first ``step()`` warns."""
    statements = list(_flat(body))
    optimizers: dict[str, ast.Assign] = {}
    schedulers: dict[str, tuple[str, ast.Assign]] = {}
    constructions: list[ast.Assign] = []  # every one, also of a name built again (a demo plotting two schedules)
    for statement in statements:
        if (copied := _copied_pair(statement, is_scheduler)) is not None:
            optimizers[copied[0]] = statement  # optimizer, scheduler = copy(optimizer), copy(scheduler)
            schedulers[copied[1]] = (copied[0], statement)
            constructions.append(statement)
            continue
        if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1
                and isinstance(statement.targets[0], ast.Name) and isinstance(statement.value, ast.Call)):
            continue
        name, call = statement.targets[0].id, statement.value
        api = resolve(call.func) or ""
        if _is_optimizer_class(api):
            optimizers[name] = statement
            continue
        first = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "optimizer"), None)
        if isinstance(first, ast.Name) and first.id in optimizers and is_scheduler(statement.targets[0]):
            schedulers[name] = (first.id, statement)
            constructions.append(statement)
    if not schedulers or any(steps_optimizer(statement) for statement in body):
        return
    built = {id(node) for statement in constructions for node in _inner_walk(statement)
             if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load)}  # the optimizer handed over, or copied
    for statement in statements:  # lr_scheduler(optimizer, i, epoch): a callable schedule sets the rates
        for node in _inner_walk(statement):
            if isinstance(node, ast.Call) and (callee := dotted_name(node.func)) is not None \
                    and callee.partition(".")[0] in schedulers:
                built |= {id(argument) for argument in (*node.args, *(k.value for k in node.keywords))}
    parents: dict[int, ast.AST] = {}
    for statement in statements:
        for node in _inner_walk(statement):
            for child in ast.iter_child_nodes(node):
                parents[id(child)] = node
    used = set()
    for statement in statements:
        for node in _inner_walk(statement):
            if isinstance(node, ast.Name) and node.id in optimizers and isinstance(node.ctx, ast.Load) \
                    and id(node) not in built and not isinstance(parents.get(id(node)), ast.Attribute):
                used.add(node.id)  # handed on, aliased, returned: something else may step it
            elif isinstance(node, ast.Attribute) and node.attr == "step" and isinstance(node.value, ast.Name) \
                    and node.value.id in optimizers:
                used.add(node.value.id)
    own = {id(node) for statement in statements for node in _inner_walk(statement)}
    nested = _nested_reads(scope, optimizers.keys() - used, own)
    for name, (optimizer, made) in schedulers.items():
        if optimizer in used or optimizer in nested:
            continue
        after = False
        for statement in statements:
            if statement is made:
                after = True
            elif after and (call := _plain_step_call(statement)) is not None and _torch_step_arguments(call) \
                    and isinstance(call.func.value, ast.Name) and call.func.value.id == name:
                yield call
                break


_RESUME_WORDS = re.compile(r"(?i)start|resume|begin|skip")


def _skipped_ahead(statement: ast.stmt, is_scheduler, steps_optimizer: OptimizerSteps) -> ast.Call | None:
    """``if global_step < start_epoch * len(loader): scheduler.step(); continue`` opening a batch loop: a resumed run
    skips its first batches stepping the scheduler alone, so that step comes before any optimizer step. The test
    names where the run starts (``start``, ``resume``, ``begin``, ``skip``); the block ends with ``continue``."""
    if not (isinstance(statement, ast.If) and not statement.orelse and len(statement.body) >= 2
            and isinstance(statement.body[-1], ast.Continue)) or any(map(steps_optimizer, statement.body)):
        return None
    if not any(_RESUME_WORDS.search(node.id if isinstance(node, ast.Name) else node.attr)
               for node in walk_nodes(statement.test) if isinstance(node, (ast.Name, ast.Attribute))):
        return None
    for inner in statement.body[:-1]:
        if (call := _plain_step_call(inner)) is not None and _torch_step_arguments(call) and is_scheduler(call.func.value):
            return call
    return None


def _copied_pair(statement: ast.stmt, is_scheduler) -> tuple[str, str] | None:
    """``optimizer, scheduler = copy(optimizer), copy(scheduler)`` (YOLOv5's plot_lr_scheduler): the names of the
    copied optimizer and scheduler. A shallow copy of a scheduler keeps its optimizer, never stepped here, and its
    first step's check."""
    if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1
            and isinstance(target := statement.targets[0], ast.Tuple) and isinstance(statement.value, ast.Tuple)
            and len(target.elts) == 2 == len(statement.value.elts)):
        return None
    optimizer = scheduler = None
    for name, value in zip(target.elts, statement.value.elts):
        if not (isinstance(name, ast.Name) and isinstance(value, ast.Call) and len(value.args) == 1
                and dotted_name(value.func) in ("copy", "copy.copy") and isinstance(value.args[0], ast.Name)):
            return None
        if is_scheduler(name):
            scheduler = name.id
        elif OPTIMIZER_NAME.fullmatch(name.id):
            optimizer = name.id
    return (optimizer, scheduler) if optimizer and scheduler else None


def _nested_reads(scope: ast.AST, names, own: set[int]) -> set[str]:
    """Which of ``names`` a function or class nested in ``scope`` reads from it: not where that function binds the
    name itself (a parameter ``optimizer`` of a scheduler class's ``__init__``, an assignment)."""
    names = set(names)
    read: set[str] = set()
    pending: list[tuple[ast.AST, frozenset[str]]] = [(scope, frozenset())]
    while pending and names - read:
        node, shadowed = pending.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)) and node is not scope:
            arguments = node.args
            bound = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                                     arguments.vararg, arguments.kwarg) if a is not None}
            body = node.body if isinstance(node.body, list) else [node.body]
            declared: set[str] = set()  # global/nonlocal: an assignment there binds the outer name
            for inner in _scope_walk(body):
                if isinstance(inner, (ast.Global, ast.Nonlocal)):
                    declared.update(inner.names)
                elif isinstance(inner, ast.Name) and isinstance(inner.ctx, ast.Store):
                    bound.add(inner.id)
            bound -= declared
            shadowed = shadowed | (bound & names)
        if isinstance(node, ast.Name) and node.id in names and id(node) not in own and node.id not in shadowed:
            read.add(node.id)
        pending.extend((child, shadowed) for child in ast.iter_child_nodes(node))
    return read


def _scope_walk(body: list[ast.AST]) -> Iterator[ast.AST]:
    """The nodes of ``body``, not those inside functions, classes or lambdas nested in it."""
    pending = list(body)
    while pending:
        node = pending.pop()
        yield node
        pending.extend(child for child in ast.iter_child_nodes(node) if not isinstance(child, _SCOPES))


def _flat(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of ``body`` and of the blocks inside them, in order, not those of nested functions or classes."""
    for statement in body:
        if isinstance(statement, _SCOPES):
            continue
        if isinstance(statement, ast.stmt):
            yield statement
        for name in nested_fields(statement):  # an except handler or a match case holds a body of its own
            yield from _flat(getattr(statement, name))


def _inner_walk(statement: ast.stmt) -> Iterator[ast.AST]:
    """The nodes of one statement, not those of the statements nested in it (``_flat`` lists them) nor of
    nested functions and classes."""
    pending: list[ast.AST] = [statement]
    while pending:
        node = pending.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, (ast.stmt, ast.excepthandler)) and not isinstance(child, _SCOPES):
                pending.append(child)



def _steps_a_scheduler(body: list[ast.stmt], is_scheduler) -> bool:
    """Some statement of ``body`` (nested blocks included, nested functions and classes not) is a plain
    ``scheduler.step(...)``: a walk over statements only."""
    pending = list(body)
    while pending:
        statement = pending.pop()
        if isinstance(statement, _SCOPES):
            continue
        call = _plain_step_call(statement)
        if call is not None and is_scheduler(call.func.value):
            return True
        for name in nested_fields(statement):
            pending.extend(getattr(statement, name))
    return False


class OptimizerSteps:
    """Whether a statement steps an optimizer (``optimizer.step()``, ``scaler.step(optimizer)``, a method named for
    one training update, ``trainer.generator_trainstep(y, z)``) anywhere inside
    it, not counting nested functions and classes (defining one runs nothing). Answers are kept per node, so a
    file's statements, however deeply nested, are walked once in all rather than once per enclosing block.

    With the file's ``tree``, a call of one of its module-level functions that steps an optimizer in its own body,
    handed an optimizer (``train(loader, net, criterion, optimizer)`` with ``def train(...)``'s batch loop calling
    ``optimizer.step()``), steps one too: the epoch loop that calls ``scheduler.step()`` and then ``train(...,
    optimizer, ...)`` is the pre-1.1 order, spelled across two functions of the file (or with ``train`` imported from
    another module of the project: a function named for training and handed the optimizer). So does ``self.m(...)``
    where the file's one method named ``m`` steps an optimizer in its own body (moses' ``self._train_epoch``), and a
    call of a module-level function that steps the script's own global optimizer, handed nothing (``def train(epoch):
    ... optimizer.step()``). An optimizer is also any name the file binds to a torch optimizer it builds, whatever it is
    called (``solver = optim.Adam(...)``, ``self._solver = torch.optim.SGD(...)``).

    A function of the file that hands an optimizer to one that steps it steps it too (CDR's ``train(loader, epoch,
    model, optimizer, args)`` runs ``train_one_step(..., optimizer, ...)``). With ``filename``, a function imported
    from another module of the project, whatever its name, steps the optimizer it is handed when its own body steps
    one (FGNN's ``forward(model, loader, ..., optimizer=optimizer)`` from ``train.py``): that module is parsed only
    for such a call."""

    def __init__(self, tree: ast.AST | None = None, built: frozenset[str] = frozenset(), filename: str = "",
                 source_text: str | None = None) -> None:
        self._known: dict[int, bool] = {}
        self._tree = tree
        self._filename = filename
        self._source_text = source_text
        self._project_imports: dict[str, tuple[int, str | None, str]] | None = None
        self._added_folders: tuple[str, ...] = ()
        self._imported_answers: dict[str, bool] = {}
        self._built = built  # the last names the file binds to torch optimizers, whatever they are called (`solver`)
        self._stepping: frozenset[str] | None = None if tree is not None else frozenset()
        self._methods: frozenset[str] | None = None if tree is not None else frozenset()
        self._imports: frozenset[str] | None = None if tree is not None else frozenset()
        self._modules: frozenset[str] | None = None if tree is not None else frozenset()
        self._defined: frozenset[str] = frozenset()  # the file's own module-level functions and classes
        self._globals: frozenset[str] | None = None if tree is not None else frozenset()

    def _stepping_functions(self) -> frozenset[str]:
        if self._stepping is None:
            self._stepping = _handing_on(list(getattr(self._tree, "body", ())))
        return self._stepping

    def _imported_stepper(self, name: str) -> bool:
        """Whether ``name``, imported from a module of the project, is a function whose own body steps an optimizer."""
        if not self._filename:
            return False
        if self._project_imports is None:
            self._project_imports = imported_from_project(self._tree)
            self._added_folders = added_folders(self._tree, self._filename, self._source_text) \
                if self._project_imports else ()
        if name not in self._imported_answers:
            source = self._project_imports.get(name)
            found = imported_function(self._filename, source, self._added_folders) if source else None
            self._imported_answers[name] = found is not None and any(map(OptimizerSteps(), found[0].body))
        return self._imported_answers[name]

    def _global_steppers(self) -> frozenset[str]:
        if self._globals is None:
            steppers = _global_steppers(node for node in getattr(self._tree, "body", ()))
            self._globals = steppers | _stepper_aliases(self._tree, steppers) if steppers else steppers
        return self._globals

    def _stepping_methods(self) -> frozenset[str]:
        if self._methods is None:
            methods = [item for node in getattr(self._tree, "body", ()) if isinstance(node, ast.ClassDef)
                       for item in node.body]
            self._methods = _self_callers(methods, _stepping_names(methods))
        return self._methods

    def _steps(self, node: ast.AST) -> bool:
        if _is_optimizer_step(node) or _is_train_step(node) or _is_wrapped_update(node) or _is_agent_update(node):
            return True
        if self._built and isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr == "step" and (dotted_name(node.func.value) or "").rsplit(".", 1)[-1] in self._built:
            return True  # solver = optim.Adam(...); solver.step()
        if not isinstance(node, ast.Call) or self._tree is None:
            return False
        func = node.func
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id != "self" and \
                _TRAINING_FUNCTION.fullmatch(func.attr) is not None and _hands_optimizer(node) and \
                self._imported_module(func.value.id):
            return True  # train_utils.train(args, loader, model, criterion, optimizer, ...) of a module it imports
        if isinstance(func, ast.Attribute):  # self._train_epoch(model, loader, criterion, optimizer)
            # self.train_fn(..., optimizer=optimizer): a training callable the object holds, handed the optimizer
            return isinstance(func.value, ast.Name) and func.value.id == "self" and (
                func.attr in self._stepping_methods() or _TRAINING_FUNCTION.fullmatch(func.attr) is not None
                and any(_is_optimizer(argument) for argument in (*node.args, *(k.value for k in node.keywords))))
        if isinstance(func, ast.Name) and func.id in self._global_steppers():
            return True  # train(epoch) stepping the script's own module-level optimizer, handed nothing
        return (isinstance(func, ast.Name) and _hands_optimizer(node)
                and (func.id in self._stepping_functions() or (
                    _TRAINING_FUNCTION.fullmatch(func.id) is not None and self._imported(func.id))
                    or self._imported(func.id) and self._imported_stepper(func.id)))

    def _imported_module(self, name: str) -> bool:
        """Whether ``name`` is bound by an import statement of the file (``import train_utils``, ``from models import
        solver_utils``): a module whose function the call runs."""
        if self._modules is None:
            self._modules = frozenset(alias.asname or alias.name.partition(".")[0] for node in statements(self._tree)
                                      if isinstance(node, (ast.Import, ast.ImportFrom)) for alias in node.names)
        return name in self._modules

    def _imported(self, name: str) -> bool:
        """Whether ``name`` comes from an import of the file: by name (``from optimization.training import train``),
        or from a star import where the file defines no function of that name (Graph2Tree's ``from
        src.train_and_evaluate import *`` and then ``train_tree(...)``)."""
        if self._imports is None:
            imports = [node for node in statements(self._tree) if isinstance(node, ast.ImportFrom)]
            self._imports = frozenset(alias.asname or alias.name for node in imports for alias in node.names)
            self._defined = frozenset(node.name for node in getattr(self._tree, "body", ()) if isinstance(
                node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)))
        return name in self._imports or ("*" in self._imports and name not in self._defined)

    def __call__(self, statement: ast.stmt) -> bool:
        known = self._known
        if isinstance(statement, _SCOPES):
            return False
        if id(statement) not in known:
            order: list[ast.AST] = []
            stack: list[ast.AST] = [statement]
            while stack:  # pre-order: each node is listed before its children
                node = stack.pop()
                order.append(node)
                stack.extend(child for child in _inner(node) if id(child) not in known)
            for node in reversed(order):  # children first
                known[id(node)] = self._steps(node) or any(known[id(child)] for child in _inner(node))
        return known[id(statement)]


def _stepping_names(nodes) -> frozenset[str]:
    """The names of the functions among ``nodes`` that step an optimizer in their own body, each the only function
    of its name there."""
    own = OptimizerSteps()  # their own steps only, kept apart: these answers do not count helpers
    return frozenset(node.name for node in _unique_functions(nodes) if any(map(own, node.body)))


def _hands_optimizer(call: ast.Call) -> bool:
    """``f(..., optimizer, ...)`` or ``f(..., optimizer=opt)``: the call is handed something named as an optimizer."""
    return any(_is_optimizer(argument) for argument in (*call.args, *(k.value for k in call.keywords)))


def _handing_on(nodes: list[ast.AST]) -> frozenset[str]:
    """``_stepping_names`` of ``nodes`` and the functions among them that call one of those by name, handing it an
    optimizer (at any depth: ``train`` runs ``train_one_step(net, x, y, optimizer)``, which steps it)."""
    found = set(_stepping_names(nodes))
    functions = [node for node in _unique_functions(nodes) if node.name not in found]
    calls = {node.name: {inner.func.id for inner in walk_nodes(node) if isinstance(inner, ast.Call)
                         and isinstance(inner.func, ast.Name) and _hands_optimizer(inner)} for node in functions}
    while more := {name for name, called in calls.items() if name not in found and called & found}:
        found |= more
    return frozenset(found)


def _global_steppers(nodes) -> frozenset[str]:
    """The module-level functions among ``nodes`` (each the only one of its name) that step a module-level optimizer in
    their own body: ``def train(epoch): ... optimizer.step()`` where ``optimizer`` is neither a parameter nor bound in
    the function, the script's own (the pytorch-cifar layout)."""
    found = set()
    for function in _unique_functions(nodes):
        arguments = function.args
        local = {a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)} | {
            node.id for node in walk_nodes(function) if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load)}
        if any(_is_optimizer_step(node) and isinstance(receiver := node.func.value, ast.Name)
               and receiver.id not in local for node in walk_nodes(function)):
            found.add(function.name)
    return frozenset(found)


def _stepper_aliases(tree: ast.AST, steppers: frozenset[str]) -> frozenset[str]:
    """The names the file binds only ever to one of ``steppers`` (``iter_fn = nmp_iter_one_epoch`` in one branch,
    ``iter_fn = iter_one_epoch`` in the other, then ``iter_fn(train_loader, epoch)``): a call of one runs a stepper."""
    bound: dict[str, bool] = {}
    for node in walk_tree(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    stepper = isinstance(node.value, ast.Name) and node.value.id in steppers
                    bound[target.id] = bound.get(target.id, True) and stepper
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For)) and isinstance(node.target, ast.Name):
            bound[node.target.id] = False
    return frozenset(name for name, only in bound.items() if only and name not in steppers)


def _self_callers(nodes: list[ast.AST], stepping: frozenset[str]) -> frozenset[str]:
    """``stepping`` and the methods among ``nodes`` that call one of them on ``self``, at any depth (POMO's
    ``_train_one_epoch`` runs ``self._train_one_batch(...)``, which steps), each the only method of its name."""
    calls = {node.name: {inner.func.attr for inner in walk_nodes(node) if isinstance(inner, ast.Call)
                         and isinstance(inner.func, ast.Attribute) and isinstance(inner.func.value, ast.Name)
                         and inner.func.value.id == "self"}
             for node in _unique_functions(nodes)}
    found = set(stepping)
    while more := {name for name, called in calls.items() if name not in found and called & found}:
        found |= more
    return frozenset(found)


def _unique_functions(nodes) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The functions among ``nodes`` that are the only one of their name there (a name defined twice is ambiguous)."""
    functions = [node for node in nodes if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    names = [node.name for node in functions]
    return [node for node in functions if names.count(node.name) == 1]


def _inner(node: ast.AST) -> list[ast.AST]:
    """The children of ``node`` but nested functions and classes; not the leaves, which step nothing."""
    return [child for child in child_nodes(node) if not isinstance(child, _SCOPES)]


# train(epoch, loader, model, optimizer), train_one_epoch(...), do_train(...): an imported function named for training,
# handed the optimizer, steps it (integer_discrete_flows' `from optimization.training import train`)
_TRAINING_FUNCTION = re.compile(r"(?:[a-z0-9]+_)*train(?:_[a-z0-9]+)*", re.IGNORECASE)
# trainer.train_step(batch), trainer.discriminator_trainstep(x, y, z): a method that runs one update of a model
_TRAIN_STEP = re.compile(r"(?:[a-z0-9]+_)?train_?step", re.IGNORECASE)


def _is_train_step(node: ast.AST) -> bool:
    """A call of a method named for one training update, given its batch: it steps the model's optimizer."""
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and bool(node.args) \
        and bool(_TRAIN_STEP.fullmatch(node.func.attr))


# agent.update(rollouts): an RL algorithm object's update (habitat-baselines' PPO, the a2c-ppo-acktr agents) runs its
# optimizer's step over the rollouts it is handed
_AGENT = re.compile(r"(?:[a-z0-9]+_)*(?:agent|algo|ppo|learner)", re.IGNORECASE)


def _is_agent_update(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(func := node.func, ast.Attribute) and func.attr == "update" \
        and bool(node.args) and _AGENT.fullmatch((dotted_name(func.value) or "").rsplit(".", 1)[-1]) is not None


def _is_wrapped_update(node: ast.AST) -> bool:
    """``optimizer.optim(losses)``: a project's optimizer wrapper handed the loss runs backward and its optimizer's
    step (VNL's ModelOptimizer); ``optimize``/``minimize`` are the same update."""
    return isinstance(node, ast.Call) and isinstance(func := node.func, ast.Attribute) and bool(node.args) \
        and func.attr in ("optim", "optimize", "minimize") and _is_optimizer(func.value)


def _is_optimizer_step(node: ast.AST) -> bool:
    if isinstance(node, ast.Call) and isinstance(func := node.func, ast.Attribute) and func.attr == "step":
        return _is_optimizer(func.value) or any(_is_optimizer(argument) for argument in node.args)
    return False


def _scan(statements: list[ast.stmt], is_scheduler, steps_optimizer: OptimizerSteps, found: list[ast.Call],
          top: bool = False, guards: dict[str, set[str]] | None = None) -> bool:
    """Walk ``statements`` in order; True once an optimizer step has been seen (then stop: later loops are
    past the first optimizer step). In the function's own body (``top``), a plain ``scheduler.step()`` followed by
    a statement that steps an optimizer is the early order too: the function's first run warns (``def train(self):
    self.scheduler.step()`` and then the batch loop, the EDSR-style trainer). Each scheduler's first step warns:
    ``self.scheduler_G.step(); self.scheduler_D.step()`` before the loop are two findings."""
    waiting: ast.Call | None = None  # that plain scheduler step, until an optimizer step follows it
    others: list[ast.Call] = []  # plain steps of other schedulers right after it
    condition: str | None = None  # the test of ``if C: scheduler.step()`` opening the function (see _same_guard)
    for statement in statements:
        if waiting is not None:
            if condition is not None:
                stepped, under = _steps_under(statement, condition, steps_optimizer)
                if stepped:
                    if under:
                        found.append(waiting)
                    return True
            elif steps_optimizer(statement):
                found.extend((waiting, *others))
                return True
            elif (call := _other_scheduler_step(statement, [waiting, *others], is_scheduler)) is not None:
                others.append(call)
            continue
        if top and (call := _plain_step_call(statement)) is not None and _torch_step_arguments(call) \
                and is_scheduler(call.func.value):
            waiting = call
            continue
        if top and (calls := _both_branch_steps(statement, is_scheduler, steps_optimizer)):
            waiting, others = calls[0], calls[1:]
            continue
        if top and isinstance(statement, ast.If) and _run_option(statement.test) \
                and (call := _guarded_step(statement, is_scheduler, guards)) is not None \
                and not any(map(steps_optimizer, statement.orelse)):
            if any(map(steps_optimizer, statement.body[1:])):
                found.append(call)
                return True
            waiting = call
            continue
        if top and (call := _same_guard_step(statement, statements, is_scheduler, steps_optimizer)) is not None:
            waiting, condition = call, ast.dump(statement.test)
            continue
        if isinstance(statement, _LOOPS):
            early = _early_in_loop(_first_iteration(statement), is_scheduler, steps_optimizer, guards)
            if early:
                found.extend(early)
                return True
        elif isinstance(statement, (ast.If, ast.With, ast.AsyncWith, ast.Try)):  # a loop inside a block
            if any(_scan(block, is_scheduler, steps_optimizer, found, guards=guards) for block in _blocks(statement)):
                return True
        if steps_optimizer(statement):
            return True
    return False


def _same_guard_step(statement: ast.stmt, body: list[ast.stmt], is_scheduler,
                     steps_optimizer: OptimizerSteps) -> ast.Call | None:
    """``if partition == 'train': lr_scheduler.step()`` in the function's own body, its ``if`` opening with the plain
    step and stepping no optimizer, its test made only of names the function never binds (its parameters, module
    names), constants, comparisons and ``and``/``or``/``not``. Such a test has one value for the whole call, so when
    every later optimizer step sits under an ``if`` of the same test (_steps_under), the first call where it holds
    steps the scheduler before any optimizer step of this function (e3_diffusion's ``train(..., partition='train')``)."""
    if not isinstance(statement, ast.If) or not statement.body or any(map(steps_optimizer, statement.body)) \
            or any(map(steps_optimizer, statement.orelse)):
        return None
    call = _plain_step_call(statement.body[0])
    if call is None or not _torch_step_arguments(call) or not is_scheduler(call.func.value):
        return None
    names = set()
    for node in walk_nodes(statement.test):
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif not isinstance(node, (ast.Compare, ast.BoolOp, ast.UnaryOp, ast.Constant, ast.Load, ast.cmpop,
                                   ast.boolop, ast.unaryop)):
            return None  # an attribute, a call, a subscript: its value may change during the call
    if not names or any(isinstance(node, (ast.Global, ast.Nonlocal)) or (
            isinstance(node, ast.Name) and node.id in names and not isinstance(node.ctx, ast.Load))
                        for node in walk_nodes(ast.Module(body, []))):
        return None  # a name of the test rebound in the function, or any global/nonlocal: one walk of the body
    return call


def _steps_under(statement: ast.stmt, test: str, steps_optimizer: OptimizerSteps) -> tuple[bool, bool]:
    """(``statement`` steps an optimizer, every such step sits in the body of an ``if`` whose test dumps to
    ``test`` and whose ``else`` steps none)."""
    if not steps_optimizer(statement):
        return False, True
    if isinstance(statement, ast.If) and ast.dump(statement.test) == test:
        return True, not any(map(steps_optimizer, statement.orelse))
    if not isinstance(statement, (*_LOOPS, ast.If, ast.With, ast.AsyncWith, ast.Try)):
        return True, False
    for block in _blocks(statement):
        for inner in block:
            stepped, under = _steps_under(inner, test, steps_optimizer)
            if stepped and not under:
                return True, False
    return True, True


def _blocks(statement: ast.stmt) -> Iterator[list[ast.stmt]]:
    for field in ("body", "orelse", "finalbody"):
        if block := getattr(statement, field, None):
            yield block
    for handler in getattr(statement, "handlers", ()):
        yield handler.body


def _early_in_loop(body: list[ast.stmt], is_scheduler, steps_optimizer: OptimizerSteps,
                   guards: dict[str, set[str]] | None = None) -> list[ast.Call]:
    """The scheduler steps of a loop body that run before its first optimizer step: the first, and the plain steps
    of other schedulers between it and that optimizer step (``g_scheduler.step(); d_scheduler.step()``)."""
    scheduler_step: ast.Call | None = None
    others: list[ast.Call] = []
    for statement in _unwrapped(body):
        if scheduler_step is None:
            call = _plain_step_call(statement)
            if call is not None and _torch_step_arguments(call) and is_scheduler(call.func.value):
                scheduler_step = call
                continue
            # (before a guarded step: `if cosine: step(epoch) else: step()` steps in either branch)
            if calls := _both_branch_steps(statement, is_scheduler, steps_optimizer):
                scheduler_step, others = calls[0], calls[1:]
                continue
            if (call := _guarded_step(statement, is_scheduler, guards)) is not None:
                if any(map(steps_optimizer, statement.body[1:])):
                    return [call]
                if not any(map(steps_optimizer, statement.orelse)):
                    scheduler_step = call
                    continue
            if (call := _scheduler_loop_step(statement, is_scheduler)) is not None:
                scheduler_step = call  # `for scheduler in schedulers.values(): scheduler.step()`
                continue
            if (call := _skipped_ahead(statement, is_scheduler, steps_optimizer)) is not None:
                return [call]  # `if global_step < start_epoch * n: scheduler.step(); continue` on a resume
            if isinstance(statement, _LOOPS):  # a nested loop: its own body may hold the early order
                inner = _early_in_loop(_first_iteration(statement), is_scheduler, steps_optimizer, guards)
                if inner:
                    return inner
            if isinstance(statement, ast.If) and _run_option(statement.test) and steps_optimizer(statement):
                # `if not args.adv: ...; scheduler.step(); ...; optimizer.step() else: ...`: the option keeps one
                # value for the run, so the branch it takes is the first iteration's whole order
                return [*_early_in_loop(statement.body, is_scheduler, steps_optimizer, guards),
                        *_early_in_loop(statement.orelse, is_scheduler, steps_optimizer, guards)]
            if isinstance(statement, ast.If) and steps_optimizer(statement) \
                    and not any(map(steps_optimizer, statement.orelse)) \
                    and not any(steps_optimizer(other) for other in body if other is not statement):
                # `if (i + 1) % accumulation == 0: scheduler.step(); optimizer.step()`: the only optimizer step
                # of the loop, so the first time the block runs its own order decides
                return _early_in_loop(statement.body, is_scheduler, steps_optimizer, guards)
            if steps_optimizer(statement):
                return []
        elif steps_optimizer(statement):
            return [scheduler_step, *others]
        elif (call := _other_scheduler_step(statement, [scheduler_step, *others], is_scheduler)) is not None:
            others.append(call)
    return []


def _unwrapped(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """``body`` with each ``with`` block's statements in its place (``with torch.cuda.device(d):`` around a whole
    batch step): they run in the same order, so their scheduler and optimizer steps are asked one by one."""
    for statement in body:
        if isinstance(statement, (ast.With, ast.AsyncWith)):
            yield from _unwrapped(statement.body)
        else:
            yield statement


def _first_iteration(loop: ast.stmt) -> list[ast.stmt]:
    """The loop's body as its first iteration runs it: ``for phase in ["train", "val"]:`` makes ``if phase ==
    "train": scheduler.step()`` a plain step (the transfer-learning tutorial's ``train_model``), and drops the
    branches that test for the other phases. Any other loop: its body as written."""
    if not (isinstance(loop, (ast.For, ast.AsyncFor)) and isinstance(loop.target, ast.Name)
            and isinstance(loop.iter, (ast.List, ast.Tuple)) and loop.iter.elts
            and isinstance(first := loop.iter.elts[0], ast.Constant)):
        return loop.body
    return _resolved(loop.body, loop.target.id, first.value)


def _resolved(body: list[ast.stmt], name: str, value: object) -> list[ast.stmt]:
    """``body`` with each ``if name == value`` / ``!=`` / ``in (...)`` replaced by the branch it takes."""
    statements: list[ast.stmt] = []
    for statement in body:
        taken = _test_value(statement.test, name, value) if isinstance(statement, ast.If) else None
        if taken is None:
            statements.append(statement)
        else:
            statements.extend(_resolved(statement.body if taken else statement.orelse, name, value))
    return statements


def _test_value(test: ast.expr, name: str, value: object) -> bool | None:
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.left, ast.Name)
            and test.left.id == name):
        return None
    right, op = test.comparators[0], test.ops[0]
    if isinstance(op, (ast.Eq, ast.NotEq)) and isinstance(right, ast.Constant):
        return (right.value == value) == isinstance(op, ast.Eq)
    if isinstance(op, (ast.In, ast.NotIn)) and isinstance(right, (ast.List, ast.Tuple, ast.Set)) and all(
            isinstance(item, ast.Constant) for item in right.elts):
        return (value in [item.value for item in right.elts]) == isinstance(op, ast.In)
    return None


def _scheduler_loop_step(statement: ast.stmt, is_scheduler) -> ast.Call | None:
    """``for scheduler in schedulers.values(): scheduler.step()`` (or ``for key, scheduler in
    schedulers.items():``): a loop whose whole body is one plain step of its own target, a scheduler by name: each
    scheduler of the collection takes its first step there."""
    if not isinstance(statement, (ast.For, ast.AsyncFor)) or len(statement.body) != 1 or statement.orelse:
        return None
    targets = [statement.target] if isinstance(statement.target, ast.Name) else [
        element for element in getattr(statement.target, "elts", ()) if isinstance(element, ast.Name)]
    call = _plain_step_call(statement.body[0])
    if call is None or not _torch_step_arguments(call) or not isinstance(call.func.value, ast.Name) \
            or call.func.value.id not in {target.id for target in targets} or not is_scheduler(call.func.value):
        return None
    return call


def _other_scheduler_step(statement: ast.stmt, stepped: list[ast.Call], is_scheduler) -> ast.Call | None:
    """A plain ``step()`` of a scheduler none of ``stepped`` steps: its own first step, which warns as well."""
    call = _plain_step_call(statement)
    if call is None or not _torch_step_arguments(call) or not is_scheduler(call.func.value):
        return None
    receiver = dotted_name(call.func.value)
    if receiver is None or any(dotted_name(other.func.value) == receiver for other in stepped):
        return None
    return call


def _schedules_only(block: list[ast.stmt], is_scheduler) -> bool:
    """Every statement of a loop's body calls a method of a scheduler-like receiver (``lr_scheduler.step()``,
    ``eps_scheduler.step_epoch()``), or is a loop of such calls: a fast-forward, not a training loop whose optimizer
    goes by a name of its own (``encoder_solver.step()``)."""
    for statement in block:
        if isinstance(statement, (ast.For, ast.While)) and not statement.orelse:
            if not _schedules_only(statement.body, is_scheduler):
                return False
        elif isinstance(statement, ast.If):  # `if not args.onecycle: scheduler.step() else: ...`
            if not _schedules_only(statement.body, is_scheduler) or not _schedules_only(statement.orelse, is_scheduler):
                return False
        elif not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)
                  and isinstance(statement.value.func, ast.Attribute) and is_scheduler(statement.value.func.value)):
            return False
    return True


def _in_loop(target: ast.stmt, body: list[ast.stmt]) -> bool:
    """``target`` sits inside a loop of ``body`` (not counting nested functions and classes)."""
    def find(statements: list[ast.stmt], looped: bool) -> bool | None:
        for statement in statements:
            if statement is target:
                return looped
            if isinstance(statement, _SCOPES):
                continue
            inner = looped or isinstance(statement, (ast.For, ast.AsyncFor, ast.While))
            for name in nested_fields(statement):
                for block in ([getattr(statement, name)] if name != "handlers" and name != "cases"
                              else [handler.body for handler in getattr(statement, name)]):
                    if (found := find(block, inner)) is not None:
                        return found
        return None

    return bool(find(body, False))


def _plain_step_call(statement: ast.stmt) -> ast.Call | None:
    if (isinstance(statement, ast.Expr) and isinstance(call := statement.value, ast.Call)
            and isinstance(call.func, ast.Attribute) and call.func.attr == "step"):
        return call
    return None


def _torch_step_arguments(call: ast.Call) -> bool:
    """``LRScheduler.step(epoch=None)`` takes at most one argument: ``step(cur_epoch=e, cur_step=i)`` or
    ``step(it, epoch)`` is another library's scheduler."""
    return len(call.args) + len(call.keywords) <= 1 and all(k.arg == "epoch" for k in call.keywords)


def _is_optimizer(node: ast.expr) -> bool:
    while isinstance(node, ast.Subscript):  # optimizers[0].step()
        node = node.value
    name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else None
    return name is not None and bool(OPTIMIZER_NAME.fullmatch(name)) and not _SCHEDULER.fullmatch(name)


def built_optimizers(tree: ast.AST, resolve) -> frozenset[str]:
    """The last names the file binds to a torch optimizer's construction (``solver = optim.Adam(params)``)."""
    names = set()
    for node in walk_nodes(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and \
                (api := resolve(node.value.func) or "").startswith("torch.optim.") and api.count(".") == 2:
            names.update(dotted.rsplit(".", 1)[-1] for target in node.targets if (dotted := dotted_name(target)))
    return frozenset(names)
