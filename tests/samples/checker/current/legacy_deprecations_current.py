# The current spelling of everything in old/legacy_deprecations.py: nothing to report on 2.15.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch._library import opaque_object


class NewAdam:
    def step(self, p, exp_avg, exp_avg_sq, beta1, beta2, lr):
        exp_avg.mul_(beta1).add_(p.grad, alpha=1 - beta1)
        exp_avg_sq.mul_(beta2).addcmul_(p.grad, p.grad, value=1 - beta2)
        p.data.addcdiv_(exp_avg, exp_avg_sq.sqrt(), value=-lr)
        p.data.add_(1.0)
        nn.utils.clip_grad_norm_([p], 1.0)


def grid(h, w):
    ys, xs = torch.meshgrid(torch.arange(h), torch.arange(w), indexing="ij")
    return torch.stack([xs, ys], -1)


def normals(a, b):
    return torch.linalg.cross(a, b), torch.cross(a, b, dim=-1), torch.cross(a, b, 1)


def spectrogram(wave):
    return torch.stft(wave, 512, hop_length=128, window=torch.hann_window(512), return_complex=True)


criterion = nn.CrossEntropyLoss(reduction="sum")
torch.set_default_dtype(torch.float32)
torch.set_default_device("cpu")


def upscale(x, counts, index, src):
    counts = torch.scatter_reduce(counts, 0, index, src, reduce="sum")
    return F.interpolate(x, scale_factor=2, mode="nearest"), nn.Upsample(scale_factor=2), counts


def raw_bytes(t):
    return t.untyped_storage().data_ptr(), torch.UntypedStorage(16)


def fused(model, x):
    with torch.jit.fuser("fuser1"):
        return torch.compile(model)(x)


def snapshot(model):
    return model.state_dict(prefix="backbone."), torch.cuda.memory_reserved()


def export(model, x, inputs):
    torch.onnx.export(model, (x,), "model.onnx", dynamo=True)
    total = torch.add(x, x, alpha=2) + torch.addcmul(x, x, x, value=0.5) + torch.addmm(x, x, x, beta=0.5)
    return torch.get_autocast_dtype("cuda"), inputs.add(x), total


class Handle(torch._custom_class_base.CustomClassBase):
    pass


opaque_object.register_custom_class(Handle, typ="symbolic")
assert opaque_object.is_opaque_symbolic_type(Handle)
