import torch


def load_data_and_model(model_file):
    checkpoint = torch.load(model_file)  # finding: torch-load-saved-in-project
    config = checkpoint["config"]
    return config
