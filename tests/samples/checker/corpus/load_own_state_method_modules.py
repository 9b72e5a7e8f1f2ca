# seen in: offline RL trainers (CQL-style), whose own state_dict() method puts whole nn.Module objects in its dict
import torch
import torch.nn as nn


class Scalar(nn.Module):
    def __init__(self, init_value: float):
        super().__init__()
        self.constant = nn.Parameter(torch.tensor(init_value, dtype=torch.float32))

    def forward(self):
        return self.constant


class Trainer:
    def __init__(self, actor, optimizer, use_automatic_entropy_tuning):
        self.actor = actor
        self.actor_optimizer = optimizer
        if use_automatic_entropy_tuning:
            self.log_alpha = Scalar(0.0)
        else:
            self.log_alpha = None
        self.log_alpha_prime = Scalar(1.0)
        self.total_it = 0

    def state_dict(self):
        return {
            "actor": self.actor.state_dict(),
            "actor_optim": self.actor_optimizer.state_dict(),
            "sac_log_alpha": self.log_alpha,
            "cql_log_alpha": self.log_alpha_prime,
            "total_it": self.total_it,
        }

    def load_state_dict(self, state_dict):
        self.actor.load_state_dict(state_dict["actor"])
        self.actor_optimizer.load_state_dict(state_dict["actor_optim"])
        self.log_alpha = state_dict["sac_log_alpha"]
        self.log_alpha_prime = state_dict["cql_log_alpha"]
        self.total_it = state_dict["total_it"]


class PlainTrainer:
    # the same shape, but its state holds tensors and numbers only: weights_only loads it
    def __init__(self, actor):
        self.actor = actor
        self.log_alpha = torch.zeros(1, requires_grad=True)
        self.beta = nn.Parameter(torch.zeros(1))
        self.total_it = 0

    def state_dict(self):
        return {"actor": self.actor.state_dict(), "log_alpha": self.log_alpha.item(), "beta": self.beta,
                "total_it": self.total_it}

    def load_state_dict(self, state_dict):
        self.actor.load_state_dict(state_dict["actor"])


def train(policy_file, plain_file, checkpoint_path, actor, optimizer):
    trainer = Trainer(actor, optimizer, True)
    if policy_file:
        trainer.load_state_dict(torch.load(policy_file))  # finding: torch-load-saved-objects
    plain = PlainTrainer(actor)
    plain.load_state_dict(torch.load(plain_file))
    torch.save(trainer.state_dict(), checkpoint_path)
    torch.save(plain.state_dict(), plain_file)


def resume(checkpoint_path, actor, optimizer):
    trainer = Trainer(actor, optimizer, False)
    state = torch.load(checkpoint_path)  # finding: torch-load-saved-objects
    trainer.load_state_dict(state)
    return trainer
