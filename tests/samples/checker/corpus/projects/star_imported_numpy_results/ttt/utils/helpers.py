# seen in: test-time training experiments (ttt_cifar_release) whose evaluation helper returns NumPy results, star-
# imported by the scripts that save them; the scripts that load those files read NumPy objects back
import torch


def test(loader, net):
    correct = []
    for x, y in loader:
        correct.append(net(x).argmax(1).eq(y).cpu())
    correct = torch.cat(correct).numpy()
    return 1 - correct.mean(), correct


def _private(x):
    return x
