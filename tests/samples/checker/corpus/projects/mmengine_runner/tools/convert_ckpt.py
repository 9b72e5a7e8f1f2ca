# seen in: open-mmlab/mmrazor tools/model_converters/convert_kd_ckpt_to_student.py: a converter that reads the
# 'meta' and 'state_dict' of a training checkpoint and writes a new checkpoint of those two keys (in place with
# --inplace): the Runner checkpoint it reads keeps 'message_hub' with HistoryBuffer objects
import torch


def convert(in_file, out_file, inplace=False):
    checkpoint = torch.load(in_file, map_location="cpu")  # finding: torch-load-saved-in-project
    new_meta = checkpoint["meta"]
    new_state_dict = {}
    for key, value in checkpoint["state_dict"].items():
        if key.startswith("architecture."):
            new_state_dict[key.replace("architecture.", "")] = value
    checkpoint = dict()
    checkpoint["meta"] = new_meta
    checkpoint["state_dict"] = new_state_dict
    torch.save(checkpoint, in_file if inplace else out_file)


def copy_state(in_file, out_file):  # a look-alike that loads: no 'meta' read, a state dict copied
    checkpoint = torch.load(in_file, map_location="cpu")
    torch.save({"state_dict": checkpoint["state_dict"]}, out_file)


def show_meta(in_file):  # reads, saves nothing: a published checkpoint as likely as a training one
    checkpoint = torch.load(in_file, map_location="cpu")
    return checkpoint["meta"], checkpoint["state_dict"]
