# seen in: a WaveNet vocoder's incremental Conv1d (an nn.Conv1d subclass hooking its own backward)
import torch
from torch import nn


class IncrementalConv(nn.Conv1d):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.register_backward_hook(self._clear_cache)  # finding: module-register-backward-hook

    def _clear_cache(self, *args):
        self._cache = None


class DeeperConv(IncrementalConv):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.register_backward_hook(self._clear_cache)  # finding: module-register-backward-hook
        self.register_full_backward_hook(self._clear_cache)


class HookRegistry:  # no torch base: its own method
    def __init__(self):
        self.hooks = []
        self.register_backward_hook(print)

    def register_backward_hook(self, hook):
        self.hooks.append(hook)


class OwnHookModule(nn.Module):  # overrides the method: self.register_backward_hook is its own
    def __init__(self):
        super().__init__()
        self.register_backward_hook(print)

    def register_backward_hook(self, hook):
        return super().register_full_backward_hook(hook)
