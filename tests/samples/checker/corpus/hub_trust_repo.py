# seen in: perceptual losses and feature extractors that pull networks from torch.hub
import torch


def medicalnet(name: str):
    return torch.hub.load("warvito/MedicalNet-models", model=name, verbose=False)  # finding: hub-trust-repo-check


def radimagenet(name: str):
    return torch.hub.load("Warvito/radimagenet-models", model=name, verbose=False)  # finding: hub-trust-repo-check


def entries(repo: str):
    return torch.hub.list(repo)  # finding: hub-trust-repo-check


def vision():
    return torch.hub.load("pytorch/vision:v0.10.0", "resnet18", weights=None)


def dino():
    return torch.hub.load(repo_or_dir="facebookresearch/dino:main", model="dino_vits16")


def trusted(name: str):
    return torch.hub.load("warvito/MedicalNet-models", model=name, trust_repo=True)


def from_disk(path: str):
    return torch.hub.load(path, "model", source="local")


def checked(name: str, **options):
    return torch.hub.load("someone/models", name, **options)


# seen in: facebookresearch/EGG egg/zoo/pop/archs.py: a table of builders, each a function paired with a dict of its
# keyword arguments, called as modules[name][0](**modules[name][1]): the hub entry of an owner torch does not trust
# prompts like the call it makes; one of a trusted owner, or one passing trust_repo, does not
def vision_module(name, pretrained):
    modules = {
        "virtex": (
            torch.hub.load,  # finding: hub-trust-repo-check
            {"repo_or_dir": "kdexd/virtex", "model": "resnet50", "pretrained": pretrained},
        ),
        "dino": (torch.hub.load, {"repo_or_dir": "facebookresearch/dino:main", "model": "dino_vits16"}),
        "trusted": (torch.hub.load, {"repo_or_dir": "kdexd/virtex", "model": "resnet50", "trust_repo": True}),
    }
    return modules[name][0](**modules[name][1])
