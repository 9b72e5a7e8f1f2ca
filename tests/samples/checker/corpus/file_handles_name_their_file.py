# seen in: language-model trainers (DEQ, awd-lstm descendants) that write the whole model and the optimizer's
# state_dict through handles that are all called f; reading the optimizer file back is a plain state dict
import os

import torch


def save(model, optimizer, work_dir):
    with open(os.path.join(work_dir, "model.pt"), "wb") as f:
        torch.save(model, f)
    with open(os.path.join(work_dir, "optimizer.pt"), "wb") as f:
        torch.save(optimizer.state_dict(), f)


def restart(optimizer, work_dir):
    with open(os.path.join(work_dir, "model.pt"), "rb") as f:
        model = torch.load(f)  # finding: torch-load-pickled-object
    with open(os.path.join(work_dir, "optimizer.pt"), "rb") as f:
        opt_state = torch.load(f)
        optimizer.load_state_dict(opt_state)
    return model.eval()
