# seen in: sczhou/CodeFormer scripts/generate_latent_gt.py and basicsr/data/ffhq_blind_dataset.py (a dict filled
# by subscript with numpy arrays (.cpu().numpy()), saved by one script and read by key in a dataset class:
# UnpicklingError under weights_only=True on torch 2.15); a dict filled with tensors the same way loads.
# The script sits outside the package's setup.py folder but imports the package: it writes data for it.
import torch

from facekit.utils import load_encoder


def generate(encoder, images, out):
    latent = {}
    latent["orig"] = {}
    latent["hflip"] = {}
    for flip in ["orig", "hflip"]:
        for name, image in images:
            codes = encoder(image.flip(-1) if flip == "hflip" else image)
            latent[flip][name] = codes.cpu().numpy()
    torch.save(latent, out)


def keep_tensors(encoder, images, out):
    tables = {}
    tables["means"] = {}
    for name, image in images:
        tables["means"][name] = encoder(image).mean(0).cpu()
    tables["count"] = len(images)
    torch.save(tables, out)
