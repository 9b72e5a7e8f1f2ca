# Seen in mit-han-lab/llm-awq (tinychat fused_mlp) and facebookresearch/d2go (quantization/qconfig.py,
# modeling.py): deprecated torch functions imported and never read in the module. Importing a function object
# prints nothing on 2.15; the warning comes from the call. A name the module does read stays a finding (at the
# import line, the one place the checker reports an imported name), and so does one whose reading warns.
import torch
from torch.cuda.amp import custom_bwd, custom_fwd  # finding: cuda-amp-custom-fwd
from torch.ao.quantization.quantize_fx import convert_fx, prepare_fx  # finding: quantize-fx-deprecated
from torch.cuda.amp.autocast_mode import custom_bwd as bwd  # finding: cuda-amp-custom-bwd
from torch.distributed import reduce_op
from torch import has_mps  # finding: torch-has-backend-deprecated


class Scale(torch.autograd.Function):
    @staticmethod
    @custom_fwd
    def forward(ctx, x):
        return x * 2

    @staticmethod
    @bwd
    def backward(ctx, grad):
        return grad * 2


def quantize(model, qconfig_mapping, example_inputs):
    return prepare_fx(model, qconfig_mapping, example_inputs)
