# seen in: stereo-matching training scripts whose error-map helper is an old-style Function re-exported through the
# utils package's star imports; main.py builds it and calls the instance (the instance warns, the call raises)
import torch
from torch.autograd import Function


class disp_error_image_func(Function):  # finding: autograd-function-non-static-forward
    def forward(self, disp_est, disp_gt, threshold=3.0):
        return ((disp_est - disp_gt).abs() > threshold).float()
