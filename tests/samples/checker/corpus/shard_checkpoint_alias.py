# seen in: llama-recipes FSDP checkpoint handler (sharded save/load through the old private path)
import torch
import torch.distributed._shard.checkpoint as dist_cp  # finding: shard-checkpoint-module-deprecated
import torch.distributed.checkpoint as dcp


def load_sharded(model, path):
    state = {"model": model.state_dict()}
    dist_cp.load_state_dict(state_dict=state, storage_reader=dist_cp.FileSystemReader(path))  # finding: dcp-state-dict-functions-deprecated
    model.load_state_dict(state["model"])


def save_sharded(model, path):
    state = {"model": model.state_dict()}
    dist_cp.save_state_dict(state_dict=state, storage_writer=dist_cp.FileSystemWriter(path))  # finding: dcp-state-dict-functions-deprecated


def save_new(model, path):
    dcp.save({"model": model.state_dict()}, checkpoint_id=path)
    dcp.load({"model": model.state_dict()}, checkpoint_id=path)
