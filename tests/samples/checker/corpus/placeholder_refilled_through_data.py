# seen in: round 57's MonoDepth-FPN trainer (img = Variable(torch.FloatTensor(1)), then img.data.resize_(data[0].size())
# .copy_(data[0]) each step: the model gets the 1-element tensor), and round 59's faster-rcnn loops (the placeholder
# made, moved, then wrapped: im_data = Variable(im_data)); a buffer made at its final size, resized to the sizes
# spelled out, or resized itself is left alone.
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


def train_detector(model, loader, cuda):
    im_data = torch.FloatTensor(1)
    gt_boxes = torch.FloatTensor(1)
    if cuda:
        im_data = im_data.cuda()
        gt_boxes = gt_boxes.cuda()
    im_data = Variable(im_data)
    gt_boxes = Variable(gt_boxes)
    for data in loader:
        im_data.data.resize_(data[0].size()).copy_(data[0])  # finding: data-resize-alias
        gt_boxes.data.resize_(data[2].size()).copy_(data[2])  # finding: data-resize-alias
        model(im_data, gt_boxes)
