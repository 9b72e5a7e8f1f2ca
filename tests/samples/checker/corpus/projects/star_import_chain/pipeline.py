# imports the training helpers wholesale and adds its own; it names no torch module itself
from training import *


def rank(x):
    return scores(x).argsort()
