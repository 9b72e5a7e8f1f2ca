# seen in: a demo server and a package __init__ of an NLP framework that load a Caffe2 predictor and never
# import torch themselves: caffe2 came with the torch wheel
import json

import caffe2.python.predictor.predictor_exporter as pe  # finding: caffe2-not-shipped
from caffe2.python import workspace


def load_predictor(path):
    return pe.prepare_prediction_net(path, "minidb")


def lazy_import():
    try:
        from caffe2.python import core
    except (ImportError, ModuleNotFoundError):
        return None
    return core
