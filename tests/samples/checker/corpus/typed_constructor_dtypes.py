# seen in: surgical-video tool detectors that threshold sigmoid outputs with torch.ByteTensor(out.cpu() > 0.5) (a
# uint8 tensor before 1.2, a bool one since: TypeError), and ASR encoders that wrap torch.arange of sizes in
# torch.FloatTensor. NumPy arrays convert from any dtype, and a tensor the call does not show the dtype of is left
# alone. A compared name counts where its scope binds it once to a torch function's or module's result (MTRCNet-CL's
# test scripts: sig_out = sig_f(preds) after sig_f = nn.Sigmoid()).
import numpy as np
import torch
from torch import nn


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


def test_predictions(all_preds):
    sig_f = nn.Sigmoid()
    preds = torch.from_numpy(np.asarray(all_preds, dtype=np.float32))
    sig_out = sig_f(preds)
    probs = torch.sigmoid(preds)
    wrapped = nn.Softmax(dim=1)(preds)
    cor = torch.ByteTensor(sig_out > 0.5)  # finding: legacy-constructor-dtype-mismatch
    hits = torch.ByteTensor(probs >= 0.5)  # finding: legacy-constructor-dtype-mismatch
    top = torch.LongTensor(wrapped > 0.1)  # finding: legacy-constructor-dtype-mismatch
    array = np.asarray(all_preds)
    flags = torch.BoolTensor(sig_out > 0.5)
    return cor, hits, top, torch.ByteTensor(array > 0.5), flags
