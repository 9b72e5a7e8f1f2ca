# expect: distributed-migrations#torchdistributedreduce_op-and-distributed_c10d_get_global_rank
# expect: distributed-migrations#_all_gather_base-and-_reduce_scatter_base
import torch.distributed as dist

dist.all_reduce(t, op=dist.reduce_op.SUM)
rank = dist.distributed_c10d._get_global_rank(group, 0)
dist._all_gather_base(out, shard)
