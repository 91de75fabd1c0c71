"""The Space's entry point (README.md: app_file); the app is ngram_core.adapters.space, shared by all metrics."""
from pathlib import Path

from ngram_core.adapters import space

demo = space.build_app(Path(__file__).parent)
if __name__ == "__main__":
    demo.launch(**space.LAUNCH)  # the upload limit (space.MAX_FILE_SIZE)
