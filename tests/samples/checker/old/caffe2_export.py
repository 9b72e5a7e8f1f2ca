# expect: removed-and-legacy-calls#the-caffe2-package-no-longer-comes-with-torch
import torch
from caffe2.python import core, workspace


def run_exported(net_def, x: torch.Tensor):
    workspace.FeedBlob("input", x.numpy())
    workspace.RunNetOnce(net_def)
    return torch.from_numpy(workspace.FetchBlob(core.BlobReference("output")))
