import torch


def load_checkpoint(path, device):
    checkpoint = torch.load(path, map_location=device)
    if checkpoint.get("format") != "hypernetwork":
        raise ValueError(path)
    return checkpoint["model_state_dict"], checkpoint["text_encoder_model"]


def load_teacher(path):
    checkpoint = torch.load(path)  # finding: torch-load-saved-in-project
    return checkpoint["kind"], checkpoint["teacher_model"]
