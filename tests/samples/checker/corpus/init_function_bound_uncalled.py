# seen in: recommender model files that keep a module-level name for an old init function next to the one
# they use (`uniformInit = nn.init.uniform` beside `init = nn.init.xavier_uniform_`) and never call it; the
# old functions warn only when called, so only a bound name the file calls or hands on is a finding
import torch
from torch import nn

init = nn.init.xavier_uniform_
uniformInit = nn.init.uniform
normalInit = nn.init.normal  # finding: init-normal-no-underscore
pick = nn.init.xavier_normal if torch.cuda.is_available() else nn.init.constant


class Embeddings(nn.Module):
    def __init__(self, users, dim):
        super().__init__()
        self.table = nn.Parameter(init(torch.empty(users, dim)))
        self.bias = nn.Parameter(torch.empty(users))
        normalInit(self.bias, std=0.01)


def make_initialiser(kind):
    unused = nn.init.kaiming_uniform
    chosen = nn.init.kaiming_normal  # finding: init-kaiming-normal-no-underscore
    return chosen


def reset(model):
    spare = nn.init.orthogonal  # finding: init-orthogonal-no-underscore
    model.apply(spare)
    nn.init.eye(model.weight)  # finding: init-eye-no-underscore
