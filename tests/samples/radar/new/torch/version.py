__version__ = "1.1.0"
git_version = "n3w"
cuda = None
