import torch


def load_features(features_url):
    train_features = torch.load(features_url + "train_features.pt")  # finding: torch-load-saved-in-project
    sizes = torch.load(features_url + "sizes.pt")
    return train_features, sizes
