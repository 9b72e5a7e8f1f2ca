# seen in: facebookresearch/mmf mmf/datasets/databases/readers/feature_readers.py (torch.from_numpy converts the
# np.load result of the .npy branch; the .pth branch's torch.load result, bound to the same name, is a tensor
# file returned as is: it loads under weights_only=True)
import numpy as np
import torch


def load_feat(feat_path, convert_to_tensor=False):
    with open(feat_path, "rb") as f:
        if feat_path.endswith("npy"):
            feat = np.load(f, allow_pickle=True)
            if convert_to_tensor:
                feat = torch.from_numpy(feat)
        elif feat_path.endswith("pth"):
            feat = torch.load(f, map_location="cpu")
        else:
            raise AssertionError("Unknown feature type")
    return feat


# The load itself converted with from_numpy: it holds a numpy array, which weights_only refuses.
def load_codes(path):
    codes = torch.load(path)  # finding: torch-load-pickled-object
    return torch.from_numpy(codes)


def load_either(path, numpy_file):
    if numpy_file:
        codes = np.load(path)
    else:
        codes = torch.load(path)  # finding: torch-load-pickled-object
    return torch.from_numpy(codes)
