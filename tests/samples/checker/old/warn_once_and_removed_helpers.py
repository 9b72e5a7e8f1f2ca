# expect: removed-and-legacy-calls#sparse_coo_tensor-and-the-other-sparse-constructors-without-check_invariants
# expect: removed-and-legacy-calls#from-torchtensor-import-tensor
# expect: removed-and-legacy-calls#tensorreinforce-and-torchautogradvariable
# expect: onnx-jit-and-quantization#qconfigdynamic-get_default_qconfig_dict-and-quantized-upsample
# Sparse adjacency built without check_invariants (warns once per process since 2.11), the pre-1.9 Tensor import,
# a 0.2-era REINFORCE update and the old eager-quantization helpers.
import torch
import torch.ao.nn.quantized.functional as qF
from torch.ao.quantization import QConfigDynamic, default_weight_observer
from torch.tensor import Tensor


def adjacency(edge_index: Tensor, weight: Tensor, n: int) -> Tensor:
    return torch.sparse_coo_tensor(edge_index, weight, (n, n))


def finish_episode(saved_actions, rewards):
    for action, r in zip(saved_actions, rewards):
        action.reinforce(r)


def quantized_head(x):
    qconfig = QConfigDynamic(weight=default_weight_observer)
    return qconfig, qF.upsample(x, scale_factor=2), torch.ao.quantization.get_default_qconfig_dict("x86")
