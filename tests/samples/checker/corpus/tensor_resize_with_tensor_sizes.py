# seen in: normalizing-flow and VAE code from the 0.3 era that reshapes amortized parameters with the non-inplace
# x.resize(batch, ...); PIL images, NumPy arrays and OpenCV share the method name and stay quiet
import cv2
import numpy as np
import torch
from PIL import Image


class FlowParams(torch.nn.Module):
    def __init__(self, hidden, steps):
        super().__init__()
        self.steps = steps
        self.amortize = torch.nn.Linear(hidden, hidden * steps)

    def forward(self, h):
        batch = h.size(0)
        diag = self.amortize(h)
        diag = diag.resize(batch, -1, self.steps)  # finding: tensor-resize-not-inplace
        flat = diag.resize(h.size(0) * self.steps)  # finding: tensor-resize-not-inplace
        rows, width = h.size()
        square = h.resize(rows, width, 1)  # finding: tensor-resize-not-inplace
        fixed = h.resize(torch.Size([2, 3]))  # finding: tensor-resize-not-inplace
        return diag, flat, square, fixed


def thumbnails(path, image_size, frames):
    img = Image.open(path)
    small = img.resize((image_size, image_size), Image.BILINEAR)
    count = frames.size(0)
    strip = img.resize((count * 8, 8))
    arr = np.zeros((4, 4))
    arr.resize(2, 8)
    grown = np.resize(arr, (count, 4))
    resized = cv2.resize(np.asarray(img), (count, count))
    width, height = img.size
    other = img.resize((width // 2, height // 2))
    batch = 3
    batch = len(frames)
    arr.resize(batch, 16)
    return small, strip, grown, resized, other
