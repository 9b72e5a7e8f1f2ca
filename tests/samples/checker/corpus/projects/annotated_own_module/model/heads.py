# The head stores the backbone it is handed, annotated with the project's own class (imported relatively): not
# another library's class, so `self.model` may be (and here is) a torch module, whose state_dict(destination,
# prefix, keep_vars) passed positionally warns "Positional args are being deprecated, use kwargs instead."
import torch

from .modeling import BackboneModel


class MultiChoiceHead(torch.nn.Module):
    def __init__(self, language_model: BackboneModel, take_softmax=True):
        super().__init__()
        self.model = language_model
        self.take_softmax = take_softmax

    def state_dict(self, destination=None, prefix="", keep_vars=False):
        return self.model.state_dict(destination, prefix, keep_vars)  # finding: module-state-dict-positional

    def load_state_dict(self, state_dict, strict=True):
        return self.model.load_state_dict(state_dict, strict=strict)
