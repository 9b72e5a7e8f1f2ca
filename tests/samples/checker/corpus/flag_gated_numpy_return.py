# seen in: an ImageNet ensembles script whose validate() returns np.vstack(preds) only under `if ret_lp:` and the
# accuracy otherwise; the training loop's call leaves ret_lp at False, so its checkpoint holds a Python number
import numpy as np
import torch


def validate(loader, model, ret_lp=False):
    preds, correct, total = [], 0, 0
    for images, target in loader:
        output = model(images)
        preds.append(output.softmax(1).cpu().numpy())
        correct += (output.argmax(1) == target).sum().item()
        total += target.numel()
    if ret_lp:
        return np.vstack(preds)
    return correct / total


def train(loader, model, out):
    best = validate(loader, model)
    torch.save({"state_dict": model.state_dict(), "best_acc1": best}, out + "/best.pth.tar")
    checkpoint = torch.load(out + "/best.pth.tar")
    model.load_state_dict(checkpoint["state_dict"])
    return checkpoint["best_acc1"]


def ensemble(loader, model, out):
    probabilities = validate(loader, model, ret_lp=True)
    torch.save({"probs": probabilities, "members": 1}, out + "/probs.pt")
    saved = torch.load(out + "/probs.pt")  # finding: torch-load-saved-in-project
    return saved["probs"], saved["members"]
