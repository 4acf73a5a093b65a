#!/usr/bin/env python3
"""Evaluate iconforge on icon libraries it was never tuned on, judged against rsvg-convert.

    python3 bench/evaluate-libraries.py [--libs KEY,...] [--glyphs N] [--sheets] [--json FILE]

Issue 44: "judge every finding against the rendered pixels". For each library in LIBRARIES
(fetched once into $BENCH_CACHE/evaluate/: Debian packages with `apt-get download` and
`dpkg -x`, PyPI wheels with `pip download --no-deps`; nothing is installed), a deterministic
sample (every ceil(n / N)-th glyph by sorted name, N = 400 by default) is built with
``iconforge build SAMPLE -o OUT --fit --no-config --format json`` (set mode, what a designer
adopting a library drawn on its own grid runs). Every glyph is then rendered again, on its
own, by ``rsvg-convert`` (Debian's librsvg2-bin), with LANGUAGE=C as iconforge's workers:

  near   the artboard and 8 @3x px around it, at 4 render px per @3x output px ("qpx";
         the glyph's @3x scale is iconforge's transform, or its set's scale for a glyph
         that got no PNG, or 80 px across the artboard when iconforge read none), from a
         copy of the file whose root <svg> alone is rewritten (width, height, viewBox,
         preserveAspectRatio="none") so that the drawing beyond the artboard shows too;
  far    the artboard and half its larger side all round, at one px per @3x px, the same
         way (for shapes lying wholly outside);
  @2x, @3x  the file as it is, its viewport placed on the 70 / 104 px page exactly where
         catalog.json's ``outputs[].transform`` says iconforge put it (output px = scale x
         artboard pt + offset): rsvg-convert --dpi-x=72 --dpi-y=72 --width/--height =
         scale x artboard, --left/--top = offset, --page-width/--page-height = canvas.

The judge reads the artboard itself, from the root's width and height (px and unitless are
1 pt; pt, pc, mm, cm, in), viewBox and preserveAspectRatio (no viewBox: user units are CSS
px), as docs/designers.md defines it; it never reads iconforge's ink box or colours.

Visible ink: a pixel with alpha > 0 whose @3x-pixel-sized window (4 x 4 qpx) averages at
least 8/255 (docs/designers.md: an @3x pixel under alpha 8/255 is ink nobody can see); for
ink beyond the artboard the window counts only the ink beyond it.

Measured from the near render, in the artboard (what shows) unless said:

  colours   pixels with alpha >= 0.2 (below that 8-bit premultiplication blurs a colour),
            CIE76 delta E (CIELAB, D65) to the alpha-weighted most common colour. TWO
            COLOURS when the pixels more than 5.0 away weigh at least one @3x pixel; ONE
            COLOUR when they weigh under a quarter of one and those 2.3-5.0 away under one;
            otherwise undecided (2.3 is iconforge's documented just-noticeable difference;
            between it and 5 a designer may or may not see two colours at glyph size, as
            issue 44's #000000 beside #0a0a0a, delta E 2.7).
  clipping  8-connected components of visible ink. One with ink inside the artboard that
            reaches past its edge CROSSES it; its reach is, per pixel beyond the edge, the
            distance of the pixel's near side from the edge plus its alpha (a fully covered
            pixel just outside reaches 1 qpx = 0.25 @3x px). CLIPPED when a crossing
            component reaches 0.5 @3x px or more; NOT CLIPPED when none reaches 0.25 px
            (iconforge's documented threshold) and no visible component lies wholly outside
            (in the near or the far render); STRAY when such a component exists and nothing
            crosses by 0.25 px; otherwise undecided.
  ink box   the visible ink inside the artboard, in artboard pt, to a quarter qpx.
  stroke    the centres of maximal discs of the ink (alpha >= 0.5): pixels at least 1.5 qpx
            inside whose 8 neighbours' distance to the nearest non-ink pixel exceeds theirs
            by less than half the neighbour's spacing; at each, the width is twice the
            distance to the edge, refined by the alpha of the two pixels that straddle it
            (Iconoir's 1.5-unit and Hugeicons' 2-unit strokes measure 0.97-0.99 of their
            true width). DRAWN WITH STROKES: at least 40 such pixels, 60 % of them within
            15 % of their median, and the median under a quarter of the ink box's shorter
            side (its weight: the median in exported pt, @3x px / 3). SOLID: fewer than 40,
            or under half within 25 %, or the median over 0.35 of the shorter side.
            Otherwise undecided.
  coverage  the alpha of the @3x reference over the target box at @3x (80 x 80 px for a
            square glyph, 88 x 88 for a wide or tall one, shape from the judge's ink box),
            as docs/designers.md defines optical weight.

Set figures (the judge's, over the glyphs iconforge built, as its family checks): the median
stroke weight of the stroked glyphs, the median coverage, and, per group of artboards the same
size to a person (within 1 %), the @3x scale most of its glyphs got.

CLASSIFICATION. Each finding in catalog.json's per-glyph diagnostics is either contradicted
by the judge (a FALSE ERROR or FALSE WARNING, by its severity), confirmed, undecided, or not
judged:

  color.monochrome, color.background   false when the judge sees ONE COLOUR
  geometry.clipped (error)             false when NOT CLIPPED or STRAY (a shape wholly
                                       outside is a warning's business, issue 44 item 6)
  geometry.clipped (warning)           false when NOT CLIPPED
  svg.empty                            false when the artboard shows visible ink
  size.scaled-down                     false when the judge's ink box, at the scale of the
                                       glyph's same-size group, is at most 103 px (fits the
                                       104 px canvas); confirmed above 104.3 px
  geometry.off-center                  false when the ink centre is within 0.9 pt of the
                                       artboard's; confirmed beyond 1 pt
  geometry.aspect                      false when the ink box is at most 2.9:1
  set.stroke-weight                    false when the glyph is SOLID, or stroked within 10 %
                                       of the set's median weight; confirmed at 20 % or more
  set.optical-weight                   false when the coverage is within a factor 1.2 of the
                                       set's median (issue 44: "1.01-1.19 x, which no eye can
                                       see"); confirmed at 1.5 or more (or 1/1.5), or at 1.2
                                       or more for a SOLID glyph in a set 75 % stroked
  render.failed, render.timeout,       false when rsvg-convert drew the file in under 2 s
  render.crashed                       with visible ink
  markup facts (svg.parse, svg.text, svg.external, svg.raster, svg.dynamic, svg.limit,
  svg.use-cycle, name.*, glyph.*, input.*) are not judged from pixels ("not judged").

A WRONG PNG is a glyph with PNGs where, at @2x or @3x:
  - the visible-ink boxes (alpha >= 8/255) of iconforge's PNG and of the reference differ
    by more than 1 px on a side; or
  - their alpha differs: the sum of |difference| over the reference's total alpha above 2 %,
    or one pixel by more than 96/255 (both are librsvg: they agree to a few levels); or
  - the reference is not centred on the canvas (fit mode centres the ink): its ink box's
    centre, edges refined by the edge row's and column's coverage, more than 1 px from the
    canvas centre; or its ink passes the canvas edge by more than 0.5 px; or
  - set mode gave it another scale than its same-size group's, so that its ink box comes
    out more than 1 @3x px larger or smaller than at the group's scale, with no
    size.scaled-down saying so.

A MISS is a real problem no finding reports: the judge sees TWO COLOURS and there is no
color.monochrome or color.background; CLIPPED or STRAY and there is no geometry.clipped;
no visible ink in the artboard and no svg.empty (for a glyph iconforge built).

The table counts glyphs (a glyph with two false errors counts once in its column).
Undecided and not-judged cases are counted in the JSON and the closing lines, never in the
table. Per-glyph details (colours, reach, boxes, stroke, coverage, every verdict and why) go
to $BENCH_CACHE/evaluate/results.json (or --json); --sheets writes, per library and
category, a contact sheet under $BENCH_CACHE/evaluate/run/LIB/sheets/ (iconforge's @3x PNG,
the reference @3x, the far view with the artboard outlined in red, on a blue-grey backdrop).

Environment: ICONFORGE (default <repo>/.build/release/iconforge), BENCH_CACHE (default
~/.cache/iconforge-bench), EVAL_JOBS (default 2: iconforge's -j and the judge's processes).
numpy, scipy and Pillow (bench/evaluate-requirements.txt) come from the running Python or
from a venv the script makes in $BENCH_CACHE/evaluate/venv.
"""

from __future__ import annotations

import argparse
import ast
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CACHE = Path(os.environ.get("BENCH_CACHE") or Path.home() / ".cache" / "iconforge-bench")
EVAL = CACHE / "evaluate"
REQUIREMENTS = HERE / "evaluate-requirements.txt"


def log(msg: str) -> None:
    print(f"evaluate: {msg}", file=sys.stderr, flush=True)


def ensure_packages() -> None:
    """numpy, scipy and Pillow: from this Python, or from a venv in the cache made for them."""
    try:
        import numpy, scipy.ndimage, PIL.Image  # noqa: F401
        return
    except ImportError:
        pass
    venv = EVAL / "venv"
    py = venv / "bin" / "python"
    if Path(sys.prefix).resolve() == venv.resolve():
        raise SystemExit("evaluate: the venv lacks numpy/scipy/Pillow; remove " + str(venv))
    stamp = venv / ".requirements"
    if not py.exists() or not stamp.exists() or stamp.read_text() != REQUIREMENTS.read_text():
        log(f"installing {REQUIREMENTS.name} into {venv}")
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(py), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                        "-r", str(REQUIREMENTS)], check=True)
        stamp.write_text(REQUIREMENTS.read_text())
    os.execv(str(py), [str(py), str(Path(__file__).resolve()), *sys.argv[1:]])


# --------------------------------------------------------------------------------------
# the libraries

@dataclass
class Library:
    key: str
    label: str        # the table's name
    kind: str         # "deb" or "pypi"
    package: str
    version: str
    note: str         # what was taken from it


LIBRARIES = [
    Library("faba-symbolic", "Faba symbolic", "deb", "faba-icon-theme", "4.3-1",
            "usr/share/icons/Faba/symbolic/*/*.svg (regular files; theme symlinks are aliases)"),
    Library("sugar", "Sugar", "deb", "sugar-icon-theme", "0.120-1",
            "usr/share/icons/sugar/scalable/*/*.svg (Illustrator exports, DOCTYPE entities for the two colours)"),
    Library("iconoir", "Iconoir regular + solid", "pypi", "flet-iconoir", "0.3.0",
            "flet_iconoir/icons/{regular,solid}/*.svg (solid ones named NAME-solid)"),
    Library("hugeicons", "Hugeicons stroke", "pypi", "django-hugeicons-stroke", "1.1.2",
            "the SVG strings of templatetags/stroke_icons.py, filled in as its template tag "
            "does by default (24 x 24, #000000, stroke-width 2)"),
]


def fetch_deb(lib: Library) -> Path:
    dest = EVAL / "deb" / f"{lib.package}_{lib.version}"
    root = dest / "root"
    if root.is_dir():
        return root
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    log(f"apt-get download {lib.package}={lib.version}")
    spec = f"{lib.package}={lib.version}"
    if subprocess.run(["apt-get", "download", "-q", spec], cwd=dest,
                      stdout=subprocess.DEVNULL).returncode != 0:
        subprocess.run(["apt-get", "update", "-qq"], stdout=subprocess.DEVNULL)
        subprocess.run(["apt-get", "download", "-q", spec], cwd=dest, check=True,
                       stdout=subprocess.DEVNULL)
    debs = list(dest.glob("*.deb"))
    subprocess.run(["dpkg", "-x", str(debs[0]), str(dest / "root.partial")], check=True)
    (dest / "root.partial").rename(root)
    for d in debs:
        d.unlink()
    return root


def fetch_wheel(lib: Library) -> Path:
    dest = EVAL / "pypi"
    dest.mkdir(parents=True, exist_ok=True)
    norm = lib.package.replace("-", "_")
    found = [p for p in dest.glob("*.whl")
             if p.name.lower().startswith(f"{norm}-{lib.version}-".lower())]
    if found:
        return found[0]
    log(f"pip download {lib.package}=={lib.version}")
    subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check",
                    "--no-deps", "--only-binary=:all:", f"{lib.package}=={lib.version}",
                    "-d", str(dest)], check=True)
    return fetch_wheel(lib)


def candidates(lib: Library) -> list[tuple[str, bytes]]:
    """Every glyph of the library as (name, SVG bytes), sorted by name."""
    out: dict[str, bytes] = {}
    if lib.key == "faba-symbolic":
        base = fetch_deb(lib) / "usr/share/icons/Faba/symbolic"
        for f in sorted(base.glob("*/*.svg")):
            if f.is_file() and not f.is_symlink():
                out.setdefault(f.stem, f.read_bytes())
    elif lib.key == "sugar":
        base = fetch_deb(lib) / "usr/share/icons/sugar/scalable"
        for f in sorted(base.glob("*/*.svg")):
            if f.is_file() and not f.is_symlink():
                out.setdefault(f.stem, f.read_bytes())
    elif lib.key == "iconoir":
        with zipfile.ZipFile(fetch_wheel(lib)) as z:
            for n in sorted(z.namelist()):
                m = re.fullmatch(r"flet_iconoir/icons/(regular|solid)/([^/]+)\.svg", n)
                if m:
                    out[m.group(2) + ("-solid" if m.group(1) == "solid" else "")] = z.read(n)
    elif lib.key == "hugeicons":
        with zipfile.ZipFile(fetch_wheel(lib)) as z:
            src = z.read("django_hugeicons_stroke/templatetags/stroke_icons.py").decode()
        icons = ast.literal_eval(ast.parse(src).body[0].value)
        for name, svg in icons.items():
            text = svg.strip().format(width="24", height="24", color="#000000", stroke_width="2")
            out[name] = text.encode()
    return sorted(out.items())


def prepare_sample(lib: Library, limit: int) -> tuple[Path, int]:
    every = candidates(lib)
    stride = max(1, math.ceil(len(every) / limit))
    chosen = every[::stride]
    folder = EVAL / "corpus" / f"{lib.key}-{limit}"
    listing = "\n".join(n for n, _ in chosen)
    stamp = folder / ".sample"
    if not (stamp.exists() and stamp.read_text() == listing):
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True)
        for name, data in chosen:
            (folder / f"{name}.svg").write_bytes(data)
        stamp.write_text(listing)
    return folder, len(every)


# --------------------------------------------------------------------------------------
# the root <svg>: the judge's own artboard and a rewritten copy for each render

ATTR_RE = re.compile(rb"""\s([^\s=/>]+)\s*=\s*("[^"]*"|'[^']*')""")
LEN_RE = re.compile(r"^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*([a-zA-Z%]*)\s*$")
PT_PER = {"": 1.0, "px": 1.0, "pt": 1.0, "pc": 12.0, "mm": 72 / 25.4, "cm": 72 / 2.54, "in": 72.0}
CSS_PER = {"": 1.0, "px": 1.0, "pt": 96 / 72, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0}


class Unjudgeable(Exception):
    pass


def root_tag(data: bytes) -> tuple[int, int]:
    """Byte span of the root element's start tag, skipping the prolog."""
    i = 0
    n = len(data)
    while i < n:
        j = data.find(b"<", i)
        if j < 0:
            break
        if data.startswith(b"<?", j):
            i = data.index(b"?>", j) + 2
        elif data.startswith(b"<!--", j):
            i = data.index(b"-->", j) + 3
        elif data.startswith(b"<!DOCTYPE", j) or data.startswith(b"<!doctype", j):
            k, depth = j + 2, 0
            while k < n:
                c = data[k:k + 1]
                if c == b"[":
                    depth += 1
                elif c == b"]":
                    depth -= 1
                elif c == b">" and depth == 0:
                    break
                k += 1
            i = k + 1
        else:
            m = re.compile(rb"<([A-Za-z_][\w.-]*:)?svg[\s>/]").match(data, j)
            if not m:
                raise Unjudgeable("root element is not <svg>")
            k = j
            quote = None
            while k < n:
                c = data[k:k + 1]
                if quote:
                    if c == quote:
                        quote = None
                elif c in (b'"', b"'"):
                    quote = c
                elif c == b">":
                    return j, k + 1
                k += 1
            raise Unjudgeable("unterminated root tag")
    raise Unjudgeable("no root element")


def root_attrs(data: bytes) -> dict[str, str]:
    s, e = root_tag(data)
    return {m.group(1).decode("latin-1"): m.group(2)[1:-1].decode("latin-1")
            for m in ATTR_RE.finditer(data[s:e])}


def length(v: str | None) -> tuple[float, str] | None:
    if v is None:
        return None
    m = LEN_RE.match(v)
    if not m:
        return None
    return float(m.group(1)), m.group(2).lower()


@dataclass
class Artboard:
    w: float   # points
    h: float
    sx: float  # pt per user unit
    sy: float
    tx: float  # pt = s * (u - v) + t
    ty: float
    vx: float
    vy: float


def artboard(attrs: dict[str, str]) -> Artboard:
    vb = None
    if "viewBox" in attrs:
        nums = re.split(r"[\s,]+", attrs["viewBox"].strip())
        try:
            vals = [float(x) for x in nums]
            if len(vals) == 4 and vals[2] > 0 and vals[3] > 0:
                vb = vals
        except ValueError:
            vb = None
    wl, hl = length(attrs.get("width")), length(attrs.get("height"))
    for l in (wl, hl):
        if l and l[1] not in PT_PER and l[1] != "%":
            raise Unjudgeable(f"width/height unit {l[1]!r}")
    if wl and wl[1] == "%":
        wl = None
    if hl and hl[1] == "%":
        hl = None
    if vb is None:
        if not (wl and hl):
            raise Unjudgeable("no viewBox and no absolute width and height")
        w, h = wl[0] * PT_PER[wl[1]], hl[0] * PT_PER[hl[1]]
        return Artboard(w, h, PT_PER[wl[1]] / CSS_PER[wl[1]], PT_PER[hl[1]] / CSS_PER[hl[1]],
                        0, 0, 0, 0)
    vx, vy, vw, vh = vb
    if wl and hl:
        w, h = wl[0] * PT_PER[wl[1]], hl[0] * PT_PER[hl[1]]
    elif wl:
        w = wl[0] * PT_PER[wl[1]]
        h = w * vh / vw
    elif hl:
        h = hl[0] * PT_PER[hl[1]]
        w = h * vw / vh
    else:
        w, h = vw, vh
    par = attrs.get("preserveAspectRatio", "xMidYMid meet").split()
    sx, sy = w / vw, h / vh
    tx = ty = 0.0
    if par and par[0] != "none":
        align = par[0]
        s = max(sx, sy) if (len(par) > 1 and par[1] == "slice") else min(sx, sy)
        sx = sy = s
        fx = {"xMin": 0.0, "xMid": 0.5, "xMax": 1.0}.get(align[:4], 0.5)
        fy = {"YMin": 0.0, "YMid": 0.5, "YMax": 1.0}.get(align[4:], 0.5)
        tx, ty = (w - vw * s) * fx, (h - vh * s) * fy
    return Artboard(w, h, sx, sy, tx, ty, vx, vy)


PERCENT_RE = re.compile(rb"""\s(?:x|y|width|height|cx|cy|r|rx|ry|x1|x2|y1|y2)\s*=\s*["'][^"']*%""")


def rewritten(data: bytes, ab: Artboard, cw: int, ch: int, scale: float, ox: float, oy: float) -> bytes:
    """The file with only its root's viewport changed: a cw x ch px canvas on which an
    artboard point p lands at scale * p + offset."""
    s, e = root_tag(data)
    tag = data[s:e]
    drop = {b"width", b"height", b"viewBox", b"preserveAspectRatio", b"x", b"y"}
    kept = ATTR_RE.sub(lambda m: b"" if m.group(1) in drop else m.group(0), tag)
    u0 = ab.vx + ((-ox / scale) - ab.tx) / ab.sx
    v0 = ab.vy + ((-oy / scale) - ab.ty) / ab.sy
    uw = cw / scale / ab.sx
    vh = ch / scale / ab.sy
    name_end = re.compile(rb"<[^\s>/]+").match(tag).end()
    new = (tag[:name_end] + f' width="{cw}" height="{ch}" viewBox="{u0!r} {v0!r} {uw!r} {vh!r}"'
           f' preserveAspectRatio="none"'.encode() + kept[name_end:])
    return data[:s] + new + data[e:]


# --------------------------------------------------------------------------------------
# rendering and pixels

def rsvg(svg: bytes | Path, scratch: Path, tag: str, options: list[str] = ()) -> tuple[object | None, float, str]:
    """Render with rsvg-convert (SVG bytes, or a file as it is, with options); (RGBA float
    array or None, seconds, error)."""
    import numpy as np
    from PIL import Image
    if isinstance(svg, Path):
        src = svg
    else:
        src = scratch / f"{tag}.svg"
        src.write_bytes(svg)
    dst = scratch / f"{tag}.png"
    env = dict(os.environ, LANGUAGE="C", LC_ALL="C", LANG="C")
    t0 = time.perf_counter()
    try:
        p = subprocess.run(["rsvg-convert", *options, "-f", "png", "-o", str(dst), str(src)], env=env,
                           capture_output=True, timeout=60)
    except subprocess.TimeoutExpired:
        return None, time.perf_counter() - t0, "rsvg-convert timed out (60 s)"
    dt = time.perf_counter() - t0
    if p.returncode != 0 or not dst.exists():
        return None, dt, p.stderr.decode(errors="replace").strip()[:300]
    with Image.open(dst) as im:
        arr = np.asarray(im.convert("RGBA"), dtype=np.float64) / 255.0
    return arr, dt, ""


def coverage_1d(n: int, a: float, b: float):
    import numpy as np
    x = np.arange(n, dtype=np.float64)
    return np.clip(np.minimum(x + 1, b) - np.maximum(x, a), 0, 1)


def srgb_to_lab(rgb):
    import numpy as np
    c = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    m = np.array([[0.4124564, 0.3575761, 0.1804375],
                  [0.2126729, 0.7151522, 0.0721750],
                  [0.0193339, 0.1191920, 0.9503041]])
    xyz = c @ m.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]),
                     200 * (f[..., 1] - f[..., 2])], axis=-1)


def hexcolour(rgb) -> str:
    return "#" + "".join(f"{int(round(v * 255)):02x}" for v in rgb)


def ink_box(alpha, threshold=8 / 255):
    """Pixel box (x0, y0, x1, y1) of alpha >= threshold, and the same refined by the edge
    rows' and columns' coverage (a vertical edge at x = 10.3 gives 10.3)."""
    import numpy as np
    ys, xs = np.nonzero(alpha >= threshold)
    if len(xs) == 0:
        return None, None
    x0, x1, y0, y1 = xs.min(), xs.max() + 1, ys.min(), ys.max() + 1
    colmax = alpha.max(axis=0)
    rowmax = alpha.max(axis=1)
    fine = (x0 + 1 - colmax[x0], y0 + 1 - rowmax[y0], x1 - 1 + colmax[x1 - 1], y1 - 1 + rowmax[y1 - 1])
    return (int(x0), int(y0), int(x1), int(y1)), tuple(float(v) for v in fine)


def judge_wide(img, ab: Artboard, k: float, q: float, m: int) -> dict:
    """Colours, clipping, ink box and stroke from the wide render (k px/pt, origin at m px;
    q = render px per @3x px)."""
    import numpy as np
    from scipy import ndimage
    a = img[..., 3]
    H, W = a.shape
    x0, y0, x1, y1 = m, m, m + ab.w * k, m + ab.h * k
    cx = coverage_1d(W, x0, x1)
    cy = coverage_1d(H, y0, y1)
    inside_cov = np.outer(cy, cx)
    inside = inside_cov >= 0.5
    win = max(1, int(round(q)))
    a_in = a * inside_cov
    a_out = a * (1 - inside_cov)
    vis_in = (a_in > 0) & (ndimage.uniform_filter(a_in, size=win, mode="constant") >= 8 / 255)
    vis_out = (a_out > 0) & (ndimage.uniform_filter(a_out, size=win, mode="constant") >= 8 / 255)
    res: dict = {}

    # --- ink box (points) and emptiness
    box, fine = ink_box(np.where(vis_in, a_in, 0.0), threshold=1e-9)
    res["visible"] = box is not None
    if box is not None:
        fx0, fy0, fx1, fy1 = fine
        res["ink_box_pt"] = [round((fx0 - m) / k, 3), round((fy0 - m) / k, 3),
                             round((fx1 - fx0) / k, 3), round((fy1 - fy0) / k, 3)]

    # --- clipping
    xs = np.arange(W) + 0.0
    ys = np.arange(H) + 0.0
    # distance of each pixel's near side past the artboard edge (render px), 0 when inside
    dx = np.maximum(np.maximum(x0 - (xs + 1), xs - x1), 0)
    dy = np.maximum(np.maximum(y0 - (ys + 1), ys - y1), 0)
    near = np.maximum.outer(dy, dx)
    wholly_out = (inside_cov == 0)
    reach = np.where(wholly_out, near + a, a_out)  # a straddling pixel reaches its own alpha
    vis_all = vis_in | vis_out
    labels, n = ndimage.label(vis_all, structure=np.ones((3, 3)))
    cross_reach = 0.0
    stray = []
    if n:
        idx = np.arange(1, n + 1)
        has_in = ndimage.maximum(vis_in & inside, labels, idx) > 0
        out_reach = ndimage.maximum(np.where(vis_out, reach, 0.0), labels, idx)
        for i in range(n):
            r = float(out_reach[i]) / q
            if has_in[i]:
                cross_reach = max(cross_reach, r)
            elif r > 0:
                stray.append(round(r, 2))
    res["cross_reach_px"] = round(cross_reach, 3)
    res["stray_components"] = len(stray)
    if cross_reach >= 0.5:
        res["clip"] = "clipped"
    elif cross_reach < 0.25 and not stray:
        res["clip"] = "not clipped"
    elif cross_reach < 0.25:
        res["clip"] = "stray"
    else:
        res["clip"] = "undecided"

    # --- colours (what shows: inside the artboard)
    sel = inside & (a >= 0.2)
    res["colour"] = "one"
    res["colours"] = []
    if sel.any():
        rgb = img[..., :3][sel]
        w = a[sel]
        keys = np.round(rgb * 255).astype(np.int64)
        code = keys[:, 0] * 65536 + keys[:, 1] * 256 + keys[:, 2]
        uniq, inv = np.unique(code, return_inverse=True)
        mass = np.bincount(inv, weights=w)
        dom = uniq[int(np.argmax(mass))]
        dom_rgb = np.array([(dom >> 16) & 255, (dom >> 8) & 255, dom & 255]) / 255.0
        lab = srgb_to_lab(rgb)
        de = np.linalg.norm(lab - srgb_to_lab(dom_rgb), axis=1)
        far = float(w[de > 5.0].sum()) / (q * q)
        mid = float(w[(de > 2.3) & (de <= 5.0)].sum()) / (q * q)
        res["colour_far_px"] = round(far, 2)
        res["colour_mid_px"] = round(mid, 2)
        top = np.argsort(-mass)[:4]
        res["colours"] = [[hexcolour(np.array([(uniq[t] >> 16) & 255, (uniq[t] >> 8) & 255,
                                               uniq[t] & 255]) / 255.0),
                           round(float(mass[t]) / (q * q), 1)] for t in top]
        if far >= 1.0:
            res["colour"] = "two"
        elif far < 0.25 and mid < 1.0:
            res["colour"] = "one"
        else:
            res["colour"] = "undecided"

    # --- stroke: the centres of maximal discs (a pixel whose neighbours' distances do not
    # exceed its own by half their spacing); the width at each is twice the distance to the
    # edge, refined by the alpha of the two pixels that straddle the edge there
    ink = (a_in >= 0.5)
    res["stroke_pt"] = None
    res["stroke"] = "solid"
    if ink.any() and box is not None:
        d, (iy, ix) = ndimage.distance_transform_edt(ink, return_indices=True)
        pad = np.pad(d, 1)
        c = pad[1:-1, 1:-1]
        ridge = d >= 1.5
        for oy in (-1, 0, 1):
            for ox in (-1, 0, 1):
                if oy or ox:
                    ridge &= (pad[1 + oy:1 + oy + H, 1 + ox:1 + ox + W] - c) < 0.5 * math.hypot(ox, oy)
        ry, rx = np.nonzero(ridge)
        by, bx = iy[ridge], ix[ridge]
        inner = a_in[by + np.sign(ry - by), bx + np.sign(rx - bx)]
        widths = 2 * (d[ridge] - 1.5 + inner + a_in[by, bx])
        res["ridge_px"] = int(widths.size)
        if widths.size >= 40:
            med = float(np.median(widths))
            share15 = float(np.mean(np.abs(widths - med) <= 0.15 * med))
            share25 = float(np.mean(np.abs(widths - med) <= 0.25 * med))
            short = min(box[2] - box[0], box[3] - box[1])
            res["ridge_share"] = [round(share15, 2), round(share25, 2)]
            res["ridge_median_pt"] = round(med / q / 3, 3)
            res["ridge_over_side"] = round(med / short, 3)
            if share15 >= 0.6 and med < 0.25 * short:
                res["stroke"] = "stroked"
                res["stroke_pt"] = round(med / q / 3, 3)
            elif share25 >= 0.5 and med < 0.35 * short:
                res["stroke"] = "undecided"
    return res


def stray_components(img, ab: Artboard, k: float, m: int) -> int:
    """Components of visible ink (alpha >= 8/255 at about one @3x px a pixel) with no pixel
    in the artboard: shapes lying wholly outside it, however far."""
    import numpy as np
    from scipy import ndimage
    a = img[..., 3]
    H, W = a.shape
    cov = np.outer(coverage_1d(H, m, m + ab.h * k), coverage_1d(W, m, m + ab.w * k))
    vis = a >= 8 / 255
    labels, n = ndimage.label(vis, structure=np.ones((3, 3)))
    if not n:
        return 0
    touches = ndimage.maximum(cov, labels, np.arange(1, n + 1))
    return int(np.sum(touches == 0))


def page_options(t: dict, ab: Artboard, size: int) -> list[str]:
    """rsvg-convert options that draw the file as it is, its viewport (the artboard) placed on
    a size x size page as iconforge's transform says (72 dpi, so px = pt)."""
    return ["--dpi-x=72", "--dpi-y=72", f"--width={t['scale'] * ab.w!r}px", f"--height={t['scale'] * ab.h!r}px",
            f"--left={t['x']!r}px", f"--top={t['y']!r}px", f"--page-width={size}px", f"--page-height={size}px"]


def judge_output(img, ref_path: Path, size: int, t: dict, ab: Artboard) -> dict:
    """Compare iconforge's PNG with the reference at its transform (both size x size)."""
    import numpy as np
    from PIL import Image
    ref = img[..., 3]
    with Image.open(ref_path) as im:
        mine = np.asarray(im.convert("RGBA"), dtype=np.float64)[..., 3] / 255.0
    out: dict = {"coverage": float(ref.sum())}
    rb, rf = ink_box(ref)
    mb, _ = ink_box(mine)
    out["ref_box"] = rb
    out["png_box"] = mb
    reasons = []
    if mine.shape != ref.shape:
        reasons.append(f"PNG is {mine.shape[1]} x {mine.shape[0]}, not {size} x {size}")
        out["reasons"] = reasons
        return out
    if (rb is None) != (mb is None):
        reasons.append("one of them is empty")
    elif rb is not None:
        dmax = max(abs(p - q) for p, q in zip(rb, mb))
        out["box_diff_px"] = int(dmax)
        if dmax > 1:
            reasons.append(f"ink box {mb} vs reference {rb}")
        cxr, cyr = (rf[0] + rf[2]) / 2, (rf[1] + rf[3]) / 2
        out["ref_centre_offset_px"] = [round(cxr - size / 2, 2), round(cyr - size / 2, 2)]
        if abs(cxr - size / 2) > 1 or abs(cyr - size / 2) > 1:
            reasons.append(f"reference ink centred at ({cxr:.2f}, {cyr:.2f}), not ({size / 2}, {size / 2})")
    diff = np.abs(mine - ref)
    rel = float(diff.sum()) / max(float(ref.sum()), 1e-9)
    out["alpha_diff_rel"] = round(rel, 4)
    out["alpha_diff_max"] = int(round(float(diff.max()) * 255))
    if rel > 0.02 or diff.max() > 96 / 255:
        reasons.append(f"alpha differs ({rel:.1%} of the ink, at most {out['alpha_diff_max']}/255)")
    out["reasons"] = reasons
    return out


# --------------------------------------------------------------------------------------
# one glyph

def judge_glyph(job: dict) -> dict:
    """Runs in a worker process: every render and measurement of one glyph."""
    src = Path(job["source"])
    data = src.read_bytes()
    res: dict = {"name": job["name"]}
    scratch = Path(tempfile.mkdtemp(prefix="eval-", dir=job["scratch"]))
    try:
        attrs = root_attrs(data)
        ab = artboard(attrs)
        res["artboard_pt"] = [round(ab.w, 3), round(ab.h, 3)]
        if PERCENT_RE.search(data[root_tag(data)[1]:]):
            raise Unjudgeable("percentage lengths inside the drawing (they follow the rewritten viewBox)")
        side = max(ab.w, ab.h)
        s3 = job["s3"] or 80 / side  # no scale from iconforge: the artboard's side at about 80 px
        # near: the artboard and 8 @3x px around it, at a quarter of an @3x px
        k = 4 * s3
        while side * k + 2 * 8 * 4 > 2400:
            k *= 0.75
        q = k / s3
        m = int(math.ceil(8 * q))
        res["qpx_per_3x_px"] = round(q, 3)
        cw, ch = int(math.ceil(ab.w * k + 2 * m)), int(math.ceil(ab.h * k + 2 * m))
        img, dt, err = rsvg(rewritten(data, ab, cw, ch, k, m, m), scratch, "near")
        res["rsvg_seconds"] = round(dt, 3)
        if img is None:
            res["rsvg_error"] = err
            return res
        res.update(judge_wide(img, ab, k, q, m))
        # far: half the artboard's larger side all round, at one @3x px
        kf = s3
        while 2 * side * kf > 2400:
            kf *= 0.75
        mf = int(math.ceil(0.5 * side * kf))
        far, _, _ = rsvg(rewritten(data, ab, int(math.ceil(ab.w * kf + 2 * mf)), int(math.ceil(ab.h * kf + 2 * mf)),
                                   kf, mf, mf), scratch, "far")
        if far is not None:
            res["stray_far"] = stray_components(far, ab, kf, mf)
            if res["stray_far"] and res["clip"] == "not clipped":
                res["clip"] = "stray"
        res["outputs"] = {}
        for o in job["outputs"]:
            size = o["width"]
            img2, _, err2 = rsvg(src, scratch, f"o{size}", page_options(o["transform"], ab, size))
            if img2 is None:
                res["outputs"][str(o["scale"])] = {"reasons": [f"reference failed: {err2}"]}
                continue
            r = judge_output(img2, Path(job["out"]) / o["file"], size, o["transform"], ab)
            # ink past the canvas (the reference's ink inside the artboard, placed)
            if "ink_box_pt" in res:
                bx, by, bw, bh = res["ink_box_pt"]
                S, ox, oy = o["transform"]["scale"], o["transform"]["x"], o["transform"]["y"]
                lo = min(S * bx + ox, S * by + oy)
                hi = max(S * (bx + bw) + ox, S * (by + bh) + oy)
                if lo < -0.5 or hi > size + 0.5:
                    r["reasons"].append(f"ink runs past the canvas ({lo:.1f} to {hi:.1f} px)")
            res["outputs"][str(o["scale"])] = r
    except Unjudgeable as e:
        res["unjudgeable"] = str(e)
    except Exception as e:  # a judge failure is reported, not hidden
        res["unjudgeable"] = f"judge failed: {type(e).__name__}: {e}"
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return res


# --------------------------------------------------------------------------------------
# classification

NOT_JUDGED = ("svg.parse", "svg.text", "svg.external", "svg.raster", "svg.dynamic", "svg.limit",
              "svg.use-cycle", "name.", "glyph.", "input.")


def classify(lib_glyphs: list[dict], judged: dict[str, dict]) -> None:
    """Adds 'false', 'missed', 'wrong_png', 'undecided', 'not_judged' lists to every glyph."""
    import statistics
    # set medians (judge's), over the glyphs iconforge built, as iconforge's family does
    ok = [g for g in lib_glyphs if g["status"] == "ok" and "unjudgeable" not in judged[g["name"]]]
    strokes = [judged[g["name"]]["stroke_pt"] for g in ok if judged[g["name"]].get("stroke_pt")]
    stroked_share = len(strokes) / max(len(ok), 1)
    stroke_median = statistics.median(strokes) if strokes else None
    covs = []
    for g in ok:
        j = judged[g["name"]]
        o3 = j.get("outputs", {}).get("3")
        if o3 and "coverage" in o3 and "ink_box_pt" in j:
            bw, bh = j["ink_box_pt"][2], j["ink_box_pt"][3]
            shape_target = 80 if max(bw, bh) / max(min(bw, bh), 1e-9) < 1.2 else 88
            j["coverage"] = o3["coverage"] / (shape_target ** 2)
            covs.append(j["coverage"])
    cov_median = statistics.median(covs) if covs else None
    # same-size artboards (within 0.5 %) and their usual @3x scale
    groups: list[list[dict]] = []
    for g in sorted((g for g in lib_glyphs if "artboard" in g),
                    key=lambda g: (g["artboard"]["width"], g["artboard"]["height"])):
        aw, ah = g["artboard"]["width"], g["artboard"]["height"]
        for grp in groups:
            gw, gh = grp[0]["artboard"]["width"], grp[0]["artboard"]["height"]
            if abs(aw - gw) <= 0.01 * gw and abs(ah - gh) <= 0.01 * gh:
                grp.append(g)
                break
        else:
            groups.append([g])
    usual: dict[str, float] = {}
    for grp in groups:
        scales = [o["transform"]["scale"] for g in grp for o in g["outputs"] if o["scale"] == 3
                  and not any(d["rule"] == "size.scaled-down" for d in g["diagnostics"])]
        if scales:
            mode = max(set(scales), key=scales.count)
            for g in grp:
                usual[g["name"]] = mode

    for g in lib_glyphs:
        j = judged[g["name"]]
        j["false"], j["missed"], j["wrong_png"], j["undecided"], j["not_judged"] = [], [], [], [], []
        rules = {d["rule"] for d in g["diagnostics"]}
        if "unjudgeable" in j or "rsvg_error" in j:
            j["not_judged"] = sorted(rules)
            continue
        for d in g["diagnostics"]:
            rule, sev = d["rule"], d["severity"]
            verdict = None  # True: the finding holds; False: contradicted; None: undecided
            why = ""
            if rule in ("color.monochrome", "color.background"):
                verdict = {"one": False, "two": True}.get(j["colour"])
                why = f"judge sees {j['colour']} colour(s): {j['colours']}"
            elif rule == "geometry.clipped":
                c = j["clip"]
                if sev == "error":
                    verdict = {"clipped": True, "not clipped": False, "stray": False}.get(c)
                else:
                    verdict = {"not clipped": False}.get(c, True)
                why = f"judge: {c} (crossing ink reaches {j['cross_reach_px']} px, {j['stray_components']} stray)"
            elif rule == "svg.empty":
                verdict = not j["visible"]
                why = "the artboard shows ink" if j["visible"] else "nothing visible"
            elif rule == "size.scaled-down":
                s3 = usual.get(g["name"])
                if s3 and "ink_box_pt" in j:
                    bw, bh = j["ink_box_pt"][2], j["ink_box_pt"][3]
                    px = max(bw, bh) * s3
                    verdict = False if px <= 103 else (True if px > 104.3 else None)
                    why = f"ink box {max(bw, bh):.2f} pt x {s3:.4f} = {px:.1f} px at the set's scale"
            elif rule == "geometry.off-center" and "ink_box_pt" in j:
                bx, by, bw, bh = j["ink_box_pt"]
                off = math.hypot(bx + bw / 2 - j["artboard_pt"][0] / 2, by + bh / 2 - j["artboard_pt"][1] / 2)
                verdict = False if off <= 0.9 else (True if off > 1.0 else None)
                why = f"ink centre {off:.2f} pt from the artboard's"
            elif rule == "geometry.aspect" and "ink_box_pt" in j:
                bw, bh = j["ink_box_pt"][2], j["ink_box_pt"][3]
                r = max(bw, bh) / max(min(bw, bh), 1e-9)
                verdict = False if r <= 2.9 else True
                why = f"ink box ratio {r:.2f}:1"
            elif rule == "set.stroke-weight":
                w = j.get("stroke_pt")
                if j["stroke"] == "solid":
                    verdict, why = False, (f"no stroke: {j.get('ridge_px')} ridge px, share within 15 %/25 % "
                                           f"{j.get('ridge_share')}, width/side {j.get('ridge_over_side')}")
                elif w is not None and stroke_median:
                    r = w / stroke_median
                    verdict = False if abs(r - 1) <= 0.10 else (True if abs(r - 1) >= 0.20 else None)
                    why = f"stroke {w:.2f} pt, set median {stroke_median:.2f} pt (x{r:.2f})"
                else:
                    why = f"stroke undecided: share {j.get('ridge_share')}, width/side {j.get('ridge_over_side')}"
            elif rule == "set.optical-weight" and j.get("coverage") is not None and cov_median:
                r = j["coverage"] / cov_median
                verdict = False if 1 / 1.2 < r < 1.2 else (True if (r >= 1.5 or r <= 1 / 1.5) else None)
                if verdict is None and r > 1 and j["stroke"] == "solid" and stroked_share >= 0.75:
                    verdict = True  # a solid glyph among outlines, and darker by a fifth or more
                why = (f"coverage {j['coverage']:.1%}, set median {cov_median:.1%} (x{r:.2f}); glyph "
                       f"{j['stroke']}, {stroked_share:.0%} of the set stroked")
            elif rule in ("render.failed", "render.timeout", "render.crashed"):
                verdict = not (j["rsvg_seconds"] < 2 and j["visible"])
                why = f"rsvg-convert rendered it in {j['rsvg_seconds']} s, visible ink: {j['visible']}"
            elif rule.startswith(NOT_JUDGED) or rule in NOT_JUDGED:
                j["not_judged"].append(rule)
                continue
            else:
                j["not_judged"].append(rule)
                continue
            entry = {"rule": rule, "severity": sev, "why": why, "message": d.get("message", "")[:300]}
            if verdict is False:
                j["false"].append(entry)
            elif verdict is None:
                j["undecided"].append(entry)
        # misses
        if j["colour"] == "two" and not rules & {"color.monochrome", "color.background"}:
            j["missed"].append({"what": "second colour", "why": f"{j['colours']}"})
        if j["clip"] == "clipped" and "geometry.clipped" not in rules:
            j["missed"].append({"what": "clipped", "why": f"crossing ink reaches {j['cross_reach_px']} px past the edge"})
        if j["clip"] == "stray" and "geometry.clipped" not in rules:
            j["missed"].append({"what": "stray ink outside", "why": f"{j['stray_components']} component(s) wholly outside"})
        if not j["visible"] and "svg.empty" not in rules and g["status"] == "ok":
            j["missed"].append({"what": "empty", "why": "no visible ink in the artboard"})
        if j["colour"] == "undecided" and not rules & {"color.monochrome", "color.background"}:
            j["undecided"].append({"rule": "color (miss?)", "why": f"{j['colours']}"})
        if j["clip"] == "undecided" and "geometry.clipped" not in rules:
            j["undecided"].append({"rule": "clip (miss?)", "why": f"reach {j['cross_reach_px']} px"})
        # wrong PNGs
        for sc, o in j.get("outputs", {}).items():
            for r in o["reasons"]:
                j["wrong_png"].append(f"@{sc}x: {r}")
        if g["outputs"] and g["name"] in usual and "size.scaled-down" not in rules and "ink_box_pt" in j:
            s3 = [o["transform"]["scale"] for o in g["outputs"] if o["scale"] == 3][0]
            side = max(j["ink_box_pt"][2], j["ink_box_pt"][3])
            if abs(s3 - usual[g["name"]]) * side > 1:
                j["wrong_png"].append(f"@3x scale {s3} px/pt, not its same-size siblings' {usual[g['name']]}: "
                                      f"{side * s3:.1f} px instead of {side * usual[g['name']]:.1f}")
        j["stroke_median_pt"] = stroke_median
        j["coverage_median"] = cov_median


# --------------------------------------------------------------------------------------
# contact sheets

def contact_sheet(entries: list[tuple[str, list[Path | None], str]], target: Path) -> None:
    """One row per glyph: its images side by side (None: blank) and a caption."""
    from PIL import Image, ImageDraw
    cell, cap = 160, 220
    rows = max(1, len(entries))
    sheet = Image.new("RGB", (cap + 3 * (cell + 8), rows * (cell + 8)), "white")
    backdrop = (150, 170, 200, 255)  # white and black glyphs both show on it
    draw = ImageDraw.Draw(sheet)
    for r, (caption, images, detail) in enumerate(entries):
        y = r * (cell + 8)
        draw.text((4, y + 4), caption[:34], fill="black")
        for i, line in enumerate(re.findall(".{1,36}", detail)[:9]):
            draw.text((4, y + 20 + 12 * i), line, fill="#444444")
        for c, p in enumerate(images):
            x = cap + c * (cell + 8)
            draw.rectangle([x, y, x + cell - 1, y + cell - 1], fill="#eeeeee")
            if p is None or not p.exists():
                continue
            with Image.open(p) as im:
                im = im.convert("RGBA")
                if max(im.size) < cell:
                    f = cell // max(im.size)
                    im = im.resize((im.size[0] * f, im.size[1] * f), Image.NEAREST)
                im.thumbnail((cell, cell))
                tile = Image.new("RGBA", im.size, backdrop)
                tile.alpha_composite(im)
                sheet.paste(tile.convert("RGB"), (x, y))
    sheet.save(target)


def render_file(svg: bytes, target: Path) -> None:
    src = target.with_suffix(".svg")
    src.write_bytes(svg)
    subprocess.run(["rsvg-convert", "-f", "png", "-o", str(target), str(src)], capture_output=True,
                   timeout=60, env=dict(os.environ, LANGUAGE="C", LC_ALL="C"))
    src.unlink()


def outline(png: Path, x0: float, y0: float, x1: float, y1: float) -> None:
    """Draw a thin red outline of the artboard (or canvas) on a render, for the sheets."""
    from PIL import Image, ImageDraw
    with Image.open(png) as im:
        im = im.convert("RGBA")
    tile = Image.new("RGBA", im.size, (150, 170, 200, 255))
    tile.alpha_composite(im)
    ImageDraw.Draw(tile).rectangle([x0, y0, x1, y1], outline=(255, 0, 0, 255))
    tile.save(png)


def write_sheets(lib: Library, run: Path, glyphs: list[dict], judged: dict[str, dict], corpus: Path) -> None:
    cats = {"false": lambda j: j["false"], "wrong_png": lambda j: j["wrong_png"],
            "missed": lambda j: j["missed"], "undecided": lambda j: j["undecided"],
            "agreed": lambda j: ([] if j.get("false") or j.get("wrong_png") or j.get("missed") or j.get("undecided")
                                 or "outputs" not in j else ["no false finding, PNG as the reference"])}
    sheets = run / "sheets"
    sheets.mkdir(exist_ok=True)
    for cat, get in cats.items():
        rows = [g for g in glyphs if get(judged[g["name"]])]
        rows = rows[::max(1, math.ceil(len(rows) / 24))]
        if not rows:
            continue
        entries = []
        for g in rows:
            j = judged[g["name"]]
            wide = sheets / f"{g['name']}.wide.png"
            ref = sheets / f"{g['name']}.ref3x.png"
            try:
                data = (corpus / g["source"]).read_bytes()
                ab = artboard(root_attrs(data))
                side = max(ab.w, ab.h)
                k = 320 / (2 * side)
                m = int(math.ceil(0.5 * side * k))
                render_file(rewritten(data, ab, int(ab.w * k + 2 * m), int(ab.h * k + 2 * m), k, m, m), wide)
                outline(wide, m, m, m + ab.w * k, m + ab.h * k)
                o3 = [o for o in g["outputs"] if o["scale"] == 3]
                if o3:
                    t = o3[0]["transform"]
                    subprocess.run(["rsvg-convert", *page_options(t, ab, 104), "-o", str(ref),
                                    str(corpus / g["source"])], capture_output=True, timeout=60,
                                   env=dict(os.environ, LANGUAGE="C", LC_ALL="C"))
            except Exception:
                pass
            png = run / "Output" / f"{g['name']}@3x.png"
            detail = "; ".join(str(x.get("rule", x.get("what", "")) if isinstance(x, dict) else x)
                               + (": " + x["why"] if isinstance(x, dict) and x.get("why") else "")
                               for x in get(j))
            entries.append((g["name"], [png if png.exists() else None, ref if ref.exists() else None, wide],
                            detail))
        contact_sheet(entries, sheets / f"{cat}.png")


# --------------------------------------------------------------------------------------

def run_library(lib: Library, limit: int, iconforge: Path, jobs: int, sheets: bool) -> dict:
    from concurrent.futures import ProcessPoolExecutor
    corpus, total = prepare_sample(lib, limit)
    run = EVAL / "run" / lib.key
    shutil.rmtree(run, ignore_errors=True)
    run.mkdir(parents=True)
    out = run / "Output"
    log(f"{lib.key}: iconforge build {corpus.name} ({len(list(corpus.glob('*.svg')))} of {total} glyphs)")
    t0 = time.perf_counter()
    p = subprocess.run([str(iconforge), "build", str(corpus), "-o", str(out), "--fit", "--no-config",
                        "--format", "json", "-j", str(jobs)], capture_output=True, cwd=run)
    build_s = time.perf_counter() - t0
    (run / "build.json").write_bytes(p.stdout)
    catalog_path = out / "catalog.json"
    if not catalog_path.exists():
        raise SystemExit(f"evaluate: iconforge wrote no catalog for {lib.key} (exit {p.returncode}): "
                         + p.stderr.decode(errors="replace")[-2000:])
    catalog = json.loads(catalog_path.read_text())
    glyphs = catalog["glyphs"]
    set_scales = {(s["artboard"]["width"], s["artboard"]["height"]): s["pixelsPerUnit"][1]
                  for s in catalog["template"].get("setScales", [])}
    scratch = Path(tempfile.mkdtemp(prefix=f"evaluate-{lib.key}-"))
    work = []
    for g in glyphs:
        o3 = [o for o in g["outputs"] if o["scale"] == 3]
        if o3:
            s3 = o3[0]["transform"]["scale"]
        elif "artboard" in g:
            s3 = set_scales.get((g["artboard"]["width"], g["artboard"]["height"]))
        else:
            s3 = None  # iconforge read no artboard: the judge picks a resolution
        work.append({"name": g["name"], "source": str(corpus / g["source"]), "s3": s3,
                     "outputs": g["outputs"], "out": str(out), "scratch": str(scratch)})
    t1 = time.perf_counter()
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(judge_glyph, work, chunksize=4))
    judge_s = time.perf_counter() - t1
    shutil.rmtree(scratch, ignore_errors=True)
    judged = {r["name"]: r for r in results}
    for g in glyphs:  # iconforge's artboard against the judge's
        j = judged[g["name"]]
        if "artboard_pt" in j and "artboard" in g:
            aw, ah = g["artboard"]["width"], g["artboard"]["height"]
            if abs(aw - j["artboard_pt"][0]) > 0.01 * aw or abs(ah - j["artboard_pt"][1]) > 0.01 * ah:
                j["artboard_disagrees"] = [aw, ah]
    classify(glyphs, judged)
    if sheets:
        write_sheets(lib, run, glyphs, judged, corpus)
    count = lambda key: sum(1 for g in glyphs if judged[g["name"]][key])  # noqa: E731
    false_err = sum(1 for g in glyphs if any(f["severity"] == "error" for f in judged[g["name"]]["false"]))
    false_warn = sum(1 for g in glyphs if any(f["severity"] == "warning" for f in judged[g["name"]]["false"]))
    summary = {
        "library": lib.label, "key": lib.key, "source": f"{'Debian' if lib.kind == 'deb' else 'PyPI'} "
        f"{lib.package} {lib.version}", "taken": lib.note, "glyphs": len(glyphs), "of": total,
        "errors": sum(1 for g in glyphs if g["status"] == "failed"),
        "warned": sum(1 for g in glyphs if any(d["severity"] == "warning" for d in g["diagnostics"])),
        "false_errors": false_err, "false_warnings": false_warn,
        "wrong_pngs": count("wrong_png"), "misses": count("missed"),
        "undecided": count("undecided"),
        "not_judged": sum(1 for g in glyphs if judged[g["name"]]["not_judged"]),
        "build_seconds": round(build_s, 1), "judge_seconds": round(judge_s, 1),
        "iconforge_exit": p.returncode,
    }
    log(f"{lib.key}: build {build_s:.1f} s, judge {judge_s:.1f} s")
    return {"summary": summary, "glyphs": [dict(judged[g["name"]], status=g["status"],
                                                 findings=[{k: d.get(k) for k in ("rule", "severity", "message")}
                                                           for d in g["diagnostics"]])
                                            for g in glyphs]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--libs", help="comma-separated keys: " + ", ".join(l.key for l in LIBRARIES))
    ap.add_argument("--glyphs", type=int, default=400, help="sample size per library (default 400)")
    ap.add_argument("--json", type=Path, default=None, help="per-glyph details (default $BENCH_CACHE/evaluate/results.json)")
    ap.add_argument("--sheets", action="store_true", help="write contact sheets per category")
    args = ap.parse_args()
    ensure_packages()
    iconforge = Path(os.environ.get("ICONFORGE") or ROOT / ".build" / "release" / "iconforge").resolve()
    if not iconforge.exists():
        raise SystemExit(f"evaluate: no iconforge at {iconforge} (swift build -c release --product iconforge)")
    if not shutil.which("rsvg-convert"):
        raise SystemExit("evaluate: rsvg-convert not found (Debian: apt-get install librsvg2-bin)")
    jobs = int(os.environ.get("EVAL_JOBS") or 2)
    keys = args.libs.split(",") if args.libs else [l.key for l in LIBRARIES]
    libs = [l for l in LIBRARIES if l.key in keys]
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True).stdout.strip()
    version = subprocess.run([str(iconforge), "--version"], capture_output=True, text=True).stdout.strip()
    rsvg_version = subprocess.run(["rsvg-convert", "--version"], capture_output=True, text=True).stdout.strip()
    t0 = time.perf_counter()
    results = [run_library(l, args.glyphs, iconforge, jobs, args.sheets) for l in libs]
    total_s = time.perf_counter() - t0
    doc = {"date": time.strftime("%Y-%m-%d"), "commit": commit, "iconforge": version,
           "rsvg": rsvg_version, "seconds": round(total_s, 1), "libraries": results}
    target = args.json or EVAL / "results.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(doc, indent=1, sort_keys=True))
    print(f"iconforge {commit} ({version}), {rsvg_version}, {doc['date']}; {total_s:.0f} s; details: {target}\n")
    print("| library (source) | glyphs | false errors | false warnings | wrong PNGs | misses |")
    print("|---|---|---|---|---|---|")
    for r in results:
        s = r["summary"]
        print(f"| {s['library']} ({s['source']}) | {s['glyphs']}"
              f"{'' if s['glyphs'] == s['of'] else ' of ' + format(s['of'], ',')} | {s['false_errors']} | "
              f"{s['false_warnings']} | {s['wrong_pngs']} | {s['misses']} |")
    print()
    for r in results:
        s = r["summary"]
        print(f"{s['key']}: {s['errors']} glyphs failed, {s['warned']} warned; undecided {s['undecided']}, "
              f"not judged {s['not_judged']}; build {s['build_seconds']} s, judge {s['judge_seconds']} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
