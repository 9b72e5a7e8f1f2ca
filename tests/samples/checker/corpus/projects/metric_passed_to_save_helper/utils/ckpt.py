# seen in: DylanWusee/pointconv_pytorch utils/utils.py: a save helper builds the checkpoint dict from its parameters
import torch


def save_checkpoint(epoch, train_accuracy, test_accuracy, model, path):
    state = {
        "epoch": epoch,
        "train_accuracy": train_accuracy,
        "test_accuracy": test_accuracy,
        "model_state_dict": model.state_dict(),
    }
    torch.save(state, path)
