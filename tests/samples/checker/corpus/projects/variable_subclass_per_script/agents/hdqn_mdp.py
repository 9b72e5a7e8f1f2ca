import torch
import torch.autograd as autograd

USE_CUDA = torch.cuda.is_available()


class Variable(autograd.Variable):
    def __init__(self, data, *args, **kwargs):
        if USE_CUDA:
            data = data.cuda()
        super(Variable, self).__init__(data, *args, **kwargs)


class Agent:
    def __init__(self, controller):
        self.controller = controller

    def select_action(self, state):
        return self.controller(Variable(state, volatile=True))  # finding: variable-volatile
