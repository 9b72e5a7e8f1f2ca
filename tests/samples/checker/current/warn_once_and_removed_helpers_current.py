# The current spelling of old/warn_once_and_removed_helpers.py.
import torch
import torch.ao.nn.quantized.functional as qF
from torch import Tensor
from torch.ao.quantization import QConfig, default_weight_observer, get_default_qconfig_mapping


def adjacency(edge_index: Tensor, weight: Tensor, n: int) -> Tensor:
    return torch.sparse_coo_tensor(edge_index, weight, (n, n), check_invariants=False)


def finish_episode(probs, rewards):
    m = torch.distributions.Categorical(probs)
    action = m.sample()
    return (-m.log_prob(action) * rewards).sum()


def quantized_head(x):
    qconfig = QConfig(activation=torch.nn.Identity, weight=default_weight_observer)
    return qconfig, qF.interpolate(x, scale_factor=2), get_default_qconfig_mapping("x86")
