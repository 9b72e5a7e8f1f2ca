__version__ = "1.0.0"
git_version = "0ld"
cuda = None
