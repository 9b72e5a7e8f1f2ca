# seen in: Multimodal-GPT's instruction tuning, which saves the mmengine Config it read into every checkpoint;
# the config is read in an if whose else raises, so only one value reaches the save
import torch
from mmengine import Config


def main(args, model, optimizer):
    if args.tuning_config is not None:
        tuning_config = Config.fromfile(args.tuning_config)
    else:
        raise ValueError("tuning_config must be specified")
    if args.resume_from_checkpoint is not None:
        checkpoint = torch.load(args.resume_from_checkpoint, map_location="cpu")  # finding: torch-load-saved-in-project
        model.load_state_dict(checkpoint["model_state_dict"])
    for epoch in range(args.num_epochs):
        checkpoint_dict = {"epoch": epoch, "model_state_dict": model.state_dict(), "tuning_config": tuning_config}
        torch.save(checkpoint_dict, f"{args.run_name}/checkpoint_{epoch}.pt")


def plain(args, model):
    # OmegaConf.to_container returns a plain dict: not a constructor, so nothing here holds an object
    from omegaconf import OmegaConf
    config = OmegaConf.to_container(OmegaConf.load(args.config))
    state = torch.load(args.resume)
    model.load_state_dict(state["model"])
    torch.save({"model": model.state_dict(), "config": config}, args.resume)
