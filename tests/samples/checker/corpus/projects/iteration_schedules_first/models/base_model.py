class BaseModel:
    def __init__(self):
        self.optimizers = []
        self.schedulers = []

    def update_learning_rate(self, cur_iter, warmup_iter=-1):
        for scheduler in self.schedulers:
            scheduler.step()
        if cur_iter < warmup_iter:
            for optimizer in self.optimizers:
                for group in optimizer.param_groups:
                    group["lr"] = group["initial_lr"] * cur_iter / warmup_iter
