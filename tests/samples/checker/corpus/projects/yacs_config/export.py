# seen in: checkpoints that keep the config next to the weights as YAML text, a shallow dict copy or the --config path
import torch


def export_weights(config, args, model, path):
    config = config.dump() if hasattr(config, "dump") else vars(config)  # YAML text
    torch.save({"weights": model.state_dict(), "config": config}, path)


def export_copy(config, model, path):
    config = dict(config)  # a shallow copy: the nested CfgNodes stay
    torch.save({"backbone": model.state_dict(), "config": config}, path)


def export_with_path(args, model, path):
    torch.save({"student": model.state_dict(), "config": args.config}, path)  # the --config yaml path


def read_weights(path, model):
    model.load_state_dict(torch.load(path)["weights"])


def read_student(path, model):
    model.load_state_dict(torch.load(path)["student"])


def read_backbone(path, model):
    model.load_state_dict(torch.load(path)["backbone"])  # finding: torch-load-saved-in-project
