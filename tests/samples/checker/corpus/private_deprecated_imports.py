# seen in: tensor-parallel kernels of a quantization library (torchao's moe training), its symmetric-memory
# all-to-all tests, and inductor tuning tests that still pick the mixed-mm lowering
import torch
import torch.distributed as dist
import torch.distributed._symmetric_memory as symm_mem
import torch._inductor.config as inductor_config
from torch.distributed._functional_collectives import all_gather_tensor, reduce_scatter_tensor
import torch.distributed._functional_collectives as funcol


def gather_rows(codes, group):
    full = all_gather_tensor(codes, gather_dim=0, group=group)  # finding: funcol-tensor-renamed-single
    return full.wait() if hasattr(full, "wait") else full


def scatter_grad(grad, group):
    return reduce_scatter_tensor(grad, "sum", scatter_dim=0, group=group)  # finding: funcol-tensor-renamed-single


def gather_autograd(x, group):
    return funcol.all_gather_tensor_autograd(x, 0, group)  # finding: funcol-tensor-renamed-single


def gather_current(x, group):
    return funcol.all_gather_single(x, 0, group)


def setup_a2a(group):
    symm_mem.enable_symm_mem_for_group(group.group_name)  # finding: enable-symm-mem-for-group-deprecated
    return symm_mem.empty(1024, device="cuda")


def tune():
    inductor_config.mixed_mm_choice = "triton"  # finding: inductor-mixed-mm-deprecated
    with inductor_config.patch({"use_mixed_mm": True, "epilogue_fusion": True}):  # finding: inductor-mixed-mm-deprecated
        pass
    with inductor_config.patch(epilogue_fusion=False):
        pass
