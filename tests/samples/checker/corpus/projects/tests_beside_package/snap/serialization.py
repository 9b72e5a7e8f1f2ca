import torch


def tensor_from_bytes(data: bytes, dtype, shape):
    return torch.frombuffer(bytearray(data), dtype=dtype).reshape(shape)


class Consumer:
    @staticmethod
    def deserialize(data: bytes, dtype, shape):
        return tensor_from_bytes(data, dtype, shape)
