# seen in: a model zoo's verify script: `assert args.model in torch.hub.list(repo, force_reload=True)` and then
# `torch.hub.load(repo, args.model, pretrained=True)`. The first call prompts (trust_repo="check", an owner torch
# does not trust); once it returns the repo is in the hub's trusted_list, so the load never prompts. A first call
# under a condition, on another repo, or from a local directory does not trust the repo for the second.
import torch


def verify(args):
    assert args.model in torch.hub.list("someone/ResNeXt", force_reload=True)  # finding: hub-trust-repo-check
    model = torch.hub.load("someone/ResNeXt", args.model, pretrained=True)
    return model


def branch_pinned(name):
    models = torch.hub.list("someone/ResNeXt:main")  # finding: hub-trust-repo-check
    if name in models:
        return torch.hub.load("someone/ResNeXt:main", name)
    return None


def maybe_listed(args):
    if args.check:
        print(torch.hub.list("someone/ResNeXt"))  # finding: hub-trust-repo-check
    return torch.hub.load("someone/ResNeXt", args.model)  # finding: hub-trust-repo-check


def other_repo(name):
    torch.hub.list("someone/ResNeXt")  # finding: hub-trust-repo-check
    return torch.hub.load("someone/ResNeSt", name)  # finding: hub-trust-repo-check


def from_local(path, name):
    torch.hub.list(path, source="local")  # hub.list takes no source= (TypeError)  # finding: keyword-not-accepted
    return torch.hub.load("someone/ResNeXt", name)  # finding: hub-trust-repo-check


def short_circuit(args):
    names = args.cached or torch.hub.list("someone/ResNeXt")  # finding: hub-trust-repo-check
    return torch.hub.load("someone/ResNeXt", names[0])  # finding: hub-trust-repo-check
