# seen in: an energy-based model's training script that keeps its run options (an EasyDict built from absl FLAGS) in
# every checkpoint under 'FLAGS'; its evaluation code reads them back to rebuild the model
import torch


def save(models, optimizer, FLAGS, path):
    ckpt = {"optimizer_state_dict": optimizer.state_dict(), "FLAGS": FLAGS}
    for i, model in enumerate(models):
        ckpt["model_state_dict_{}".format(i)] = model.state_dict()
    torch.save(ckpt, path)


def restore(path):
    checkpoint = torch.load(path)  # finding: torch-load-saved-in-project
    return checkpoint["FLAGS"]
