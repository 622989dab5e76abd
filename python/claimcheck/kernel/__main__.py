"""`python -m claimcheck.kernel FILE.ndjson ...`"""

import sys

from .cli import main

sys.exit(main())
