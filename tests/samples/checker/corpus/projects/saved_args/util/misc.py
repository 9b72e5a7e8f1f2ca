# seen in: facebookresearch/mae util/misc.py (save_model writes the argparse Namespace into every checkpoint)
import torch


def save_on_master(*args, **kwargs):
    torch.save(*args, **kwargs)


def save_model(args, epoch, model_without_ddp, optimizer, loss_scaler, checkpoint_path):
    to_save = {
        "model": model_without_ddp.state_dict(),
        "optimizer": optimizer.state_dict(),
        "epoch": epoch,
        "scaler": loss_scaler.state_dict(),
        "args": args,
    }
    save_on_master(to_save, checkpoint_path)
