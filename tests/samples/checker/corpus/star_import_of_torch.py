# seen in: yolov5 models/ (torch arrives through `from models.common import *`)
from models.common import *


def fuse(model):
    scaler = torch.cuda.amp.GradScaler()  # finding: cuda-amp-grad-scaler
    return model, scaler
