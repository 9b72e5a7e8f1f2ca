# seen in: an emotion-cause pair extractor (Rank-Emotion-Cause's rank_cp.py) whose losses build uint8 masks and move
# them to a DEVICE constant of its config module; moving to a device keeps the dtype, so masked_select still raises
import torch
from config import DEVICE


def prediction_loss(pred, truth, mask):
    mask = torch.ByteTensor(mask).to(DEVICE)
    kept = pred.masked_select(mask)  # finding: uint8-mask-fill
    return (kept - truth.masked_select(mask)).abs().mean()  # finding: uint8-mask-fill


def placed(pred, mask, other):
    on_device = torch.ByteTensor(mask).to(torch.device("cuda"))
    alike = torch.ByteTensor(mask).to(other.device)
    first = pred.masked_select(on_device)  # finding: uint8-mask-fill
    return first, pred.masked_select(alike)  # finding: uint8-mask-fill


def converted(pred, mask, kind):
    mask = torch.ByteTensor(mask).to(kind)  # `kind` may be a dtype: unknown
    return pred.masked_select(mask)
