# expect: deprecation-messages#functional-collectives-all_gather_tensor-and-reduce_scatter_tensor
# expect: deprecation-messages#enable_symm_mem_for_group-is-no-longer-needed
# expect: deprecation-messages#inductor-mixed_mm_choice-and-use_mixed_mm-do-nothing
import torch._inductor.config as inductor_config
import torch.distributed._functional_collectives as funcol
import torch.distributed._symmetric_memory as symm_mem


def shard(x, group):
    symm_mem.enable_symm_mem_for_group(group.group_name)
    inductor_config.use_mixed_mm = True
    return funcol.reduce_scatter_tensor(funcol.all_gather_tensor(x, 0, group), "sum", 0, group)
