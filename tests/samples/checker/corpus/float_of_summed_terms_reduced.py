# seen in: round 57's DrRepair trainer (each loss term summed and averaged over the batch under its own name, the
# mean of the two given backward, the terms logged with float() first) and DeepSatModels' training scripts (a
# train_step nested in the training function returns the backpropagated loss, printed with "%.7f").
import torch


class Runner:
    def process_batch(self, batch, stats, train):
        if train:
            self.optimizer.zero_grad()
            logit_a, label_a = self.model.forward_a(batch)
            loss_a = self.model.get_loss_a(logit_a, label_a, batch)
            loss_b = self.model.get_loss_b(logit_a, label_a, batch)
            loss_a = loss_a.sum() / len(batch)
            loss_b = loss_b.sum() / len(batch)
            mean_loss = 0.5 * (loss_a + loss_b)
            stats.loss_a = float(loss_a)  # finding: float-of-requires-grad-tensor
            stats.loss_b = float(loss_b)  # finding: float-of-requires-grad-tensor
            if mean_loss.requires_grad:
                mean_loss.backward()
                self.optimizer.step()
        else:
            with torch.no_grad():
                loss_a = self.model.get_loss_a(*self.model.forward_a(batch), batch)
                loss_a = loss_a.sum() / len(batch)
                stats.loss_a = float(loss_a)
        return "%d" % stats.n


def train_and_evaluate(net, loader, loss_fn, optimizer):
    def train_step(sample):
        optimizer.zero_grad()
        outputs = net(sample["inputs"])
        loss = loss_fn["mean"](outputs, sample["labels"])
        loss.backward()
        optimizer.step()
        return outputs, sample["labels"], loss

    for step, sample in enumerate(loader):
        logits, labels, loss = train_step(sample)
        print("step: %5d, loss: %.7f" % (step + 1, loss))  # finding: float-of-requires-grad-tensor
        print("logits: %d" % logits.size(0))
