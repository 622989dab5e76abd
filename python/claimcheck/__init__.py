"""claimcheck: machine-checked companions to machine-learning theory papers."""

__version__ = "0.1.0"
