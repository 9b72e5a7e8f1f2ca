# seen in: learn2learn's hypergrad_mnist.py and pytorch/examples' MNIST nets: a file with Conv2d and max_pool2d whose
# self.dropout2 (nn.Dropout2d) is applied after torch.flatten and fc1, to (N, 128): "Received a 2-D input to
# dropout2d" on 2.15, while self.dropout1 on the pooled 4-D maps is silent
import torch
import torch.nn as nn
import torch.nn.functional as F


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 32, 3, 1)
        self.dropout1 = nn.Dropout2d(0.25)
        self.dropout2 = nn.Dropout2d(0.5)  # finding: dropout2d-deprecated
        self.fc1 = nn.Linear(5408, 128)
        self.fc2 = nn.Linear(128, 10)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = self.dropout1(x)
        x = torch.flatten(x, 1)
        x = F.relu(self.fc1(x))
        x = self.dropout2(x)
        return F.log_softmax(self.fc2(x), dim=1)


class ViewNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 20, 5)
        self.drop = nn.Dropout2d()  # finding: dropout2d-deprecated
        self.maps_drop = nn.Dropout2d()
        self.fc = nn.Linear(20 * 24 * 24, 10)

    def forward(self, x):
        x = self.maps_drop(self.conv(x))
        x = x.view(-1, 20 * 24 * 24)
        return self.fc(self.drop(x))


class PlanktonNet(nn.Module):
    # round 60's plankton classifiers: the head's Sequential opens with Dropout2d and is applied to the flattened maps
    def __init__(self, dim, num_classes):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(1, 8, 3), nn.Dropout2d(0.1), nn.MaxPool2d(2))
        self.classifier = nn.Sequential(nn.Dropout2d(0.5), nn.Linear(dim, num_classes))  # finding: dropout2d-deprecated

    def forward(self, x):
        x = self.features(x)
        x = x.view(x.size()[0], -1)
        return self.classifier(x)
