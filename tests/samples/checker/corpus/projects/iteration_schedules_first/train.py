# seen in: mmsr-style super-resolution trainers (low-light enhancement, flows) whose loop updates the model's
# learning rate at the top of every iteration, before optimize_parameters steps the optimizer: the first iteration
# steps each _LRScheduler subclass before any optimizer step
from models.sr_model import SRModel


def train(net, loader, total_iters, warmup):
    model = SRModel(net, [1000, 2000])
    current_step = 0
    for lq, gt in loader:
        current_step += 1
        if current_step > total_iters:
            break
        model.update_learning_rate(current_step, warmup_iter=warmup)  # finding: scheduler-step-before-optimizer
        model.optimize_parameters(current_step, lq, gt)
