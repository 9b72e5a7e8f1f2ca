# seen in: pedestrian-attribute trainers that pick the scheduler by a config option (torch's plateau and multi-step,
# or a copy of timm's CosineLRScheduler) and step it under the same option in the epoch function: the cosine branch's
# step(epoch=...) is that class's own; the multi-step branch's is torch's and warns
from torch.optim.lr_scheduler import MultiStepLR, ReduceLROnPlateau

from scheduler.cosine_lr import CosineLRScheduler


def main(cfg, model, optimizer, loaders):
    if cfg.TYPE == "plateau":
        lr_scheduler = ReduceLROnPlateau(optimizer, factor=0.1)
    elif cfg.TYPE == "multistep":
        lr_scheduler = MultiStepLR(optimizer, milestones=[10, 20])
    elif cfg.TYPE == "warmup_cosine":
        lr_scheduler = CosineLRScheduler(optimizer, t_initial=cfg.EPOCHS)
    for e in range(cfg.EPOCHS):
        trainer(cfg, e, model, loaders, lr_scheduler=lr_scheduler)


def trainer(cfg, e, model, loaders, lr_scheduler):
    valid_loss = model.fit(loaders)
    if cfg.TYPE == "plateau":
        lr_scheduler.step(metrics=valid_loss)
    elif cfg.TYPE == "warmup_cosine":
        lr_scheduler.step(epoch=e + 1)
    elif cfg.TYPE == "multistep":
        lr_scheduler.step(epoch=e + 1)  # finding: scheduler-step-epoch


# seen in: a SAT-solving GNN benchmark that builds a plateau scheduler for one option value and a step scheduler in
# the else branch, then hands the validation loss only under the plateau's test
def train_epochs(opts, optimizer, run_epoch):
    if opts.scheduler == "ReduceLROnPlateau":
        scheduler = ReduceLROnPlateau(optimizer, patience=opts.patience)
    else:
        scheduler = MultiStepLR(optimizer, milestones=[opts.step])
    for epoch in range(opts.epochs):
        valid_loss = run_epoch(epoch)
        if opts.scheduler == "ReduceLROnPlateau":
            scheduler.step(valid_loss)
        else:
            scheduler.step()
