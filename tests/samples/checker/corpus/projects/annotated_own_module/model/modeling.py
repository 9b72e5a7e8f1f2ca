# seen in: a language-model toolkit whose downstream heads wrap the backbone (GLM's model/downstream.py around
# GLMModel): the backbone is an nn.Module of the project's own and inherits torch's state_dict
import torch


class BackboneModel(torch.nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.proj = torch.nn.Linear(hidden, hidden)

    def forward(self, x):
        return self.proj(x)
