# seen in: a mip-NeRF port whose own _LRScheduler computes the log-linear decay with NumPy; LRScheduler.step writes
# each np.float64 rate into its param group, so the saved optimizer state needs numpy globals and the resume load
# is refused (weights_only=True: "Unsupported global: GLOBAL numpy._core.multiarray.scalar", run on 2.15)
import numpy as np
import torch


class LogLinearDecay(torch.optim.lr_scheduler._LRScheduler):
    def __init__(self, optimizer, lr_init, lr_final, max_steps):
        self.lr_init, self.lr_final, self.max_steps = lr_init, lr_final, max_steps
        super().__init__(optimizer)

    def get_lr(self):
        t = np.clip(self.last_epoch / self.max_steps, 0, 1)
        return [np.exp(np.log(self.lr_init) * (1 - t) + np.log(self.lr_final) * t)]


def train(model, batches, resume, optimizer_path):
    optimizer = torch.optim.AdamW(model.parameters(), lr=5e-4)
    if resume:
        optimizer.load_state_dict(torch.load(optimizer_path))  # finding: torch-load-saved-objects
    scheduler = LogLinearDecay(optimizer, 5e-4, 5e-6, 1000)
    for batch in batches:
        model(batch).sum().backward()
        optimizer.step()
        scheduler.step()
    torch.save(optimizer.state_dict(), optimizer_path)
