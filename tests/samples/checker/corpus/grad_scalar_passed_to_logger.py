# seen in: ScatSimCLR's pretext-task trainer: the step's losses, unpacked from the step method and summed into the loss
# that is backpropagated, are handed to a logging method of the same class that converts each with float(): each
# conversion of a tensor that requires grad warns. The accuracy it is handed is a Python number.
import torch.nn.functional as F


class Trainer:
    def __init__(self, model, writer):
        self.model, self.writer = model, writer

    def _step(self, x, y):
        logits, aux = self.model(x)
        accuracy = (logits.argmax(1) == y).float().mean().item()
        return F.cross_entropy(logits, y), aux.pow(2).mean(), accuracy

    def _log(self, loss_main, loss_aux, accuracy, step):
        self.writer.add_scalar("loss/main", float(loss_main), step)  # finding: float-of-requires-grad-tensor
        self.writer.add_scalar("loss/aux", float(loss_aux), step)  # finding: float-of-requires-grad-tensor
        self.writer.add_scalar("accuracy", float(accuracy), step)

    def train(self, loader, optimizer):
        for step, (x, y) in enumerate(loader):
            optimizer.zero_grad()
            loss_main, loss_aux, accuracy = self._step(x, y)
            self._log(loss_main, loss_aux, accuracy, step)
            loss = loss_main + 0.1 * loss_aux
            loss.backward()
            optimizer.step()
