from listed import *


def run(batch, Variable=None):
    return helper(batch)
