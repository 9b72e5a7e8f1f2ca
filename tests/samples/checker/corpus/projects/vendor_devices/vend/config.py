# Open-Sora-Plan's NPUConfig: the flag a failed torch_npu import switches off, copied onto self
import torch

try:
    import torch_npu
    npu_is_available = True
    from torch_npu.contrib import transfer_to_npu
except:
    npu_is_available = False


class NPUConfig:
    def __init__(self):
        self.on_npu = npu_is_available
        self.on_gpu = npu_is_available

    def enable(self):
        self.on_gpu = True  # bound to something else too: not a device check

    def run(self, x):
        if self.on_npu:
            with torch.cuda.amp.autocast(enabled=False):
                return x.float()
        if not self.on_npu:
            with torch.cuda.amp.autocast(enabled=False):  # finding: cuda-amp-autocast
                return x.float()
        if self.on_gpu:
            with torch.cuda.amp.autocast(enabled=False):  # finding: cuda-amp-autocast
                return x.float()
        return x
