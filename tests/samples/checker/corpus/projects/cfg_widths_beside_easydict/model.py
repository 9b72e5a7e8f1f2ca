import torch
import torch.nn as nn


class PlateNet(nn.Module):
    def __init__(self, num_classes, cfg):
        super().__init__()
        layers, channels = [], 3
        for width in cfg:
            if width == "M":
                layers.append(nn.MaxPool2d(2))
            else:
                layers += [nn.Conv2d(channels, width, 3, padding=1), nn.ReLU()]
                channels = width
        self.features = nn.Sequential(*layers)
        self.head = nn.Linear(channels, num_classes)


def load_for_export(path):
    checkpoint = torch.load(path, map_location="cpu")
    model = PlateNet(num_classes=78, cfg=checkpoint["cfg"])
    model.load_state_dict(checkpoint["state_dict"])
    return model
