# seen in: sam2 training/utils/distributed.py (all_gather / broadcast_object of "any picklable data":
# the function torch.save()s its own argument into a buffer and loads what the other ranks sent)
import io
import os
import tempfile

import torch
import torch.distributed as dist


def all_gather(data):
    buffer = io.BytesIO()
    torch.save(data, buffer)
    tensor = torch.ByteTensor(buffer.getbuffer())
    gathered = [torch.empty_like(tensor) for _ in range(dist.get_world_size())]
    dist.all_gather(gathered, tensor)
    return [torch.load(io.BytesIO(t.numpy())) for t in gathered]  # finding: torch-load-saved-objects


def broadcast_to_disk(value, src=0):
    buffer = io.BytesIO()
    torch.save(value, buffer)
    with tempfile.TemporaryFile("r+b") as f:
        f.write(buffer.getbuffer())
        f.seek(0)
        return torch.load(f)  # finding: torch-load-saved-objects


def clone_state(model):
    buffer = io.BytesIO()
    torch.save(model.state_dict(), buffer)
    buffer.seek(0)
    return torch.load(buffer)


def copy_weights(state_dict):
    buffer = io.BytesIO()
    torch.save(state_dict, buffer)
    buffer.seek(0)
    return torch.load(buffer)


# seen in: sam2 all_gather_via_filesys (each rank torch.save()s its argument to a file, then loads every rank's file)
def all_gather_via_files(data, save_dir, rank, world_size):
    torch.save(data, f"{save_dir}/data_{rank}.pkl")
    dist.barrier()
    return [torch.load(f"{save_dir}/data_{r}.pkl") for r in range(world_size)]  # finding: torch-load-saved-objects


def save_and_verify(checkpoint, path):
    torch.save(checkpoint, path)  # a training checkpoint of state dicts, checked after writing
    return torch.load(path, map_location="cpu")


def shard_weights(weights, save_dir, rank):
    torch.save(weights, f"{save_dir}/shard_{rank}.pt")
    return torch.load(f"{save_dir}/shard_{rank}.pt")


# seen in: transformers example scripts (the training function saves its argparse Namespace to a file of its own,
# and resumes optimizer and scheduler states from other files): no round trip of the saved argument
def train(args, model, optimizer, output_dir):
    if os.path.isfile(os.path.join(args.model_name_or_path, "optimizer.pt")):
        optimizer.load_state_dict(torch.load(os.path.join(args.model_name_or_path, "optimizer.pt")))
    torch.save(args, os.path.join(output_dir, "training_args.bin"))


def train_with_options(options, model, optimizer, output_dir):
    state = torch.load(os.path.join(output_dir, "optimizer.pt"))
    optimizer.load_state_dict(state)
    torch.save(options, os.path.join(output_dir, "options.bin"))
