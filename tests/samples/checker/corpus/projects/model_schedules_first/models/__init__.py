from .base_model import create_model
