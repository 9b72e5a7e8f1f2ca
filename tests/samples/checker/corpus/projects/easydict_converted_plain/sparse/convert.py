# seen in: a converter that rebuilds the few config fields it needs as a plain dict of getattr values before
# saving the converted weights; the evaluation script reads only that converted file
import torch


def _plain_cfg(ckpt):
    cfg = ckpt.get("config")
    return {"kernel_size": getattr(cfg, "kernel_size", 7), "n_out": getattr(cfg, "n_out", 32)}


def convert(path, device="cpu"):
    ckpt = torch.load(path, map_location="cpu", weights_only=False)
    cfg = _plain_cfg(ckpt)
    model = torch.nn.Conv1d(1, cfg["n_out"], cfg["kernel_size"])
    cfg["converted"] = True
    return model.to(device), cfg


def main(src, dst):
    model, cfg = convert(src)
    torch.save({"state_dict": model.state_dict(), "config": cfg}, dst)
