# seen in: a pruning script that switched its TensorBoard graph off by hand with `if args.tensorboard and 0:`: an
# `and` with a false literal never holds, so the block cannot run; the same flag without it still can
import torch
from torch.autograd import Variable


def log_graph(args, writer, model, data):
    if args.tensorboard and 0:
        writer.add_graph(model, Variable(data, volatile=True))
    if args.tensorboard:
        writer.add_graph(model, Variable(data, volatile=True))  # finding: variable-volatile
    return torch.zeros(1)
