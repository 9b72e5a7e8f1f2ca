# seen in: facebookresearch/vicreg main_vicreg.py (a LARS optimizer of the file keeps the filter functions it is given
# in its defaults, so every param group, and optimizer.state_dict(), holds them; the resume load of that checkpoint
# fails under weights_only=True on torch 2.15: Unsupported global: GLOBAL __main__.exclude_bias_and_norm)
import torch
from torch import optim


def skip_bias_and_norm(p):
    return p.ndim == 1


class LayerwiseSGD(optim.Optimizer):
    def __init__(self, params, lr, weight_decay=0.0, decay_filter=None, trust=0.001):
        defaults = dict(lr=lr, weight_decay=weight_decay, decay_filter=decay_filter, trust=trust)
        super().__init__(params, defaults)

    @torch.no_grad()
    def step(self):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                grad = p.grad
                if group["decay_filter"] is None or not group["decay_filter"](p):
                    grad = grad.add(p, alpha=group["weight_decay"])
                p.add_(grad, alpha=-group["lr"])


def train(model, exp_dir, epochs):
    optimizer = LayerwiseSGD(model.parameters(), lr=0.1, weight_decay=1e-6, decay_filter=skip_bias_and_norm)
    start = 0
    if (exp_dir / "model.pth").is_file():
        ckpt = torch.load(exp_dir / "model.pth", map_location="cpu")  # finding: torch-load-saved-objects
        start = ckpt["epoch"]
        model.load_state_dict(ckpt["model"])
        optimizer.load_state_dict(ckpt["optimizer"])
    for epoch in range(start, epochs):
        state = dict(epoch=epoch + 1, model=model.state_dict(), optimizer=optimizer.state_dict())
        torch.save(state, exp_dir / "model.pth")


def finetune(model, exp_dir, epochs):
    optimizer = LayerwiseSGD(model.parameters(), lr=0.01, trust=0.01)  # no function given: plain param groups
    start = 0
    if (exp_dir / "head.pth").is_file():
        ckpt = torch.load(exp_dir / "head.pth", map_location="cpu")
        start = ckpt["epoch"]
        optimizer.load_state_dict(ckpt["optimizer"])
    for epoch in range(start, epochs):
        torch.save(dict(epoch=epoch + 1, optimizer=optimizer.state_dict()), exp_dir / "head.pth")
