# seen in: FoundationVision/LlamaGen tools/convert_pytorch_lightning_to_torch.py (a loop over a module-level list
# of published taming VQGAN / latent-diffusion .ckpt files, zipped with the .pth names it writes: each load reads a
# Lightning checkpoint, whose callback state weights_only=True refuses on torch 2.15 with "Unsupported global")
import os

import torch

MODEL_PATH = "pretrained_models"
lightning_files = [
    "vqgan_imagenet_f16_1024/ckpts/last.ckpt",
    "vq-f8/model.ckpt",
]
torch_files = [
    "vqgan_imagenet_f16_1024/ckpts/last.pth",
    "vq-f8/model.pth",
]

for lightning_file, torch_file in zip(lightning_files, torch_files):
    weight = torch.load(os.path.join(MODEL_PATH, lightning_file), map_location="cpu")  # finding: torch-load-lightning-checkpoint
    torch.save({"state_dict": weight["state_dict"]}, os.path.join(MODEL_PATH, torch_file))


def reload_converted():
    for index, torch_file in enumerate(torch_files):  # the .pth files written above: plain state dicts
        weight = torch.load(os.path.join(MODEL_PATH, torch_file), map_location="cpu")
        print(index, sorted(weight["state_dict"]))


def read_each(names):
    for index, name in enumerate(["a.ckpt", "b.ckpt"]):
        state = torch.load(os.path.join(MODEL_PATH, name), map_location="cpu")  # finding: torch-load-lightning-checkpoint
        print(index, names, sorted(state["state_dict"]))
