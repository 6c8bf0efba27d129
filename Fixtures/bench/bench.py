#!/usr/bin/env python3
"""`make bench`: ListRender on the benchmark scenes of ../shared/bench (copied here unchanged),
beside the C measuring stick cinbox when it can be built. Prints one Markdown table.

Times are whole-process medians of alternating runs (so both programs see the same machine
state); peak RSS comes from wait4. A benchmark, not a test: nothing here passes or fails."""

import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BENCH = os.path.join(ROOT, "Fixtures", "bench")
BIN = os.path.join(ROOT, ".build", "release", "listrender")
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "bench")
RUNS = int(os.environ.get("BENCH_RUNS", "20"))


def children_cpu():
    """CPU seconds (user + system) of every child waited for so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


LAST_CPU = [0.0]


def run(args, cwd=None):
    """Runs a command once: (seconds, stdout, stderr); its CPU seconds go to LAST_CPU."""
    cpu = children_cpu()
    start = time.perf_counter()
    process = subprocess.Popen(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = process.communicate()
    elapsed = time.perf_counter() - start
    LAST_CPU[0] = children_cpu() - cpu
    # `listrender audit` exits 1 when it finds something: a finished run all the same.
    finished = (0, 1) if len(args) > 1 and args[1] in ("audit", "catalog") else (0,)
    if process.returncode not in finished:
        sys.exit(f"failed: {' '.join(args)}\n{err.decode()}")
    return elapsed, out.decode(), err.decode()


def peak_rss(args, cwd=None):
    """Peak resident set size of one run, in MiB (wait4's rusage of that child alone)."""
    return usage_of(args, cwd).ru_maxrss / 1024


def usage_of(args, cwd=None):
    """The rusage of one run of `args` (wait4's, of that child alone)."""
    pid = os.fork()
    if pid == 0:
        if cwd:
            os.chdir(cwd)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        os.execv(args[0], args)
    _, _, usage = os.wait4(pid, 0)
    return usage


def medians(commands, runs=RUNS, warmup=3, cpu=None):
    """Median seconds of each command over alternating runs (and, into `cpu` when given, the
    median CPU seconds of each)."""
    for _ in range(warmup):
        for args in commands:
            run(args)
    times = [[] for _ in commands]
    cpus = [[] for _ in commands]
    for _ in range(runs):
        for index, args in enumerate(commands):
            times[index].append(run(args)[0])
            cpus[index].append(LAST_CPU[0])
    if cpu is not None:
        cpu.extend(statistics.median(c) for c in cpus)
    return [statistics.median(t) for t in times]


def phases(args, runs=10):
    """Median of each `--timings` phase, in ms."""
    collected = {}
    for _ in range(runs):
        _, _, err = run(args + ["--timings"])
        for line in err.splitlines():
            match = re.match(r"(.+?)\s+([0-9.]+) ms", line)
            if match:
                collected.setdefault(match.group(1).strip(), []).append(float(match.group(2)))
    return {name: statistics.median(values) for name, values in collected.items()}


def build_cinbox(folder):
    """cinbox from ../shared/bench (needs libdeflate-dev); None when it cannot be built."""
    source = os.path.join(SHARED, "cinbox.c")
    if not os.path.exists(source):
        return None
    output = os.path.join(folder, "cinbox")
    flags = subprocess.run(
        ["pkg-config", "--cflags", "--libs", "pangocairo", "pangoft2", "libpng", "fontconfig"],
        capture_output=True, text=True).stdout.split()
    result = subprocess.run(
        ["gcc", "-O2", "-o", output, source] + flags + ["-ldeflate", "-lz", "-lm"],
        capture_output=True, text=True)
    return output if result.returncode == 0 else None


def timed(args, cwd):
    """Seconds and exit status of one run (a verify that finds a failure exits 1)."""
    start = time.perf_counter()
    status = subprocess.run(args, cwd=cwd, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL).returncode
    return time.perf_counter() - start, status


def beside_goldens(folder, suffix, extensions):
    """The bytes of the files ending in `suffix` below `folder`, and of the repository's
    goldens they stand for (the same case with one of `extensions`), and how many."""
    ours = theirs = count = 0
    for parent, _, files in os.walk(folder):
        for name in files:
            if not name.endswith(suffix):
                continue
            relative = os.path.relpath(os.path.join(parent, name), folder)[:-len(suffix)]
            for extension in extensions:
                golden = os.path.join(ROOT, "Golden", relative + extension)
                if os.path.exists(golden):
                    ours += os.path.getsize(os.path.join(parent, name))
                    theirs += os.path.getsize(golden)
                    count += 1
    return ours, theirs, count


def large_suite(tmp, cinbox_seconds):
    """Generated suites of 1,000 and 10,000 small cases: cold verify (beside cinbox's inbox),
    warm --cache, one changed spec, peak RSS, and the report of 10,000 results in Chromium."""
    rows = []
    folder = os.path.join(tmp, "suite")
    for count, name in [(1000, "fx1k"), (10000, "fx10k")]:
        for index in range(count):
            group = os.path.join(folder, name, f"g{index // 500:02d}")
            os.makedirs(group, exist_ok=True)
            with open(os.path.join(group, f"case{index:05d}.yaml"), "w") as f:
                f.write("canvas: { width: 120, scale: 1 }\nsections:\n"
                        f"  - cells: [ {{ title: Case {index}, subtitle: Row {index % 97} }} ]\n")
        run([BIN, "record", name, "--golden", "gold-" + name, "--report", "rec-" + name],
            cwd=folder)
    small = [BIN, "verify", "fx1k", "--golden", "gold-fx1k", "--report", "report1k"]
    cold_small = statistics.median([timed(small, folder)[0] for _ in range(5)])
    # The same 1,000 goldens as manifests (goldens pack): a passing case reads no image.
    shutil.copytree(os.path.join(folder, "gold-fx1k"), os.path.join(folder, "man-fx1k"))
    run([BIN, "goldens", "pack", "man-fx1k", "--store", "store1k"], cwd=folder)
    manifests = [BIN, "verify", "fx1k", "--golden", "man-fx1k", "--report", "reportm1k"]
    cold_manifests = statistics.median([timed(manifests, folder)[0] for _ in range(5)])
    rows.append(("verify cold, 1,000 cases: manifest goldens / PNG goldens",
                 f"{cold_manifests:.2f} / {cold_small:.2f} s",
                 f"{cold_manifests / cold_small:.2f}×"))
    verify = [BIN, "verify", "fx10k", "--golden", "gold-fx10k", "--report", "report10k"]
    cold, _ = timed(verify, folder)
    if cinbox_seconds:
        rows.append(("verify cold: 1,000 cases / 10,000 cases per 1,000, beside cinbox's inbox",
                     f"{cold_small:.2f} / {cold / 10:.2f} s",
                     f"{cold_small / cinbox_seconds:.1f}× / {cold / 10 / cinbox_seconds:.1f}× cinbox"))
    timed(verify + ["--cache", "cache"], folder)
    warm, _ = timed(verify + ["--cache", "cache"], folder)
    rows.append(("10,000 small cases: verify cold / warm --cache (all cached)",
                 f"{cold:.1f} / {warm:.2f} s", f"warm {warm / cold:.2f}× cold"))
    changed = os.path.join(folder, "fx10k", "g07", "case03500.yaml")
    with open(changed, "a") as f:
        f.write("# changed\n")
    with open(changed) as f:
        text = f.read().replace("Case 3500", "Case changed")
    with open(changed, "w") as f:
        f.write(text)
    one, status = timed(verify + ["--cache", "cache"], folder)
    rows.append(("10,000 cases, one spec changed, --cache: that case alone rendered (and failing)",
                 f"{one:.2f} s", f"exit {status}"))
    rss = []
    for name in ["fx1k", "fx10k"]:
        rss.append(peak_rss([BIN, "verify", name, "--golden", "gold-" + name, "--report",
                                "r-" + name], cwd=folder))
    rows.append(("peak RSS of verify: 1,000 / 10,000 cases", f"{rss[0]:.0f} / {rss[1]:.0f} MiB",
                 f"{rss[1] / rss[0]:.2f}×"))
    chromium = shutil.which("chromium")
    if chromium:
        def load(page):
            start = time.perf_counter()
            subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu",
                            "--dump-dom", page], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=120)
            return time.perf_counter() - start
        report = "file://" + os.path.join(folder, "report10k", "index.html")
        opened = statistics.median([load(report) for _ in range(3)])
        blank = statistics.median([load("about:blank") for _ in range(3)])
        rows.append(("the report of 10,000 results in headless Chromium: whole process / "
                     "less an empty page's", f"{opened:.2f} / {opened - blank:.2f} s", ""))
    return rows



def real_suite(tmp, c_args):
    """The project's own row fixtures (Fixtures/rows, ten specs) × 100 copies with their
    goldens: 1,000 real cases, verified cold (no cache) on every core and on one, beside
    cinbox's inbox in wall and CPU, run in alternation with each verify (the machine's speed
    drifts over a bench: a ratio compares runs made under the same conditions)."""
    folder = os.path.join(tmp, "real")
    rows_fixtures = os.path.join(ROOT, "Fixtures", "rows")
    names = sorted(n[:-5] for n in os.listdir(rows_fixtures) if n.endswith(".yaml"))
    for copy in range(100):
        for kind, source, suffix in [("Fixtures", rows_fixtures, ".yaml"),
                                     ("Golden", os.path.join(ROOT, "Golden", "rows"), ".png")]:
            target = os.path.join(folder, kind, f"c{copy:02d}")
            os.makedirs(target, exist_ok=True)
            for name in names:
                shutil.copyfile(os.path.join(source, name + suffix),
                                os.path.join(target, name + suffix))
    cases = 100 * len(names)
    out = []
    for label, extra in [("all cores", []), ("-j 1", ["-j", "1"])]:
        verify = [BIN, "verify", "Fixtures", "--golden", "Golden", "--report", "report"] + extra
        walls, cpus, c_walls, c_cpus = [], [], [], []
        for _ in range(5):
            if c_args:
                c_walls.append(run(c_args)[0])
                c_cpus.append(LAST_CPU[0])
            cpu = children_cpu()
            walls.append(timed(verify, folder)[0])
            cpus.append(children_cpu() - cpu)
        wall, cpu = statistics.median(walls), statistics.median(cpus)
        ratio = (f"{wall / statistics.median(c_walls):.1f}× / "
                 f"{cpu / statistics.median(c_cpus):.1f}× cinbox" if c_args else "")
        out.append((f"verify cold of {cases:,} real cases (Fixtures/rows × 100), {label}: "
                    "wall / CPU, CPU a case", f"{wall:.2f} / {cpu:.2f} s, "
                    f"{cpu / cases * 1000:.2f} ms", ratio))
    # Its memory: peak RSS (#58: no higher) and the page faults of fresh buffers.
    usage = usage_of([BIN, "verify", "Fixtures", "--golden", "Golden", "--report", "report"],
                     cwd=folder)
    out.append((f"verify cold of {cases:,} real cases, all cores: peak RSS, page faults",
                f"{usage.ru_maxrss / 1024:.0f} MiB, {usage.ru_minflt:,}",
                f"{usage.ru_minflt / cases:.0f} a case"))
    return out

# A word of each locale's script, so that every catalog row is shaped in its own fonts.
CATALOG_WORDS = {
    "ar": "الإعدادات", "he": "הגדרות", "fa": "تنظیمات", "ur": "ترتیبات", "hi": "सेटिंग्स",
    "bn": "সেটিংস", "ta": "அமைப்புகள்", "te": "సెట్టింగ్‌లు", "th": "การตั้งค่า", "ja": "設定の項目",
    "zh-Hans": "设置项目", "zh-Hant": "設定項目", "ko": "설정 항목", "ru": "Настройки", "uk": "Налаштування",
    "el": "Ρυθμίσεις", "ka": "პარამეტრები", "my": "ဆက်တင်များ", "km": "ការកំណត់",
}
CATALOG_LOCALES = ["en", "de", "fr", "es", "it", "pt-BR", "pl", "nl", "sv", "da", "nb", "fi",
                   "cs", "sk", "hu", "ro", "bg", "sr", "hr", "sl", "lt", "lv", "et", "tr", "id",
                   "ms", "vi", "ca", "eu", "gl", "sq", "is", "af"] + sorted(CATALOG_WORDS)


def write_catalog(path, keys, locales):
    """A String Catalog of `keys` keys in `locales` (the first the source), one in ten plural."""
    import json
    strings = {}
    for index in range(keys):
        localizations = {}
        for locale in locales:
            word = CATALOG_WORDS.get(locale, "Einstellung" if locale == "de" else "Setting")
            text = f"{word} {index}: {word} of the list, row {index % 37}"
            if index % 10 == 0:
                forms = {category: {"stringUnit": {"state": "translated",
                                                   "value": f"%lld {word} {category}"}}
                         for category in ["zero", "one", "two", "few", "many", "other"]}
                localizations[locale] = {"variations": {"plural": forms}}
            else:
                localizations[locale] = {"stringUnit": {"state": "translated", "value": text}}
        strings[f"key.{index:05d}"] = {"localizations": localizations}
    with open(path, "w") as f:
        json.dump({"sourceLanguage": "en", "strings": strings, "version": "1.0"}, f,
                  ensure_ascii=False, indent=2)


def catalogs(tmp):
    """Catalog mode at scale 1: ~50 locales x 800 keys, its cost a row and its linearity (80
    keys against 800), and reading a 2 MB catalog."""
    rows = []
    small = os.path.join(tmp, "small.xcstrings")
    large = os.path.join(tmp, "large.xcstrings")
    write_catalog(small, 80, CATALOG_LOCALES)
    write_catalog(large, 800, CATALOG_LOCALES)
    seconds = []
    cpu_seconds = []
    for path in [small, large]:
        args = [BIN, "catalog", path, "-o", os.path.join(tmp, "catalog-out"), "--scale", "1"]
        cpu = []
        (elapsed,) = medians([args], runs=3, warmup=1, cpu=cpu)
        seconds.append(elapsed)
        cpu_seconds.append(cpu[0])
        shutil.rmtree(os.path.join(tmp, "catalog-out"), ignore_errors=True)
    run([BIN, "catalog", large, "-o", os.path.join(tmp, "catalog-out"), "--scale", "1",
                     "--json", os.path.join(tmp, "catalog.json")])
    with open(os.path.join(tmp, "catalog.json")) as f:
        count = f.read().count('"verdict"')
    rows.append((f"catalog mode, {len(CATALOG_LOCALES)} locales x 800 keys at scale 1 "
                 f"({count} rows), whole process: wall / CPU",
                 f"{seconds[1]:.1f} / {cpu_seconds[1]:.1f} s",
                 f"{seconds[1] / count * 1e6:.0f} / {cpu_seconds[1] / count * 1e6:.0f} µs a row "
                 f"(bound: 250 µs CPU a row)"))
    rows.append(("catalog mode: 800 keys / 80 keys (50 locales)",
                 f"{seconds[1]:.1f} / {seconds[0]:.2f} s", f"{seconds[1] / seconds[0]:.1f}×"))
    two = os.path.join(tmp, "two-mb.xcstrings")
    write_catalog(two, 330, CATALOG_LOCALES[:20])
    read = phases([BIN, "catalog", two, "--locales", "en", "-o", os.path.join(tmp, "two-out")],
                  runs=5).get("read catalog", 0)
    rows.append((f"reading a {os.path.getsize(two) / 1e6:.1f} MB .xcstrings (20 locales)",
                 f"{read:.1f} ms", ""))
    return rows


def main():
    rows = []
    if os.environ.get("BENCH_ONLY") == "catalog":
        with tempfile.TemporaryDirectory() as tmp:
            rows = catalogs(tmp)
        print("| measure | time | figure |")
        print("|---|---|---|")
        for row in rows:
            print("| " + " | ".join(row) + " |")
        return
    with tempfile.TemporaryDirectory() as tmp:
        inbox = os.path.join(BENCH, "inbox.yaml")
        png = os.path.join(tmp, "x.png")
        ours = [BIN, "render", inbox, "-o", png]
        cinbox = build_cinbox(tmp)
        cinbox_seconds = None
        if cinbox:
            c_args = [cinbox, "--fast", "--stable", "-o", os.path.join(tmp, "c.png")]
            cpu = []
            mine, theirs = medians([ours, c_args], cpu=cpu)
            cinbox_seconds = theirs
            rows.append(("inbox render (1080 × 6327), whole process: wall / CPU",
                         f"{mine * 1000:.0f} / {cpu[0] * 1000:.0f} ms",
                         f"{peak_rss(ours):.0f} MiB"))
            rows.append(("cinbox --fast --stable (the C measuring stick): wall / CPU",
                         f"{theirs * 1000:.0f} / {cpu[1] * 1000:.0f} ms",
                         f"{peak_rss(c_args):.0f} MiB"))
            rows.append(("ratio ListRender / cinbox: wall / CPU",
                         f"{mine / theirs:.2f}× / {cpu[0] / cpu[1]:.2f}×", ""))
            # The compact encoding (what goldens and record keep) beside cinbox at its size.
            compact_png = os.path.join(tmp, "compact.png")
            compact = [BIN, "render", inbox, "-o", compact_png, "--compression", "compact"]
            cpu = []
            compact_s, theirs_s = medians([compact, c_args], cpu=cpu)
            ours_kb = os.path.getsize(compact_png) / 1024
            theirs_kb = os.path.getsize(os.path.join(tmp, "c.png")) / 1024
            rows.append(("inbox --compression compact / cinbox: wall, CPU, size",
                         f"{compact_s * 1000:.0f} / {theirs_s * 1000:.0f} ms, "
                         f"{cpu[0] * 1000:.0f} / {cpu[1] * 1000:.0f} ms, "
                         f"{ours_kb:.0f} / {theirs_kb:.0f} KB",
                         f"{compact_s / theirs_s:.2f}×, CPU {cpu[0] / cpu[1]:.2f}×"))
        else:
            (mine,) = medians([ours])
            rows.append(("inbox render (1080 × 6327), whole process", f"{mine * 1000:.0f} ms",
                         f"{peak_rss(ours):.0f} MiB"))
            rows.append(("cinbox", "not built (needs ../shared/bench and libdeflate-dev)", ""))
        webp = os.path.join(tmp, "x.webp")
        (webp_s,) = medians([[BIN, "render", inbox, "-o", webp]], runs=10)
        rows.append(("inbox render to lossless WebP (the PNG's pixels), whole process",
                     f"{webp_s * 1000:.0f} ms",
                     f"{os.path.getsize(webp) / 1024:.0f} KB (PNG {os.path.getsize(png) / 1024:.0f} KB)"))
        # The repository's still goldens recorded as WebP beside the PNGs they would replace.
        goldens = os.path.join(tmp, "golden-webp")
        subprocess.run([BIN, "record", os.path.join(ROOT, "Fixtures"), "--golden", goldens,
                        "--golden-format", "webp", "--report", os.path.join(tmp, "report")],
                       cwd=ROOT, check=True, capture_output=True)
        webp_total, png_total, count = beside_goldens(goldens, ".webp", [".png"])
        rows.append((f"the {count} still goldens as WebP / as PNG (record --golden-format webp)",
                     f"{webp_total / 1024:.0f} / {png_total / 1024:.0f} KB",
                     f"{webp_total / png_total:.0%} of the PNG bytes"))
        # The repository's goldens as manifests (goldens pack into a folder store).
        packed = os.path.join(tmp, "golden-manifests")
        shutil.copytree(os.path.join(ROOT, "Golden"), packed)
        subprocess.run([BIN, "goldens", "pack", packed, "--store", os.path.join(tmp, "store")],
                       check=True, capture_output=True)
        manifest_total, image_total, count = beside_goldens(packed, ".golden", [".png", ".webp"])
        rows.append((f"the {count} still goldens as manifests / as images (goldens pack)",
                     f"{manifest_total / 1024:.0f} / {image_total / 1024:.0f} KB",
                     f"{image_total / max(1, manifest_total):.1f}× smaller"))
        # An audit paints the inbox again at one pixel a point without its text (and what lies
        # under its controls without them) and reads the pixels: its own phase beside a whole
        # render to PNG, what auditing adds on top of rendering.
        audit = [BIN, "audit", inbox]
        render_s, audit_s = medians([ours, audit])
        audit_phase = phases(audit).get("audit", 0)
        rows.append(("inbox: render to PNG, whole process / audit phase of `listrender audit`",
                     f"{render_s * 1000:.0f} / {audit_phase:.1f} ms",
                     f"+{audit_phase / (render_s * 1000):.0%} on top of a render"))
        inbox_phases = phases(ours)
        rows.append(("inbox phases: " + ", ".join(
            f"{name} {value:.1f}" for name, value in inbox_phases.items()) + " ms", "", ""))
        one = phases(ours + ["--sequential", "--threads", "1"]).get("encode", 0)
        two = phases(ours + ["--sequential", "--threads", "2"]).get("encode", 0)
        rows.append(("inbox PNG encode on 1 / 2 threads (same bytes)",
                     f"{one:.1f} / {two:.1f} ms", f"{one / two:.2f}× faster" if two else ""))
        # Encode throughput on one core, from the cairo surface's rows to the PNG's bytes, fast
        # and compact; fpnge's README gives 180 to 800 MP/s on one core of a Threadripper 3970X.
        megapixels = 1080 * 6327 / 1e6
        compact_png = os.path.join(tmp, "compact.png")
        compact = phases([BIN, "render", inbox, "-o", compact_png, "--sequential", "--threads",
                          "1", "--compression", "compact"]).get("encode", 0)
        rows.append(("PNG encode on one core, fast / compact (fpnge: 180–800 MP/s)",
                     f"{megapixels / one * 1000:.0f} / {megapixels / compact * 1000:.0f} MP/s",
                     f"{os.path.getsize(png) / 1024:.0f} / {os.path.getsize(compact_png) / 1024:.0f} KB"))
        tiny = os.path.join(tmp, "one.yaml")
        with open(tiny, "w") as f:
            f.write("canvas: { width: 100, scale: 1 }\nsections:\n  - cells: [ { title: A } ]\n")
        (start,) = medians([[BIN, "render", tiny, "-o", os.path.join(tmp, "one.png")]])
        fonts = phases([BIN, "render", tiny, "-o", os.path.join(tmp, "one.png")]).get(
            "fonts and icons", 0)
        rows.append(("start-up: a one-row render, whole process / fonts and icons",
                     f"{start * 1000:.0f} / {fonts:.1f} ms", ""))
        def scene(name):
            return [BIN, "render", os.path.join(BENCH, name + ".yaml"), "-o",
                    os.path.join(tmp, name + ".png")]

        def beside_latin(name, latin_name, label):
            """A page in many scripts beside its Latin twin, whole process each: wall, and
            CPU (the bound is on CPU)."""
            cpu = []
            scripts_s, latin_s = medians([scene(name), scene(latin_name)], cpu=cpu)
            rows.append((label + ", whole process: wall, CPU",
                         f"{scripts_s * 1000:.0f} / {latin_s * 1000:.0f} ms, "
                         f"{cpu[0] * 1000:.0f} / {cpu[1] * 1000:.0f} ms",
                         f"{scripts_s / latin_s:.2f}×, CPU {cpu[0] / cpu[1]:.2f}×"))

        world = scene("world")
        latin = scene("latin")
        beside_latin("world", "latin",
                     "world.yaml (24 rows, 12 scripts and emoji) / latin.yaml (the same in Latin)")
        beside_latin("scripts", "scripts-latin",
                     "scripts.yaml (4 rows, 25 scripts, emoji and symbols) / scripts-latin.yaml")
        world_fonts = phases(world).get("layout", 0)
        latin_fonts = phases(latin).get("layout", 0)
        rows.append(("world / latin layout phase (loads the fonts the text needs)",
                     f"{world_fonts:.1f} / {latin_fonts:.1f} ms", ""))
        ripple = [BIN, "animate", os.path.join(BENCH, "ripple.yaml"), "-o", os.path.join(tmp, "r")]
        (seconds,) = medians([ripple], runs=10)
        rows.append(("ripple.yaml: 60 frames (1080 × 216) to PNG files", f"{seconds * 1000:.0f} ms",
                     f"{60 / seconds:.0f} frames/s"))
        for kind in ["apng", "gif"]:
            out = os.path.join(tmp, "showcase." + kind)
            (seconds,) = medians([[BIN, "animate", "--scale", "1", "--" + kind, out]], runs=10)
            rows.append((f"showcase animation (30 frames, scale 1) to {kind.upper()}",
                         f"{seconds * 1000:.0f} ms", f"{os.path.getsize(out) / 1024:.0f} KB"))
        a = os.path.join(tmp, "a.png")
        b = os.path.join(tmp, "b.png")
        run([BIN, "render", os.path.join(BENCH, "diffpair", "a.yaml"), "-o", a])
        run([BIN, "render", os.path.join(BENCH, "diffpair", "b.yaml"), "-o", b])
        matched = []
        for _ in range(RUNS):
            process = subprocess.run([BIN, "diff", a, b], capture_output=True, text=True)
            matched.append(float(re.search(r"matched in: ([0-9.]+)ms", process.stdout).group(1)))
            count = re.search(r"different pixels: (\d+)", process.stdout).group(1)
        ms = statistics.median(matched)
        rows.append((f"diff of the diff pair (1080 × 2400, {count} pixels differ)",
                     f"{ms:.1f} ms", f"{1080 * 2400 / ms / 1000:.0f} Mpx/s"))
        subprocess.run([sys.executable, os.path.join(BENCH, "gen_selfsizing.py")], cwd=tmp,
                       check=True, capture_output=True)
        for name in ["labels-5000", "stereo-5000"]:
            spec = os.path.join(tmp, name + ".yaml")
            args = [BIN, "render", spec, "-o", os.path.join(tmp, name + ".png"), "--layout",
                    os.path.join(tmp, name + ".json")]
            (seconds,) = medians([args], runs=5, warmup=1)
            rows.append((f"self-sizing {name}.yaml with --layout, whole process",
                         f"{seconds * 1000:.0f} ms", f"{5000 / seconds:.0f} cells/s"))
        rows += real_suite(tmp, c_args if cinbox else None)
        # A list too tall for one image: audited part by part, beside rendering it in pages.
        tall = os.path.join(tmp, "rows-2000.yaml")
        with open(tall, "w") as f:
            f.write("canvas: { width: 360, scale: 2 }\nsections:\n  - cells:\n" + "".join(
                f"      - {{ title: Message {i}, subtitle: From someone {i % 17}, description: "
                f"A description for row {i}, control: {{ switch: {'true' if i % 2 else 'false'} }} }}\n"
                for i in range(2000)))
        cpu = []
        render_s, audit_s = medians(
            [[BIN, "render", tall, "-o", os.path.join(tmp, "tall.png"), "--page-height", "2000"],
             [BIN, "audit", tall]], runs=3, warmup=1, cpu=cpu)
        rows.append(("2,000-row list: audit / render in pages, whole process: wall, CPU",
                     f"{audit_s:.2f} / {render_s:.2f} s, {cpu[1]:.2f} / {cpu[0]:.2f} s",
                     f"{audit_s / render_s:.2f}×, CPU {cpu[1] / cpu[0]:.2f}×"))
        rows += large_suite(tmp, cinbox_seconds)
        rows += catalogs(tmp)
    print("| measure | time | figure |")
    print("|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
