# seen in: video-text retrieval trainers copied from CLIP4Clip, whose prep_optimizer returns `scheduler = None` beside
# a BertAdam that schedules its own rate; train_epoch steps `if scheduler is not None:` before optimizer.step(). The
# project binds that name to nothing but None, so the step never runs: no finding.
import torch


def prep_optimizer(model, lr):
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
    scheduler = None
    return optimizer, scheduler, model


def train_epoch(model, loader, optimizer, scheduler):
    model.train()
    for batch in loader:
        loss = model(*batch)
        loss.backward()
        if scheduler is not None:
            scheduler.step()
        optimizer.step()
        optimizer.zero_grad()


def main(model, loader, epochs):
    optimizer, scheduler, model = prep_optimizer(model, 1e-4)
    for epoch in range(epochs):
        train_epoch(model, loader, optimizer, scheduler)
