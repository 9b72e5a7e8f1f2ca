# seen in: BasicSR's later trainers (Retinexformer): the same loop as mmsr's, but the model steps its schedulers only
# from the second iteration on, after optimize_parameters has stepped the optimizer once
from models.sr_model import SRModel


def train(net, loader, total_iters, warmup):
    model = SRModel(net, [1000, 2000])
    current_step = 0
    for lq, gt in loader:
        current_step += 1
        if current_step > total_iters:
            break
        model.update_learning_rate(current_step, warmup_iter=warmup)
        model.optimize_parameters(current_step, lq, gt)
