# seen in: the perceptual L1 loss copied across pose-transfer repositories, which builds its ImageNet mean and std
# with torch.FloatTensor(3) and reshapes them with the non-inplace resize; PIL images keep their resize((w, h))
import torch
from PIL import Image
from torch.autograd import Variable


def normalizers():
    mean = torch.FloatTensor(3)
    mean[0], mean[1], mean[2] = 0.485, 0.456, 0.406
    mean = Variable(mean)
    mean = mean.resize(1, 3, 1, 1)  # finding: tensor-resize-not-inplace
    std = torch.FloatTensor([0.229, 0.224, 0.225])
    std = std.resize(1, 3, 1, 1)  # finding: tensor-resize-not-inplace
    return mean, std


def thumbnail(path):
    image = Image.open(path)
    image = image.resize((64, 64))
    return image
