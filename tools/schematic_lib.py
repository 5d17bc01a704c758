# schematic_lib.py: helpers for tools/gen-schematic-volumes.py (standard library only).
#
# Hex geometry of the BoAR maps (src/core/grid/rdt-hex-grid.h): flat-top hexes in
# vertical columns, odd columns shifted half a hex down, so from an odd column XX
# the neighbours in XX+-1 are rows YY and YY+1 (Germantown 3.2.1 example).  The
# XML writer follows the canonical form of docs/format.md.

from xml.sax.saxutils import escape as _escape

DIRS = ("N", "NE", "SE", "S", "SW", "NW")


def step(hex_, d):
    """The neighbour of hex_ (col, row) in screen direction d."""
    c, r = hex_
    odd = c % 2 == 1
    if d == "N":
        return (c, r - 1)
    if d == "S":
        return (c, r + 1)
    if d == "NE":
        return (c + 1, r) if odd else (c + 1, r - 1)
    if d == "SE":
        return (c + 1, r + 1) if odd else (c + 1, r)
    if d == "NW":
        return (c - 1, r) if odd else (c - 1, r - 1)
    if d == "SW":
        return (c - 1, r + 1) if odd else (c - 1, r)
    raise ValueError(d)


def neighbours(hex_):
    return [step(hex_, d) for d in DIRS]


def adjacent(a, b):
    return b in neighbours(a)


def to_cube(hex_):
    c, r = hex_
    x = c
    z = r - (c - (c & 1)) // 2
    return (x, -x - z, z)


def from_cube(cube):
    x, _, z = cube
    return (x, z + (x - (x & 1)) // 2)


def distance(a, b):
    ax, ay, az = to_cube(a)
    bx, by, bz = to_cube(b)
    return max(abs(ax - bx), abs(ay - by), abs(az - bz))


def _cube_round(x, y, z):
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy > dz:
        ry = -rx - rz
    else:
        rz = -rx - ry
    return (rx, ry, rz)


def line(a, b):
    """Hexes of the straight line from a to b (both included), each adjacent to
    the next."""
    n = distance(a, b)
    if n == 0:
        return [a]
    ac, bc = to_cube(a), to_cube(b)
    out = []
    for i in range(n + 1):
        t = i / n
        # nudge to break ties the same way every time
        p = [ac[k] + (bc[k] - ac[k]) * t + 1e-6 * (1, 2, -3)[k] for k in range(3)]
        out.append(from_cube(_cube_round(*p)))
    return out


def polyline(points):
    """A path through the given waypoints (hexes), each hex adjacent to the next."""
    out = [points[0]]
    for a, b in zip(points, points[1:]):
        out.extend(line(a, b)[1:])
    return out


def walk(start, dirs):
    """A path from start following a string of directions, e.g. "N N NE"."""
    out = [start]
    for d in dirs.split():
        out.append(step(out[-1], d))
    return out


def path_sides(path):
    """The hexsides a path crosses, as canonical pairs."""
    sides = []
    for a, b in zip(path, path[1:]):
        assert adjacent(a, b), (a, b)
        sides.append(canon(a, b))
    return sides


def canon(a, b):
    return (a, b) if a <= b else (b, a)


def label(hex_):
    return "%02d%02d" % hex_


def parse(lbl):
    return (int(lbl[:2]), int(lbl[2:]))


class Grid:
    def __init__(self, first_col, cols, first_row, rows):
        self.first_col, self.cols = first_col, cols
        self.first_row, self.rows = first_row, rows

    def contains(self, h):
        c, r = h
        return (self.first_col <= c < self.first_col + self.cols
                and self.first_row <= r < self.first_row + self.rows)

    def hexes(self):
        for c in range(self.first_col, self.first_col + self.cols):
            for r in range(self.first_row, self.first_row + self.rows):
                yield (c, r)

    def boundary(self, inside):
        """Hexsides between a hex in the set `inside` and an on-map hex not in it."""
        out = set()
        for h in inside:
            for n in neighbours(h):
                if self.contains(n) and n not in inside:
                    out.add(canon(h, n))
        return out

    def within(self, centre, radius):
        return {h for h in self.hexes() if distance(h, centre) <= radius}


# ---------------------------------------------------------------- XML writing

def attr(v):
    return _escape(str(v), {'"': "&quot;", "\t": "&#9;", "\n": "&#10;"})


def text(v):
    return _escape(str(v))


def drm(v):
    return "0" if v == 0 else "%+d" % v


def mp(v):
    if v == int(v):
        return "%d" % v
    return ("%.1f" % v)


EFFECT_FIELDS = ("mp", "prohibited", "blocks-los", "zoc", "strategic", "slope-for-los",
                 "covered", "fire-drm", "cc-drm")


def effects_attrs(e):
    """e: dict with optional keys of EFFECT_FIELDS plus 'provisional' (list),
    'rule', 'note'.  Writes every effect attribute (canonical form), defaults
    from docs/format.md."""
    out = []
    out.append('mp="%s"' % mp(e.get("mp", 0)))
    if e.get("prohibited"):
        out.append('prohibited="%s"' % " ".join(e["prohibited"]))
    for f, default in (("blocks-los", False), ("zoc", True), ("strategic", False),
                       ("slope-for-los", False), ("covered", False)):
        out.append('%s="%s"' % (f, "true" if e.get(f, default) else "false"))
    out.append('fire-drm="%s"' % drm(e.get("fire-drm", 0)))
    out.append('cc-drm="%s"' % drm(e.get("cc-drm", 0)))
    prov = [f for f in EFFECT_FIELDS if f in e.get("provisional", ())]
    if prov:
        out.append('provisional="%s"' % " ".join(prov))
    if e.get("rule"):
        out.append('rule="%s"' % attr(e["rule"]))
    if e.get("note"):
        out.append('note="%s"' % attr(e["note"]))
    return " ".join(out)


def area_lines(hexes, indent):
    labels = sorted(hexes)
    lines = []
    for i in range(0, len(labels), 10):
        lines.append(" " * indent + " ".join(label(h) for h in labels[i:i + 10]))
    return lines
