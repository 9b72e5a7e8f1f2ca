# seen in: ClassyVision adamw_mt.py and SlowFast's optimizer factory (torch.optim._multi_tensor.AdamW after a
# plain `import torch`): torch no longer imports that package, so the attribute read raises on 2.5 and later
import torch


def build(params, lr):
    return torch.optim._multi_tensor.AdamW(params, lr=lr)  # finding: optim-multi-tensor-not-imported


def build_public(params, lr):
    return torch.optim.AdamW(params, lr=lr, foreach=True)
