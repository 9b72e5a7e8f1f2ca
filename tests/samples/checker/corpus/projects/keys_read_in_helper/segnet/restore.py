import torch


def restore_opt(optimizer, checkpoint):
    assert "optimizer" in checkpoint, "cant find optimizer in checkpoint"
    optimizer.load_state_dict(checkpoint["optimizer"])


def restore_net(net, checkpoint):
    with torch.no_grad():
        net.load_state_dict(checkpoint["state_dict"])


def restore_codes(codebook, table):
    codebook.load_state_dict(table["codes"])
