# expect: removed-and-legacy-calls#dataloader-iterators-have-no-next
import torch
from torch.utils.data import DataLoader

train_loader = DataLoader(torch.arange(8), batch_size=4)
batches = iter(train_loader)
first = batches.next()
