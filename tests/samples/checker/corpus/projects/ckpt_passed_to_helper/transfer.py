import torch

from cldm.model import load_state_dict, load_weights

path_sd15 = "./models/v1-5-pruned.ckpt"
sd15_state_dict = load_state_dict(path_sd15)
weights = load_weights("./models/control_sd15_canny.pth")
torch.save(weights, "./models/out.pth")
