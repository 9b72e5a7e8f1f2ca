# seen in: a VQ-VAE repo (vq-vae-2-pytorch) with its own one-cycle schedule: a plain class that sets the
# learning rates itself, no torch scheduler underneath
class OneCycleSchedule:
    def __init__(self, optimizer, lr_max, n_iter):
        self.optimizer = optimizer
        self.lr_max = lr_max
        self.n_iter = n_iter
        self.iteration = 0

    def step(self):
        self.iteration += 1
        scale = min(self.iteration / self.n_iter, 1.0)
        for group in self.optimizer.param_groups:
            group["lr"] = self.lr_max * scale
