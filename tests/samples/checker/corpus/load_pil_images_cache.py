# seen in: zhanghang1989/PyTorch-Encoding (encoding/datasets/pcontext.py: the dataset loads its mask cache, or builds it
# with _preprocess(mask_file), which torch.save()s a dict of PIL images to that path). weights_only=True refuses a
# PIL image on torch 2.15: UnpicklingError "Unsupported global: GLOBAL PIL.Image.Image".
import os

import numpy as np
import torch
from PIL import Image


class ContextSegmentation:
    def __init__(self, root, split, ids):
        self.ids = ids
        mask_file = os.path.join(root, split + ".pth")
        if os.path.exists(mask_file):
            self.masks = torch.load(mask_file)  # finding: torch-load-saved-objects
        else:
            self.masks = self._preprocess(mask_file)

    def _preprocess(self, mask_file):
        masks = {}
        for img_id in self.ids:
            mask = Image.fromarray(self._class_to_index(img_id))
            masks[img_id["image_id"]] = mask
        torch.save(masks, mask_file)
        return masks


# clean look-alike: the arrays are taken out of the images before the save (np.asarray gives a numpy array, also
# refused, but the cache here holds tensors made from them)
class TensorCache:
    def __init__(self, cache_file, paths):
        if os.path.exists(cache_file):
            self.masks = torch.load(cache_file)
        else:
            self.masks = self._build(cache_file, paths)

    def _build(self, cache_file, paths):
        masks = {}
        for path in paths:
            image = Image.open(path)
            masks[path] = torch.from_numpy(np.asarray(image))
        torch.save(masks, cache_file)
        return masks
