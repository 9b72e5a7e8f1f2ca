# seen in: round 57's gpt-fast tensor-parallel hooks (funcol.all_reduce with list(range(world_size))) and the
# same calls written with a rank list display, a comprehension or the group keyword; a process group, a mesh, a
# group name or a tuple of (mesh, dim) is quiet, and so is a list handed to another argument.
import torch.distributed as dist
from torch.distributed import _functional_collectives as funcol
from torch.distributed.device_mesh import init_device_mesh


def tensor_parallel_hooks(mlp, attn, world_size):
    mlp.register_forward_hook(lambda _m, _i, out: funcol.all_reduce(  # finding: funcol-ranks-group
        out, "sum", list(range(world_size))))
    attn.register_forward_hook(lambda _m, _i, out: funcol.all_reduce(out, "sum", [0, 1]))  # finding: funcol-ranks-group


def gathered(x, ranks, mesh):
    a = funcol.broadcast(x, 0, group=[r for r in ranks])  # finding: funcol-ranks-group
    b = funcol.all_reduce(x, "sum", dist.group.WORLD)
    c = funcol.all_reduce(x, "sum", mesh)
    d = funcol.all_reduce(x, "sum", (mesh, 0))
    e = funcol.all_to_all_single(x, [1, 1], [1, 1], dist.group.WORLD)
    f = funcol.permute_tensor(x, [1, 0], "tp")
    return a, b, c, d, e, f


mesh = init_device_mesh("cpu", (2,))
