# Seen in facebookresearch/d2go (quantization/modeling.py prepare_fake_quant_model): `if cfg.QUANTIZATION.PT2E:`
# is a config switch for the PyTorch 2 export quantization flow (pt2e), not a torch version check, so the code
# under it is what the target runs; inside, a project version tuple true on 2.15 picks the removed API.
import torch

TORCH_VERSION = tuple(int(x) for x in torch.__version__.split(".")[:2])


def prepare_fake_quant_model(cfg, model, example_input):
    if cfg.QUANTIZATION.PT2E:
        if TORCH_VERSION >= (2, 5, 0):
            return torch.export.export_for_training(model, example_input).module()  # finding: export-for-training-removed
        return torch._export.capture_pre_autograd_graph(model, example_input)
    return model
