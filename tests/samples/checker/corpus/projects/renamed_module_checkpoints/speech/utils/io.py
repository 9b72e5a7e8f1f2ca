# The project's checkpoint helpers. Checkpoints written before a package rename pickled classes of the old module
# path: the loader retries with a renaming unpickler when the import fails, so the format holds classes.
import datetime
import pickle as pickle_renamed

import torch

from speech.utils.unpickler import RenamingUnpickler


def load_checkpoint(model, checkpoint_path):
    try:
        state = torch.load(checkpoint_path, map_location="cpu")  # finding: torch-load-pickled-object
    except ModuleNotFoundError:
        pickle_renamed.Unpickler = RenamingUnpickler
        state = torch.load(checkpoint_path, map_location="cpu", pickle_module=pickle_renamed)
    model.load_state_dict(state["model"])
    model.decoder.set_r(state["r"])
    return model, state


def save_checkpoint(model, optimizer, step, r, output_path, **kwargs):
    state = {
        "model": model.state_dict(),
        "optimizer": optimizer.state_dict(),
        "step": step,
        "r": r,
        "date": datetime.date.today().strftime("%B %d, %Y"),
    }
    state.update(kwargs)  # the training scripts add their own entries (scaler=...)
    torch.save(state, output_path)
