#!/bin/sh
# Draws docs/output.png, the README's picture of the output: every @3x PNG that
# `make` writes into Output/, as iOS shows a template image (black on a light tile), with its
# name. Needs rsvg-convert (Debian: librsvg2-bin; macOS: brew install librsvg).
# Usage: scripts/contact-sheet.sh [OUTPUT_FOLDER] [PNG_FILE]
set -eu
folder=${1:-Output}
target=${2:-docs/output.png}
columns=7 tile=150 gap=12
count=$(ls "$folder"/*@3x.png | wc -l)
rows=$(( (count + columns - 1) / columns ))
width=$(( columns * (tile + gap) + gap ))
height=$(( rows * (tile + gap) + gap ))
{
    printf '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d">\n' "$width" "$height"
    printf '<rect width="100%%" height="100%%" fill="#ffffff"/>\n'
    index=0
    for png in "$folder"/*@3x.png; do
        name=$(basename "$png" @3x.png)
        x=$(( gap + (index % columns) * (tile + gap) ))
        y=$(( gap + (index / columns) * (tile + gap) ))
        printf '<rect x="%d" y="%d" width="%d" height="%d" rx="14" fill="#f2f2f7"/>\n' "$x" "$y" "$tile" "$tile"
        printf '<image x="%d" y="%d" width="104" height="104" href="data:image/png;base64,%s"/>\n' \
            $(( x + (tile - 104) / 2 )) $(( y + 10 )) "$(base64 < "$png" | tr -d '\n')"
        printf '<text x="%d" y="%d" font-family="sans-serif" font-size="14" text-anchor="middle" fill="#3c3c43">%s</text>\n' \
            $(( x + tile / 2 )) $(( y + tile - 14 )) "$name"
        index=$(( index + 1 ))
    done
    printf '</svg>\n'
} | rsvg-convert -f png -o "$target"
echo "$target: $count glyphs from $folder"
