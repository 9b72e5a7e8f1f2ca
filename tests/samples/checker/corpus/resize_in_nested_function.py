# seen in: temporal action detectors' pyramid pooling (action-detection's and PGCN's ssn_ops.py), whose nested helper
# resizes the scaling tensor to a batch size its enclosing forward read off a tensor
import torch


def pooled(ft, scaling, n_seg):
    src = ft.view(-1, n_seg, ft.size(1))
    n_sample = src.size()[0]

    def stage(stage_ft, scaling):
        part = stage_ft.mean(dim=1)
        return part * scaling.resize(n_sample, 1)  # finding: tensor-resize-not-inplace

    def shadowed(image, n_sample):
        return image.resize(n_sample, 1)

    return stage(src, scaling), shadowed(ft, 4)
