# expect: migrations-and-security#saving-for-the-lite-interpreter-warns
# expect: migrations-and-security#torchscript-apis-warn-with-futurewarning
import torch
from torch.utils.mobile_optimizer import optimize_for_mobile

model = torch.nn.Linear(4, 2).eval()
mobile = optimize_for_mobile(torch.jit.script(model))
mobile._save_for_lite_interpreter("linear.ptl")
