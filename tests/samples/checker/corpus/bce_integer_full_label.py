# seen in: DCGAN-style trainers and a GAIL discriminator (Deterministic-GAIL-PyTorch's GAIL.py, BeatGAN's model.py)
# that build their labels with torch.full and an integer; since 1.7 those labels are int64 and BCE refuses them
import torch
import torch.nn as nn
import torch.nn.functional as F

real_label = 1
fake_label = 0
soft_label = 0.9
criterion = nn.BCELoss()


def train_step(netD, real, device):
    label = torch.full((real.size(0),), real_label, device=device)
    errD_real = criterion(netD(real).view(-1), label)  # finding: bce-integer-full-target
    label.fill_(fake_label)
    errD_fake = criterion(netD(real).view(-1), label)  # finding: bce-integer-full-target
    smooth = torch.full((real.size(0),), soft_label, device=device)
    as_float = torch.full((real.size(0),), real_label, dtype=torch.float, device=device)
    converted = torch.full((real.size(0),), real_label).float()
    return errD_real + errD_fake + criterion(netD(real), smooth) + criterion(netD(real), as_float) + \
        criterion(netD(real), converted)


class Discriminator:
    def __init__(self):
        self.loss_fn = nn.BCEWithLogitsLoss().cuda()
        self.real_label = 1

    def update(self, scores, batch_size):
        target = torch.full((batch_size, 1), self.real_label).to(self.device)
        return self.loss_fn(scores, target)  # finding: bce-integer-full-target

    def direct(self, scores):
        return F.binary_cross_entropy(scores, torch.full(scores.shape, 0))  # finding: bce-integer-full-target

    def classes(self, logits):
        labels = torch.full((logits.size(0),), 3)
        return F.cross_entropy(logits, labels)  # class indices are meant to be int64


class AdversarialLoss:
    def __init__(self):
        self.loss = nn.BCELoss(reduction="mean")

    def __call__(self, y_hat, label: int):
        y_true = torch.full(y_hat.size(), label)
        return self.loss(y_hat, y_true)  # finding: bce-integer-full-target
