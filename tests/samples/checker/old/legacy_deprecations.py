# expect: still-warns-on-2.15#torchmeshgrid-without-indexing
# expect: still-warns-on-2.15#scalar-first-add_-addcmul_-and-addcdiv_-overloads
# expect: still-warns-on-2.15#torchcross-without-dim
# expect: still-warns-on-2.15#torchset_default_tensor_type
# expect: still-warns-on-2.15#scatter-with-reduce-and-a-tensor-source
# expect: still-warns-on-2.15#size_average-and-reduce-loss-arguments
# expect: still-warns-on-2.15#nnfunctionalupsample-upsample_nearest-and-upsample_bilinear
# expect: still-warns-on-2.15#torchstft-on-real-input-without-return_complex
# expect: still-warns-on-2.15#typedstorage-and-tensorstorage
# expect: still-warns-on-2.15#torchjitfuserfuser2
# expect: still-warns-on-2.15#torchnnutilsclip_grad_norm-without-the-underscore
# expect: still-warns-on-2.15#modulestate_dict-with-positional-arguments
# expect: still-warns-on-2.15#torchcudamemory_cached-and-max_memory_cached
# expect: export-aot-and-custom-ops#torchonnxexport-uses-the-torchexport-exporter-by-default
# expect: deprecation-messages#per-device-autocast-getters-and-setters
# expect: deprecation-messages#register_opaque_type-became-register_custom_class
# expect: deprecation-messages#is_opaque_reference_type-and-the-other-opaque-queries-renamed
# Code written for torch 1.x that torch 2.15 still warns about or rejects.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch._library import opaque_object
from torch._opaque_base import OpaqueBase


class OldAdam:
    def step(self, p, exp_avg, exp_avg_sq, beta1, beta2, lr):
        exp_avg.mul_(beta1).add_(1 - beta1, p.grad)
        exp_avg_sq.mul_(beta2).addcmul_(1 - beta2, p.grad, p.grad)
        p.data.addcdiv_(-lr, exp_avg, exp_avg_sq.sqrt())
        nn.utils.clip_grad_norm([p], 1.0)


def grid(h, w):
    ys, xs = torch.meshgrid(torch.arange(h), torch.arange(w))
    return torch.stack([xs, ys], -1)


def normals(a, b):
    return torch.cross(a, b)


def spectrogram(wave):
    return torch.stft(wave, 512, hop_length=128, window=torch.hann_window(512))


criterion = nn.CrossEntropyLoss(size_average=False)
torch.set_default_tensor_type(torch.cuda.FloatTensor)


def upscale(x, counts, index, src):
    counts = torch.scatter(counts, 0, index, src, reduce="add")
    return F.upsample(x, scale_factor=2, mode="nearest"), counts


def raw_bytes(t):
    return t.storage().data_ptr(), torch.FloatStorage(4)


def fused(model, x):
    with torch.jit.fuser("fuser2"):
        return model(x)


def snapshot(model):
    return model.state_dict(None, "backbone."), torch.cuda.memory_cached()


def export(model, x):
    torch.onnx.export(model, (x,), "model.onnx")
    return torch.get_autocast_gpu_dtype()


class Handle(OpaqueBase):
    pass


opaque_object.register_opaque_type(Handle, typ="reference")
assert opaque_object.is_opaque_reference_type(Handle)
