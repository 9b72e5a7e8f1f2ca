import torch


def train(model, optimizer, args):
    if (args.checkpoint_dir / "checkpoint.pth").is_file():
        ckpt = torch.load(args.checkpoint_dir / "checkpoint.pth", map_location="cpu")
        start_epoch = ckpt["epoch"]
        model.load_state_dict(ckpt["model"])
        optimizer.load_state_dict(ckpt["optimizer"])
    else:
        start_epoch = 0
    for epoch in range(start_epoch, args.epochs):
        state = dict(epoch=epoch + 1, model=model.state_dict(), optimizer=optimizer.state_dict())
        torch.save(state, args.checkpoint_dir / "checkpoint.pth")


def export(args):
    ckpt = torch.load(args.checkpoint_dir / "checkpoint.pth", map_location="cpu")  # finding: torch-load-saved-in-project
    return ckpt["best_acc"], ckpt["model"]
