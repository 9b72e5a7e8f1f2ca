# seen in: LConvNet's classification step, which backpropagates the loss in training and recomputes it under no_grad
# in evaluation, then converts whichever it has with float(loss): the training run converts the graph's value; a
# step whose training branch converts a detached copy stays quiet
import torch


def classification_step(model, x, y, criterion, optimizer, training):
    if training:
        y_pred = model(x)
        loss = criterion(y_pred, y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    else:
        with torch.no_grad():
            y_pred = model(x)
            loss = criterion(y_pred, y)
    correct = int((y_pred.argmax(dim=-1) == y).sum())
    loss = float(loss)  # finding: float-of-requires-grad-tensor
    return loss, correct


def detached_step(model, x, y, criterion, optimizer, training):
    if training:
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        loss = loss.detach()
    else:
        with torch.no_grad():
            loss = criterion(model(x), y)
    return float(loss)
