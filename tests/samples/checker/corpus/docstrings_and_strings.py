# seen in: timm, detectron2, Lightning (APIs named in prose and CLI help, never called)
import argparse

import torch


def export(model):
    """Run :func:`torch.jit.script` on the model, or ``torch.cuda.amp.autocast`` for mixed precision.

        traced = torch.jit.trace(model, inputs)
    """
    parser = argparse.ArgumentParser()
    parser.add_argument("--torchscript", help="torch.jit.script the full model")
    return torch.compile(model)
