# seen in: a Translatotron re-implementation whose train_one_epoch returns the last batch's backpropagated loss over
# the loader's length, which the script's own loop hands to ReduceLROnPlateau.step (float(metrics) inside); an epoch
# function that averages .item() numbers stays quiet
import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.Adam(model.parameters())
scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(optimizer)


def train_one_epoch(loader):
    for x, y in loader:
        optimizer.zero_grad()
        total_loss = torch.nn.functional.mse_loss(model(x), y)
        total_loss.backward()
        optimizer.step()
    return total_loss / len(loader)


def train_numbers(loader):
    running = 0.0
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        running += loss.item()
    return running / len(loader)


for epoch in range(3):
    avg_loss = train_one_epoch([])
    scheduler.step(avg_loss)  # finding: float-of-requires-grad-tensor
    mean_loss = train_numbers([])
    scheduler.step(mean_loss)
