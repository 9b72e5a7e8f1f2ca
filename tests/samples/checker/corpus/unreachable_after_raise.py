# seen in: a text autoencoder whose sampling branch starts with `assert 1 == 0`, and a caption model whose beam
# search raises NotImplementedError above the old code it kept: nothing after them in the block runs
import torch
import torch.nn.functional as F


def generate(overvocab, sample, temp):
    if not sample:
        _, indices = torch.max(overvocab, 1)
    else:
        assert 1 == 0
        probs = F.softmax(overvocab / temp)
        indices = torch.multinomial(probs, 1)
    return indices


def beam_search(logits):
    raise NotImplementedError
    return F.log_softmax(logits)


def checked(logits, ready):
    assert ready, "call prepare() first"
    return F.log_softmax(logits)  # finding: softmax-without-dim
