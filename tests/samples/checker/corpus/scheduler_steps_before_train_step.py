# seen in: a GAN training script stepping both schedulers at the top of each batch, before the trainer's
# discriminator and generator updates (methods named for one training step, which step their optimizers); each
# scheduler's first step warns. Stepping after the update, or a train step given nothing, is quiet
import torch

from gan.train import build_lr_scheduler, build_trainer

g_optimizer = torch.optim.Adam(torch.nn.Linear(2, 2).parameters())
d_optimizer = torch.optim.Adam(torch.nn.Linear(2, 2).parameters())
g_scheduler = build_lr_scheduler(g_optimizer)
d_scheduler = build_lr_scheduler(d_optimizer)
trainer = build_trainer(g_optimizer, d_optimizer)

while True:
    for x_real, y in trainer.loader:
        g_scheduler.step()  # finding: scheduler-step-before-optimizer
        d_scheduler.step()  # finding: scheduler-step-before-optimizer
        g_scheduler.step()
        dloss = trainer.discriminator_trainstep(x_real, y)
        gloss = trainer.generator_trainstep(y)


def after(trainer, scheduler):
    for batch in trainer.loader:
        trainer.train_step(batch)
        scheduler.step()


def stepped_by_hook(trainer, scheduler):
    for _ in trainer.loader:
        scheduler.step()
        trainer.train_step()
