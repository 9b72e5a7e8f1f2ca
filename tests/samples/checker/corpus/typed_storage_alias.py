# seen in: memory-efficient DenseNet blocks of 2017 that allocate shared buffers with torch.Storage(size), the old
# alias of FloatStorage: a TypedStorage, which warns on 2.15
import torch


class SharedAllocation:
    def __init__(self, size):
        self.cpu_storage = torch.Storage(size)  # finding: typed-storage-classes
        self.bytes = torch.UntypedStorage(size * 4)
