# seen in: a checkpointing library's tests (torchsnapshot's tests/, no __init__.py, beside the torchsnapshot
# package) that check a deserialized tensor's storage size: the package's functions return tensors, so
# .storage() on their result is Tensor.storage(); a third-party library's result is not known to be a tensor
import numpy
import torch
from snap.serialization import Consumer, tensor_from_bytes


def test_roundtrip():
    loaded = tensor_from_bytes(bytes(16), torch.float32, (2, 2))
    assert loaded.nelement() == loaded.storage().size()  # finding: tensor-storage-method
    deserialized = Consumer.deserialize(bytes(16), torch.float32, (4,))
    assert deserialized.storage().size() == 4  # finding: tensor-storage-method
    other = numpy.lib.format.open_memmap("x.npy")
    assert other.storage() is None
