# seen in: SummaryWriter.add_histogram patches copied from torch 1.x, whose caffe2 branch runs only for a caffe2 blob
# name (self._check_caffe2_blob(values)); without caffe2 no such blob exists, so the import there never runs
import torch
from torch.utils.tensorboard import SummaryWriter


def add_histogram(self, tag, values, global_step=None, bins="tensorflow"):
    if self._check_caffe2_blob(values):
        from caffe2.python import workspace
        values = workspace.FetchBlob(values)
    return tag, values, global_step, bins


class Exporter:
    def run(self, model, path):
        if self.backend == "caffe2":  # a configured export path: it runs when chosen, and fails there
            from caffe2.python import core  # finding: caffe2-not-shipped
            return core.Net(path)
        return torch.onnx.export(model, (torch.zeros(1),), path, dynamo=True)
