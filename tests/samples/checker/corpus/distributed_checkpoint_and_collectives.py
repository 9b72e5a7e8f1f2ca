# seen in: pytorch/examples FSDP checkpoint handler, accelerate ALST example
import torch
import torch.distributed.checkpoint as dist_cp
from torch.distributed.fsdp import FullyShardedDataParallel as FSDP  # finding: fsdp1-wrapper


def save(model, path):
    with FSDP.state_dict_type(model, "SHARDED_STATE_DICT"):
        state = {"model": model.state_dict()}
        dist_cp.save_state_dict(state, storage_writer=dist_cp.FileSystemWriter(path))  # finding: dcp-state-dict-functions-deprecated


def gather(loss, group):
    return torch.distributed.nn.functional.all_gather(loss, group=group)  # finding: distributed-nn-functional


def gather_op():
    return torch.distributed.all_gather_into_tensor  # finding: all-gather-into-tensor-renamed
