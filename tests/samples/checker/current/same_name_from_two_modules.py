# `load` comes from torch in one place and from json in another: the checker does not guess.
import json
from json import load

import torch
from torch import load

settings = load(open("settings.json"))
settings.eval()
