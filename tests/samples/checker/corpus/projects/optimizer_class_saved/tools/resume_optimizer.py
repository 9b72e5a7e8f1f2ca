import sys

import torch

# reads the optimizer state stored down the same branch as the optimizer's class: a file saved with an optimizer
optimizer_state = torch.load(sys.argv[1])["optimizer_state_dict"]  # finding: torch-load-saved-in-project
