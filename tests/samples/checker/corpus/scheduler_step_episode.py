# seen in: few-shot trainers (LearningToCompare) that pass their loop counter, named episode, to StepLR.step
from torch.optim.lr_scheduler import StepLR


def meta_train(encoder_optim, episodes):
    encoder_scheduler = StepLR(encoder_optim, step_size=100000, gamma=0.5)
    for episode in range(episodes):
        encoder_optim.step()
        encoder_scheduler.step(episode)  # finding: scheduler-step-epoch
