# seen in: a math-word-problem solver whose scripts star-import the training helpers and step the StepLR
# schedulers first in each epoch, before the imported train_tree(...) steps their optimizers
import torch

from src.training import *


def main(encoder, batches, epochs, use_cuda, lang, numbers):
    encoder_optimizer = torch.optim.Adam(encoder.parameters(), lr=1e-3)
    encoder_scheduler = torch.optim.lr_scheduler.StepLR(encoder_optimizer, step_size=20, gamma=0.5)
    if use_cuda:
        encoder.cuda()
    number_ids = []
    for number in numbers:
        number_ids.append(lang.word2index[number])
    for epoch in range(epochs):
        encoder_scheduler.step()  # finding: scheduler-step-before-optimizer
        for batch, target in batches:
            train_tree(batch, target, encoder, encoder_optimizer)


def main_in_order(encoder, batches, epochs):
    encoder_optimizer = torch.optim.Adam(encoder.parameters(), lr=1e-3)
    encoder_scheduler = torch.optim.lr_scheduler.StepLR(encoder_optimizer, step_size=20, gamma=0.5)
    for epoch in range(epochs):
        for batch, target in batches:
            train_tree(batch, target, encoder, encoder_optimizer)
        encoder_scheduler.step()
