# seen in: a pruning library's mixin (mmrazor's GroupFisherMixin, no base class) mixed only into nn.Module
# subclasses defined in another file (GroupFisherConv2d(DynamicConv2d, GroupFisherMixin)): self is always a module,
# so self.register_backward_hook(...) is nn.Module's, which warns. A mixin also mixed into a class that is not a
# module (Recorder's user below) is left alone.
import torch

from .dynamic import DynamicConv2d, DynamicLinear, Recorder


class FisherMixin:
    def start_record(self):
        self.handlers = [self.register_backward_hook(self.hook())]  # finding: module-register-backward-hook

    def hook(self):
        return lambda module, grad_in, grad_out: torch.zeros(1)


class FisherConv2d(DynamicConv2d, FisherMixin):
    pass


class FisherLinear(DynamicLinear, FisherMixin):
    pass


class Plain(Recorder):
    pass
