# seen in: a LiTS liver-segmentation trainer (lits_pytorch's train_val.py) keeps the last batch's loss under another
# name, then logs float() of it after the loop: the loss itself, still requiring grad.
import torch


def train(model, loader, optimizer, criterion, history):
    model.train()
    train_loss = 0
    for data, target in loader:
        optimizer.zero_grad()
        loss = criterion(model(data), target)
        loss.backward()
        optimizer.step()
        train_loss = loss
    history["loss"].append(float(train_loss))  # finding: float-of-requires-grad-tensor


def train_logged(model, loader, optimizer, criterion, history):
    last_loss = 0
    for data, target in loader:
        loss = criterion(model(data), target)
        loss.backward()
        optimizer.step()
        last_loss = loss.item()
    history["loss"].append(float(last_loss))
