"""``python -m torchpatch.validators.checker.assign_codes [REFERENCES_DIR]``: give new rules their codes.

See codes.py: each rule without a code gets the next free one of its reference's family, and the codes
of rules that no longer exist are retired, never reused. Exit status 2 on a broken registry.
"""

import sys

from .codes import main

if __name__ == "__main__":
    sys.exit(main())
