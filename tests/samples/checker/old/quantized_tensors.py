# expect: migrations-and-security#creating-quint8-qint8-and-qint32-tensors-warns
import torch

q = torch.quantize_per_tensor(torch.randn(4), 0.1, 0, torch.quint8)
