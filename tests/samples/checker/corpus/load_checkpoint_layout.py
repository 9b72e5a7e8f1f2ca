# seen in: facebookresearch/mae util/misc.py, attention-is-all-you-need translate.py
# (the checkpoint dict carries the argparse Namespace; the load reads other keys of the same layout)
import torch


def save_model(args, epoch, model, optimizer, loss_scaler, path):
    to_save = {"model": model.state_dict(), "optimizer": optimizer.state_dict(), "epoch": epoch,
               "scaler": loss_scaler.state_dict(), "args": args}
    save_on_master(to_save, path)


def load_model(args, model, optimizer):
    checkpoint = torch.load(args.resume, map_location="cpu")  # finding: torch-load-saved-objects
    model.load_state_dict(checkpoint["model"])
    optimizer.load_state_dict(checkpoint["optimizer"])
    return checkpoint["epoch"] + 1


def load_translator(opt, device):
    checkpoint = torch.load(opt.model, map_location=device)  # finding: torch-load-pickled-object
    model_opt = checkpoint["settings"]
    return model_opt.src_vocab_size
