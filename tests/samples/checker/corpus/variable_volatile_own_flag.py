# seen in: an extractive summarizer whose batches carry a volatile flag of their own, set for evaluation batches:
# Variable(x, volatile=self.volatile) warns on 2.15 whenever that flag is true
from torch.autograd import Variable


class Batches:
    def __init__(self, volatile=False):
        self.volatile = volatile

    def wrap(self, x):
        return Variable(x, volatile=self.volatile)  # finding: variable-volatile
