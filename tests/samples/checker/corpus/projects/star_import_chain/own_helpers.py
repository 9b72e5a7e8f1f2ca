# a module of the chain that binds F to its own helper namespace: the torch F behind it is not exported
from training import *


class F:
    @staticmethod
    def softmax(values):
        return sorted(values)
