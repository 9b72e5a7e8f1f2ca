# a project class with a volatile attribute of its own (a cache entry flag): its .volatile is no tensor's, so the
# removed tensor flag is not reported anywhere in the file
import torch


class CacheEntry:
    def __init__(self, value):
        self.value = torch.as_tensor(value)
        self.volatile = False


def refresh(entry):
    if entry.volatile:
        entry.value = entry.value.clone()
    return entry
