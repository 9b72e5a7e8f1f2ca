import torch


def convert(args, build):
    ckpt = torch.load(args.ckpt_file, map_location="cpu")  # finding: torch-load-saved-in-project
    model = build()
    model.load_state_dict(ckpt["model"])
    torch.save(model.state_dict(), args.save_file)
