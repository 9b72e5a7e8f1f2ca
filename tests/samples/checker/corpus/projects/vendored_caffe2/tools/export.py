import torch
from caffe2.python import core, workspace  # the tree's own caffe2 package


def export(model):
    return core.BlobReference(type(model).__name__), torch.__version__
