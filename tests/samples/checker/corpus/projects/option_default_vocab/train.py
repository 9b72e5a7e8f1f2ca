import torch

from args import get_args

args = get_args()
word_vocab = torch.load(args.vocab_file)  # finding: torch-load-saved-in-project
rel1_vocab, rel2_vocab = torch.load(args.rel_vocab_file)  # finding: torch-load-saved-in-project
if args.resume_snapshot:
    state = torch.load(args.resume_snapshot)
vectors = torch.load(args.vector_cache)
