# seen in: round 57's MonoDepth-FPN trainer (img = Variable(torch.FloatTensor(1)), then img.data.resize_(data[0].size())
# .copy_(data[0]) each step: the model gets the 1-element tensor); a buffer made at its final size, resized to the
# sizes spelled out, or resized itself is left alone.
import torch
from torch.autograd import Variable


def train(model, loader, bs, nz):
    img = Variable(torch.FloatTensor(1))
    depth = Variable(torch.FloatTensor(1))
    img = img.cuda()
    noise = torch.FloatTensor(bs, nz)
    frame = torch.Tensor(1, 3, 256, 256)
    for data in loader:
        img.data.resize_(data[0].size()).copy_(data[0])  # finding: data-resize-alias
        depth.data.resize_(data[1].size()).copy_(data[1])  # finding: data-resize-alias
        noise.data.resize_(bs, nz).normal_(0.0, 1.0)
        frame.data.resize_(data[0].size()).copy_(data[0])
        model(img, depth, noise, frame)
