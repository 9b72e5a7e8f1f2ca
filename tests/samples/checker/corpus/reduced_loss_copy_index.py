# seen in: Tacotron 2 / WaveGlow-era training scripts: in distributed runs the loss is averaged over the GPUs by a
# helper returning a clone of it, then indexed at 0 as in torch 0.3; the clone is 0-dim like the loss
import torch
import torch.distributed as dist


def reduce_tensor(tensor, num_gpus):
    rt = tensor.clone()
    dist.all_reduce(rt, op=dist.ReduceOp.SUM)
    rt /= num_gpus
    return rt


def gather_rows(tensor, num_gpus):
    rows = [torch.zeros_like(tensor) for _ in range(num_gpus)]
    dist.all_gather(rows, tensor)
    return torch.stack(rows)


def validate(model, criterion, batches, distributed_run, n_gpus):
    val_loss = 0.0
    for x, y in batches:
        loss = criterion(model(x), y)
        reduced = reduce_tensor(loss.data, n_gpus)[0] if distributed_run else loss.data[0]  # finding: loss-data-index
        val_loss += reduced
        first_rank = gather_rows(loss.data, n_gpus)[0]
    return val_loss, first_rank
