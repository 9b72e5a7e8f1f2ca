# seen in: an on-device all-to-all kernel of a MoE training library, which enables symmetric memory only for a
# group that does not have it yet; since 2.11 the check is true wherever symmetric memory works
import torch.distributed as dist
import torch.distributed._symmetric_memory as symm_mem


def buffers(rows, group=dist.group.WORLD):
    if not symm_mem.is_symm_mem_enabled_for_group(group.group_name):
        symm_mem.enable_symm_mem_for_group(group.group_name)
    return symm_mem.empty(rows, device="cuda")
