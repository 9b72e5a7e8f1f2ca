# seen in: DeepGraphLearning/torchdrug models/esm.py (a published fair-esm model file handed to
# esm.pretrained.load_model_and_alphabet_core, which reads model_data["args"] as an argparse Namespace; the
# contact-regression file beside it is a plain {"model": state_dict})
import esm
import torch


def load_weight(model_file, regression_file, name):
    model_data = torch.load(model_file, map_location="cpu")  # finding: torch-load-pickled-object
    regression_data = torch.load(regression_file, map_location="cpu")
    return esm.pretrained.load_model_and_alphabet_core(name, model_data, regression_data)
