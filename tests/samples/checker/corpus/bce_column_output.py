# seen in: GAN tutorials of 2017 (pytorch-beginner's simple_Gan.py and conv_gan.py, pytorch-MNIST-CelebA-GAN-DCGAN's MLP
# GAN): a discriminator ending in nn.Linear(..., 1) gives (N, 1), the labels are torch.ones(batch) of shape (N,), and
# BCELoss raises ValueError on the mismatch since 1.7. A squeezed output, or labels of shape (N, 1), are fine.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd import Variable


class MLPDiscriminator(nn.Module):
    def __init__(self, d_input_dim=784):
        super().__init__()
        self.fc1 = nn.Linear(d_input_dim, 256)
        self.fc4 = nn.Linear(self.fc1.out_features, 1)

    def forward(self, x):
        x = F.leaky_relu(self.fc1(x), 0.2)
        x = F.sigmoid(self.fc4(x))
        return x


class SeqDiscriminator(nn.Module):
    def __init__(self):
        super().__init__()
        self.dis = nn.Sequential(nn.Linear(784, 256), nn.LeakyReLU(0.2), nn.Linear(256, 1), nn.Sigmoid())

    def forward(self, x):
        return self.dis(x)


class FlatDiscriminator(SeqDiscriminator):
    def forward(self, x):
        return self.dis(x).view(-1)


D = MLPDiscriminator()
D = D.cuda()
S = SeqDiscriminator().cuda()
flat = FlatDiscriminator()
BCE_loss = nn.BCELoss()


def train(loader, mini_batch):
    for x_, _ in loader:
        y_real_ = Variable(torch.ones(mini_batch).cuda())
        y_fake_ = torch.zeros(x_.size(0))
        D_result = D(x_)
        D_real_loss = BCE_loss(D_result, y_real_)  # finding: bce-target-size-mismatch
        D_fake_loss = BCE_loss(S(x_), y_fake_)  # finding: bce-target-size-mismatch
        flat_loss = BCE_loss(flat(x_), y_real_)
        column_loss = BCE_loss(D_result, torch.ones(mini_batch, 1))
        squeezed = BCE_loss(D_result.squeeze(1), y_real_)
        functional = F.binary_cross_entropy(D(x_), torch.ones(mini_batch))  # finding: bce-target-size-mismatch
    return D_real_loss + D_fake_loss + flat_loss + column_loss + squeezed + functional
