"""The training options live in an EasyDict read from YAML; they are never saved."""
import yaml
from easydict import EasyDict


def read_options(path):
    with open(path) as handle:
        return EasyDict(yaml.safe_load(handle))
