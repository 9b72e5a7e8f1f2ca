# seen in: GAN evaluation code that picks its feature network's hub repo from a module-level dict keyed by the
# backbone name; every value names an owner torch trusts, so no call prompts. A dict that also holds another
# owner's repo, or one the module extends later, may hand the call an untrusted repo.
import torch

HUB_REPOS = {"inception": "pytorch/vision:v0.10.0", "resnet": "pytorch/vision:v0.10.0", "swav": "facebookresearch/swav:main"}
MIXED_REPOS = {"resnet": "pytorch/vision:v0.10.0", "midas": "intel-isl/MiDaS"}
GROWN_REPOS = {"resnet": "pytorch/vision:v0.10.0"}
GROWN_REPOS["midas"] = "intel-isl/MiDaS"
NAMES = {"inception": "inception_v3", "resnet": "resnet50", "swav": "resnet50"}


def feature_network(backbone):
    return torch.hub.load(HUB_REPOS[backbone], NAMES[backbone], pretrained=True)


def listed(backbone):
    return torch.hub.list(HUB_REPOS[backbone])


def depth_network(backbone):
    return torch.hub.load(MIXED_REPOS[backbone], backbone)  # finding: hub-trust-repo-check


def grown_network(backbone):
    return torch.hub.load(GROWN_REPOS[backbone], backbone)  # finding: hub-trust-repo-check
