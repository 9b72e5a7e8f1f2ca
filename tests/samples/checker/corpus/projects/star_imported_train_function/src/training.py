import torch


def train_tree(batch, target, encoder, encoder_optimizer):
    encoder_optimizer.zero_grad()
    loss = torch.nn.functional.cross_entropy(encoder(batch), target)
    loss.backward()
    encoder_optimizer.step()
    return loss.item()
