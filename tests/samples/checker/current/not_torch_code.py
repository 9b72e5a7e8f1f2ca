# No torch import: the same method and function names belong to other libraries.
import json
import pickle
from json import load

with open("config.json") as handle:
    config = load(handle)
model = pickle.load(open("model.pkl", "rb"))
model.eval()
frame = config.rename(columns={}).refine_names("a")


def script(x):
    return x


jit = type("jit", (), {"script": staticmethod(script)})
jit.script(1)
