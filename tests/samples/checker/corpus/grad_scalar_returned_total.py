# seen in: small tabular and time-series training scripts whose train_epoch returns the average of the losses it
# backpropagated (a running total of tensors, never .item()), which the epoch loop prints with "%.3f"
import torch


def train_epoch(model, loader, optimizer, loss_fn):
    counter = 0
    total_loss = 0
    total_correct = 0
    for inputs, targets in loader:
        counter += 1
        optimizer.zero_grad()
        predictions = model(inputs)
        avg_loss = loss_fn(predictions, targets)
        total_loss += avg_loss
        total_correct += int((predictions > 0.5).eq(targets).sum())
        avg_loss.backward()
        optimizer.step()
    avg_loss = total_loss / counter
    return avg_loss, total_correct / counter


def train_epoch_detached(model, loader, optimizer, loss_fn):
    total_loss = 0.0
    for inputs, targets in loader:
        optimizer.zero_grad()
        loss = loss_fn(model(inputs), targets)
        loss.backward()
        optimizer.step()
        total_loss += loss.item()
    return total_loss / len(loader), 0.0


def main(model, loader, epochs):
    optimizer = torch.optim.Adam(model.parameters())
    loss_fn = torch.nn.BCELoss()
    for epoch in range(epochs):
        train_loss, train_acc = train_epoch(model, loader, optimizer, loss_fn)
        print("Epoch %4d- train_loss:%.3f train_acc:%.3f" % (epoch, train_loss, train_acc))  # finding: float-of-requires-grad-tensor
        plain_loss, _ = train_epoch_detached(model, loader, optimizer, loss_fn)
        print("Epoch %4d- loss:%.3f" % (epoch, plain_loss))
