# A retriever fine-tuning script that resizes a decoder's vocabulary, keeps the resized embedding layer in a file of
# its own and later puts it back: what goes into set_input_embeddings / set_output_embeddings is an nn.Module, so the
# file read there holds a pickled module, which weights_only refuses ("Unsupported global").
import os

import torch
from transformers import AutoModelForCausalLM


def restore_embeddings(model, adapter_dir):
    emb_file = os.path.join(adapter_dir, "embedding", "emb.pth")
    if os.path.exists(emb_file):
        model.set_input_embeddings(torch.load(emb_file))  # finding: torch-load-pickled-object
    head = torch.load(os.path.join(adapter_dir, "head.pth"))  # finding: torch-load-pickled-object
    model.set_output_embeddings(head)
    return model


def load_plain_parts(model, adapter_dir):
    # look-alikes: the embedding weights restored as a state dict, and a tensor copied into the layer
    model.get_input_embeddings().load_state_dict(torch.load(os.path.join(adapter_dir, "emb_state.pth")))
    weight = torch.load(os.path.join(adapter_dir, "emb_weight.pt"))
    model.get_input_embeddings().weight.data.copy_(weight)
    return model


def build(name, adapter_dir):
    model = AutoModelForCausalLM.from_pretrained(name)
    return restore_embeddings(model, adapter_dir)
