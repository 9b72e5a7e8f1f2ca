# Look-alikes that load under weights_only=True (judged in round 6):
# - facebookresearch/swav main_deepclusterv2.py: the memory bank cache holds two tensors; what train() returns is
#   not numpy just because one of its many arguments (the learning-rate schedule) is a numpy array;
# - salesforce/LAVIS beats_encoder.py, coqui-ai/TTS wavlm: {'cfg': plain dict, 'model': state dict}, the
#   entry read under 'cfg' goes to a config class built from it (BEATsConfig(checkpoint['cfg'])).
import os

import numpy as np
import torch


def init_memory(loader, model):
    index = torch.zeros(len(loader)).long()
    embeddings = torch.zeros(2, len(loader), 128)
    return index, embeddings


def train(loader, model, optimizer, epoch, schedule, index, embeddings):
    return (epoch, 0.0), index, embeddings


def main(args, loader, model, optimizer):
    schedule = np.concatenate((np.linspace(0, 1, 10), np.ones(90)))
    mb_path = os.path.join(args.dump_path, "mb" + str(args.rank) + ".pth")
    if os.path.isfile(mb_path):
        mb_ckp = torch.load(mb_path)
        index = mb_ckp["local_memory_index"]
        embeddings = mb_ckp["local_memory_embeddings"]
    else:
        index, embeddings = init_memory(loader, model)
    for epoch in range(args.epochs):
        scores, index, embeddings = train(loader, model, optimizer, epoch, schedule, index, embeddings)
        torch.save({"local_memory_embeddings": embeddings, "local_memory_index": index}, mb_path)


class BEATsConfig:
    def __init__(self, cfg=None):
        if cfg is not None:
            self.__dict__.update(cfg)


def load_beats(path, build):
    checkpoint = torch.load(path)
    cfg = BEATsConfig(checkpoint["cfg"])
    model = build(cfg)
    model.load_state_dict(checkpoint["model"])
    return model
