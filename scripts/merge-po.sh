#!/usr/bin/env bash
# Resolves a merge conflict in the Lingui catalogs: the union of both sides' translations (ours first),
# then `lingui extract --clean` keeps exactly the messages the code uses.
set -euo pipefail
cd "$(dirname "$0")/.."
for lang in st en; do
  f="locales/$lang.po"
  git show ":2:$f" > "/tmp/ours-$lang.po"
  git show ":3:$f" > "/tmp/theirs-$lang.po"
  msgcat --use-first "/tmp/ours-$lang.po" "/tmp/theirs-$lang.po" -o "$f"
done
npx lingui extract --clean > /dev/null
git add locales
