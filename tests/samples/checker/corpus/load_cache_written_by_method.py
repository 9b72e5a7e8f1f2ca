# seen in: WongKinYiu/yolov7 utils/datasets.py (the label cache is written by cache_labels(path), a method handed
# the very cache_path the constructor loads: it holds numpy arrays, UnpicklingError under weights_only=True)
import numpy as np
import torch


class LoadImagesAndLabels:
    def __init__(self, cache_path):
        if cache_path.is_file():
            cache, exists = torch.load(cache_path), True  # finding: torch-load-saved-objects
        else:
            cache, exists = self.cache_labels(cache_path), False
        self.labels = cache

    def cache_labels(self, path):
        x = {}
        for name in ("a", "b"):
            x[name] = [np.zeros((0, 5), dtype=np.float32), (640, 480)]
        torch.save(x, path)
        return x


class TensorCache:
    def __init__(self, cache_path):
        if cache_path.is_file():
            self.items = torch.load(cache_path)
        else:
            self.items = self.build(cache_path)

    def build(self, path):
        items = {"a": torch.zeros(3)}
        torch.save(items, path)
        return items
