# seen in: pytorch/examples time_sequence_prediction, fairseq pgslm (numpy arrays saved with torch.save)
import torch


def series(path):
    data = torch.load(path)  # finding: torch-load-pickled-object
    return torch.from_numpy(data[3:, :-1])


def quantizer(path, n_units):
    quantizers = torch.load(path)  # finding: torch-load-pickled-object
    return torch.from_numpy(quantizers[n_units])
