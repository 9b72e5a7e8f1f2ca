import torch

from ..runner.download import download_url


def pretrained_net(net, net_id):
    init = torch.load(download_url(f"https://example.org/nets/{net_id}/init"), map_location="cpu")["state_dict"]
    net.load_state_dict(init)
    return net


class Predictor(torch.nn.Module):
    def __init__(self, checkpoint_path=None):
        super().__init__()
        self.layers = torch.nn.Linear(128, 1)
        if checkpoint_path is not None:
            checkpoint = torch.load(checkpoint_path, map_location="cpu")
            if "state_dict" in checkpoint:
                checkpoint = checkpoint["state_dict"]
            self.load_state_dict(checkpoint)
