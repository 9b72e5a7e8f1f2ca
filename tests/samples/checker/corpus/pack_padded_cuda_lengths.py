# seen in: relation-extraction and parser encoders that count lengths inside forward from a mask of their input
# (onehaitao's Att-BLSTM, crfpar's CharLSTM, Match-LSTM after sorting them), and scripts that move the batch's lengths
# to the device: on a GPU, pack_padded_sequence refuses CUDA lengths since 1.7. Lengths from a list, a CPU tensor, or
# moved back with .cpu() are fine, and so is a count in a plain function (a collate_fn runs on the CPU).
import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence


class Encoder(nn.Module):
    def __init__(self, pad_index):
        super().__init__()
        self.pad_index = pad_index
        self.embed = nn.Embedding(10, 4)
        self.lstm = nn.LSTM(4, 4, batch_first=True)

    def forward(self, x):
        mask = x.ne(self.pad_index)
        lens = mask.sum(dim=1)
        packed = pack_padded_sequence(self.embed(x), lens, True, False)  # finding: pack-padded-cuda-lengths
        return self.lstm(packed)

    def sorted_lengths(self, v, mask):
        lengths = mask.eq(1).long().sum(1)
        lengths_sort, idx_sort = torch.sort(lengths, dim=0, descending=True)
        return pack_padded_sequence(v.index_select(1, idx_sort), lengths_sort)  # finding: pack-padded-cuda-lengths

    def moved_back(self, x):
        lengths = torch.sum(x != self.pad_index, dim=-1)
        return pack_padded_sequence(self.embed(x), lengths.cpu(), batch_first=True, enforce_sorted=False)


def run_batch(model, embedded, lengths, device):
    lengths = lengths.to(device)
    packed = pack_padded_sequence(embedded, lengths, batch_first=True)  # finding: pack-padded-cuda-lengths
    lengths = lengths.cpu()
    return model(packed), pack_padded_sequence(embedded, lengths, batch_first=True)


def collate(batch, pad_index):
    ids = torch.tensor(batch)
    lengths = (ids != pad_index).sum(1)
    return pack_padded_sequence(ids.unsqueeze(-1).float(), lengths, batch_first=True, enforce_sorted=False)


# seen in: text-game agents (DRRN) that build the lengths tensor on the module-level device and sort it before packing
import torch.nn as nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")


class PackedEncoder(nn.Module):
    def __init__(self, vocab_size, hidden):
        super().__init__()
        self.embedding = nn.Embedding(vocab_size, hidden)
        self.gru = nn.GRU(hidden, hidden)

    def forward(self, padded, sequences):
        lengths = torch.tensor([len(s) for s in sequences], dtype=torch.long, device=device)
        lengths, order = torch.sort(lengths, dim=0, descending=True)
        embedded = self.embedding(padded[:, order])
        return self.gru(nn.utils.rnn.pack_padded_sequence(embedded, lengths))  # finding: pack-padded-cuda-lengths

    def forward_on_cpu(self, padded, sequences):
        lengths = torch.tensor([len(s) for s in sequences], dtype=torch.long)
        return self.gru(nn.utils.rnn.pack_padded_sequence(self.embedding(padded), lengths, enforce_sorted=False))


# seen in: character-level BiLSTM-CRF taggers that copy the counted lengths and patch the empty words before packing
class CharEncoder(nn.Module):
    def __init__(self, chars, hidden):
        super().__init__()
        self.embedding = nn.Embedding(chars, hidden)
        self.lstm = nn.LSTM(hidden, hidden, batch_first=True)

    def forward(self, chars):
        lengths = chars.gt(0).sum(1)
        patched = lengths.clone()
        patched[lengths == 0] = 1
        packed = nn.utils.rnn.pack_padded_sequence(  # finding: pack-padded-cuda-lengths
            self.embedding(chars), patched, batch_first=True, enforce_sorted=False)
        return self.lstm(packed)
