# seen in: gurkirt's FPN and RetinaNet trainers: on resume the MultiStepLR is fast-forwarded by a loop of plain steps,
# then the weights and the optimizer state are loaded; the fresh scheduler's first step still comes before any
# optimizer step (its step count is not restored), so it warns.
import torch


def train(args, net, optimizer, criterion, scheduler, loader):
    if args.resume > 100:
        for _ in range(args.resume - 1):
            scheduler.step()  # finding: scheduler-step-before-optimizer
        net.load_state_dict(torch.load(f"model_{args.resume:06d}.pth"))
        optimizer.load_state_dict(torch.load(f"optimizer_{args.resume:06d}.pth"))
    for images, targets in loader:
        loss = criterion(net(images), targets)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        scheduler.step()

