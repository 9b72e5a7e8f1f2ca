# seen in: a data-parallel criterion wrapper: `try: from torch._six import container_abcs` / `except: print(...)`;
# the handler binds nothing, so on a torch without torch._six the later isinstance check raises NameError
try:
    from torch._six import container_abcs  # finding: torch-name-gone
except:
    print("torch._six is missing: an older torch is expected")


def is_mapping(value):
    return isinstance(value, container_abcs.Mapping)


# the handler binds the name another way: the fallback the target runs
try:
    from torch._six import string_classes
except ImportError:
    string_classes = str


# the handler sets a flag that guards the reads
try:
    from torch._six import inf
    HAS_SIX = True
except ImportError:
    HAS_SIX = False


def clip(value):
    return min(value, inf) if HAS_SIX else value


# imported but never read outside the try: nothing fails later
try:
    from torch._six import int_classes
except ImportError:
    pass
