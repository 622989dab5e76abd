"""Reading built Lean modules: a pure-Python reader of `.olean` files (see :mod:`.reader`)."""
