# seen in: round 57's mobile demo repositories, each a script that traces or scripts a torchvision-style model,
# runs optimize_for_mobile and writes a .ptl for the Android/iOS runtime (and a buffer for an upload). The
# plain TorchScript save beside it is torch.jit.save's finding; a same-named method of an unrelated class stays
# quiet only by its name being unique to torch's RecursiveScriptModule.
import torch
from torch.utils.mobile_optimizer import optimize_for_mobile


def export(model, example, out):
    traced = torch.jit.trace(model, example)  # finding: torchscript-warns
    mobile = optimize_for_mobile(traced)
    mobile._save_for_lite_interpreter(out + ".ptl")  # finding: lite-interpreter-save
    payload = mobile._save_to_buffer_for_lite_interpreter()  # finding: lite-interpreter-save
    mobile.save(out + ".pt")
    return payload
