"""Each metric's Space in a real browser: its ``app.py`` served on loopback, driven by
headless Debian Chromium through Selenium.

For every metric folder (and the stand-in ``tests/space_fixtures/toy_metric``) this
starts ``app.py`` as a subprocess on 127.0.0.1 and a free port, with every connection
outside loopback refused and logged (``space_fixtures/offline.py``), then: computes the
prefilled example and checks the displayed table against ``evaluate.load(folder).compute``;
loads the second example; types mismatched line counts and reads the error message;
uploads files. Screenshots go to ``$NGRAM_CORE_ARTIFACTS`` (default ``tests/artifacts/``).

Needs ``apt-get install chromium chromium-driver`` and ``pip install selenium gradio==6.31.0``;
only Debian's browser and driver are used (no Selenium Manager download).
"""
from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from helpers.data import REPO
from helpers.require import require, require_module
from helpers.spaces import METRIC_FOLDERS, metric_folder

from ngram_core import registry
from ngram_core.adapters import space

pytestmark = pytest.mark.slow

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
OFFLINE = Path(__file__).parents[1] / "space_fixtures" / "offline.py"
ARTIFACTS = Path(os.environ.get("NGRAM_CORE_ARTIFACTS", REPO / "tests" / "artifacts"))
START_TIMEOUT = 120  # seconds for app.py to import gradio, load the metric and listen
UI_TIMEOUT = 30

OFFLINE_ENV = {
    "GRADIO_ANALYTICS_ENABLED": "False",
    "GRADIO_SERVER_NAME": "127.0.0.1",
    "HF_HUB_OFFLINE": "1",
    "HF_HUB_DISABLE_TELEMETRY": "1",
    "HF_DATASETS_OFFLINE": "1",
    "HF_EVALUATE_OFFLINE": "1",
    "NO_PROXY": "127.0.0.1,localhost",
    "no_proxy": "127.0.0.1,localhost",
    "PYTHONUNBUFFERED": "1",
}

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    # The page may only reach the app: any other host name resolves to nothing.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
    "--window-size=1280,1700",
]

# Checked once for the module: without a browser every test would skip for the same reason.
require(shutil.which(CHROMIUM) is not None and shutil.which(CHROMEDRIVER) is not None,
        f"{CHROMIUM} or {CHROMEDRIVER} missing (every browser test needs both): apt-get install -y chromium chromium-driver")
require_module("gradio")
require_module("selenium.webdriver")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class SpaceServer:
    """``app.py`` of ``folder`` started in a subprocess; ``url`` once it listens."""

    def __init__(self, folder: Path, workdir: Path):
        self.folder = folder
        self.connection_log = workdir / "connections.log"
        self.output: list[str] = []
        port = free_port()
        env = {**os.environ, **OFFLINE_ENV, "GRADIO_SERVER_PORT": str(port)}
        env["NGRAM_CORE_CONNECTION_LOG"] = str(self.connection_log)
        env["GRADIO_TEMP_DIR"] = str(workdir / "uploads")
        # evaluate copies the metric script into a shared modules cache; several apps (and
        # other test runs) starting at once raced there once, so each app gets its own.
        env["HF_MODULES_CACHE"] = str(workdir / "modules")
        for proxy in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"):  # loopback needs none
            env.pop(proxy, None)
            env.pop(proxy.lower(), None)
        self.process = subprocess.Popen(
            [sys.executable, str(OFFLINE), str(folder / "app.py")],
            cwd=folder,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.url = None
        self._ready = threading.Event()
        threading.Thread(target=self._read_output, daemon=True).start()

    def _read_output(self) -> None:
        for line in self.process.stdout:
            self.output.append(line)
            if "Running on local URL:" in line:
                self.url = line.split("URL:", 1)[1].strip().split(",")[0]
                self._ready.set()
        self._ready.set()  # the process ended

    def wait_until_listening(self) -> "SpaceServer":
        if not self._ready.wait(START_TIMEOUT) or self.url is None:
            self.stop()
            pytest.fail(f"{self.folder.name}/app.py did not start:\n{''.join(self.output)[-4000:]}")
        return self

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    webdriver = require_module("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    options.set_capability("goog:loggingPrefs", {"performance": "ALL"})  # the page's requests
    # With the driver's path given, Selenium skips Selenium Manager (which would download one).
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    """Every available Space, started at once: most of a start is importing Gradio and
    loading the metric, which overlap well."""
    names = [name for name in METRIC_FOLDERS if (REPO / name / f"{name}.py").is_file()]
    started = {name: SpaceServer(metric_folder(name), tmp_path_factory.mktemp(f"space-{name}")) for name in names}
    yield started
    for server in started.values():
        server.stop()


@pytest.fixture(scope="module", params=METRIC_FOLDERS)
def app(request, servers):
    if request.param not in servers:
        metric_folder(request.param)  # skips, or fails in CI, naming the missing script
    return servers[request.param].wait_until_listening()


@pytest.fixture(scope="module")
def reference_metric(app):
    """The metric as a user loads it, to compare the page with."""
    import evaluate

    return evaluate.load(str(app.folder))


# -- driving the page ---------------------------------------------------------------------
def open_app(driver, app: SpaceServer) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(app.url)
    WebDriverWait(driver, UI_TIMEOUT).until(
        lambda d: d.execute_script("const t = document.querySelector('#predictions textarea'); return t && t.value;")
    )


def textbox_value(driver, elem_id: str) -> str:
    return driver.execute_script(f"return document.querySelector('#{elem_id} textarea').value;")


def set_textbox(driver, elem_id: str, text: str) -> None:
    """Set a textarea as typing would (tabs included), firing the input event Svelte listens to."""
    driver.execute_script(
        """
        const area = document.querySelector('#' + arguments[0] + ' textarea');
        Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set.call(area, arguments[1]);
        area.dispatchEvent(new Event('input', {bubbles: true}));
        """,
        elem_id,
        text,
    )


def set_option(driver, spec, value) -> None:
    """Set an option widget as a user would: tick a checkbox, or pick a drop-down entry."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    widget = driver.find_element(By.ID, f"option-{spec.name}")
    if spec.kind == "flag" and not spec.optional:
        box = widget.find_element(By.CSS_SELECTOR, "input[type=checkbox]")
        if box.is_selected() != value:
            box.click()
        return
    assert spec.kind == "choice" or spec.kind == "flag", f"no way to set a {spec.kind} widget here"
    field = widget.find_element(By.CSS_SELECTOR, "input")
    field.click()
    field.send_keys(Keys.CONTROL, "a")
    field.send_keys(space.choice_label(value))
    option = WebDriverWait(driver, UI_TIMEOUT).until(lambda d: next(
        (li for li in d.find_elements(By.CSS_SELECTOR, "ul[role=listbox] li") if li.text.strip() == space.choice_label(value)), None))
    option.click()


def compute(driver) -> str:
    """Click Compute on a freshly opened page; the message once the app has answered."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver.find_element(By.ID, "compute").click()
    return WebDriverWait(driver, UI_TIMEOUT).until(
        lambda d: d.find_element(By.ID, "message").text.strip() or None
    )


def result_table(driver, rows_expected: bool = True, elem_id: str = "result") -> list:
    """A result table's body as [[field, value], ...] (Gradio draws it as virtual rows)."""
    from selenium.webdriver.support.ui import WebDriverWait

    def read(d):
        return d.execute_script(
            """
            return [...document.querySelectorAll('#' + arguments[0] + ' [role=row].virtual-row')]
                .sort((a, b) => a.dataset.index - b.dataset.index)
                .map(row => [...row.querySelectorAll('[role=gridcell]')].map(cell => cell.innerText.trim()))
                .filter(row => row.some(cell => cell !== ''));
            """,
            elem_id,
        )

    if rows_expected:
        WebDriverWait(driver, UI_TIMEOUT).until(read)
    return read(driver)


def screenshot(driver, app: SpaceServer, what: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"space-{app.folder.name}-{what}.png"
    driver.save_screenshot(str(path))
    return path


def expected(metric, app: SpaceServer, predictions, references):
    result = metric.compute(predictions=predictions, references=references)
    family = space.metric_family(metric.name)
    return space.headline(result, family), space.result_rows(result, family)


def example_corpus(example):
    predictions, *reference_sets = (space.split_lines(text) for text in example)
    reference_sets = [lines for lines in reference_sets if lines]
    return predictions, [list(segment) for segment in zip(*reference_sets)]


# -- the tests ------------------------------------------------------------------------------
def test_prefilled_example_shows_the_score_evaluate_computes(browser, app, reference_metric):
    open_app(browser, app)
    message = compute(browser)
    headline, rows = expected(reference_metric, app, *example_corpus(space.EXAMPLES[0]))
    screenshot(browser, app, "example")
    assert message.splitlines()[0] == headline
    assert result_table(browser) == rows
    assert rows[-1][0] == "signature"


def test_second_example_fills_the_boxes_and_scores_one_reference_set(browser, app, reference_metric):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    open_app(browser, app)
    first_line = space.EXAMPLES[1][0].split("\n")[0]
    browser.find_element(By.XPATH, f"//*[@id='examples']//*[contains(text(), '{first_line}')]").click()
    WebDriverWait(browser, UI_TIMEOUT).until(lambda d: textbox_value(d, "predictions") == space.EXAMPLES[1][0])
    assert textbox_value(browser, "references-2") == ""
    message = compute(browser)
    headline, rows = expected(reference_metric, app, *example_corpus(space.EXAMPLES[1]))
    assert message.splitlines()[0] == headline
    assert "up to 1 reference each" in message
    assert result_table(browser) == rows


def test_tab_separated_references_score_like_two_reference_sets(browser, app, reference_metric):
    predictions, ref_1, ref_2 = space.EXAMPLES[0]
    open_app(browser, app)
    set_textbox(browser, "references-1", "\n".join(a + "\t" + b for a, b in zip(ref_1.split("\n"), ref_2.split("\n"))))
    set_textbox(browser, "references-2", "")
    message = compute(browser)
    headline, rows = expected(reference_metric, app, *example_corpus(space.EXAMPLES[0]))
    assert message.splitlines()[0] == headline
    assert result_table(browser) == rows


def test_an_option_set_in_the_page_reaches_compute(browser, app, reference_metric):

    specs = {s.name: s for s in space.option_specs(reference_metric.OPTIONS)}
    case = "lowercase" if "lowercase" in specs else "case_sensitive"  # TER's flag: its default lowercases
    spec = specs[case]
    # METEOR 1.5's -norm lowercases whatever lowercase says: case matters only without it
    fixed = {"normalize": False} if "normalize" in specs and specs["normalize"].default else {}
    lowercase = True if spec.default is None else not spec.default
    predictions, reference_1, _ = space.EXAMPLES[1]  # differs in case from its reference
    open_app(browser, app)
    set_textbox(browser, "predictions", predictions)
    set_textbox(browser, "references-1", reference_1)
    set_textbox(browser, "references-2", "")
    for name, value in fixed.items():
        set_option(browser, specs[name], value)
    set_option(browser, spec, lowercase)
    message = compute(browser)
    corpus = dict(zip(["predictions", "references"], example_corpus(space.EXAMPLES[1])))
    result = reference_metric.compute(**corpus, **fixed, **{case: lowercase})
    family = space.metric_family(reference_metric.name)
    first = space.primary_field(result, family)
    assert result[first] != reference_metric.compute(**corpus, **fixed, **{case: not lowercase})[first]
    assert message.splitlines()[0] == space.headline(result, family)
    assert result_table(browser) == space.result_rows(result, family)


def test_typed_predictions_with_a_different_line_count_show_an_error(browser, app):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    open_app(browser, app)
    area = browser.find_element(By.CSS_SELECTOR, "#predictions textarea")
    area.click()
    area.send_keys(Keys.CONTROL, "a")
    area.send_keys(Keys.DELETE)
    area.send_keys("one\ntwo\nthree\nfour")
    assert textbox_value(browser, "predictions") == "one\ntwo\nthree\nfour"
    message = compute(browser)
    screenshot(browser, app, "error")
    assert message == (
        "Error: The predictions (text box) have 4 lines but reference set 1 has 3: "
        "give one reference line per prediction line."
    )
    assert result_table(browser, rows_expected=False) == []


def test_empty_predictions_show_an_error(browser, app):
    open_app(browser, app)
    set_textbox(browser, "predictions", "")
    assert compute(browser).startswith("Error: The predictions are empty")


def test_uploaded_files_replace_the_text_boxes(browser, app, reference_metric, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    hyps = ["the cat sat on the mat", "a dog barked twice", "rain again"]
    refs = [["the cat sat on a mat", "a cat was on the mat"], ["the dog barked twice", "a dog barked"], ["it rained again", "rain once more"]]
    (tmp_path / "hyp.txt").write_text("\n".join(hyps) + "\n", encoding="utf-8")
    for k in range(2):
        (tmp_path / f"ref{k}.txt").write_text("\n".join(r[k] for r in refs) + "\n", encoding="utf-8")

    open_app(browser, app)
    browser.find_element(By.XPATH, "//button[@role='tab'][normalize-space()='Files']").click()
    browser.find_element(By.CSS_SELECTOR, "#predictions-file input[type=file]").send_keys(str(tmp_path / "hyp.txt"))
    browser.find_element(By.CSS_SELECTOR, "#references-files input[type=file]").send_keys(
        "\n".join(str(tmp_path / f"ref{k}.txt") for k in range(2))
    )
    # The widget lists an uploaded file as name and extension on separate lines.
    WebDriverWait(browser, UI_TIMEOUT).until(
        lambda d: "hyp.txt" in d.find_element(By.ID, "predictions-file").text.replace("\n", "")
        and "ref1.txt" in d.find_element(By.ID, "references-files").text.replace("\n", "")
    )
    message = compute(browser)
    headline, rows = expected(reference_metric, app, hyps, refs)
    screenshot(browser, app, "files")
    assert message.splitlines()[0] == headline
    assert "(file hyp.txt; reference file ref0.txt, reference file ref1.txt)" in message
    assert result_table(browser) == rows


def test_comparison_shows_both_p_values_and_a_plot_of_the_segment_differences(browser, app):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    from ngram_core.significance.comparison import compare_two

    family = space.metric_family(app.folder.name)
    open_app(browser, app)
    assert textbox_value(browser, "second-system") == space.SECOND_SYSTEM
    browser.find_element(By.ID, "compare").click()
    message = WebDriverWait(browser, UI_TIMEOUT).until(
        lambda d: d.find_element(By.ID, "comparison-message").text.strip() or None)
    predictions, references = example_corpus(space.EXAMPLES[0])
    expected = compare_two(predictions, space.split_lines(space.SECOND_SYSTEM), references, family,
                           names=("predictions", "second system"))
    name = family.upper()
    base, other = expected.scores[name]
    digits = registry.presentation(family).shown_decimals  # BLEU, chrF and TER 0-100 as sacreBLEU prints them
    assert message.splitlines()[0].startswith(
        f"{name} Δ = {other - base:+.{digits}f} (second system {name} = {other:.{digits}f}, predictions {name} = "
        f"{base:.{digits}f}); "
        f"p = {expected.bootstrap_p[name]:.4f} paired bootstrap, "
        f"{expected.randomization_p[name]:.4f} approximate randomization")
    assert result_table(browser, elem_id="comparison-result") == expected.rows()
    # Gradio's BarPlot draws with Vega: wait until it has drawn something the size of a plot
    drawn = WebDriverWait(browser, UI_TIMEOUT).until(lambda d: d.execute_script(
        """
        const plot = document.querySelector('#segment-differences');
        const area = plot && plot.querySelector('canvas, svg');
        if (!area) return null;
        const box = area.getBoundingClientRect();
        return box.width > 100 && box.height > 100 ? [box.width, box.height] : null;
        """))
    assert drawn
    browser.execute_script("document.querySelector('#segment-differences').scrollIntoView()")
    screenshot(browser, app, "comparison")


def test_a_second_system_with_a_different_line_count_shows_an_error(browser, app):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    open_app(browser, app)
    set_textbox(browser, "second-system", "one\ntwo")
    browser.find_element(By.ID, "compare").click()
    message = WebDriverWait(browser, UI_TIMEOUT).until(
        lambda d: d.find_element(By.ID, "comparison-message").text.strip() or None)
    assert message == ("Error: The second system (text box) has 2 lines but the predictions have 3: give one line "
                       "per prediction line.")
    assert result_table(browser, rows_expected=False, elem_id="comparison-result") == []


def test_app_shows_the_metric_card_and_options_from_the_metric(browser, app, reference_metric):
    from selenium.webdriver.common.by import By

    open_app(browser, app)
    meta, card = space.read_card(app.folder)
    require(card.strip() != "", f"{app.folder.name}/README.md (the metric card) is not written yet")
    card_heading = next(line.lstrip("# ").strip() for line in card.splitlines() if line.startswith("#"))
    assert card_heading in browser.find_element(By.ID, "metric-card").text
    assert "sdk_version" not in browser.find_element(By.ID, "metric-card").text
    for spec in space.option_specs(reference_metric.OPTIONS):
        assert browser.find_elements(By.ID, f"option-{spec.name}"), f"no widget for option {spec.name}"


def test_neither_the_app_nor_its_page_left_loopback(browser, app):
    assert app.process.poll() is None, "".join(app.output)[-4000:]
    attempts = app.connection_log.read_text() if app.connection_log.exists() else ""
    assert attempts == "", f"{app.folder.name}/app.py tried to leave loopback:\n{attempts}"
    # Every request the page made since the last such check (chrome:// and data: stay inside).
    requests = [json.loads(entry["message"])["message"] for entry in browser.get_log("performance")]
    urls = {m["params"]["request"]["url"] for m in requests if m["method"] == "Network.requestWillBeSent"}
    outside = sorted(u for u in urls if u.split(":")[0] in ("http", "https", "ws", "wss") and not u.startswith(app.url))
    assert outside == [], f"the {app.folder.name} page requested {outside}"
