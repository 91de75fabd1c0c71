"""The ways in that bridge to other frameworks: evaluate metrics (``evaluate``), Hub
Spaces (``space``), the transformers Trainer (``trainer``), datasets.map (``datasets``),
torch.distributed (``torch``) and the command line (``cli``). Each loops over
:mod:`ngram_core.registry`; none holds a metric's logic."""
