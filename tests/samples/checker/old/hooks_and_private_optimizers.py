# expect: removed-and-legacy-calls#torchoptim_multi_tensor-without-its-own-import
# expect: still-warns-on-2.15#moduleregister_backward_hook
# expect: still-warns-on-2.15#profiler-cuda_time_total-and-the-other-cuda_-event-fields
# expect: still-warns-on-2.15#tensort-on-tensors-that-are-not-2-d
import torch


def build(model, hook):
    model.fc.register_backward_hook(hook)
    return torch.optim._multi_tensor.AdamW(model.parameters(), lr=1e-3)


def summary(prof):
    return {item.key: item.cuda_time_total for item in prof.key_averages()}


def quadratic(X):
    w = torch.nn.Parameter(torch.tensor([1.0, 2.0]))
    return w @ X @ w.T
