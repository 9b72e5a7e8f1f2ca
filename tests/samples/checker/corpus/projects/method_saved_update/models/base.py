import numpy as np
import torch


class FieldBase(torch.nn.Module):
    def get_kwargs(self):
        return {"grid_size": self.grid_size, "near_far": self.near_far}

    def save(self, path):
        ckpt = {"kwargs": self.get_kwargs(), "state_dict": self.state_dict()}
        if self.mask is not None:
            volume = self.mask.volume.bool().cpu().numpy()
            ckpt.update({"mask.shape": volume.shape})
            ckpt.update({"mask.bits": np.packbits(volume.reshape(-1))})  # a numpy array: Unsupported global
            ckpt.update({"mask.aabb": self.mask.aabb.cpu()})
        torch.save(ckpt, path)

    def load(self, ckpt):
        if "mask.aabb" in ckpt.keys():
            length = np.prod(ckpt["mask.shape"])
            volume = torch.from_numpy(np.unpackbits(ckpt["mask.bits"])[:length].reshape(ckpt["mask.shape"]))
            self.mask = (ckpt["mask.aabb"], volume)
        self.load_state_dict(ckpt["state_dict"])
