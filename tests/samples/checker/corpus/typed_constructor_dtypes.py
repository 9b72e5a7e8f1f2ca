# seen in: surgical-video tool detectors that threshold sigmoid outputs with torch.ByteTensor(out.cpu() > 0.5) (a
# uint8 tensor before 1.2, a bool one since: TypeError), and ASR encoders that wrap torch.arange of sizes in
# torch.FloatTensor. NumPy arrays convert from any dtype, and a tensor the call does not show the dtype of is left
# alone.
import numpy as np
import torch


def predictions(sig_out, size):
    preds = torch.ByteTensor(sig_out.cpu() > 0.5)  # finding: legacy-constructor-dtype-mismatch
    gpu_preds = torch.IntTensor(torch.eq(sig_out, 1))  # finding: legacy-constructor-dtype-mismatch
    positions = torch.FloatTensor(torch.arange(0, size))  # finding: legacy-constructor-dtype-mismatch
    labels = torch.FloatTensor(sig_out.long())  # finding: legacy-constructor-dtype-mismatch
    return preds, gpu_preds, positions, labels


def fine(sig_out, size, array):
    from_numpy = torch.ByteTensor(sig_out.cpu().numpy() > 0.5)
    from_array = torch.ByteTensor(array > 0.5)
    floats = torch.FloatTensor(torch.arange(0, size / 2))
    same = torch.LongTensor(torch.arange(size))
    unknown = torch.FloatTensor(sig_out.cpu())
    numbers = torch.ByteTensor(np.asarray(sig_out) > 0)
    return from_numpy, from_array, floats, same, unknown, numbers
