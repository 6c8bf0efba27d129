#!/usr/bin/env python3
"""Writes Sources/ListLayout/MisticaSkins.swift from Telefonica/mistica-design's token files.

Each Mística brand keeps its tokens in one JSON file (`tokens/<brand>.json`): `light` and `dark`
colours whose values reference `global.palette` (`{palette.x}` or `rgba({palette.x}, a)`),
`radius` and `text.weight`. This script reads, for every skin below, the colours ListRender uses,
the corner radii (container, checkbox, indicator) and the text weights (row title, header title1
and title2, link), and writes them as a Swift table that names
the commit and the file each skin comes from. No token file is kept in the repository.

    make skins                       # downloads the files at COMMIT below
    python3 Sources/ListLayout/generate-skins.py --tokens DIR   # reads DIR/<file> instead

To move the skins to a newer commit, change COMMIT here and run `make skins`.
"""

import argparse
import json
import os
import re
import sys
import tempfile
import urllib.request

REPOSITORY = "Telefonica/mistica-design"

# Every skin comes from one commit of Telefonica/mistica-design, so the seven brands are the same
# release of the design system. dee515a is the newest commit the generator has read that holds all
# seven brand files (tokens/esimflag.json included).
COMMIT = "dee515a65ca9c966619fc1e632db1f3f49e85fed"

# skin name -> token file
SKINS = [
    ("movistar", "tokens/movistar.json"),
    ("o2", "tokens/o2.json"),
    ("vivo", "tokens/vivo.json"),
    ("telefonica", "tokens/telefonica.json"),
    ("blau", "tokens/blau.json"),
    ("tu", "tokens/tu.json"),
    ("esimflag", "tokens/esimflag.json"),
]

# ListRender colour -> the tokens that give it, first found wins. Older token files have no tag
# colours: the active tag is then brandLow on brand, as Mística's tag was before tag tokens.
COLORS = [
    ("background", ["background"]),
    ("backgroundContainer", ["backgroundContainer"]),
    ("backgroundContainerBrand", ["backgroundContainerBrand"]),
    ("border", ["border"]),
    ("divider", ["divider"]),
    ("textPrimary", ["textPrimary"]),
    ("textSecondary", ["textSecondary"]),
    ("textPrimaryInverse", ["textPrimaryInverse", "textPrimaryBrand"]),
    ("textSecondaryInverse", ["textSecondaryInverse", "textSecondaryBrand"]),
    ("badge", ["badge"]),
    ("brand", ["controlActivated"]),
    ("onBrand", ["textButtonPrimary"]),
    ("control", ["control"]),
    ("highlight", ["backgroundContainerPressed"]),
    ("tag", ["tagBackgroundActive", "brandLow"]),
    ("tagText", ["tagTextActive", "brand"]),
    ("textLink", ["textLink"]),
    ("backgroundAlternative", ["backgroundAlternative"]),
]

# ListRender radius -> the token under `radius` that gives it.
RADII = [
    ("containerRadius", "container"),
    ("checkboxRadius", "checkbox"),
    ("indicatorRadius", "indicator"),
]

# ListRender weight -> the token under `text.weight` that gives it (title1 and title2: a section
# header's styles, `TitleView.swift`; text5 is textPreset5, the title2 font).
TEXT_WEIGHTS = [
    ("titleWeight", "rowTitle"),
    ("headerTitle1Weight", "title1"),
    ("headerTitle2Weight", "text5"),
    ("linkWeight", "link"),
]

# Token files without a `text.weight` token (older ones) keep mistica-ios's medium weight.
DEFAULT_TITLE_WEIGHT = "medium"
WEIGHTS = {"light": "regular", "regular": "regular", "medium": "medium", "bold": "bold"}

REFERENCE = re.compile(r"^\{palette\.([A-Za-z0-9]+)\}$")
RGBA = re.compile(r"^rgba\(\{palette\.([A-Za-z0-9]+)\},\s*([0-9.]+)\)$")
HEX = re.compile(r"^#[0-9A-Fa-f]{6}$")


class TokenError(Exception):
    pass


def swift_color(value, palette, where):
    """A Swift expression for a token value: a palette colour, with an alpha if it has one."""
    if isinstance(value, dict):  # a gradient: its first stop (for what is drawn flat)
        return swift_color(value["colors"][0]["value"], palette, where)
    match = REFERENCE.match(value)
    alpha = None
    if not match:
        match = RGBA.match(value)
        if not match:
            raise TokenError(f"{where}: cannot read {value!r}")
        alpha = float(match.group(2))
    name = match.group(1)
    entry = palette.get(name)
    if entry is None or not HEX.match(entry["value"]):
        raise TokenError(f"{where}: palette.{name} is not a #RRGGBB colour")
    code = f'hex("{entry["value"].upper()}")'
    if alpha is not None and alpha != 1:
        code += f".withAlpha({alpha:g})"
    return code


def swift_gradient(value, palette, where):
    """A Swift LinearGradient for a `linear-gradient` token: its angle and every stop."""
    angle = value.get("angle")
    colors = value.get("colors")
    if not isinstance(angle, (int, float)) or not isinstance(colors, list) or len(colors) < 2:
        raise TokenError(f"{where}: a gradient needs an angle and two or more stops")
    stops = []
    for index, stop in enumerate(colors):
        offset = stop.get("stop")
        if not isinstance(offset, (int, float)) or not 0 <= offset <= 1:
            raise TokenError(f"{where}: stop {index} has no offset in 0...1")
        code = swift_color(stop["value"], palette, f"{where}.colors[{index}]")
        stops.append(f"              .init({offset:g}, {code}),")
    return ["LinearGradient(", f"            angle: {angle:g},", "            stops: ["] + stops + ["            ]),"]


def skin_entry(name, path, tokens):
    palette = tokens["global"]["palette"]
    lines = [f"    case .{name}:", f"      // {path}", "      return MisticaSkinTokens("]
    gradients = {}
    for appearance in ["light", "dark"]:
        colours = tokens[appearance]
        pairs = []
        for colour, candidates in COLORS:
            token = next((c for c in candidates if c in colours), None)
            if token is None:
                raise TokenError(f"{path}: {appearance} has none of {', '.join(candidates)}")
            code = swift_color(colours[token]["value"], palette, f"{path}: {appearance}.{token}")
            pairs.append(f"          .{colour}: {code},")
        lines.append(f"        {appearance}: [")
        lines += pairs
        lines.append("        ],")
        gradients[appearance] = []
        for colour, candidates in COLORS:
            token = next(c for c in candidates if c in colours)
            value = colours[token]["value"]
            if isinstance(value, dict):
                code = swift_gradient(value, palette, f"{path}: {appearance}.{token}")
                gradients[appearance].append([f"          .{colour}: {code[0]}"] + code[1:])
    for appearance in ["light", "dark"]:
        if gradients[appearance]:
            entries = gradients[appearance]
            # swift format wants no comma after a dictionary's only (multi-line) entry
            if len(entries) == 1:
                entries[0][-1] = entries[0][-1].rstrip(",")
            lines.append(f"        {appearance}Gradients: [")
            lines += [line for entry in entries for line in entry]
            lines.append("        ],")
    arguments = []
    for name, token in RADII:
        radius = tokens.get("radius", {}).get(token, {}).get("value")
        if radius is None or not str(radius).isdigit():
            raise TokenError(f"{path}: radius.{token} is missing or not a number")
        arguments.append(f"{name}: {int(radius)}")
    for name, token in TEXT_WEIGHTS:
        weight = tokens.get("text", {}).get("weight", {}).get(token, {}).get("value")
        weight = WEIGHTS.get(weight or DEFAULT_TITLE_WEIGHT)
        if weight is None:
            raise TokenError(f"{path}: text.weight.{token} is not a known weight")
        arguments.append(f"{name}: .{weight}")
    lines.append(f"        {', '.join(arguments[:4])},")
    lines.append(f"        {', '.join(arguments[4:])})")
    return lines


def render(tokens_by_skin):
    lines = [
        "// Generated by `make skins` (Sources/ListLayout/generate-skins.py) from the token files of",
        f"// {REPOSITORY} at {COMMIT},",
        "// one commit for every skin; each skin names its file. Do not edit by hand.",
        "",
        "import ListModel",
        "",
        "extension MisticaSkin {",
        "  /// The skin's colours, corner radii and text weights, from its token file.",
        "  package var tokens: MisticaSkinTokens {",
        "    let hex = DesignSystem.hex",
        "    switch self {",
    ]
    for name, path in SKINS:
        lines += skin_entry(name, path, tokens_by_skin[name])
    lines += [
        "    case .original:",
        "      return .original",
        "    }",
        "  }",
        "}",
        "",
    ]
    return "\n".join(lines)


def load(tokens_dir):
    loaded = {}
    for name, path in SKINS:
        if tokens_dir:
            with open(os.path.join(tokens_dir, os.path.basename(path)), encoding="utf-8") as f:
                loaded[name] = json.load(f)
        else:
            url = f"https://raw.githubusercontent.com/{REPOSITORY}/{COMMIT}/{path}"
            with urllib.request.urlopen(url, timeout=30) as response:
                loaded[name] = json.load(response)
    return loaded


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tokens", help="a folder holding the token files (default: download)")
    parser.add_argument("--output", default="Sources/ListLayout/MisticaSkins.swift")
    parser.add_argument("--check", action="store_true", help="fail if the output would change")
    args = parser.parse_args()
    try:
        text = render(load(args.tokens))
    except (TokenError, KeyError, OSError, ValueError) as error:
        print(f"skins: {error}", file=sys.stderr)
        return 1
    if args.check:
        with open(args.output, encoding="utf-8") as f:
            if f.read() != text:
                print(f"skins: {args.output} differs from the token files", file=sys.stderr)
                return 1
        return 0
    folder = os.path.dirname(os.path.abspath(args.output))
    with tempfile.NamedTemporaryFile("w", dir=folder, delete=False, encoding="utf-8") as f:
        f.write(text)
    os.replace(f.name, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
