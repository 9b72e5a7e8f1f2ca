# seen in: aqlaboratory/openfold openfold/config.py (the model config is an ml_collections ConfigDict)
import ml_collections as mlc


def model_config(name):
    return mlc.ConfigDict({"name": name, "ema": {"decay": 0.999}})
