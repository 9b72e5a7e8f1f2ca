import torch


def get_optimizer(net):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    return optimizer, torch.optim.lr_scheduler.LambdaLR(optimizer, lambda epoch: 0.9 ** epoch)
