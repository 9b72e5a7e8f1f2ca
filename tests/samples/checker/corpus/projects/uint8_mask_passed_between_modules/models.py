# seen in: math-word-problem solvers (Graph2Tree's src/models.py) and vision-and-language navigation agents
# (R2R-EnvDrop's model.py): attention modules whose forward takes the mask as a parameter, called by the training
# module with a torch.ByteTensor mask; the file that uses the mask never makes one
import torch
import torch.nn as nn


class Attention(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.score = nn.Linear(hidden, 1)

    def forward(self, hidden, outputs, seq_mask=None):
        energies = self.score(outputs + hidden).squeeze(-1)
        if seq_mask is not None:
            energies = energies.masked_fill_(seq_mask, -1e12)  # finding: uint8-mask-fill
        return torch.softmax(energies, dim=1)


class Scorer(nn.Module):
    def forward(self, scores, num_mask):
        mask = num_mask.unsqueeze(1)
        return scores.masked_fill(mask, -1e12)  # finding: uint8-mask-fill


class Unused(nn.Module):
    def forward(self, scores, pad_mask):
        return scores.masked_fill(pad_mask, 0.0)  # reached by no uint8 value


class Decoder(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.attention = Attention(hidden).cuda()
        self.unused = Unused()

    def forward(self, hidden, outputs, seq_mask):
        return self.attention(hidden, outputs, seq_mask), self.unused(hidden, seq_mask > 0)


class Predictor(nn.Module):
    def __init__(self):
        super().__init__()
        self.scorer = Scorer()

    def forward(self, scores, num_mask):
        return self.scorer(scores, num_mask)
