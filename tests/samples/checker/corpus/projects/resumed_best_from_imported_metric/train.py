import os

import torch

from evaluation import evaluate, evaluate_plain


def train(model, optimizer, loader, save_path):
    previous_best, epoch = 0.0, -1
    if os.path.exists(os.path.join(save_path, 'latest.pth')):
        checkpoint = torch.load(os.path.join(save_path, 'latest.pth'))  # finding: torch-load-saved-in-project
        model.load_state_dict(checkpoint['model'])
        epoch = checkpoint['epoch']
        previous_best = checkpoint['previous_best']
    for epoch in range(epoch + 1, 10):
        miou = evaluate(model, loader)
        previous_best = max(miou, previous_best)
        torch.save({'model': model.state_dict(), 'epoch': epoch, 'previous_best': previous_best},
                   os.path.join(save_path, 'latest.pth'))


def train_plain(model, loader, save_path):
    best = 0.0
    if os.path.exists(os.path.join(save_path, 'plain.pth')):
        state = torch.load(os.path.join(save_path, 'plain.pth'))
        model.load_state_dict(state['weights'])
        best = state['best']
    for epoch in range(3):
        best = max(evaluate_plain(model, loader), best)
        torch.save({'weights': model.state_dict(), 'best': best}, os.path.join(save_path, 'plain.pth'))
