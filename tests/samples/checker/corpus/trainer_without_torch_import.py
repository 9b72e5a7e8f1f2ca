# seen in: 2017 query-suggestion baselines whose train.py imports only its helper module (the tensors come from
# helper.batch_to_tensor) and sums loss.data[0] after backward, the loss being its own compute_loss's mean
import helper


class Train:
    def __init__(self, model, optimizer):
        self.model, self.optimizer = model, optimizer

    def train(self, batches):
        total = 0
        for batch in batches:
            queries, labels = helper.batch_to_tensor(batch)
            loss = self.compute_loss(self.model(queries), labels)
            loss.backward()
            self.optimizer.step()
            total += loss.data[0]  # finding: loss-data-index
        return total

    def scores(self, batches):
        return [self.model(helper.batch_to_tensor(batch)[0]).data[0] for batch in batches]

    @staticmethod
    def compute_loss(logits, target):
        return -(logits * target).sum(1).mean()
