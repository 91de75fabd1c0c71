"""Where the package's data files are (METEOR 1.5's resources, WordNet, their licences)."""
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"
