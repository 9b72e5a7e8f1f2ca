# seen in: a memory-efficient DenseNet (mixup-cifar10's models) that calls torch's private cuDNN bindings of 0.3,
# gone from torch._C long ago; torch._C names the target still has, and a backend's own names that the recorded
# CUDA build may not carry, stay quiet
import torch


def batch_norm_forward(inputs, weight, bias, running_mean, running_var, out, save_mean, save_std):
    torch._C._cudnn_batch_norm_forward(inputs, out, weight, bias, running_mean, running_var,  # finding: torch-name-gone
                                       save_mean, save_std, True, 0.1, 1e-5)
    return out


def grad_mode_set():
    return torch._C._get_cudnn_enabled()


def xpu_devices():
    return torch._C._xpu_getDeviceCount() if hasattr(torch, "xpu") else 0
