# seen in: libraries supporting several torch releases (sdpa backend selection)
import torch

if hasattr(torch.nn.attention, "sdpa_kernel"):
    from torch.nn.attention import SDPBackend, sdpa_kernel
    context = sdpa_kernel(SDPBackend.MATH)
else:
    context = torch.backends.cuda.sdp_kernel(enable_flash=False)
