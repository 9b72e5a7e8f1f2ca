# seen in: lightaime/deep_gcns_torch examples/sem_seg_dense/train.py (test() sets opt.test_value = np.mean(ious), an
# np.float64; the training loop saves {"best_value": opt.best_value} after opt.best_value = max(opt.test_value,
# opt.best_value)): torch 2.15 refuses it under weights_only=True (Unsupported global: GLOBAL
# numpy._core.multiarray.scalar)
import numpy as np
import torch


def test(model, loader, opt):
    ious = []
    for x, y in loader:
        pred = model(x).argmax(1).cpu().numpy()
        ious.append(np.mean(pred == y.numpy()))
    opt.test_value = np.mean(ious)


def train(model, loader, opt):
    if opt.resume:
        checkpoint = torch.load(opt.resume)  # finding: torch-load-saved-in-project
        model.load_state_dict(checkpoint["state_dict"])
        opt.best_value = checkpoint["best_value"]
    opt.test_value = 0.0
    for epoch in range(opt.epochs):
        test(model, loader, opt)
        opt.best_value = max(opt.test_value, opt.best_value)
        torch.save({"state_dict": model.state_dict(), "best_value": opt.best_value}, opt.ckpt)


# Look-alike: an option attribute set to a Python float.
def tune(model, loader, opt):
    if opt.resume_tuned:
        state = torch.load(opt.resume_tuned)
        model.load_state_dict(state["weights"])
        opt.lr = state["lr"]
    opt.lr = float(opt.lr) * 0.5
    torch.save({"weights": model.state_dict(), "lr": opt.lr}, opt.tuned)
