import torch

from runner import epoch_pass, evaluate


def main(model, train_loader, test_loader, epochs):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=3, gamma=0.1)
    for epoch in range(epochs):
        scheduler.step()  # finding: scheduler-step-before-optimizer
        epoch_pass(model, train_loader, optimizer=optimizer)
        evaluate(model, test_loader)


def quiet(model, train_loader, test_loader, epochs):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=3, gamma=0.1)
    for epoch in range(epochs):
        epoch_pass(model, train_loader, optimizer=optimizer)
        scheduler.step()
        evaluate(model, test_loader, optimizer)
