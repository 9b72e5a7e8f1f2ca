# seen in public ensembling, ODE and Jacobian code: the package imported whole, its transforms called through it
import functorch
import functorch as ft
import torch


def ensemble(models, data):
    fmodel, params, buffers = functorch.combine_state_for_ensemble(models)  # finding: functorch-api-deprecated
    return functorch.vmap(fmodel, (0, 0, None))(params, buffers, data)  # finding: functorch-api-deprecated


def gradient(x):
    return ft.grad(torch.sum)(x)  # finding: functorch-api-deprecated


def first_class_dims():
    return functorch.dim.dims(2)  # functorch.dim is not the deprecated transforms: no finding
