# seen in: projects with their own collective helpers named like torch's functional collectives
# (hand-written all-gather wrappers over dist.all_gather) and their own "symm mem" setup
import torch
import torch.distributed as dist


def all_gather_tensor(t, gather_dim=0, group=None):
    parts = [torch.empty_like(t) for _ in range(dist.get_world_size(group))]
    dist.all_gather(parts, t, group=group)
    return torch.cat(parts, dim=gather_dim)


def reduce_scatter_tensor(t, op, scatter_dim=0, group=None):
    parts = list(t.chunk(dist.get_world_size(group), dim=scatter_dim))
    out = torch.empty_like(parts[0])
    dist.reduce_scatter(out, parts, group=group)
    return out


class Comm:
    def enable_symm_mem_for_group(self, name):
        self.name = name


def run(x, comm, settings):
    y = all_gather_tensor(x)
    z = reduce_scatter_tensor(y, "sum")
    comm.enable_symm_mem_for_group("tp")
    settings.mixed_mm_choice = "triton"  # a project's own settings object
    return z


def gather_any_release(x, group):
    # the old name only where the new one is missing (before 2.13): never runs on 2.15
    import torch.distributed._functional_collectives as funcol
    if hasattr(funcol, "all_gather_single"):
        return funcol.all_gather_single(x, 0, group)
    return funcol.all_gather_tensor(x, 0, group)
