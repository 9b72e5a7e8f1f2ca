# seen in: UniKeyphrase's run_seq2seq.py: the optimizer is resumed from "optim.{0}.bin".format(recover_step) with a
# hasattr test for files of an older layout, while the script itself saves optimizer.state_dict() to the same
# pattern each epoch (through a name); a weights_only load reads that
import os
import torch


def main(args, model, optimizer, recover_step, epochs):
    if recover_step:
        optim_recover = torch.load(os.path.join(args.output_dir, "optim.{0}.bin".format(recover_step)))
        if hasattr(optim_recover, 'state_dict'):
            optim_recover = optim_recover.state_dict()
        optimizer.load_state_dict(optim_recover)
        model_recover = torch.load(os.path.join(args.output_dir, f"model.{recover_step}.bin"))  # finding: torch-load-pickled-object
        if hasattr(model_recover, 'state_dict'):
            model_recover = model_recover.state_dict()
        model.load_state_dict(model_recover)
    for i_epoch in range(epochs):
        output_optim_file = os.path.join(args.output_dir, "optim.{0}.bin".format(i_epoch))
        torch.save(optimizer.state_dict(), output_optim_file)
        torch.save(model, os.path.join(args.output_dir, f"model.{i_epoch}.bin"))
