from .random_state import RandomState
