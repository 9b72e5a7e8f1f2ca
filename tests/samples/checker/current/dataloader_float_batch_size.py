from torch.utils.data import DataLoader


def halves(dataset, minibatch):
    return DataLoader(dataset, batch_size=minibatch // 2, shuffle=True)
