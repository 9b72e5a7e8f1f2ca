# seen in: TabPFN's notebook helpers: a torch.load inside a lambda, whose body is one expression, not a list of
# statements; the checker once stopped on the file with an internal error instead of reading it (and so missed the
# rest of the file).
import io

import torch


def loader_of(kind):
    if kind == "bytes":
        return lambda b: torch.load(io.BytesIO(b), map_location="cpu")
    return lambda path: torch.load(path, map_location="cpu", weights_only=True)


def predict(model, x):
    with torch.cuda.amp.autocast(enabled=False):  # finding: cuda-amp-autocast
        return model(x)
