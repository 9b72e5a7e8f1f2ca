"""What a rule is: an API (or call pattern), the version it applies from, the message, the fix, the section.

Rule kinds, each a pattern the walker knows how to see in the AST:

    name              any use of the API: a call, an attribute, an import, a base class
    call              a direct call of exactly the API (``torch.compiler.precompile(...)``)
    keyword           a call that passes the keyword ``argument`` (one of them, for a list;
                      equal to ``value``, when given); with ``position``, also that parameter
                      passed positionally (``torch.jit.fuser("fuser2")``); ``positions`` gives those
                      places per API, one per argument (``nn.MSELoss(True)`` passes size_average); with
                      ``list_value``, only a list passed there (``funcol.all_reduce(t, "sum", [0, 1])``); with
                      ``division_value``, only a true division (``DataLoader(ds, batch_size=n / 2)``)
    missing-argument  a call that does not pass ``argument`` (by keyword, or at ``position``);
                      ``when`` narrows it to ``torch.load`` evidence: ``loads-pickled-object``,
                      ``saved-objects`` (this file), ``saved-in-project``, ``lightning-checkpoint``
                      (the whole run: checkpoints.py)
    positional        a call with more than ``max_positional`` positional arguments (``self`` counts in
                      ``Base.__init__(self, x)``; ``super().__init__(x)`` in a subclass of Base counts it too)
    set-argument      a call whose first argument (or ``params=``) is a set: ``{...}`` or ``set(...)``
    unpack            a call whose result is unpacked into exactly ``unpacked_into`` names (``scores, _ =
                      pack_padded_sequence(...)``: a PackedSequence has four fields since 1.1)
    method            ``<anything>.<method>(...)`` in a file that imports torch, unless the receiver is
                      known not to be a tensor (a non-torch module, or a name bound from one); with
                      ``max_positional``, only calls with more positional arguments than that
                      (``x.add_(alpha, other)``: the deprecated scalar-first overload); with
                      ``receiver_not``, not when the receiver's last name matches that regular
                      expression (``sampler.state_dict(step)`` is the sampler's own method); with
                      ``receiver``, only when it does (``scheduler.get_lr()``); with ``argument_like``,
                      only calls passing exactly one positional argument that names something matching
                      that regular expression (``scheduler.step(epoch)``, not ``scheduler.step(val_loss)``); with
                      ``argument`` (and ``position``), only calls that do not pass it, as for
                      missing-argument (``a.cross(b)`` without ``dim``)

    plain-method      a class subclassing the API's class (``torch.autograd.Function`` for
                      ``torch.autograd.Function.forward``) that defines that method without
                      ``@staticmethod`` or ``@classmethod``: reported at the class
    required-step     a class subclassing the API's class (``torch.optim.lr_scheduler.LRScheduler`` for
                      ``torch.optim.lr_scheduler.LRScheduler.step``) whose own ``step`` takes a required argument while
                      the base's ``__init__`` runs (requiredstep.py): reported at that ``step``
    rnn-argument      ``nn.LSTM``/``GRU``/``RNN`` built with a flag or size of a type 2.11 refuses (rnnarguments.py)
    constructor-dtype a typed constructor (``torch.ByteTensor``) given a tensor the call shows to be of another dtype
                      (typedconstructors.py)
    tensor-type       ``type(x) == Variable`` or a typed class (``torch.FloatTensor``): never true since 0.4
                      (tensortypes.py)
    stale-graph       ``loss.backward()`` of a name whose graph was recorded before an ``optimizer.step()`` that follows a
                      ``backward(retain_graph=True)`` in the same function (stalegraphs.py); ``api`` names ``backward``
    skipped-init      a class subclassing the API's class (``torch.optim.Optimizer`` for
                      ``torch.optim.Optimizer.__init__``) whose own ``__init__`` never calls the base's
                      (skippedinit.py: no ``super().__init__``, no ``Base.__init__(self, ...)``): reported at the
                      ``__init__``
    scalar-index      ``<receiver>.data[0]`` (also through ``.cpu()``) where the receiver's last name fully
                      matches ``receiver``, or an inline ``criterion(out, y)`` (patterns.py): a loss is a 0-dim
                      tensor, and indexing one raises; with api ``torch.Tensor.numpy``, ``<receiver>.data.numpy()[0]``
    step-order        ``<receiver>.step()`` as a plain statement of a loop body, before a later statement of that
                      body that steps an optimizer, with no optimizer step earlier in the function
                      (steporder.py): the pre-1.1 scheduler-first order; ``receiver`` names the scheduler
    uint8-mask        a tensor the file provably makes uint8 (``.byte()``, ``dtype=torch.uint8``, ...) used where the
                      API in ``api`` reads a bool mask or condition (uint8masks.py): ``torch.where``,
                      ``Tensor.masked_fill``, ``x[mask]`` (``torch.Tensor.__getitem__``/``__setitem__``)
    bool-subtraction  ``1 - mask``, ``x - mask``, ``-mask`` or ``x -= mask`` where ``mask`` is provably a bool tensor
                      in the file (boolmasks.py: a comparison method such as ``.ne(v)``, ``.bool()``,
                      ``dtype=torch.bool``, followed as uint8masks.py follows uint8 values); ``api`` names the
                      operator (``torch.Tensor.__sub__``)
    loader-next       an argument-less ``.next()`` on an iterator the file makes from a DataLoader (``it =
                      iter(train_loader)``, loaderiters.py): the Python 2 alias DataLoader iterators lost in 1.13
    dict-key          ``labels[idx[i]]``: a dict the function builds looked up with an element of integer indices
                      torch computes (dictkeys.py): a 0-dim tensor since 0.4, hashed by identity (KeyError)
    topk-view         ``correct[:k].view(-1)`` where ``correct`` compares transposed top-k indices and k may be above 1
                      (topkviews.py: a literal, a tuple the function spells, or a parameter some call of the project
                      fills with ``(1, 5)``); ``api`` names ``view``
    zero-dim-cat      ``torch.cat(values)`` of a list the walk saw filled with 0-dim values (``.append(loss.data)``)
    zero-dim-round    ``round(x)`` where the walker proves ``x`` 0-dim (as for backward-grad): a tensor has no ``__round__``
    backward-grad     ``loss.backward(one)`` where the loss is provably 0-dim and ``one`` a one-element vector
                      (backwardgrads.py: ``torch.FloatTensor([1])``, ``mone = one * -1``); ``api`` names ``backward``
    grad-scalar       ``float(loss)`` / ``math.f(loss)`` of a name the function binds once and calls ``backward`` on
                      (gradscalars.py): a tensor that requires grad made a Python number; ``api`` names the conversion
    out-resize        a call writing into an ``out=`` tensor that provably holds elements in another shape (outresize.py:
                      the old collate's ``elem.new(storage)`` passed to ``torch.stack``, a function-attribute buffer
                      refilled under a size test); ``api`` lists the calls
    probe             ``hasattr(obj, "name")`` / ``getattr(obj, "name")`` of an API's last name (a torch attribute that was
                      renamed or removed) on that API's class or on an object whose last name fully matches
                      ``receiver`` (probes.py): the probe silently turns False
    gone              any torch module or name the target build no longer has while an older build did
                      (gonenames.py: the index comes from the builds' sources, not from ``api``, which
                      lists the section's examples); each finding names the gone module or name, the
                      last build that had it and its public home, or the rule's ``fix`` where none is known
    negative-stride   a NumPy array read backwards (``np.sort(l)[::-1]``, ``np.flip(a)``) passed where torch makes a
                      tensor of it without a copy (negativestrides.py): ``torch.from_numpy``, ``as_tensor``,
                      ``pack_padded_sequence``'s lengths; ``api`` lists those calls
    index-division    ``prev_k = best_ids / n`` of top-k (sort, max, argmax) indices, used as an index (intdivision.py):
                      true division since 1.7 makes a float index; ``api`` names the division
    cuda-lengths      ``pack_padded_sequence(x, lengths)`` with lengths the function puts on the GPU (cudalengths.py)
    instance-method   ``<receiver>.<method>(...)`` where every plain binding the file makes of the receiver's last name
                      builds the class ``api`` names (``writer = SummaryWriter(...)``; instancemethods.py): a method
                      that is only a problem on torch's class, whose name other libraries' classes share
    dotted-name       ``add_module``/``register_buffer``/``register_parameter`` (or a container built from written-out keys)
                      given a name whose literal text holds a dot (dottednames.py); ``api`` lists the methods
    operation-tuple   ``torch._C._jit_get_operation(name)`` called at once or bound to a name the function calls
                      (operationtuples.py): it returns (operator, overload names) since 1.12
    reduced-expand    ``A.sum(1).expand_as(A)``: a one-dimension reduction (dim >= 1, no keepdim) expanded back over the
                      tensor it reduced, written for the keepdim of torch before 0.2 (reducedexpands.py)
    function-instance a call building an instance of a static-forward autograd.Function the file defines or imports from
                      a project module (``MyFn().apply(x)``, functioninstances.py)
    causal-layer      a call of ``nn.TransformerEncoder``/``TransformerDecoder`` stacking a project layer whose ``forward`` takes
                      no ``is_causal``/``tgt_is_causal`` (causallayers.py); ``api`` names the stack's forward
    bce-target-size   ``BCELoss``/``F.binary_cross_entropy`` given a discriminator's ``(N, 1)`` output and a ``torch.ones(n)``
                      label (bcetargets.py); ``api`` names the loss
    unknown-keyword   a call of a public torch function or class passing a keyword its target signature lacks
                      (acceptedkeywords.py: the accepted names come from the build, not from ``api``, which lists
                      the section's examples); said only for the target the data was read from

``with_any`` narrows call kinds to calls passing at least one of the listed keywords, ``without_any``
to calls passing none of them, and ``min_positional`` to calls with at least that many positional
arguments (``torch.onnx.export(model, args, "m.onnx")`` writes a file the TorchScript way).
``with_any_defaults`` (a table of keyword = literal) names ``with_any`` keywords that do not count when passed at
that literal, their default, which the new code path takes anyway (``do_constant_folding=True``: the
torch.export-based exporter always folds constants).
With ``first_literal`` (kind=method: ``"str"`` or ``"None"``), only calls whose first positional argument is such a
literal: ``x.size("coil")`` asks a dimension by name, which only a named tensor had.
With ``first_like`` (kind=method), only calls whose first positional argument is a number literal or
whose name (``wd``, ``self.alpha``, ``group["weight_decay"]``) fully matches that regular expression:
``grad.add(group["weight_decay"], p)`` is the scalar-first overload, ``meter.add(value, n)`` is not a tensor's.
``unless_file_uses`` drops the rule's findings in a file that uses any of the listed APIs
(``nn.Dropout2d`` warns unless its input is 4-D: in a file with a ``Conv2d`` it probably is).
``unless_file_imports`` drops them in a file whose import statements load one of the listed modules
(``torch.optim._multi_tensor`` is an attribute of ``torch.optim`` only once something imports it).
``quiet_with`` (a table of keyword = literal) names the argument values that keep a call quiet: torch
warns only when the keyword is NOT that literal (``create_block_mask(_compile=False)`` and
``TypedStorage(..., _internal=True)`` do not warn). A boolean literal stands for its truth, as torch tests it
(``if _compile:``), so ``_compile=0`` is quiet too; anything that is not a literal still counts. For a name rule
it applies where the name is called; ``value`` is the converse (warns only when the keyword IS that literal).
``exact`` limits a name rule to the API itself, not the names under it (``torch.nn.utils.weight_norm``
is the deprecated function and also the module that holds the ``WeightNorm`` class).
``quiet_members`` (kind=name) lists members under the API that stay quiet: ``torch.ByteStorage._from_buffer(...)``
is torch's internal entry point, which builds the storage with ``_internal=True`` and does not warn (while
``_new_shared`` does: each member is run on the target before it is listed).
``quiet_first`` (a call kind) is a regular expression: a call whose first argument (positional, or the keyword
that ``FIRST_KEYWORDS`` of patterns.py knows for it) is a string literal fully matching it stays quiet
(``torch.hub.load("pytorch/vision", ...)``: torch trusts the ``pytorch`` owner without asking).
``tensor_sizes`` (kind=method) takes only calls passing a tensor's size as a positional argument (tensorsizes.py:
``x.size(0)``, ``torch.Size(...)``, or a name the function binds to one): ``y.resize(b, n)`` is a tensor's, while
PIL's ``img.resize((w, h))`` and NumPy's ``a.resize(n, m)`` never get one.
``at_method`` (kind=plain-method) reports at the method rather than the class: a plain ``__torch_function__``
is fixed by its decorator, an old-style autograd Function by rewriting the class.
``none_is_unset`` (kind=keyword) treats a keyword passed as the literal ``None`` as not passed: torch tests
``size_average is not None or reduce is not None`` before it warns. It holds for the ``with_any`` keywords too
(``DataLoader(num_workers=0, prefetch_factor=None)`` is the fix, not the failure), and only for those with
kind=missing-argument (``torch.onnx.export(..., dynamic_axes=None)`` is the default, which the exporter ignores).
``parameters`` (kind=missing-argument) lists every parameter the rule's APIs take on the target, where they take no
``**kwargs``: a call passing a keyword outside it raises TypeError before anything the rule reports
(``F.softmax(x, dims=-1)``: "softmax() got an unexpected keyword argument 'dims'", run on 2.15), so it gets no finding.
``warns_in_forward`` marks a rule on building a module whose forward warns, not its constructor: a module bound to a
name the file never reads (``self.Softmax = nn.Softmax()``, its call commented out) gets no finding.
``tensor_input`` marks APIs that call a tensor method on their input before they warn (``F.softmax`` asks
``input.dim()``): a numpy input (``F.softmax(out.cpu().numpy())``) raises AttributeError first, so it gets no
finding.
``severity`` is ``error`` (raises on the target), ``warning`` (warns, or a likely failure) or
``info``. ``rewrite`` (with ``insert`` and ``unless``) makes a call fixable by ``--fix``: the
callee is renamed, ``insert`` becomes the first argument, and a call passing any keyword
in ``unless`` (or, with ``insert``, any positional argument) is left alone.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from ..markdown import Version
from .finding import SEVERITIES

KINDS = ("name", "call", "keyword", "missing-argument", "positional", "method", "set-argument", "unpack", "list-index",
         "plain-method", "scalar-index", "gone", "step-order", "uint8-mask", "bool-subtraction", "probe",
         "out-resize", "loader-next", "topk-view", "backward-grad", "zero-dim-round", "zero-dim-cat", "grad-scalar", "unknown-keyword",
         "negative-stride", "index-division", "instance-method", "cuda-lengths", "dotted-name", "causal-layer", "bce-target-size", "int-full-target", "mask-pair", "istft-real",
         "operation-tuple", "reduced-expand", "function-instance", "dict-key", "skipped-init", "required-step",
         "rnn-argument", "constructor-dtype", "tensor-type", "stale-graph")
CONDITIONS = ("loads-pickled-object", "saved-objects", "saved-in-project", "lightning-checkpoint",
              "no-weights-only-env")


@dataclass(frozen=True)
class Rule:
    """One rule of check-rules.toml: a pattern, the section it points at, and what a finding says."""

    id: str
    section: str  # "<reference-stem>#<anchor>"
    apis: tuple[str, ...]  # qualified names; method names for kind=method
    kind: str
    version: Version  # first torch release the finding applies to
    message: str
    fix: str
    argument: str | tuple[str, ...] | None = None
    position: int | None = None
    max_positional: int | None = None
    when: str | None = None
    # kind=keyword: only this literal; kind=method with with_any=: the with_any keyword passes one of these literals
    value: bool | int | float | str | tuple | None = None
    origin: str = "rules"  # "rules" (check-rules.toml) or "meta" (a section's > meta: line)
    severity: str = "warning"
    rewrite: str | None = None  # the qualified name a call is rewritten to by --fix
    insert: str | None = None  # source text inserted as the first argument by --fix
    unless: tuple[str, ...] = ()  # keywords whose presence makes the rewrite unsafe
    max_args: int | None = None  # more positional arguments than this: no rewrite
    with_any: tuple[str, ...] = ()  # the call must pass one of these keywords
    with_any_defaults: tuple[tuple[str, bool | int | float | str], ...] = ()  # ... not counting one at this literal
    without_any: tuple[str, ...] = ()  # ... and none of these
    min_positional: int | None = None  # ... and at least this many positional arguments
    receiver_not: str | None = None  # kind=method: a receiver whose last name fully matches this regex is skipped
    receiver: str | None = None  # kind=method: only receivers whose last name fully matches this regex
    argument_like: str | None = None  # kind=method: one positional argument naming something matching this regex
    first_like: str | None = None  # kind=method: the first positional argument is a number or names a scalar like this
    first_literal: str | None = None  # kind=method: the first positional argument is a literal of this kind (str, None)
    unpacked_into: int | None = None  # kind=unpack: the number of names the call's result is unpacked into
    unless_file_uses: tuple[str, ...] = ()  # no finding in a file that uses any of these qualified names
    quiet_with: tuple[tuple[str, bool | int | float | str], ...] = ()  # keyword literals that keep a call quiet
    exact: bool = False  # kind=name: only the API itself, not the names under it
    unless_file_imports: tuple[str, ...] = ()  # no finding in a file with an import statement naming one of these modules
    quiet_members: tuple[str, ...] = ()  # kind=name: `API.member` for these members stays quiet
    none_is_unset: bool = False  # `keyword=None` counts as not passed (torch tests `is not None`)
    quiet_first: str | None = None  # a string-literal first argument fully matching this regex keeps a call quiet
    tensor_sizes: bool = False  # kind=method: only calls passing a tensor's size read by a call (tensorsizes.py)
    warns_in_forward: bool = False  # a module whose forward warns, not its constructor (unreadmodules.py)
    tensor_input: bool = False  # the API reads its input as a tensor before it warns: a numpy input fails first
    at_method: bool = False  # kind=plain-method: reported at the method (the fix is its decorator), not the class
    parameters: tuple[str, ...] = ()  # kind=missing-argument: the APIs' whole signature (a keyword outside: TypeError)
    # kind=keyword: per API, the positions of ``argument``'s names in its signature, in the same order
    # (``nn.MSELoss(True)`` passes size_average at 0, ``nn.BCELoss(w, True)`` at 1)
    positions: tuple[tuple[str, tuple[int, ...]], ...] = ()
    list_value: bool = False  # kind=keyword: only a list passed there (a display, a comprehension, ``list(...)``)
    division_value: bool = False  # kind=keyword: only a true division passed there (``n / 2``: a float on Python 3)
    # kind=method: only ``x.data.resize_(y.size())`` where the function binds x only to a one-element placeholder
    # (``Variable(torch.FloatTensor(1))``): the refill idiom of 0.3 code (walkcalls._refills_placeholder)
    refills_placeholder: bool = False
    none_at: int | None = None  # kind=method: only calls passing the literal None at this position (0: the first)
    code: str = ""  # the short stable code (TP101), from check-codes.toml

    @property
    def pattern(self) -> tuple:
        """Rules with the same pattern are versions of one finding: the newest applicable wins."""
        return (self.kind, self.argument, self.position, self.max_positional, self.when, self.value, self.with_any,
                self.without_any, self.min_positional, self.list_value, self.division_value)

    @property
    def arguments(self) -> tuple:
        """The keywords ``argument`` names, as a tuple (it holds one name or several)."""
        return self.argument if isinstance(self.argument, tuple) else (self.argument,)

    def applies_to(self, target: Version) -> bool:
        return target.sort_key >= self.version.sort_key


def newest_per_pattern(rules: Iterable[Rule]) -> list[Rule]:
    """Of ``rules`` (those that apply), per pattern only the newest: one finding, not one per release."""
    newest: dict[tuple, Rule] = {}
    for rule in rules:
        kept = newest.get(rule.pattern)
        if kept is None or rule.version.sort_key > kept.version.sort_key:
            newest[rule.pattern] = rule
    return list(newest.values())


def validate_rule_fields(rule: Rule) -> str | None:
    """Return what is wrong with a rule's shape, or None; positions are added by the caller."""
    if rule.kind not in KINDS:
        return f"unknown kind {rule.kind!r} (one of {', '.join(KINDS)})"
    if "#" not in rule.section:
        return f"section {rule.section!r} is not '<reference-stem>#<anchor>'"
    if not rule.apis:
        return "api is empty"
    if not rule.message.strip() or not rule.fix.strip():
        return "message and fix are required"
    if "\n" in rule.fix.strip():
        return "fix must be one line"
    if rule.kind in ("keyword", "missing-argument") and not rule.argument:
        return f"kind={rule.kind} needs argument="
    if rule.kind == "positional" and rule.max_positional is None:
        return "kind=positional needs max_positional="
    if rule.when is not None and rule.when not in CONDITIONS:
        return f"unknown when={rule.when!r} (one of {', '.join(CONDITIONS)})"
    if rule.value is not None and rule.kind != "keyword" and not (rule.kind == "method" and rule.with_any):
        return "value= only goes with kind=keyword (or kind=method with with_any=)"
    if rule.when is not None and rule.kind != "missing-argument":
        return "when= only goes with kind=missing-argument"
    for key in ("receiver_not", "receiver", "argument_like"):
        pattern = getattr(rule, key)
        if pattern is None:
            continue
        if rule.kind != "method" and not (key == "receiver" and rule.kind in ("scalar-index", "step-order", "probe")):
            return f"{key}= only goes with kind=method"
        try:
            re.compile(pattern)
        except re.error as exc:
            return f"{key}= is not a regular expression ({exc})"
    if (rule.kind == "unpack") != isinstance(rule.unpacked_into, int):
        return "kind=unpack needs unpacked_into= (a number), and unpacked_into= needs kind=unpack"
    if rule.kind in ("scalar-index", "step-order", "probe") and rule.receiver is None:
        return f"kind={rule.kind} needs receiver="
    if rule.quiet_with and rule.kind in ("scalar-index", "plain-method", "gone", "list-index", "step-order",
                                         "bool-subtraction", "probe"):
        return f"quiet_with= does not go with kind={rule.kind} (no call to read)"
    if any(name not in rule.with_any for name, _ in rule.with_any_defaults):
        return "with_any_defaults= names keywords of with_any="
    if rule.exact and rule.kind != "name":
        return "exact= only goes with kind=name"
    if rule.quiet_members and rule.kind != "name":
        return "quiet_members= only goes with kind=name"
    if rule.none_is_unset and rule.kind not in ("keyword", "missing-argument"):
        return "none_is_unset= only goes with kind=keyword or kind=missing-argument"
    if rule.tensor_sizes and rule.kind != "method":
        return "tensor_sizes= only goes with kind=method"
    if rule.at_method and rule.kind != "plain-method":
        return "at_method= only goes with kind=plain-method"
    if rule.positions and (rule.kind != "keyword" or any(
            api not in rule.apis or len(at) != len(rule.arguments) for api, at in rule.positions)):
        return "positions= only goes with kind=keyword: one list per API of the rule, a position per argument"
    if rule.none_at is not None and rule.kind != "method":
        return "none_at= only goes with kind=method"
    if rule.refills_placeholder and rule.kind != "method":
        return "refills_placeholder= only goes with kind=method"
    if rule.list_value and (rule.kind != "keyword" or rule.value is not None):
        return "list_value= only goes with kind=keyword, without value="
    if rule.division_value and (rule.kind != "keyword" or rule.value is not None or rule.list_value):
        return "division_value= only goes with kind=keyword, without value= or list_value="
    if rule.parameters and (rule.kind != "missing-argument" or not set(rule.arguments) <= set(rule.parameters)):
        return "parameters= only goes with kind=missing-argument and must hold its argument"
    if rule.quiet_first is not None:
        if rule.kind not in ("call", "keyword", "missing-argument", "positional"):
            return f"quiet_first= does not go with kind={rule.kind}"
        try:
            re.compile(rule.quiet_first)
        except re.error as exc:
            return f"quiet_first= is not a regular expression ({exc})"
    if rule.severity not in SEVERITIES:
        return f"severity {rule.severity!r} is none of {', '.join(SEVERITIES)}"
    if (rule.insert or rule.unless or rule.max_args is not None) and not rule.rewrite:
        return "insert=, unless= and max_args= only go with rewrite="
    return None
