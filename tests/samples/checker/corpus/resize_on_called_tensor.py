# seen in: adversarial-autoencoder scripts (fducau's AAE) that flatten each batch with X.resize(batch, dim) inside the
# loss, where the same loop also calls X.resize_(...) and X.cuda(): a tensor, so the non-inplace resize warns. An
# image the function only opens and resizes is PIL's.
import torch.nn.functional as F
from PIL import Image
from torch.autograd import Variable


def train(loader, Q, P, batch_size, x_dim):
    for X, target in loader:
        X.resize_(batch_size, x_dim)
        X, target = Variable(X), Variable(target)
        X = X.cuda()
        out = P(Q(X))
        loss = F.binary_cross_entropy(out, X.resize(batch_size, x_dim))  # finding: tensor-resize-not-inplace
        loss.backward()


def thumbnail(path, width, height):
    image = Image.open(path)
    return image.resize((width, height))


def crop_pair(image, box):
    image = image.resize((286, 286))  # PIL's, before the image becomes a tensor below
    image = to_tensor(image)
    return image[:, : image.size(1) // 2]


def to_tensor(image):
    return image
