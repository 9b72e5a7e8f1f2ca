# expect: migrations-and-security#named-tensors-removed
# expect: removed-and-legacy-calls#functionapply__func__-raises-attributeerror
# expect: still-warns-on-2.15#__torch_function__-defined-as-a-plain-method
# expect: migrations-and-security#torchhub-asks-before-running-untrusted-code
import torch

TABLE = [torch.Tensor.align_as, torch.Tensor.rename]
KEY = torch.autograd.Function.apply.__func__


class Sub(torch.Tensor):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        return super().__torch_function__(func, types, args, kwargs)


model = torch.hub.load("someone/models", "net")
