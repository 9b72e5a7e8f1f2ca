import torch


def play_policy(net, save_dir):
    weights, clipper = torch.load(save_dir + "/agent.pt", map_location="cpu")  # finding: torch-load-saved-in-project
    net.load_state_dict(weights)
    return clipper


def play_value(actor, path):
    weights, mean, var, count = torch.load(path, map_location="cpu")  # finding: torch-load-saved-in-project
    actor.load_state_dict(weights)
    return mean, var, count


def play_export(actor, save_dir):
    weights, label = torch.load(save_dir + "/export.pt", map_location="cpu")
    actor.load_state_dict(weights)
    return label


def read_pair(path):
    # a pair of tensors written by another tool: no save of three items in this project
    features, labels, extra = torch.load(path)
    return features, labels, extra


def play_critic(critic, path):
    state = torch.load(path, map_location="cpu")  # finding: torch-load-saved-in-project
    critic.load_state_dict(state["critic"])
    return state["obs_mean"]


def read_summary(critic, path):
    state = torch.load(path, map_location="cpu")
    critic.load_state_dict(state["critic_weights"])
    return state["obs_label"]
