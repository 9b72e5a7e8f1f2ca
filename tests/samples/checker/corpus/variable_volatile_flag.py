# seen in: facebookresearch/end-to-end-negotiator and other 0.3-era code: Variable(..., volatile=...) warns on 2.15
# only when the flag is true; volatile=False (training-time wrappers) is silent
import torch
from torch.autograd import Variable


def wrap(x, evaluating):
    inference = Variable(x, volatile=True)  # finding: variable-volatile
    training = Variable(x, volatile=False)
    either = Variable(x, volatile=evaluating)  # finding: variable-volatile
    return inference, training, either


# seen in: a scene-graph model that wraps its boxes with the feature map's own flag: a tensor's .volatile reads False
# since 0.4 (that read warns on its own), so the Variable is built with volatile=False and is silent
def union_boxes(fmap, rois):
    return Variable(rois, volatile=fmap.volatile)  # finding: tensor-volatile-attribute


# seen in: a DDPG implementation (ghliu/pytorch-ddpg's ddpg.py) that leaves volatile mode by setting the flag on
# the target network's output; the flag is gone, so setting or reading it only warns
def update_policy(critic_target, next_state, args):
    next_q_values = critic_target(next_state)
    next_q_values.volatile = False  # finding: tensor-volatile-attribute
    if args.volatile:
        return next_q_values
    return next_q_values.volatile  # finding: tensor-volatile-attribute


# seen in: FormulaNet's batch trainer, which clears the flag on each half of a tuple of features
def unfreeze(features, options):
    for feat in features:
        if isinstance(feat, tuple):
            feat[0].volatile = False  # finding: tensor-volatile-attribute
        options[0].requires_grad = False
