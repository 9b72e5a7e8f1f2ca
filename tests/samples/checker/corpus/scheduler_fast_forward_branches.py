# seen in: a pruning trainer whose resume loop fast-forwards the schedule by epoch or, for OneCycle, by batch; a
# deraining trainer fast-forwarding three schedulers, each on its own optimizer; a batch step wrapped in
# `with torch.cuda.device(...)`. Each scheduler's first step() runs before its optimizer's first step().
import torch


def resume_by_branch(args, model, loader, checkpoint):
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr)
    scheduler = torch.optim.lr_scheduler.MultiStepLR(optimizer, [30, 60])
    model.load_state_dict(checkpoint["state_dict"])
    for epoch in range(args.start_epoch):
        if not args.use_onecycle:
            scheduler.step()  # finding: scheduler-step-before-optimizer
        else:
            for _ in range(len(loader)):
                scheduler.step()  # finding: scheduler-step-before-optimizer
    for x, y in loader:
        optimizer.zero_grad()
        model(x).sum().backward()
        optimizer.step()


def resume_three(opt, nets, path):
    optimizers = [torch.optim.Adam(net.parameters(), lr=opt.lr) for net in nets]
    sched_a = torch.optim.lr_scheduler.MultiStepLR(optimizers[0], opt.milestone)
    sched_b = torch.optim.lr_scheduler.MultiStepLR(optimizers[1], opt.milestone)
    sched_c = torch.optim.lr_scheduler.MultiStepLR(optimizers[2], opt.milestone)
    for _ in range(opt.resume):
        sched_a.step()  # finding: scheduler-step-before-optimizer
        sched_b.step()  # finding: scheduler-step-before-optimizer
        sched_c.step()  # finding: scheduler-step-before-optimizer
    for net in nets:
        net.load_state_dict(torch.load(path))


def train(args, net, loader, optimizer, scheduler, device):
    for inputs, targets in loader:
        with torch.cuda.device(device):
            optimizer.zero_grad()
            net(inputs.to(device)).sum().backward()
            if args.use_onecycle:
                scheduler.step()  # finding: scheduler-step-before-optimizer
            optimizer.step()


def train_in_order(args, net, loader, optimizer, scheduler, device):
    for inputs, targets in loader:
        with torch.cuda.device(device):
            optimizer.zero_grad()
            net(inputs.to(device)).sum().backward()
            optimizer.step()
            if args.use_onecycle:
                scheduler.step()
