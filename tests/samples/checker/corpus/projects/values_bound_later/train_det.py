# seen in: a detection trainer whose save(**kwargs) keeps what train.py passes, best_map=np.nanmean(aps)
import numpy as np
import torch

from segtools.trainer import DetTrainer, PlainTrainer


def train(model, loader, epochs):
    torch.manual_seed(0)
    trainer = DetTrainer(model).cuda()
    plain = PlainTrainer(model)
    best_map = 0.0
    for epoch in range(epochs):
        aps = [batch.ap for batch in loader]
        eval_map = np.nanmean(aps)
        if eval_map > best_map:
            best_map = eval_map
            trainer.save("best.pth", best_map=best_map)
        plain.save("plain.pth", epoch=epoch, mean_ap=float(np.nanmean(aps)))
