"""NLTK 3.10's METEOR: its matching stages (exact, Porter stems, WordNet synonyms)."""
