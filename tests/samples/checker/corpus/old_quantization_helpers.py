# seen in: dynamic-quantization scripts for BERT/LSTM models (QConfigDynamic qconfig dicts), FX quantization
# tutorials calling get_default_qconfig_dict("fbgemm"), quantized segmentation heads upsampling with qF.upsample
import torch
import torch.ao.nn.quantized.functional as qF
from torch.ao.quantization import QConfig, QConfigDynamic, default_weight_observer, get_default_qconfig_dict  # finding: default-qconfig-dict-deprecated
from torch.ao.quantization import get_default_qconfig_mapping
from torch.nn.quantized.functional import upsample_bilinear  # finding: quantized-functional-upsample

dynamic_qconfig = QConfigDynamic(weight=default_weight_observer)  # finding: qconfig-dynamic-deprecated
same_qconfig = QConfig(activation=torch.nn.Identity, weight=default_weight_observer)


def is_dynamic(qconfig):
    return isinstance(qconfig, QConfigDynamic)


def fx_qconfig(backend):
    old = get_default_qconfig_dict(backend)  # reported at its import
    return old, get_default_qconfig_mapping(backend)


def head(x):
    y = qF.upsample(x, scale_factor=2, mode="nearest")  # finding: quantized-functional-upsample
    return y, qF.interpolate(x, scale_factor=2), torch.nn.functional.interpolate(x.dequantize(), scale_factor=2)


def head_bilinear(x):
    return upsample_bilinear(x, scale_factor=2)


def legacy_qat(backend):
    return torch.ao.quantization.get_default_qat_qconfig_dict(backend)  # finding: default-qconfig-dict-deprecated
