# seen in: round 57's DeepSatModels (CropTypeMapping/models.py): the pretrained file is read with the model's own
# parameter names as keys (key in pre_trained_model, pre_trained_model[key]), so it holds a state dict whatever it is
# called; a model-named load called like a module is still a pickled one.
import torch


def get_model(model, pretrained_model_path):
    pre_trained_model = torch.load(pretrained_model_path)
    dont_set = ["fcn_dec.final.6.weight", "fcn_dec.final.6.bias"]
    for key, value in model.state_dict().items():
        if key in dont_set:
            continue
        elif key in pre_trained_model:
            value.copy_(pre_trained_model[key])
    return model


def run(path, x):
    model = torch.load(path)  # finding: torch-load-pickled-object
    return model(x)
