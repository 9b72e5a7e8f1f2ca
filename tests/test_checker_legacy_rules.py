"""The rules for old deprecations that torch 2.15 still warns about or rejects (check-rules.toml's
"Old deprecations" block): each fires on the old spelling and stays silent on the current one."""

from __future__ import annotations

import pytest

from torchpatch.validators.checker import check_source, default_references_dir, load_rules

HEADER = "import torch\nimport torch.nn as nn\nimport torch.nn.functional as F\nfrom torch._library import opaque_object\n"

# rule id -> (old spellings that must be flagged by it, current spellings that must not)
CASES = {
    "meshgrid-without-indexing": (
        ["torch.meshgrid(x, y)", "torch.meshgrid([x, y])", "torch.meshgrid(*grids)"],  # *grids cannot pass indexing=
        ['torch.meshgrid(x, y, indexing="ij")', 'torch.meshgrid(*grids, indexing="ij")', "torch.meshgrid(*grids, **kw)",
         "np.meshgrid(x, y)", 'torch.meshgrid(x, y, indexin="ij")']),  # an unknown keyword: TypeError, no warning
    "softmax-without-dim": (
        ["F.softmax(x)", "F.log_softmax(x, dtype=torch.float32)"],
        ["F.softmax(x, dim=-1)", "F.softmax(x, -1)", "F.softmax(x, dims=-1)", "F.log_softmax(x, dimension=1)"]),
    "softmax-module-without-dim": (
        ["nn.Softmax()"],
        ["nn.Softmax(dim=1)", "nn.Softmax(1)", "nn.Softmax(dims=1)"]),
    "scalar-first-add-method": (
        ["exp_avg.add_(1 - beta1, grad)", "p.data.sub_(lr, d_p)"],
        ["exp_avg.add_(grad, alpha=1 - beta1)", "x.add_(1)", "x.add_(*args)", "seen.add(item)"]),
    "scalar-first-addcmul-method": (
        ["v.addcmul_(1 - beta2, g, g)", "p.data.addcdiv_(-lr, m, d)", "out.addmm_(0.5, a, b)"],
        ["v.addcmul_(g, g, value=1 - beta2)", "p.data.addcdiv_(m, d, value=-lr)", "out.addmm_(a, b, beta=0.5)"]),
    "scalar-first-add-function": (
        ["torch.add(x, 2, y)", "torch.sub(x, 0.5, y)"],
        ["torch.add(x, y, alpha=2)", "torch.add(x, 1)", "torch.sub(x, y)"]),
    "scalar-first-addcmul-function": (
        ["torch.addcmul(x, 0.5, a, b)", "torch.addmm(0.5, x, a, b)"],
        ["torch.addcmul(x, a, b, value=0.5)", "torch.addmm(x, a, b, beta=0.5)"]),
    "cross-without-dim": (
        ["torch.cross(a, b)"],
        ["torch.cross(a, b, dim=-1)", "torch.cross(a, b, 1)", "torch.linalg.cross(a, b)", "np.cross(a, b)"]),
    "set-default-tensor-type": (
        ["torch.set_default_tensor_type(torch.cuda.FloatTensor)"],
        ["torch.set_default_dtype(torch.float64)", 'torch.set_default_device("cuda")']),
    "scatter-reduce-argument": (
        ['torch.scatter(x, 0, idx, src, reduce="add")'],
        ['torch.scatter_reduce(x, 0, idx, src, reduce="sum")', "torch.scatter(x, 0, idx, src)"]),
    "loss-size-average-reduce": (
        ["nn.MSELoss(size_average=False)", "F.nll_loss(out, y, reduce=False)", "nn.CrossEntropyLoss(reduce=False)"],
        ['nn.MSELoss(reduction="sum")', 'F.nll_loss(out, y, reduction="none")', 'torch.scatter(x, 0, i, s)']),
    "functional-upsample": (
        ["F.upsample(x, scale_factor=2)", "F.upsample_bilinear(x, size=(4, 4))", "torch.nn.functional.upsample_nearest(x, 2)"],
        ["F.interpolate(x, scale_factor=2)", "nn.Upsample(scale_factor=2)"]),
    "stft-without-return-complex": (
        ["torch.stft(wave, 512)", "torch.stft(wave, 512, hop_length=128, window=w)"],
        ["torch.stft(wave, 512, return_complex=True)", "torch.stft(wave, 512, 128, 512, w, True, 'reflect', False, True, True)",
         "torch.stft(*args, **kwargs)"]),
    "stft-return-complex-false": (
        ["torch.stft(wave, 512, return_complex=False)"],
        ["torch.stft(wave, 512, return_complex=True)"]),
    "typed-storage-classes": (
        ["torch.FloatStorage(4)", "from torch import ByteStorage"],
        ["torch.UntypedStorage(16)", "t.untyped_storage()", "isinstance(s, torch.TypedStorage)"]),
    "tensor-storage-method": (
        ["t.storage().data_ptr()"],
        ["t.untyped_storage().data_ptr()", "self.storage()"]),
    "jit-fuser2": (
        ['torch.jit.fuser("fuser2")', 'torch.jit.fuser(name="fuser2")'],
        ['torch.jit.fuser("fuser1")', 'torch.jit.fuser(name="fuser0")', "torch.jit.fuser(choice)"]),
    "onnx-export-default-exporter": (
        ['torch.onnx.export(model, (x,), "m.onnx")', 'torch.onnx.export(model, (x,), "m.onnx", opset_version=17)'],
        ['torch.onnx.export(model, (x,), "m.onnx", dynamo=True)',
         "torch.onnx.export(model, (x,), **options)", "prog = torch.onnx.export(model, (x,))",
         'torch.onnx.export(model, (x,), "m.onnx", dynamic_shapes={"x": {0: "b"}})']),
    "onnx-legacy-exporter": (  # the opt-out the two rules above suggest warns on every call
        ['torch.onnx.export(model, (x,), "m.onnx", dynamo=False)'],
        ['torch.onnx.export(model, (x,), "m.onnx", dynamo=True)', "torch.onnx.export(model, (x,), dynamo=flag)"]),
    "module-state-dict-positional": (
        ['model.state_dict(None, "enc.")', "model.state_dict(destination)"],
        ['model.state_dict(prefix="enc.")', "model.state_dict()", "optimizer.state_dict()"]),
    "cuda-memory-cached": (
        ["torch.cuda.memory_cached()"],
        ["torch.cuda.memory_reserved()"]),
    "cuda-max-memory-cached": (
        ["torch.cuda.max_memory_cached(0)"],
        ["torch.cuda.max_memory_reserved(0)"]),
    "distributed-launch-module": (
        ["from torch.distributed.launch import main", "import torch.distributed.launch"],
        ["from torch.distributed.run import main", "import torch.distributed.run"]),
    "clip-grad-norm-no-underscore": (
        ["torch.nn.utils.clip_grad_norm(model.parameters(), 1.0)", "from torch.nn.utils import clip_grad_norm"],
        ["torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)", "from torch.nn.utils import clip_grad_norm_"]),
    "autocast-device-specific-functions": (
        ["torch.get_autocast_gpu_dtype()", "torch.is_autocast_cpu_enabled()", "torch.set_autocast_cpu_dtype(torch.bfloat16)"],
        ['torch.get_autocast_dtype("cuda")', 'torch.is_autocast_enabled("cpu")', 'torch.set_autocast_dtype("cpu", torch.bfloat16)']),
    "opaque-object-renamed": (
        ["opaque_object.register_opaque_type(C, typ='symbolic')", "from torch._opaque_base import OpaqueBase"],
        ["opaque_object.register_custom_class(C, typ='symbolic')",
         "from torch._custom_class_base import CustomClassBase"]),
    "opaque-typ-reference": (
        ["opaque_object.register_custom_class(C, typ='reference')"],
        ["opaque_object.register_custom_class(C, typ='symbolic')"]),
    "opaque-typ-value": (
        ["opaque_object.register_custom_class(C, typ='value')"],
        ["opaque_object.register_custom_class(C, typ='constant')"]),
    "cuda-dtype-tensor-constructor": (
        ["torch.cuda.FloatTensor(3)", "torch.cuda.IntTensor([0])", "torch.cuda.LongTensor(x.size()).zero_()"],
        ['torch.zeros(3, device="cuda")', "isinstance(x, torch.cuda.FloatTensor)", "x.type(torch.cuda.FloatTensor)",
         "torch.FloatTensor(3)"]),
    "sparse-dtype-tensor-constructor": (
        ["torch.sparse.FloatTensor(a, b, s)", "torch.cuda.sparse.FloatTensor(a, b, s)"],
        ["torch.sparse_coo_tensor(a, b, s, check_invariants=False)", "isinstance(x, torch.sparse.FloatTensor)"]),
    "tensor-resize-as-not-inplace": (
        ["y = x.resize_as(t)"],
        ["x.resize_as_(t)", "x.view_as(t)"]),
    "nll-loss-2d": (
        ["nn.NLLLoss2d()", "criterion = torch.nn.NLLLoss2d(weight=w)"],
        ["nn.NLLLoss()"]),
    "nn-container": (
        ["nn.Container()"],
        ["nn.Module()", "nn.Sequential()"]),
    "hardtanh-min-max-value": (
        ["nn.Hardtanh(min_value=0.0, max_value=6.0)", "nn.Hardtanh(max_value=6.0)"],
        ["nn.Hardtanh(min_val=0.0, max_val=6.0)", "nn.Hardtanh(0.0, 6.0)", "F.hardtanh(x, min_val=0.0)"]),
    "gumbel-softmax-eps": (
        ["F.gumbel_softmax(x, tau=0.5, eps=1e-8)"],
        ["F.gumbel_softmax(x, tau=0.5, hard=True)", "F.gumbel_softmax(x, tau=0.5, eps=1e-10)"]),
    "autograd-backward-grad-variables": (
        ["torch.autograd.backward(y, grad_variables=g)"],
        ["torch.autograd.backward(y, grad_tensors=g)", "y.backward(g)"]),
    "autograd-grad-only-inputs": (
        ["torch.autograd.grad(y, x, only_inputs=False)"],
        ["torch.autograd.grad(y, x, only_inputs=True)", "torch.autograd.grad(y, x, create_graph=True)"]),
    "ctx-mark-shared-storage": (
        ["ctx.mark_shared_storage((x, y))"],
        ["ctx.mark_dirty(x)", "ctx.save_for_backward(x)"]),
    "distribution-sample-n": (
        ["z = dist.sample_n(10)"],
        ["z = dist.sample((10,))"]),
    "ddp-check-reduction": (
        ["nn.parallel.DistributedDataParallel(model, check_reduction=True)"],
        ["nn.parallel.DistributedDataParallel(model, check_reduction=False)",
         "nn.parallel.DistributedDataParallel(model, find_unused_parameters=True)"]),
    "distributed-data-parallel-cpu": (
        ["nn.parallel.DistributedDataParallelCPU(model)", "from torch.nn.parallel import DistributedDataParallelCPU"],
        ["nn.parallel.DistributedDataParallel(model)"]),
    "coalesced-collectives": (
        ["torch.distributed.all_reduce_coalesced(grads)", "torch.distributed.all_gather_coalesced(outs, ins)"],
        ["torch.distributed.all_reduce(flat)", "torch.distributed.all_gather_single(out, flat)"]),
    "save-planner-dedup-replicated": (
        ["torch.distributed.checkpoint.DefaultSavePlanner(dedup_replicated_tensors=True)"],
        ["torch.distributed.checkpoint.DefaultSavePlanner(flatten_state_dict=True)"]),
    "nccl-reduce-outputs": (
        ["torch.cuda.nccl.reduce(a, outputs=b)"],
        ["torch.cuda.nccl.reduce(a, output=b[0])", "torch.distributed.reduce(t, dst=0)"]),
    "semi-structured-transposed": (
        ["torch.sparse.to_sparse_semi_structured(w, transposed=True)"],
        ["torch.sparse.to_sparse_semi_structured(w)", "torch.sparse.to_sparse_semi_structured(w, transposed=False)"]),
    "opaque-queries-renamed": (
        ["opaque_object.is_opaque_reference_type(C)", "opaque_object.is_opaque_value(obj)", "opaque_object.is_opaque_type(C)"],
        ["opaque_object.is_opaque_symbolic_type(C)", "opaque_object.is_custom_class_obj(obj)", "opaque_object.is_custom_class(C)"]),
    "sparse-constructor-check-invariants": (
        ["torch.sparse_coo_tensor(a, b, s)", "torch.sparse_csr_tensor(a, b, t, s)", "torch.sparse_bsc_tensor(a, b, t)",
         "torch.sparse_compressed_tensor(a, b, t, s, layout=torch.sparse_csc)"],
        ["torch.sparse_coo_tensor(a, b, s, check_invariants=False)", "torch.sparse_csr_tensor(a, b, t, s, check_invariants=True)",
         "torch.sparse_coo_tensor(a, b, s, **kwargs)", "x.to_sparse()", "x.to_sparse_csr()"]),
    "qconfig-dynamic-deprecated": (
        ["torch.ao.quantization.QConfigDynamic(weight=w)", "torch.quantization.QConfigDynamic(weight=w)"],
        ["torch.ao.quantization.QConfig(activation=a, weight=w)", "isinstance(x, torch.ao.quantization.QConfigDynamic)"]),
    "default-qconfig-dict-deprecated": (
        ['torch.ao.quantization.get_default_qconfig_dict("x86")', "torch.ao.quantization.get_default_qat_qconfig_dict()"],
        ['torch.ao.quantization.get_default_qconfig_mapping("x86")', "torch.ao.quantization.get_default_qat_qconfig_mapping()"]),
    "quantized-functional-upsample": (
        ["torch.ao.nn.quantized.functional.upsample(x, scale_factor=2)", "torch.nn.quantized.functional.upsample_bilinear(x, s)",
         "from torch.ao.nn.quantized.functional import upsample_nearest"],
        ["torch.ao.nn.quantized.functional.interpolate(x, scale_factor=2)"]),
    "torch-tensor-module-removed": (
        ["from torch.tensor import Tensor"],
        ["from torch import Tensor", "torch.tensor([1.0])", "isinstance(x, torch.Tensor)"]),
    "tensor-reinforce-removed": (
        ["action.reinforce(r)", "self.saved_actions[0].reinforce(r)"],
        ["agent.reinforce(r)", "self.reinforce(r)"]),
    "tensor-storage-method": (
        ["x.storage().untyped()", "x.storage_type()"],
        ["x.untyped_storage()", "x.untyped_storage().untyped()", "x.dtype"]),
}


@pytest.fixture(scope="module")
def rules():
    return load_rules(default_references_dir())


def _rule_ids(rules, line: str, version: str = "2.15") -> set[str]:
    code = HEADER + "import numpy as np\n\n\ndef f(x, y, a, b, t, s, w, wave, grad, model, C, obj, *args, **kwargs):\n    " + line + "\n"
    if line.startswith("from ") and " import " in line:  # an imported function warns when used (unusedimports.py)
        names = [part.split(" as ")[-1].strip() for part in line.split(" import ", 1)[1].split(",")]
        code += "    return (" + ", ".join(names) + ",)\n"
    return {finding.rule for finding in check_source(code, version, "sample.py", rules=rules)}


def test_every_legacy_rule_is_shipped_and_points_at_an_existing_section(rules):
    shipped = {rule.id: rule for rule in rules.rules}
    assert set(CASES) <= set(shipped)
    assert rules.problems == []
    for rule_id in CASES:
        assert shipped[rule_id].section in rules.sections, rule_id


@pytest.mark.parametrize("rule_id, line", [(r, line) for r, (old, _) in CASES.items() for line in old])
def test_the_old_spelling_is_flagged(rules, rule_id, line):
    assert rule_id in _rule_ids(rules, line), line


@pytest.mark.parametrize("rule_id, line", [(r, line) for r, (_, new) in CASES.items() for line in new])
def test_the_current_spelling_is_not_flagged(rules, rule_id, line):
    # an unknown keyword (indexin=, dims=) is a TypeError: keyword-not-accepted says so, not the rule itself
    assert _rule_ids(rules, line) - {"keyword-not-accepted"} == set(), line


@pytest.mark.parametrize("line", ['torch.meshgrid(x, y, indexin="ij")', "F.softmax(x, dims=-1)", "nn.Softmax(dims=1)"])
def test_an_unknown_keyword_is_the_type_error_alone(rules, line):
    assert _rule_ids(rules, line) == {"keyword-not-accepted"}, line


@pytest.mark.parametrize("rule_id, severity", [
    ("stft-without-return-complex", "error"),   # raises RuntimeError on 2.15
    ("meshgrid-without-indexing", "warning"), ("loss-size-average-reduce", "warning"), ("jit-fuser2", "warning"),
])
def test_severity_says_whether_2_15_raises_or_warns(rules, rule_id, severity):
    assert next(rule for rule in rules.rules if rule.id == rule_id).severity == severity


def test_the_sparse_invariants_warning_starts_with_2_11(rules):
    """torch 2.11 added the once-per-process warning; a 2.10 target has no such finding."""
    assert "sparse-constructor-check-invariants" in _rule_ids(rules, "torch.sparse_coo_tensor(a, b, s)", "2.11")
    assert "sparse-constructor-check-invariants" not in _rule_ids(rules, "torch.sparse_coo_tensor(a, b, s)", "2.10")


def test_old_deprecations_apply_to_every_target_this_project_covers(rules):
    """Changes older than 2.4 are flagged for --target-version 2.4 as for 2.15; a 2.15 rename is not."""
    assert "meshgrid-without-indexing" in _rule_ids(rules, "torch.meshgrid(x, y)", "2.4")
    assert "opaque-queries-renamed" not in _rule_ids(rules, "opaque_object.is_opaque_reference_type(C)", "2.14")


def test_the_scalar_first_overload_is_reported_once_per_call(rules):
    code = HEADER + "def f(m, g, b):\n    m.mul_(b).add_(1 - b, g)\n"
    findings = check_source(code, "2.15", "sample.py", rules=rules)
    assert [(f.line, f.rule) for f in findings] == [(6, "scalar-first-add-method")]


def test_parameters_are_the_whole_signature_on_2_15(rules):
    """A rule's ``parameters`` is every parameter its APIs take on torch 2.15 and none takes ``**kwargs``: only then
    does a keyword outside the list raise TypeError (run: ``F.softmax(x, dims=-1)``, ``nn.Softmax(dims=1)``)."""
    import importlib
    import inspect

    torch = pytest.importorskip("torch")
    listed = [rule for rule in rules.rules if rule.parameters]
    assert {"softmax-without-dim", "softmax-module-without-dim", "meshgrid-without-indexing"} <= {r.id for r in listed}
    for rule in listed:
        for api in rule.apis:
            module, _, name = api.rpartition(".")
            target = getattr(importlib.import_module(module), name)
            signature = inspect.signature(target.__init__ if isinstance(target, type) else target)
            kinds = {p.kind for p in signature.parameters.values()}
            assert inspect.Parameter.VAR_KEYWORD not in kinds, api
            assert [n for n in signature.parameters if n != "self"] == list(rule.parameters), api
    x = torch.ones(2, 3)
    for call in (lambda: torch.nn.functional.softmax(x, dims=-1), lambda: torch.nn.Softmax(dims=1)):
        with pytest.raises(TypeError, match="unexpected keyword argument 'dims'"):
            call()

