import torch


class SharedAdam(torch.optim.Adam):
    def step(self, closure=None):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                grad = p.grad.data
                if group["weight_decay"] != 0:
                    grad = grad.add(group["weight_decay"], p.data)  # finding: scalar-first-add-method-out-of-place
                p.data.add_(grad, alpha=-group["lr"])
