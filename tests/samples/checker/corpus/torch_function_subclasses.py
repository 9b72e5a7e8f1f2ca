# seen in: tensor-subclass benchmarks and profiling helpers (plain and classmethod __torch_function__)
import torch


class SubTensor(torch.Tensor):
    pass


class PlainHook(torch.Tensor):

    def __torch_function__(self, func, types, args=(), kwargs=None):  # finding: torch-function-plain-method
        return super().__torch_function__(func, types, args, {} if kwargs is None else kwargs)


class ClassHook(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return super().__torch_function__(func, types, args, {} if kwargs is None else kwargs)


class Meta:
    """Not a tensor: an own protocol method of the same name."""

    def __torch_function__(self, func, types, args=(), kwargs=None):
        return func


class Staged(torch.Tensor):
    @staticmethod
    def __torch_function__(func, types, args=(), kwargs=None):
        return torch.Tensor.__torch_function__(func, types, args, kwargs or {})
