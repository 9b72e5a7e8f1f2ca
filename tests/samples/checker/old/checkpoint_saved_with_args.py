# expect: migrations-and-security#lightning-ckpt-files-and-other-training-loop-checkpoints
import torch


def save_on_master(*args, **kwargs):
    torch.save(*args, **kwargs)


def save_model(args, epoch, model, optimizer):
    to_save = {"model": model.state_dict(), "optimizer": optimizer.state_dict(), "epoch": epoch, "args": args}
    save_on_master(to_save, f"{args.output_dir}/checkpoint-{epoch}.pth")


def resume(args, model):
    checkpoint = torch.load(args.resume, map_location="cpu")
    model.load_state_dict(checkpoint["model"])
