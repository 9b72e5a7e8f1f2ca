# seen in: StackGAN-v2's trainer (hanzhanggit/StackGAN-v2's code/trainer.py), whose colour-consistency terms scale a
# loss module made and called at once by nested config options: cfg.TRAIN.COEFF.COLOR_LOSS * 5 * nn.MSELoss()(a, b)
# is a 0-dim loss, and its .data[0] raises IndexError since 0.4
import torch.nn as nn


def color_terms(cfg, mu1, mu2, cov1, cov2):
    like_mu = cfg.TRAIN.COEFF.COLOR_LOSS * nn.MSELoss()(mu1, mu2)
    like_cov = cfg.TRAIN.COEFF.COLOR_LOSS * 5 * \
        nn.MSELoss()(cov1, cov2)
    per_pixel = nn.MSELoss(reduction="none")(mu1, mu2)
    return like_mu.data[0], like_cov.data[0], per_pixel.data[0]  # finding: loss-data-index
