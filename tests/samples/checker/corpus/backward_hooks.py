# seen in: allennlp's saliency interpreters (embedding_layer.register_backward_hook(hook)), fairseq's NanDetector
# and SlowFast's Grad-CAM: the non-full module hook warns on each backward through a layer with parameters
import torch


def attach(embedding_layer, target_layer, hook):
    handles = [embedding_layer.register_backward_hook(hook)]  # finding: module-register-backward-hook
    handles.append(target_layer.register_full_backward_hook(hook))
    handles.append(target_layer.register_forward_hook(hook))
    return handles
