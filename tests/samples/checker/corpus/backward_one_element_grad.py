# seen in: text-to-image and WGAN-GP trainers (aelnouby/Text-to-Image-Synthesis's trainer.py, caogang/wgan-gp) that
# steer the critic with loss.backward(one) / backward(mone), one = torch.FloatTensor([1]): on a 0-dim mean the
# one-element gradient no longer matches; a critic output kept one-element (WGAN's .mean(0).view(1)) still does
import torch
from torch.autograd import Variable


class Trainer:
    def __init__(self, critic, cuda):
        self.critic = critic
        self.one = torch.FloatTensor([1])
        self.flat_one = torch.tensor(1.0)
        self.cuda = cuda

    def train_critic(self, real, fake):
        one = torch.FloatTensor([1])
        mone = one * -1
        if self.cuda:
            one = Variable(one).cuda()
            mone = Variable(mone).cuda()
        real_loss = torch.mean(self.critic(real))
        real_loss.backward(mone)  # finding: backward-grad-shape-mismatch
        fake_loss = self.critic(fake).mean()
        fake_loss.backward(one)  # finding: backward-grad-shape-mismatch
        kept = self.critic(real).mean(0).view(1)
        kept.backward(one)  # one element against one element: matches
        self.critic(fake).mean().backward(self.one)  # finding: backward-grad-shape-mismatch
        self.critic(fake).mean().backward(-self.flat_one)  # a 0-dim gradient: the fix
        per_sample = self.critic(fake)
        per_sample.backward(torch.ones(1))  # the output's shape is not known here
