# seen in: a continuous-output translation model whose loss functions take eval=False and forward it to the old
# Variable(volatile=...); the trainer picks one by option into loss_fn and calls it with eval=True when validating
from torch.autograd import Variable


def cosine_loss(outputs, targets, eval=False):
    outputs = Variable(outputs.data, requires_grad=(not eval), volatile=eval)  # finding: variable-volatile
    return (outputs - targets).abs().sum()


def unused_loss(outputs, targets, eval=False):  # nothing names it: it runs with the quiet default
    outputs = Variable(outputs.data, volatile=eval)
    return outputs.sum()
