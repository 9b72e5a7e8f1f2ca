from torch.optim import lr_scheduler


def get_scheduler(optimizer, hyperparameters, iterations=-1):
    if hyperparameters["lr_policy"] == "step":
        return lr_scheduler.StepLR(optimizer, step_size=hyperparameters["step_size"], gamma=0.5,
                                   last_epoch=iterations)
    return None
