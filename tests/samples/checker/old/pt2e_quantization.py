# expect: migrations-and-security#pt2e-quantization-moved-to-torchao
import torch
from torch.ao.quantization.quantize_pt2e import convert_pt2e, prepare_pt2e
from torch.ao.quantization.quantizer.xnnpack_quantizer import XNNPACKQuantizer

quantizer = XNNPACKQuantizer()
