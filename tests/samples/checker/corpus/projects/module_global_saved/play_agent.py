"""Replays the trained agent from the files train_agent.py writes."""
import torch

policy = torch.load("agent_policy.pt")  # finding: torch-load-saved-in-project
weights = torch.load("agent_weights.pt")
initial = torch.load("agent_initial.pt")
snapshot = torch.load("agent_snapshot.pt")
