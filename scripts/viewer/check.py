"""Opens Lifeline viewer pages in headless Chromium (through chromedriver) and checks what the
DOM shows after keys and clicks. Usage: check.py PAGES_DIR SCREENSHOTS_DIR
Pages: nav.html (tab switch with navigation roots), child.html (a child added and removed),
compare.html (two traces aligned), long.html (100 000 calls)."""
import json
import os
import sys
import time

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

pages, shots = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
os.makedirs(shots, exist_ok=True)
options = webdriver.ChromeOptions()
for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,900"]:
    options.add_argument(flag)
driver = webdriver.Chrome(options=options)
failures = []


def expect(name, condition):
    if not condition:
        failures.append(name)
        print("FAIL:", name)


def open_page(name, step=None):
    url = "file://" + os.path.join(pages, name) + (f"#step={step}" if step else "")
    started = time.time()
    driver.get(url)
    WebDriverWait(driver, 30).until(lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))
    return time.time() - started


def step():
    return driver.execute_script("return window.lifelineViewer.step()")


def key(k, shift=False):
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.SHIFT + k if shift else k)


# The page redraws parts of itself (rows on scroll), so what is read is read in one script.
def current_row():
    return driver.execute_script("const td = document.querySelector('tr.current td'); return td ? td.textContent : null")


def node(name):
    """The class of the tree's node named `name`, None when the tree has none."""
    return driver.execute_script(
        "for (const n of document.querySelectorAll('#tree .node')) if (n.textContent === arguments[0]) return n.className; return null",
        name)


def selected_nodes():
    return driver.execute_script("return [...document.querySelectorAll('#tree .node.selected')].map(n => n.textContent)")


def click(selector, index):
    driver.execute_script("document.querySelectorAll(arguments[0])[arguments[1]].click()", selector, index)


def rows_text():
    return driver.execute_script("return [...document.querySelectorAll('#steps tbody tr[data-i]')].map(r => r.textContent)")


# A tab switch whose tabs hold navigation controllers.
open_page("nav.html")
expect("nav: starts at step 1", step() == 1 and current_row() == "1")
key(Keys.ARROW_RIGHT)
expect("nav: → goes to step 2", step() == 2 and "Step 2 of 12" in driver.find_element(By.ID, "where").text)
key(Keys.ARROW_RIGHT, shift=True)
expect("nav: ⇧→ goes to the next transition's first step", step() == 6)
key(Keys.ARROW_LEFT, shift=True)
expect("nav: ⇧← goes back to the transition before", step() == 1)
key(Keys.END)
expect("nav: End goes to the last step", step() == 12)
expect("nav: the fragment names the step", driver.execute_script("return location.hash") == "#step=12")
home, profile = node("HomeViewController"), node("ProfileViewController")
expect("nav: Home is Disappeared after the switch", home is not None and "s0" in home)
expect("nav: Profile is Appeared after the switch", profile is not None and "s2" in profile)
expect("nav: the selected tab is the second navigation controller", selected_nodes() == ["UINavigationController#2"])
click("#transitions button", 1)
expect("nav: clicking a transition goes to its first step", step() == 6)
expect("nav: the transition is marked",
       driver.execute_script("return document.querySelectorAll('#transitions li')[1].classList.contains('here')"))
click("#steps tbody tr[data-i] td", 8 * 5)
expect("nav: clicking a row goes to its step", step() == 9)
driver.find_element(By.ID, "search").send_keys("viewDidAppear")
rows = rows_text()
expect("nav: the filter keeps the matching rows", len(rows) == 2 and all("viewDidAppear" in r for r in rows))
open_page("nav.html", step=7)
expect("nav: a fragment opens its step", step() == 7)
driver.save_screenshot(os.path.join(shots, "nav-step-7.png"))

# A child added and removed: the tree follows the containment.
open_page("child.html")
data = json.loads(driver.find_element(By.ID, "trace-data").get_attribute("textContent"))
child_edges = [e for e in data["edges"] if e[2] == "child"]
expect("child: the trace has a child edge", len(child_edges) == 1)
added, removed = child_edges[0][3][0], child_edges[0][4][0]
child_name = data["objects"][child_edges[0][1]]
driver.execute_script(f"window.lifelineViewer.go({added})")
expect("child: the child is in the tree once added", node(child_name) is not None)
driver.save_screenshot(os.path.join(shots, "child-added.png"))
driver.execute_script(f"window.lifelineViewer.go({removed})")
expect("child: the child is gone once removed", node(child_name) is None)
target = driver.execute_script("const b = document.querySelector('#findings button'); return b ? +b.dataset.seq : null")
if target is not None:
    click("#findings button", 0)
    expect("child: clicking a finding goes to its step", step() == target)

# Two traces aligned as diff aligns them.
open_page("compare.html")
expect("compare: the comparison is shown", driver.find_element(By.ID, "compare-pane").is_displayed())
expect("compare: moved calls are marked", len(driver.find_elements(By.CSS_SELECTOR, "#compare tr.k-moved")) > 0)
driver.save_screenshot(os.path.join(shots, "compare.png"))

# A long trace: first render within 2 s, rows drawn only in view, stepping works at the end.
load = open_page("long.html")
ready_ms = driver.execute_script("return window.lifelineViewerReadyAt")
rows = len(rows_text())
print(f"viewer: 100 000-call page ready in {ready_ms:.0f} ms after navigation ({load:.2f} s with the load), {rows} rows drawn")
expect("long: first render within 2 s", ready_ms <= 2000)
expect("long: only the rows in view are drawn", 0 < rows < 200)
key(Keys.END)
expect("long: End reaches the last call", step() == 100000)
key(Keys.ARROW_LEFT, shift=True)
expect("long: ⇧← reaches a transition before the end", step() < 100000)
driver.save_screenshot(os.path.join(shots, "long-end.png"))
with open(os.path.join(shots, "first-render-ms.txt"), "w") as f:
    f.write(f"{ready_ms:.0f}\n")

driver.quit()
print(f"viewer-checks: {len(failures)} failures")
sys.exit(1 if failures else 0)
