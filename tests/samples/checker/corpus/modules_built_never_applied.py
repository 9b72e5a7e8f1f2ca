# seen in: a copied pretrained-transformer package whose multiple-choice head builds a Dropout2d it never applies,
# and a criterion module building a LogSoftmax without dim under a name another class of the file applies to its
# own module; a state-dict walk over _modules calls no child. Only the applied module warns
import torch.nn as nn


class ChoiceHead(nn.Module):
    def __init__(self, width):
        super().__init__()
        self.dropout = nn.Dropout2d(0.1)
        self.linear = nn.Linear(width, 1)

    def forward(self, hidden):
        return self.linear(hidden).squeeze(-1)


class SoftTargetLoss(nn.Module):
    def __init__(self):
        super().__init__()
        self.logsoftmax = nn.LogSoftmax()  # finding: softmax-module-without-dim

    def forward(self, output, target):
        return (-target * self.logsoftmax(output)).sum(1).mean()


class MixedLoss(nn.Module):
    def __init__(self):
        super().__init__()
        self.logsoftmax = nn.LogSoftmax()
        self.nll = nn.NLLLoss()

    def forward(self, output, target):
        return self.nll(output.log_softmax(dim=1), target)


def load_state(module, state_dict, prefix=""):
    module._load_from_state_dict(state_dict, prefix, {}, True, [], [], [])
    for name, child in module._modules.items():
        if child is not None:
            load_state(child, state_dict, prefix + name + ".")


class Backbone(nn.Module):
    def forward(self, x):
        return self.logsoftmax(self.fc(x))


class SmallBackbone(Backbone):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)
        self.logsoftmax = nn.LogSoftmax()  # finding: softmax-module-without-dim
