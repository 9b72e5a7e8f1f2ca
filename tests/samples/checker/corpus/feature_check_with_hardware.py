# seen in: coqui TTS (Bark: hasattr feature check and'ed with CUDA capability checks)
import contextlib
import functools

import torch

if torch.cuda.is_available() and hasattr(torch.cuda.amp, "autocast") and torch.cuda.is_bf16_supported():
    autocast = functools.partial(torch.cuda.amp.autocast, dtype=torch.bfloat16)  # finding: cuda-amp-autocast
else:

    @contextlib.contextmanager
    def autocast():
        yield


if torch.cuda.is_available() and torch.__version__ < "2.0":
    old_autocast = torch.cuda.amp.autocast
