# expect: distributed-migrations#torchdistributed_shardcheckpoint-is-torchdistributedcheckpoint
# expect: distributed-migrations#dcp-save_state_dict-and-load_state_dict
import torch.distributed._shard.checkpoint as dist_cp


def save(state, path):
    dist_cp.save_state_dict(state_dict=state, storage_writer=dist_cp.FileSystemWriter(path))
