# expect: migrations-and-security#torchload-defaults-to-weights_onlytrue
from torch import load


def predict(path, x):
    classifier = load(path)
    return classifier(x)


def restore(path):
    return load(path).state_dict()
