#!/usr/bin/env python3
"""Generates data/sample: the offline archive of made-up APOD-style entries.

Every picture is drawn here from noise and simple geometry (star fields, nebulae, galaxies,
planets, an eclipse, an aurora), so the sample carries nobody's copyright and no NASA data.
Needs numpy and ImageMagick's `convert` (for JPEG, PNG and the animated GIF). Deterministic:
the same seed gives the same files, so regenerating does not churn the repository.

    python3 scripts/generate-sample.py            # writes data/sample/
"""
import json
import os
import subprocess
import sys

import numpy as np

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "data", "sample")
IMAGES = os.path.join(ROOT, "images")
W, H = 640, 400
CONVERT = "/usr/bin/convert" if os.path.exists("/usr/bin/convert") else "convert"


def rng(seed):
    return np.random.default_rng(seed)


def fractal_noise(r, h, w, beta=3.0):
    """Gaussian noise shaped to a 1/f^beta spectrum: cloud-like structure, values in 0…1."""
    fy = np.fft.fftfreq(h)[:, None]
    fx = np.fft.fftfreq(w)[None, :]
    f = np.sqrt(fx * fx + fy * fy)
    f[0, 0] = 1.0
    spectrum = (r.normal(size=(h, w)) + 1j * r.normal(size=(h, w))) / f ** (beta / 2)
    spectrum[0, 0] = 0
    field = np.real(np.fft.ifft2(spectrum))
    field -= field.min()
    return field / max(field.max(), 1e-9)


def stars(r, img, count, max_sigma=1.6):
    h, w, _ = img.shape
    ys = r.uniform(0, h, count)
    xs = r.uniform(0, w, count)
    mags = r.pareto(2.2, count) * 0.25 + 0.05
    tints = np.array([[1.0, 0.85, 0.7], [1.0, 1.0, 1.0], [0.75, 0.85, 1.0]])
    yy, xx = np.mgrid[-4:5, -4:5]
    for y, x, m in zip(ys, xs, mags):
        sigma = min(max_sigma, 0.5 + m)
        spot = np.exp(-(xx * xx + yy * yy) / (2 * sigma * sigma))[..., None] * min(m, 3.0)
        tint = tints[r.integers(0, 3)]
        y0, x0 = int(y) - 4, int(x) - 4
        ys0, xs0 = max(0, -y0), max(0, -x0)
        y1, x1 = min(9, h - y0), min(9, w - x0)
        if y1 <= ys0 or x1 <= xs0:
            continue
        img[y0 + ys0:y0 + y1, x0 + xs0:x0 + x1] += spot[ys0:y1, xs0:x1] * tint
    return img


def palette(field, colors):
    """Maps a 0…1 field through a list of RGB stops."""
    stops = np.linspace(0, 1, len(colors))
    colors = np.array(colors, dtype=float)
    out = np.empty(field.shape + (3,))
    for c in range(3):
        out[..., c] = np.interp(field, stops, colors[:, c])
    return out


def star_field(seed):
    r = rng(seed)
    img = np.zeros((H, W, 3))
    img += palette(fractal_noise(r, H, W, 2.5) ** 3, [(0, 0, 0.02), (0.05, 0.03, 0.1)])
    return stars(r, img, 1400)


def nebula(seed, colors):
    r = rng(seed)
    field = fractal_noise(r, H, W, 3.2)
    mask = fractal_noise(r, H, W, 4.0)
    img = palette(np.clip(field * 1.4 * mask ** 1.5, 0, 1), colors)
    return stars(r, img, 700)


def galaxy(seed, tilt=0.45, arms=2):
    r = rng(seed)
    yy, xx = np.mgrid[0:H, 0:W].astype(float)
    x = (xx - W / 2) / (W / 3)
    y = (yy - H / 2) / (H / 3) / tilt * 0.6
    rad = np.sqrt(x * x + y * y) + 1e-6
    theta = np.arctan2(y, x)
    spiral = np.cos(arms * (theta - 2.4 * np.log(rad))) * 0.5 + 0.5
    disk = np.exp(-rad * 1.6)
    dust = fractal_noise(r, H, W, 2.8)
    arm_light = disk * spiral ** 3 * (0.6 + 0.8 * dust)
    bulge = np.exp(-(rad / 0.18) ** 2) * 1.4
    img = np.zeros((H, W, 3))
    img += arm_light[..., None] * np.array([0.55, 0.7, 1.0])
    img += bulge[..., None] * np.array([1.0, 0.85, 0.6])
    img += disk[..., None] * 0.25 * np.array([1.0, 0.9, 0.8])
    return stars(r, img, 500)


def planet(seed, base, bands=True):
    r = rng(seed)
    img = stars(r, np.zeros((H, W, 3)), 300, 1.0)
    yy, xx = np.mgrid[0:H, 0:W].astype(float)
    cx, cy, rad = W * 0.5, H * 0.52, H * 0.38
    dx, dy = (xx - cx) / rad, (yy - cy) / rad
    d2 = dx * dx + dy * dy
    inside = d2 < 1
    z = np.sqrt(np.clip(1 - d2, 0, 1))
    light = np.clip(dx * -0.5 + dy * -0.3 + z * 0.8, 0, 1)
    tex = fractal_noise(r, H, W, 3.0)
    if bands:
        tex = 0.6 * tex + 0.4 * (np.sin(dy * 14 + tex * 3) * 0.5 + 0.5)
    surface = np.array(base)[None, None, :] * (0.55 + 0.6 * tex[..., None]) * light[..., None]
    img[inside] = surface[inside]
    return img


def eclipse(seed):
    r = rng(seed)
    yy, xx = np.mgrid[0:H, 0:W].astype(float)
    dx, dy = xx - W / 2, yy - H / 2
    rad = np.sqrt(dx * dx + dy * dy)
    theta = np.arctan2(dy, dx)
    streamers = 0.6 + 0.4 * np.cos(theta * 7 + fractal_noise(r, H, W, 2.0) * 6)
    corona = np.exp(-(rad - 70) / 45) * streamers
    corona[rad < 70] = 0
    img = corona[..., None] * np.array([0.95, 0.95, 1.0])
    img[rad < 68] = 0
    return stars(r, img, 80, 1.0)


def aurora(seed):
    r = rng(seed)
    yy, xx = np.mgrid[0:H, 0:W].astype(float)
    sky = palette(yy / H, [(0.0, 0.02, 0.06), (0.02, 0.06, 0.1)])
    img = stars(r, sky, 600, 1.0)
    curtain_y = H * 0.45 + 40 * np.sin(xx / 70 + 1.3) + 25 * np.sin(xx / 23)
    rays = fractal_noise(r, H, W, 1.2) ** 0.5
    band = np.exp(-np.clip(curtain_y - yy, 0, None) / 40) * (yy < curtain_y) * rays
    img += band[..., None] * np.array([0.2, 1.0, 0.45])
    img += (band ** 3)[..., None] * np.array([0.6, 0.1, 0.5])
    ground = yy > H * 0.82 + 12 * np.sin(xx / 41)
    img[ground] = np.array([0.01, 0.012, 0.02])
    return img


def comet(seed):
    r = rng(seed)
    img = star_field(seed)
    yy, xx = np.mgrid[0:H, 0:W].astype(float)
    hx, hy = W * 0.7, H * 0.35
    ux, uy = -0.85, 0.52
    along = (xx - hx) * ux + (yy - hy) * uy
    across = -(xx - hx) * uy + (yy - hy) * ux
    tail = np.exp(-np.abs(across) / (4 + along.clip(0) * 0.12)) * np.exp(-along.clip(0) / 260)
    tail *= along > 0
    ion = np.exp(-np.abs(across + along * 0.08) / 2.5) * np.exp(-along.clip(0) / 400) * (along > 0)
    head = np.exp(-((xx - hx) ** 2 + (yy - hy) ** 2) / 30)
    img += tail[..., None] * np.array([0.9, 0.9, 0.8]) + ion[..., None] * np.array([0.3, 0.55, 1.0])
    img += head[..., None] * np.array([0.8, 1.0, 0.85]) * 2
    return img


def cluster(seed):
    r = rng(seed)
    img = star_field(seed)
    n = 2500
    rad = np.abs(r.standard_cauchy(n)) * 18
    ang = r.uniform(0, 2 * np.pi, n)
    yy, xx = np.mgrid[-3:4, -3:4]
    spot = np.exp(-(xx * xx + yy * yy) / 1.2)[..., None]
    for rr, a in zip(rad, ang):
        x, y = int(W / 2 + rr * np.cos(a)), int(H / 2 + rr * np.sin(a))
        if 3 <= x < W - 4 and 3 <= y < H - 4:
            img[y - 3:y + 4, x - 3:x + 4] += spot * r.uniform(0.2, 1.0) * np.array([1.0, 0.9, 0.7])
    return img


def to_bytes(img):
    return (np.clip(img, 0, 1) ** (1 / 1.3) * 255).astype(np.uint8)


def write(img, name, quality=80):
    """Writes an image through ImageMagick from a PPM on stdin."""
    data = to_bytes(img)
    header = f"P6 {data.shape[1]} {data.shape[0]} 255\n".encode()
    path = os.path.join(IMAGES, name)
    args = [CONVERT, "ppm:-", "-strip"]
    if name.endswith(".jpg"):
        args += ["-quality", str(quality), "-sampling-factor", "4:2:0"]
    subprocess.run(args + [path], input=header + data.tobytes(), check=True)
    return "images/" + name


def write_gif(frames, name):
    """An animated GIF: one PPM per frame through ImageMagick."""
    tmp = []
    for i, frame in enumerate(frames):
        p = os.path.join(IMAGES, f".frame{i}.ppm")
        data = to_bytes(frame)
        with open(p, "wb") as f:
            f.write(f"P6 {data.shape[1]} {data.shape[0]} 255\n".encode() + data.tobytes())
        tmp.append(p)
    path = os.path.join(IMAGES, name)
    subprocess.run([CONVERT, "-delay", "40", "-loop", "0", *tmp, "-resize", "50%", "-colors", "64",
                    "-layers", "Optimize", path], check=True)
    for p in tmp:
        os.remove(p)
    return "images/" + name


LABEL = ("This is a sample entry that APOD Viewer ships for offline use; the picture was "
         "generated by the app's own script and shows no real object.")


def entry(date, title, text, url=None, hd=None, media="image", copyright="APOD Viewer sample",
          thumbnail=None):
    e = {"date": date, "title": title, "explanation": f"{text} {LABEL}", "media_type": media,
         "service_version": "v1"}
    if url:
        e["url"] = url
    if hd:
        e["hdurl"] = hd
    if thumbnail:
        e["thumbnail_url"] = thumbnail
    if copyright:
        e["copyright"] = copyright
    return e


def main():
    os.makedirs(IMAGES, exist_ok=True)
    for f in os.listdir(IMAGES):
        os.remove(os.path.join(IMAGES, f))
    E = []
    nebula_colors = [
        [(0, 0, 0.02), (0.35, 0.05, 0.2), (0.95, 0.4, 0.45), (1, 0.9, 0.8)],
        [(0, 0, 0.03), (0.05, 0.25, 0.35), (0.3, 0.8, 0.75), (0.9, 1, 0.95)],
        [(0, 0, 0.0), (0.3, 0.1, 0.02), (0.9, 0.55, 0.15), (1, 0.95, 0.7)],
        [(0, 0, 0.04), (0.15, 0.05, 0.35), (0.55, 0.35, 0.95), (0.95, 0.9, 1)],
    ]
    day = iter(f"2026-10-{d:02d}" for d in range(1, 32))

    def image(title, text, img, name, hd=True, **kw):
        url = write(img, name)
        E.append(entry(next(day), title, text, url, url if hd else None, **kw))

    image("Sample: A Field of Quiet Stars", "A patch of sky with nothing in it but stars of "
          "every colour, the way a long exposure far from city lights records them.",
          star_field(1), "star-field.jpg")
    for i, (name, desc) in enumerate([
        ("Rose", "Glowing hydrogen, here in rose and cream, marks where young stars heat the gas."),
        ("Teal", "Doubly ionised oxygen often paints emission nebulae in teal tones."),
        ("Ember", "Dust lit from within turns the colour of embers in this invented cloud."),
        ("Violet", "Faint violet filaments drift across this made-up stellar nursery."),
    ]):
        image(f"Sample: The {name} Nebula", desc, nebula(10 + i, nebula_colors[i]),
              f"nebula-{name.lower()}.jpg")
    image("Sample: Spiral Arms & Dust Lanes", "A two-armed spiral galaxy seen at a slant; dust "
          "threads the arms and old yellow stars crowd the bulge.", galaxy(20),
          "galaxy-spiral.jpg")
    image("Sample: A Three-Armed Galaxy", "Three spiral arms wind out from a compact core.",
          galaxy(21, tilt=0.8, arms=3), "galaxy-three-arms.jpg", hd=False,
          copyright=None)
    image("Sample: A Banded Gas Giant", "Cloud bands stretch around a giant planet that exists "
          "only in this sample.", planet(30, (0.95, 0.75, 0.5)), "planet-banded.jpg")
    image("Sample: An Ice World", "A pale, cratered-looking moon lit from the upper left.",
          planet(31, (0.8, 0.9, 1.0), bands=False), "planet-ice.png")
    image("Sample: Corona During Totality", "With the Moon covering the Sun, the corona's "
          "streamers reach far into a dark sky.", eclipse(40), "eclipse-corona.jpg",
          copyright="\n  APOD Viewer   sample \n")
    image("Sample: Curtains of the Aurora", "Green curtains with violet edges ripple above a "
          "dark horizon.", aurora(50), "aurora.jpg")
    image("Sample: A Comet's Two Tails", "A white dust tail curves away while a straight blue "
          "ion tail points directly away from the Sun.", comet(60), "comet.jpg")
    image("Sample: A Globular Cluster", "Hundreds of thousands of old stars crowd toward this "
          "cluster's centre.", cluster(70), "globular-cluster.jpg")

    long_text = " ".join([
        "This entry has a long explanation, to show how the detail window wraps and scrolls.",
        "Astronomers sort nebulae by how they shine: emission nebulae glow because ultraviolet",
        "light from hot young stars ionises their gas, reflection nebulae scatter the light of",
        "nearby stars, and dark nebulae block the light of whatever lies behind them.",
    ] * 6)
    url = write(nebula(80, nebula_colors[0]), "nebula-long.jpg")
    E.append(entry(next(day), "Sample: Emission, Reflection <and> Dark Nebulae", long_text, url,
                   url))

    frames = []
    for k in range(6):
        f = planet(90, (0.9, 0.6, 0.4))
        phase = k / 6
        yy, xx = np.mgrid[0:H, 0:W].astype(float)
        moon = np.exp(-(((xx - W * (0.15 + 0.7 * phase)) ** 2) + (yy - H * 0.2) ** 2) / 60)
        f += moon[..., None] * np.array([1.0, 1.0, 0.9])
        frames.append(f)
    url = write_gif(frames, "moon-transit.gif")
    E.append(entry(next(day), "Sample: A Moon Crosses Its Planet (animated)", "An animated GIF, "
                   "as APOD often published in its first years.", url, url))

    thumb = write(aurora(100), "video-poster.jpg")
    E.append(entry(next(day), "Sample: Video of a Night Sky", "A video entry: the viewer shows "
                   "its poster with a play button that opens the video page.",
                   "https://science.nasa.gov/apod/", media="video", thumbnail=thumb))
    E.append(entry(next(day), "Sample: An Interactive Page", "An entry of media type \"other\": "
                   "there is no picture, only a page to open.", media="other", copyright=None))

    extra = [
        ("Sample: Starlight Through Thin Clouds", lambda s: nebula(s, nebula_colors[1])),
        ("Sample: A Dusty Edge-On Disk", lambda s: galaxy(s, tilt=0.25)),
        ("Sample: The Milky Way's Faint Glow", star_field),
        ("Sample: Red Clouds & Blue Stars", lambda s: nebula(s, nebula_colors[0])),
        ("Sample: A Small Spiral", lambda s: galaxy(s, tilt=0.6)),
        ("Sample: Rings Seen Edge-On", lambda s: planet(s, (0.95, 0.85, 0.6))),
        ("Sample: Embers of a Supernova", lambda s: nebula(s, nebula_colors[2])),
        ("Sample: A Crowded Star Cloud", cluster),
        ("Sample: Aurora Over a Ridge", aurora),
        ("Sample: The Violet Veil", lambda s: nebula(s, nebula_colors[3])),
        ("Sample: A Comet at Dusk", comet),
        ("Sample: Teal Filaments", lambda s: nebula(s, nebula_colors[1])),
        ("Sample: A Grand Design", lambda s: galaxy(s, arms=2, tilt=0.9)),
    ]
    for i, (title, draw) in enumerate(extra):
        image(title, "One more generated picture, to fill a grid of random samples.",
              draw(200 + i), f"extra-{i + 1:02d}.jpg")

    E.sort(key=lambda e: e["date"])
    with open(os.path.join(ROOT, "entries.json"), "w") as f:
        json.dump(E, f, indent=1, ensure_ascii=False)
        f.write("\n")
    total = sum(os.path.getsize(os.path.join(IMAGES, n)) for n in os.listdir(IMAGES))
    print(f"{len(E)} entries, {len(os.listdir(IMAGES))} pictures, {total / 1e6:.2f} MB",
          file=sys.stderr)


if __name__ == "__main__":
    main()
