# seen in: DeepCoNN's main.py, whose train() saves the whole model to the path it is handed
# (train(..., config.model_file)) and whose caller then loads config.model_file; and NARRE's helpers, whose
# save_model(model: torch.nn.Module, path) pairs with load_model(path). A helper that saves a parameter of no stated
# type, and a state dict handed through the same path, stay quiet
import torch


def train(loader, model, optimizer, model_path):
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x), y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
    torch.save(model, model_path)


def main(config, loader, model, optimizer):
    train(loader, model, optimizer, config.model_file)
    return torch.load(config.model_file)  # finding: torch-load-saved-objects


def save_model(model: torch.nn.Module, path):
    torch.save(model, path)


def load_model(path):
    model = torch.load(path, map_location="cpu")  # finding: torch-load-saved-objects
    return model


def save_weights(weights, path):
    torch.save(weights, path)


def restore(config, model):
    save_weights(model.state_dict(), config.weights_file)
    model.load_state_dict(torch.load(config.weights_file))
    return model
