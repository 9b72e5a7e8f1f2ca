from utils import torch_utils

opt = torch_utils.load_config("best_model.pt")
print(opt["lr"])
