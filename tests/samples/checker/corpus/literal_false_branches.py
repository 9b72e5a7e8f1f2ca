# seen in: Fewshot_Detection's valid_ensemble.py, whose first branch is kept as `if False:` next to the live one, and
# its training scripts, which rebind a DataLoader's name to its iterator (metaloader = iter(metaloader)) and call
# .next() on it. A block that a literal test rules out cannot run on any build: no finding there.
import torch
from torch.autograd import Variable


def validate(model, data, metaset):
    metaloader = torch.utils.data.DataLoader(metaset, batch_size=2)
    metaloader = iter(metaloader)
    if False:
        metax = Variable(data, volatile=True)
        extra = metaloader.next()
    else:
        with torch.no_grad():
            metax = model(data)
    while 0:
        torch.nn.init.normal(data)
    if True:
        batch = metaloader.next()  # finding: dataloader-iterator-next
    else:
        batch = Variable(data, volatile=True)
    return metax, batch
