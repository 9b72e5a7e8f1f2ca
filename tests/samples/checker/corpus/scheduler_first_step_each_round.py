# seen in: incremental-learning and backdoor-training scripts that build a fresh optimizer and scheduler for each
# round (after other models trained), then step the scheduler at the top of the round's first epoch; a switch set
# before the loop opens the step, a printed 'Epoch {}'.format(...) comes first, the loop sits in a try block
import torch


def rounds(model, batches, sessions, step_lr, epochs):
    base = torch.optim.SGD(model.parameters(), lr=0.1)
    for x in batches:
        base.zero_grad()
        model(x).sum().backward()
        base.step()
    for session in range(sessions):
        optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
        scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=5)
        try:
            for epoch in range(epochs):
                print('Epoch {}:'.format(epoch))
                if step_lr:
                    scheduler.step()  # finding: scheduler-step-before-optimizer
                for x in batches:
                    optimizer.zero_grad()
                    model(x).sum().backward()
                    optimizer.step()
        except KeyboardInterrupt:
            break


def warm_rounds(model, batches, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    for session in range(3):
        scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=5)
        for epoch in range(epochs):  # the first round's first step warns (run: one warning in all)
            scheduler.step()  # finding: scheduler-step-before-optimizer
            for x in batches:
                optimizer.zero_grad()
                model(x).sum().backward()
                optimizer.step()


def late_switch(model, batches, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=5)
    for epoch in range(epochs):
        if epoch > 2:
            scheduler.step()
        for x in batches:
            optimizer.zero_grad()
            model(x).sum().backward()
            optimizer.step()
