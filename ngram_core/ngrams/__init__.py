"""The shared n-gram layer: checked texts -> a tokenized corpus in the layout the road
picks (``corpora``: plain token lists, ``plain``, or integer token ids, ``corpus``) ->
n-gram ids and clipped matches (``index``), with the C library's math (``libm``) and Arrow helpers."""
