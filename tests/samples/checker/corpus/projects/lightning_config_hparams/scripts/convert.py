# seen in: aqlaboratory/openfold scripts/convert_v1_to_v2_weights.py (rewrites the ZeRO *_optim_states.pt files of a
# DeepSpeed checkpoint: their optimizer_state_dict holds the loss scaler object and fragment_address dataclass
# instances, which weights_only=True refuses with "Unsupported global")
import torch
from deepspeed.utils import zero_to_fp32


def convert_optimizer(optim_file, rename):
    optim_dict = torch.load(optim_file)  # finding: torch-load-saved-in-project
    mappings = optim_dict["optimizer_state_dict"]["param_slice_mappings"]
    mappings[0] = rename(mappings[0])
    torch.save(optim_dict, optim_file)


def convert_model(path):
    return zero_to_fp32.get_fp32_state_dict_from_zero_checkpoint(path)
