# seen in: a session-recommendation GNN whose epoch loop steps its StepLR first and then runs an epoch through a
# function of another module, named for neither training nor stepping, that it hands the optimizer to
import torch


def epoch_pass(model, loader, optimizer=None):
    for x, y in loader:
        loss = torch.nn.functional.cross_entropy(model(x), y)
        if optimizer is not None:
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()


def evaluate(model, loader, optimizer=None):
    with torch.no_grad():
        return sum(float(model(x).argmax(1).eq(y).sum()) for x, y in loader)
