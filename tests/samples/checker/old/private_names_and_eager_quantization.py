# expect: removed-and-legacy-calls#torch_six-torch_utils_accumulate-and-other-private-names-that-are-gone
# expect: onnx-jit-and-quantization#torchaoquantizationquantize_dynamic
# expect: onnx-jit-and-quantization#fx-graph-mode-quantization-prepare_fx-and-convert_fx
import torch
from torch._six import string_classes
from torch._utils import _accumulate
from torch.ao.quantization import convert, prepare
from torch.ao.quantization.quantize_fx import convert_fx, prepare_fx


def offsets(lengths):
    return list(_accumulate(lengths))


def is_text(x):
    return isinstance(x, string_classes)


def eager(model, calibrate):
    prepared = prepare(model)
    calibrate(prepared)
    return convert(prepared)


def fx(model, mapping, example, calibrate):
    prepared = prepare_fx(model, mapping, example)
    calibrate(prepared)
    return convert_fx(prepared)
