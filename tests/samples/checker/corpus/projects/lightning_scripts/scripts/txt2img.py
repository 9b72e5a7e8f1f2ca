# seen in: CompVis/stable-diffusion scripts/txt2img.py, img2img.py, knn2img.py (no Lightning import here:
# the project's other files show it is Lightning's checkpoint layout)
import torch


def load_model_from_config(model, ckpt):
    pl_sd = torch.load(ckpt, map_location="cpu")  # finding: torch-load-lightning-checkpoint
    if "global_step" in pl_sd:
        print(f"Global Step: {pl_sd['global_step']}")
    model.load_state_dict(pl_sd["state_dict"], strict=False)


def load_first_stage(model, path):
    pl_sd = torch.load(path, map_location="cpu", weights_only=True)
    model.load_state_dict(pl_sd["state_dict"], strict=False)


def load_embedding(path):
    return torch.load(path, map_location="cpu")["string_to_param"]
