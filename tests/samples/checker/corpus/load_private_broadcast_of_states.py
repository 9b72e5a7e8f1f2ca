# A module-private broadcast helper (seen in fairscale's OSS optimizer) round-trips its argument through a buffer;
# every call of it in the file hands it an optimizer's state_dict() or a tensor torch builds, which load under
# weights_only=True. A private helper also given other values, and a public one, keep the finding.
import io

import torch
import torch.distributed as dist


def _broadcast_object(obj, src_rank, dist_device=torch.device("cpu")):
    if dist.get_rank() == src_rank:
        buffer = io.BytesIO()
        torch.save(obj, buffer)
        data = torch.ByteTensor(bytearray(buffer.getbuffer())).to(dist_device)
        dist.broadcast(data, src=src_rank)
    else:
        data = torch.empty([16], dtype=torch.uint8, device=dist_device)
        dist.broadcast(data, src=src_rank)
        buffer = io.BytesIO(data.cpu().numpy())
        obj = torch.load(buffer, map_location=dist_device)
    return obj


def _gather_object(obj):
    buffer = io.BytesIO()
    torch.save(obj, buffer)
    buffer = io.BytesIO(bytearray(buffer.getbuffer()))
    return torch.load(buffer)  # finding: torch-load-saved-objects


class ShardedOptimizer:
    def __init__(self, optim, rank):
        self.optim = optim
        self.rank = rank

    def consolidate(self, sending):
        state_to_share = self.optim.state_dict() if sending else torch.tensor([0], dtype=torch.uint8)
        _broadcast_object(state_to_share, src_rank=self.rank)
        return _broadcast_object(torch.tensor([0], dtype=torch.uint8), src_rank=0)

    def gather(self, metrics):
        return _gather_object(self.optim.state_dict()), _gather_object(metrics)
