# seen in: lucidrains/audiolm-pytorch audiolm_pytorch/vq_wav2vec.py and hubert_kmeans.py (a fairseq checkpoint handed
# to fairseq's loader), microsoft/unilm beit/dall_e/__init__.py (DALL-E's pickled Encoder returned as an nn.Module),
# huggingface/diffusers convert_from_ckpt.py (CompVis .ckpt read for global_step and state_dict)
import fairseq
import torch
import torch.nn as nn
from fairseq import checkpoint_utils


def load_vq_wav2vec(checkpoint_path):
    checkpoint = torch.load(checkpoint_path)  # finding: torch-load-pickled-object
    load_model_input = {checkpoint_path: checkpoint}
    model, *_ = fairseq.checkpoint_utils.load_model_ensemble_and_task(load_model_input)
    return model[0].eval()


def load_hubert(path):
    state = torch.load(path, map_location="cpu")  # finding: torch-load-pickled-object
    return checkpoint_utils.load_model_ensemble([path], state=state)


def load_by_path(path, head):
    models, cfg, task = checkpoint_utils.load_model_ensemble_and_task([path])  # fairseq loads it itself
    head.load_state_dict(torch.load(path + ".head", map_location="cpu"))
    return models[0], head


def load_dalle_part(path: str, device: torch.device = None) -> nn.Module:
    with open(path, "rb") as f:
        return torch.load(f, map_location=device)  # finding: torch-load-pickled-object


def load_weights(path: str, model: nn.Module) -> nn.Module:
    model.load_state_dict(torch.load(path, map_location="cpu"))
    return model


def read_state(path: str) -> dict:
    return torch.load(path, map_location="cpu")


def convert_original_ckpt(checkpoint_path, device):
    checkpoint = torch.load(checkpoint_path, map_location=device)  # finding: torch-load-lightning-checkpoint
    global_step = checkpoint["global_step"] if "global_step" in checkpoint else None
    while "state_dict" in checkpoint:
        checkpoint = checkpoint["state_dict"]
    return global_step, checkpoint


def convert_plain(checkpoint_path):
    checkpoint = torch.load(checkpoint_path, map_location="cpu")
    return checkpoint["state_dict"]
