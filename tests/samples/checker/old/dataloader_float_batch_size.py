# expect: removed-and-legacy-calls#dataloader-batch_size-from-a-true-division
from torch.utils.data import DataLoader


def halves(dataset, minibatch):
    return DataLoader(dataset, batch_size=minibatch / 2, shuffle=True)
