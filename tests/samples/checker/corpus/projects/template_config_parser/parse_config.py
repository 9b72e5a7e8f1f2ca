# the template's own config class: read by key (config["trainer"]) and by attribute (config.save_dir); its instance
# is what the trainer keeps and saves
import json
from pathlib import Path


class ConfigParser:
    def __init__(self, config, resume=None):
        self._config = config
        self.resume = resume
        self.save_dir = Path(config["trainer"]["save_dir"])

    @classmethod
    def from_file(cls, path):
        return cls(json.loads(Path(path).read_text()))

    def __getitem__(self, name):
        return self._config[name]
