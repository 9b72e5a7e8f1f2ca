# seen in: a spiking-network training script that saves its loss module, optimizer and scheduler whole beside the
# state dict, and on resume takes them back out of the checkpoint: either way the file holds those objects
import torch
import torch.nn as nn


def main(args, ann, device, model_save_name):
    criterion = nn.CrossEntropyLoss().to(device)
    optimizer = torch.optim.SGD(ann.parameters(), lr=0.1, momentum=0.9) if args.usebn else \
        torch.optim.SGD(ann.parameters(), lr=0.01, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=args.epochs)
    if args.resume:
        ckpt = torch.load(model_save_name)  # finding: torch-load-saved-objects
        ann.load_state_dict(ckpt['model'])
        if ckpt.get('optimizer') and ckpt.get('scheduler'):
            criterion = ckpt['loss']
            optimizer = ckpt['optimizer']
            scheduler = ckpt['scheduler']
    for epoch in range(args.epochs):
        torch.save({'model': ann.state_dict(), 'epoch': epoch, 'loss': criterion, 'optimizer': optimizer,
                    'scheduler': scheduler}, model_save_name)


def plain(args, ann, path):
    state = {'model': ann.state_dict()}
    if args.resume:
        ckpt = torch.load(path)
        state = ckpt['state']
    torch.save({'state': state, 'epoch': 0}, path)
