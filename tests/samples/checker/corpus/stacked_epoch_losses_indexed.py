# seen in: round 57's BreizhCrops example trainer: train_epoch and test_epoch return torch.stack of the batch losses,
# a vector whose .numpy()[0] is the first batch's loss; a loss bound straight to a criterion is still 0-dim.
import torch


def train_epoch(model, optimizer, criterion, loader):
    losses = list()
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
        losses.append(loss)
    return torch.stack(losses)


def test_epoch(model, criterion, loader):
    with torch.no_grad():
        losses, preds = [], []
        for x, y in loader:
            out = model(x)
            losses.append(criterion(out, y))
            preds.append(out.argmax(-1))
        return torch.stack(losses), torch.cat(preds)


def fit(model, optimizer, criterion, train_loader, test_loader, epochs):
    for epoch in range(epochs):
        train_loss = train_epoch(model, optimizer, criterion, train_loader)
        test_loss, y_pred, *_ = test_epoch(model, criterion, test_loader)
        test_loss = test_loss.cpu().detach().numpy()[0]
        train_loss = train_loss.cpu().detach().numpy()[0]
        x, y = next(iter(test_loader))
        val_loss = criterion(model(x), y)
        print(epoch, train_loss, test_loss, val_loss.data.cpu().numpy()[0])  # finding: zero-dim-numpy-index
