"""A lighteval custom task with ngram_core's corpus metrics beside lighteval's own.

    lighteval accelerate "model_name=..." wmt_ngram --custom-tasks examples/lighteval_task.py

Its data: a directory (``WMT_NGRAM_DATA``, default ``wmt_ngram/`` where lighteval runs) holding
``test.jsonl``, one ``{"src": ..., "ref": ...}`` per line (``"ref"`` a string or a list of
references). BLEU and chrF twice: lighteval's own (sacreBLEU; its chrF scores the first document
alone, lighteval#1112) and ngram_core's (``ngram_core_bleu``, ``ngram_core_chrf``, ... every
registered metric; standard error from every one of ``PipelineParameters.bootstrap_iters`` resamples, 1,000 by default).
"""
import os

from lighteval.metrics.metrics import Metrics
from lighteval.tasks.lighteval_task import LightevalTaskConfig
from lighteval.tasks.requests import Doc

from ngram_core.adapters.lighteval import METRICS


def translate_into_english(line, task_name=None):
    refs = [line["ref"]] if isinstance(line["ref"], str) else list(line["ref"])
    return Doc(task_name=task_name, query=f"Translate into English: {line['src']}\nEnglish:",
               choices=refs, gold_index=list(range(len(refs))))


def wmt_task(data_dir):
    return LightevalTaskConfig(
        name="wmt_ngram", prompt_function=translate_into_english, hf_repo=str(data_dir), hf_subset="default",
        hf_avail_splits=["test"], evaluation_splits=["test"], few_shots_split=None, few_shots_select=None,
        generation_size=256, stop_sequence=["\n"],
        metrics=[Metrics.bleu, Metrics.chrf, *METRICS.values()])


TASKS_TABLE = [wmt_task(os.environ.get("WMT_NGRAM_DATA", "wmt_ngram"))]
