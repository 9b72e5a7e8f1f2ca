# expect: removed-and-legacy-calls#xdataresize_-resizes-only-the-data-alias
import torch
from torch.autograd import Variable


def train(model, loader):
    img = Variable(torch.FloatTensor(1))
    for batch in loader:
        img.data.resize_(batch.size()).copy_(batch)
        model(img)
