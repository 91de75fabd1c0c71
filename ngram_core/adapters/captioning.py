"""pycocoevalcap's ``COCOEvalCap`` without Java: :class:`COCOEvalCap`, a drop-in.

``COCOEvalCap(coco, cocoRes).evaluate()`` fills the same ``eval`` (corpus scores),
``imgToEval`` (per image, with ``image_id``) and ``evalImgs`` as pycocoevalcap 1.2's, for
``Bleu_1``..``Bleu_4``, ``METEOR``, ``ROUGE_L`` and ``CIDEr``. **SPICE is not computed**
(it needs Stanford CoreNLP's models, a 385 MB download, and Java): its key is absent.
``coco`` and ``cocoRes`` are pycocotools ``COCO`` objects, or what :func:`load_captions`
reads from an annotations file and a results file without pycocotools; ``params["image_id"]``
chooses the images (every annotated image by default, as pycocoevalcap).

The captions are tokenized as pycocoevalcap's ``PTBTokenizer`` does (Stanford CoreNLP
3.4.1, lowercased, its punctuation dropped) by the ``coco`` tokenizer plugin
(``plugins/ngram-core-coco``, GPL; without it a :class:`~ngram_core.tokenizers.TokenizerNotInstalled`
names the install command), and scored on those tokens by the core: BLEU ``variant="coco"``,
METEOR 1.5 (the jar's numbers: pycocoevalcap reads the jar's printed scores, so they agree
to about 1e-9, not to the bit), ROUGE-L and CIDEr-D (bit for bit). As pycocoevalcap, the
results are tokenized as one file and the references as another (CoreNLP reads a caption's
end in the context of the next line). One difference: a caption holding a line break other
than ``"\\n"`` (``\\r``, U+2028...) makes pycocoevalcap pair every later caption with the
wrong line; here each caption then keeps its own tokens.
"""
from __future__ import annotations

import json
import sys
from collections import defaultdict
from typing import Any, Dict, List, Mapping, Sequence, Tuple

from ..bleu import corpus_bleu
from ..cider import corpus_cider
from ..meteor import compute_meteor
from ..rouge_l import corpus_rouge_l
from ..tokenizers import get_tokenizer

# pycocoevalcap's scorers in its order, SPICE excepted: (core function, its options, and per
# key of its dictionaries: (key, the result's corpus score, its per-image scores, the order's row))
SCORERS = (
    (corpus_bleu, {"variant": "coco", "tokenize": "none"},
     [(f"Bleu_{n}", f"bleu_{n}", "segment_scores_by_order", n - 1) for n in range(1, 5)]),
    (compute_meteor, {}, [("METEOR", "meteor", "segment_scores", None)]),
    (corpus_rouge_l, {}, [("ROUGE_L", "rouge_l", "segment_scores", None)]),
    (corpus_cider, {}, [("CIDEr", "cider", "segment_scores", None)]),
)
METRICS = tuple(method for _, _, methods in SCORERS for method, *_ in methods)


class Captions:
    """The part of a pycocotools ``COCO`` object COCOEvalCap reads: ``imgToAnns`` (image id
    -> its annotations, each with a ``caption``) and ``getImgIds()``."""

    def __init__(self, annotations: Sequence[Mapping[str, Any]], image_ids: Sequence[Any]) -> None:
        self.imgToAnns: Dict[Any, List[Mapping[str, Any]]] = defaultdict(list)
        for ann in annotations:
            self.imgToAnns[ann["image_id"]].append(ann)
        self._ids = list(image_ids)

    def getImgIds(self) -> List[Any]:
        return list(self._ids)


def _read(path: Any, what: str) -> Any:
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as err:
        raise ValueError(f"{what} {path!s} could not be read as JSON: {err}") from err


def load_captions(annotation_file: Any, results_file: Any) -> Tuple[Captions, Captions]:
    """``(coco, cocoRes)`` from a COCO captions annotations file and a results file (a list
    of ``{"image_id", "caption"}``), as pycocotools' ``COCO(...)`` and ``loadRes(...)`` give
    them to COCOEvalCap: the images are the annotations file's (``images``, in its order),
    and every result must be of one of them."""
    data = _read(annotation_file, "annotation_file")
    if not isinstance(data, dict) or "annotations" not in data:
        raise ValueError(f"annotation_file {annotation_file!s} has no 'annotations': pass a COCO captions file")
    image_ids = [image["id"] for image in data.get("images", [])] or list(
        dict.fromkeys(a["image_id"] for a in data["annotations"]))
    results = _read(results_file, "results_file")
    if not isinstance(results, list) or not all(isinstance(r, dict) and "caption" in r and "image_id" in r
                                                for r in results):
        raise ValueError(f"results_file {results_file!s} must be a list of {{'image_id': ..., 'caption': ...}}")
    known = set(image_ids)
    unknown = [r["image_id"] for r in results if r["image_id"] not in known]
    if unknown:
        raise ValueError(f"results_file has results for images not in annotation_file (first: {unknown[0]!r}); "
                         "pycocotools' loadRes refuses them too")
    return Captions(data["annotations"], image_ids), Captions(results, list(dict.fromkeys(r["image_id"] for r in results)))


def ptb_lines(captions: List[str]) -> List[str]:
    """pycocoevalcap's tokenized captions of one of its files (the results, or the references
    in image order): the plugin's ``jar_lines``, which reads each caption in the context of the
    next as CoreNLP does (a final ``a.`` keeps its period before a capital), or, where a line
    break other than ``"\n"`` makes the file's lines outnumber the captions, each caption's own."""
    tokenizer = get_tokenizer("coco")  # (a TokenizerNotInstalled naming the plugin when it is missing)
    lines = sys.modules[type(tokenizer).__module__].jar_lines(captions)
    return lines if len(lines) == len(captions) else tokenizer.tokenize_batch(captions)


class COCOEvalCap:
    """pycocoevalcap 1.2's ``COCOEvalCap``, SPICE excepted, with no Java (module docstring)."""

    def __init__(self, coco: Any, cocoRes: Any) -> None:
        self.evalImgs: List[Dict[str, Any]] = []
        self.eval: Dict[str, float] = {}
        self.imgToEval: Dict[Any, Dict[str, Any]] = {}
        self.coco = coco
        self.cocoRes = cocoRes
        self.params = {"image_id": coco.getImgIds()}

    def _captions(self) -> Tuple[List[Any], List[str], List[List[str]]]:
        image_ids = list(self.params["image_id"])
        hyps, refs = [], []
        for image_id in image_ids:
            results = self.cocoRes.imgToAnns[image_id]
            if len(results) != 1:
                raise ValueError(f"image {image_id!r} has {len(results)} results: COCOEvalCap scores one caption "
                                 "per image (set params['image_id'] = cocoRes.getImgIds() to score only those)")
            annotations = self.coco.imgToAnns[image_id]
            if not annotations:
                raise ValueError(f"image {image_id!r} has no reference captions in the annotations")
            hyps.append(results[0]["caption"])
            refs.append([a["caption"] for a in annotations])
        return image_ids, hyps, refs

    def evaluate(self, verbose: bool = False) -> None:
        """Tokenize as pycocoevalcap, then fill ``eval``, ``imgToEval`` and ``evalImgs``."""
        image_ids, hyps, refs = self._captions()
        tok_hyps = ptb_lines(hyps)
        rest = iter(ptb_lines([r for group in refs for r in group]))
        tok_refs = [[next(rest) for _ in group] for group in refs]
        for function, options, methods in SCORERS:
            result = function(tok_hyps, tok_refs, return_segments=True, **options)
            for method, corpus_key, segments_key, order in methods:
                per_image = result[segments_key] if order is None else result[segments_key][order]
                self.setEval(result[corpus_key], method)
                self.setImgToEvalImgs(per_image, image_ids, method)
                if verbose:
                    print(f"{method}: {result[corpus_key]:0.3f}")
        self.setEvalImgs()

    def setEval(self, score: float, method: str) -> None:
        self.eval[method] = score

    def setImgToEvalImgs(self, scores: Sequence[float], imgIds: Sequence[Any], method: str) -> None:
        for image_id, score in zip(imgIds, scores):
            self.imgToEval.setdefault(image_id, {"image_id": image_id})[method] = score

    def setEvalImgs(self) -> None:
        self.evalImgs = list(self.imgToEval.values())


def evaluate_files(annotation_file: Any, results_file: Any, image_ids: Any = None) -> COCOEvalCap:
    """COCOEvalCap on two files (:func:`load_captions`), evaluated: on the results' images
    (pycocoevalcap's example sets ``params['image_id'] = cocoRes.getImgIds()``) unless
    ``image_ids`` says."""
    coco, results = load_captions(annotation_file, results_file)
    evaluator = COCOEvalCap(coco, results)
    evaluator.params["image_id"] = list(image_ids) if image_ids is not None else results.getImgIds()
    evaluator.evaluate()
    return evaluator


__all__ = ["COCOEvalCap", "Captions", "METRICS", "evaluate_files", "load_captions"]
