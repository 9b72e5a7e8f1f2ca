# seen in: microsoft/InnerEye-DeepLearning Tests/SSL/test_ssl_containers.py (a test steps the scheduler its module's
# configure_optimizers() returns and trains nothing; other tests of the module fit a model)
import torch


def test_lr_schedule(model):
    scheduler = model.configure_optimizers()[1][0]["scheduler"]
    for _ in range(3):
        scheduler.step()  # finding: scheduler-step-before-optimizer


def test_training(trainer, model):
    trainer.fit(model, torch.utils.data.DataLoader([]))
    scheduler = model.configure_optimizers()[1][0]["scheduler"]
    scheduler.step()  # the fit stepped the optimizer


def test_noise_schedule(scheduler, output, sample):
    return scheduler.step(output, 10, sample)  # a diffusion scheduler's step: another library's
