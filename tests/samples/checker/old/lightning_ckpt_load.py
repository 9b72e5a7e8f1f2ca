# expect: migrations-and-security#lightning-ckpt-files-and-other-training-loop-checkpoints
import torch


def load_model_from_config(model):
    pl_sd = torch.load("models/ldm/stable-diffusion-v1/model.ckpt", map_location="cpu")
    print(f"Global Step: {pl_sd['global_step']}")
    model.load_state_dict(pl_sd["state_dict"], strict=False)
    return model
