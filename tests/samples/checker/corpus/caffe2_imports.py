# seen in: NLP and detection projects of the torch 1.x era that exported models to Caffe2 through ONNX and
# imported caffe2.python for the export path and its tests, with torch as their only listed dependency
import sys
from typing import TYPE_CHECKING

import torch
import torch.nn as nn
from caffe2.python import core  # finding: caffe2-not-shipped
from caffe2.python import workspace  # the module already failed at the import above

try:
    from caffe2.python.onnx.backend import Caffe2Backend
except ImportError:
    Caffe2Backend = None

if TYPE_CHECKING:
    from caffe2.python.predictor import predictor_exporter

CAFFE2_NOTE = "exported with caffe2 in torch 1.x"  # a string is no import


class Scorer(nn.Module):
    def forward(self, x):
        return torch.sigmoid(x)


def export_net(model, path):
    blob = core.BlobReference("scores")
    workspace.FeedBlob(blob, torch.zeros(1).numpy())
    return path
