# A potential's checkpoint reader that restores optimizer and scheduler state dicts and, when that fails, tries the
# item as a whole object (files an older release wrote): the handler's `.state_dict()` serves that older layout, and
# the file its own save() writes holds state dicts and plain values only, which weights_only loads.
import torch
from torch.optim import Adam
from torch.optim.lr_scheduler import StepLR


class Potential:
    def save(self, path):
        torch.save({"model": self.model.state_dict(), "optimizer": self.optimizer.state_dict(),
                    "scheduler": self.scheduler.state_dict(), "last_epoch": self.last_epoch}, path)

    @classmethod
    def from_checkpoint(cls, path, model):
        checkpoint = torch.load(path, map_location="cpu")
        model.load_state_dict(checkpoint["model"])
        optimizer = Adam(model.parameters())
        scheduler = StepLR(optimizer, step_size=10)
        try:
            optimizer.load_state_dict(checkpoint["optimizer"])
        except BaseException:
            try:
                optimizer.load_state_dict(checkpoint["optimizer"].state_dict())
            except BaseException:
                optimizer = None
        try:
            scheduler.load_state_dict(checkpoint["scheduler"])
        except Exception:
            scheduler.load_state_dict(checkpoint["scheduler"].state_dict())
        return model, optimizer, scheduler


def resume_whole(path, optimizer):
    # the item used as a module outside any fallback: the file holds a pickled model
    ckpt = torch.load(path)  # finding: torch-load-pickled-object
    try:
        optimizer.load_state_dict(ckpt["optimizer"])
    except ValueError:
        print("optimizer state skipped")
    ckpt["model"].eval()
    return ckpt["model"]
