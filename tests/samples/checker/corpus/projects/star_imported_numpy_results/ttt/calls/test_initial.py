import torch
from utils.helpers import *


def main(args, loader, net):
    initial, correct = test(loader, net)
    torch.save({"cls_initial": initial, "cls_correct": correct}, args.outf + "/%s_%d_inl.pth" % (args.name, args.level))
    torch.save({"count": len(correct)}, args.outf + "/%s_%d_count.pth" % (args.name, args.level))
