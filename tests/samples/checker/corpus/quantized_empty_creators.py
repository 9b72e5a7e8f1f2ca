# seen in: a checkpointing library's deserializer (torchsnapshot's serialization.py) that rebuilds quantized
# tensors with the private allocators before copying the integer data in; both warn like quantize_per_tensor
import torch


def per_tensor_from_bytes(data: bytes, scale: float, zero_point: int, dtype):
    qtensor = torch._empty_affine_quantized(  # finding: quantized-tensor-creation-warns
        (0,), scale=scale, zero_point=zero_point, dtype=dtype)
    return qtensor


def per_channel_from_bytes(shape, scales, zero_points, axis, dtype):
    return torch._empty_per_channel_affine_quantized(  # finding: quantized-tensor-creation-warns
        shape, scales=scales, zero_points=zero_points, axis=axis, dtype=dtype)


def plain(shape):
    return torch.empty(shape, dtype=torch.uint8)
