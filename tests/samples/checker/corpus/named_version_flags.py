# seen in: Lightning (_TORCH_GREATER_EQUAL_2_4) and yolov5 (TORCH_1_9) version constants
import torch

scaler_cls = torch.amp.GradScaler if _TORCH_GREATER_EQUAL_2_4 else torch.cuda.amp.GradScaler

if not TORCH_1_9:
    q, r = torch.qr(a)

if _TORCH_GREATER_EQUAL_2_4:
    # the branch that runs on current torch is still checked
    state = torch.load(path)  # plain tensors: no finding
    legacy = torch.cuda.amp.autocast()  # finding: cuda-amp-autocast
