# seen in: Lightning XLA strategies, fairseq distributed utils (any object round-tripped through a buffer)
import io

import torch


def broadcast(obj, src=0):
    buffer = io.BytesIO()
    torch.save(obj, buffer)
    data = bytearray(buffer.getbuffer())
    buffer = io.BytesIO(data)
    obj = torch.load(buffer)  # finding: torch-load-saved-objects
    return obj
