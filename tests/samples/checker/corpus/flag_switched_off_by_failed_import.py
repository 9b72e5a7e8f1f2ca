# seen in: tnt torchtnt/framework/_loop_utils.py (_EXPORT_UTILS_AVAIL set False when the pt2e import fails)
import torch

_EXPORT_UTILS_AVAIL = True
try:
    from torch.ao.quantization.pt2e.export_utils import model_is_exported
except Exception:
    _EXPORT_UTILS_AVAIL = False

_NUMPY_AVAIL = True
try:
    import numpy  # imports fine: the flag stays True and its branch runs
except Exception:
    _NUMPY_AVAIL = False


def set_mode(module, mode):
    if _EXPORT_UTILS_AVAIL and model_is_exported(module):
        move_fn = torch.ao.quantization.move_exported_model_to_train if mode else torch.ao.quantization.move_exported_model_to_eval
        move_fn(module)
    else:
        module.train(mode)
    if _NUMPY_AVAIL:
        return torch.eye(2).cholesky()  # finding: tensor-cholesky-removed
