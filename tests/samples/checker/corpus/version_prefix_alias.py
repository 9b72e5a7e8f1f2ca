# seen in: segmentation code of the 0.3/0.4 era that keeps the first three characters of the version string in a
# module-level name and picks the interpolation call by it ("2.1" on torch 2.15, so neither old branch runs)
import torch
import torch.nn.functional as F

torch_ver = torch.__version__[:3]


def upsample_logits(logits, size):
    if torch_ver == "0.4":
        return F.upsample(logits, size=size, mode="bilinear", align_corners=True)
    elif torch_ver == "0.3":
        return F.upsample_bilinear(logits, size=size)
    return F.upsample(logits, size=size, mode="bilinear")  # finding: functional-upsample
