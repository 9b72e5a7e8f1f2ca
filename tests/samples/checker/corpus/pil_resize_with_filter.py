# seen in: unpaired image datasets that round a PIL image's size down to a multiple of 16 and resize it with a PIL
# filter: Image.resize, not the tensor method; a tensor resized to a new shape out of place still warns
import torch
from PIL import Image


def load_pair(path):
    img = Image.open(path).convert("RGB")
    size = (img.size[0] // 16 * 16, img.size[1] // 16 * 16)
    img = img.resize(size, Image.BICUBIC)
    return img


def grow(x):
    return x.resize(x.size(0), -1)  # finding: tensor-resize-not-inplace


def to_image(tensor):
    return Image.fromarray(tensor.mul(255).byte().cpu().numpy())


def save_grid(batch, small):
    image = to_image(batch[0])
    amount = (256, 256) if small else (1024, 1024)
    return image.resize(amount)
