# seen in: ZJLAB-AMMI/msp's train.py: a resumed run skips the batches of the epochs already done, stepping the
# linear warm-up scheduler alone for each; that step comes before any optimizer step
import torch


def train(model, loader, optimizer, scheduler, start_epoch, epochs):
    global_step = 0
    for epoch in range(epochs):
        for batch in loader:
            global_step += 1
            if global_step < start_epoch * len(loader):
                scheduler.step()  # finding: scheduler-step-before-optimizer
                continue
            loss = model(batch)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            scheduler.step()



def skip_logged(model, loader, optimizer, scheduler, log_every):
    for step, batch in enumerate(loader):
        loss = model(batch)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if step % log_every:
            scheduler.step()
            continue
        print(loss.item())
