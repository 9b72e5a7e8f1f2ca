# seen in: multi-task trainers that keep one DataLoader iterator per task in a dict built from their dict of loaders
# and draw a batch with the Python 2 spelling; the project's own batch streams keep their next alias
import torch


class Trainer:
    def __init__(self, train_loaders, streams):
        self.train_loaders = train_loaders
        self.streams = streams

    def train_epoch(self, schedule):
        loader_iterators = dict([(k, iter(v)) for k, v in self.train_loaders.items()])
        by_task = {k: iter(v) for k, v in self.train_loaders.items()}
        for task_id in schedule:
            data, target = loader_iterators[task_id].next()  # finding: dataloader-iterator-next
            extra = by_task[task_id].next()  # finding: dataloader-iterator-next
            yield torch.as_tensor(data), target, extra

    def stream_batches(self):
        iterators = {k: iter(v) for k, v in self.streams.items()}
        return iterators["main"].next()
