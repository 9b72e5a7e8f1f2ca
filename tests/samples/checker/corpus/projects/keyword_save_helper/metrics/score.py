import numpy as np


def frechet(mu1, sigma1, mu2, sigma2):
    diff = mu1 - mu2
    return diff.dot(diff) + np.trace(sigma1) + np.trace(sigma2)


def compute(features, reference):
    mu, sigma = features.mean(0), np.cov(features, rowvar=False)
    value = frechet(mu, sigma, *reference)
    return value, mu, sigma
