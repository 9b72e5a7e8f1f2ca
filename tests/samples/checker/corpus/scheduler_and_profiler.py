# seen in: Lightning fabric example, detectron2 hooks
import torch


def setup(optim, use_cuda):
    scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(optim, mode="max", verbose=True)  # finding: lr-scheduler-verbose-removed
    profiler = torch.autograd.profiler.profile(use_cuda=use_cuda)  # finding: profiler-use-cuda
    plain = torch.optim.lr_scheduler.StepLR(optim, step_size=10)
    return scheduler, profiler, plain
