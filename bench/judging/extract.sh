#!/usr/bin/env bash
# extract.sh GITDIR POOLFILE: unpack a fetched snapshot's HEAD into /work/r$ROUND/trees/<owner+name> (unpack.py) and
# append "name commit py_files torch_py_files" to POOLFILE; refuses names judged before (/work/briefs/judged-names.txt).
set -euo pipefail
gitdir="${1%/.git}"; pool="$2"; round="${ROUND:?set ROUND to the round number}"
name=$(basename "$(dirname "$gitdir")")
grep -qxF "$name" /work/briefs/judged-names.txt && { echo "SKIP $name: already judged"; exit 1; }
dest=/work/r$round/trees/$name
[ -e "$dest" ] && { echo "SKIP $name: already in round $round"; exit 1; }
commit=$(python3 "$(dirname "$0")/unpack.py" "$1" "$dest")
py=$(find "$dest" -name '*.py' | wc -l)
torchpy=$(grep -rlE '^\s*(import torch|from torch)' --include='*.py' "$dest" | wc -l || true)
printf '%s\t%s\t%s\t%s\n' "$name" "$commit" "$py" "$torchpy" >> "$pool"
echo "OK $name $commit py=$py torch_py=$torchpy"
