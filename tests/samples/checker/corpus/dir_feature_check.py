# seen in: apex distributed optimizers (a compatibility alias installed when torch lacks the name)
import torch

if "reduce_scatter_tensor" not in dir(torch.distributed):
    torch.distributed.reduce_scatter_tensor = torch.distributed._reduce_scatter_base

works = torch.distributed.reduce_scatter_tensor(out, x, async_op=True)  # finding: reduce-scatter-tensor-renamed
