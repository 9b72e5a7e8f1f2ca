# seen in: a label-propagation semi-supervised study whose stage-two script resumes checkpoint.180.ckpt, a file the
# project writes itself through its save helper (checkpoint.{}.ckpt joined onto the run folder); no Lightning anywhere
import torch


def main(args, model):
    resume_fn = 'models/%s_%d/checkpoint.180.ckpt' % (args.dataset, args.n)
    checkpoint = torch.load(resume_fn)
    model.load_state_dict(checkpoint['state_dict'])
    return checkpoint['best_prec1']
