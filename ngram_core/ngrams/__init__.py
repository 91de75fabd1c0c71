"""The shared n-gram layer: texts -> integer token ids (``corpus``) -> n-gram ids and
clipped matches (``index``), with the C library's math (``libm``) and Arrow helpers."""
