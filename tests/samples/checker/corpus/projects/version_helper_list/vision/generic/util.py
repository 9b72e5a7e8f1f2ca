# seen in: a vision library's helper that returns torch's version as [major, minor] (ClassyVision)
import torch


def get_torch_version():
    """The torch version as [major, minor]."""
    version_list = torch.__version__.split(".")[:2]
    return [int(version_str) for version_str in version_list]

