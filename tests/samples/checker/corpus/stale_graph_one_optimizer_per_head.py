# A multi-head trainer steps its one optimizer after each head's retained backward. The name `optimizer` says
# nothing, but the file builds it once over the tracker's parameters, and the tracker's forward recorded every
# head's graph; the loss module adds no parameters. The second head's backward meets weights the step changed.
import torch
import torch.nn as nn


class HeadTrainer:
    def __init__(self, tracker, lr):
        self.tracker = tracker
        self.optimizer = torch.optim.Adam(tracker.parameters(), lr=lr)
        self.criterion = nn.CrossEntropyLoss()

    def train_step(self, inputs, first_labels, second_labels):
        first, second = self.tracker(inputs)
        self.optimizer.zero_grad()
        first_loss = self.criterion(first, first_labels)
        first_loss.backward(retain_graph=True)
        self.optimizer.step()

        self.optimizer.zero_grad()
        second_loss = self.criterion(second, second_labels)
        second_loss.backward()  # finding: stale-graph-after-optimizer-step
        self.optimizer.step()


class OtherTrainer:
    # a second class binding self.optimizer over a plain list says nothing about its own steps
    def __init__(self, encoder, params):
        self.encoder = encoder
        self.optimizer = torch.optim.SGD(params, lr=0.1)
        self.criterion = nn.MSELoss()

    def train_step(self, inputs, first_target, second_target):
        first, second = self.encoder(inputs)
        first_loss = self.criterion(first, first_target)
        first_loss.backward(retain_graph=True)
        self.optimizer.step()
        second_loss = self.criterion(second, second_target)
        second_loss.backward()


class FreshForward:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.Adam(model.parameters())

    def train_step(self, inputs, labels):
        loss = nn.functional.cross_entropy(self.model(inputs), labels)
        loss.backward(retain_graph=True)
        self.optimizer.step()
        again = nn.functional.cross_entropy(self.model(inputs), labels)  # a new forward: a new graph
        again.backward()


class ChosenOptimizer:
    # an optimizer looked up from a table (not a torch.optim call) says nothing of what it trains
    def __init__(self, model, table):
        self.model = model
        self.optimizer = table["adam"]

    def train_step(self, inputs):
        first, second = self.model(inputs)
        first.sum().backward(retain_graph=True)
        self.optimizer.step()
        second.sum().backward()
