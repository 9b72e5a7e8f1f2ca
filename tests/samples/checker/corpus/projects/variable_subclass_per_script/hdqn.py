# seen in: hierarchical DQN scripts (2017) where each script defines its own Variable subclass that moves the data
# to the GPU and hands every other argument to autograd.Variable: Variable(state, volatile=True) warns through it
# on 2.15, in each script, whichever other script defines a class of the same name.
import torch
import torch.autograd as autograd

USE_CUDA = torch.cuda.is_available()


class Variable(autograd.Variable):
    def __init__(self, data, *args, **kwargs):
        if USE_CUDA:
            data = data.cuda()
        super(Variable, self).__init__(data, *args, **kwargs)


def act(net, state):
    return net(Variable(state, volatile=True))  # finding: variable-volatile
