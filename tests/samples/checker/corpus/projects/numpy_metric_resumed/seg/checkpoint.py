# the helper both training scripts resume with: the file it reads holds the best mean IoU as a NumPy float64,
# which weights_only=True refuses
import torch


def load_state(path, model, optimizer=None, key="model_state"):
    checkpoint = torch.load(path, map_location="cpu")  # finding: torch-load-saved-in-project
    model.load_state_dict(checkpoint[key])
    if optimizer is not None:
        optimizer.load_state_dict(checkpoint["optimizer_state"])
        return checkpoint["best_miou"], checkpoint["epoch"]
