# torch.hub.load(*CONST): the repo is the constant list's first item. facebookresearch is an owner torch/hub.py
# trusts (_TRUSTED_REPO_OWNERS), so trust_repo="check" never prompts; another owner's repo does.
import torch

from .constants import DINO_REPO, ESM_MODEL_PATH, MSA_MODEL_PATH, THIRD_PARTY_PATH

LOCAL_PATH = ["pytorch/vision", "resnet18"]


def msa_embedder():
    model, alphabet = torch.hub.load(*MSA_MODEL_PATH)
    return model, alphabet


def esm_embedder():
    return torch.hub.load(*ESM_MODEL_PATH)


def dino():
    return torch.hub.load(DINO_REPO, "dino_vits16")


def resnet():
    return torch.hub.load(*LOCAL_PATH)


def third_party():
    return torch.hub.load(*THIRD_PARTY_PATH)  # finding: hub-trust-repo-check
