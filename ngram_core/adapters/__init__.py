"""The ways in that bridge to other frameworks: evaluate metrics (``evaluate``), Hub
Spaces (``space``), the transformers Trainer (``trainer``), datasets.map (``datasets``),
torch.distributed (``torch``), the command line (``cli``), mbrs'
MBR decoders (``mbrs``), OpenRLHF's reward files (``openrlhf``), lm-evaluation-harness (``lm_eval``) and
lighteval (``lighteval``; the two harnesses' corpus score and standard error: ``corpus``). Each loops over
:mod:`ngram_core.registry`; none holds a metric's logic."""
