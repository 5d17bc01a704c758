#!/bin/sh
# check-checklist-tests.sh [SECTION]: every test path quoted (`/a/b`) in a
# checklist section of docs/play.md (default "Issue 14 checklist") names a
# test registered with g_test_add_func in tests/*.c.  Prints the missing
# ones; exit 1 when any is missing.  Run from the source root.
section=${1:-Issue 14 checklist}
cited=$(sed -n "/^## $section/,/^## /p" docs/play.md | grep -o '`/[a-z0-9][^` ]*`' | tr -d '`' |
        grep -v '\.\.\.$' | sort -u)
registered=$(grep -ho 'g_test_add_func *("[^"]*"' tests/*.c | sed 's/.*("//; s/"$//' | sort -u)
missing=$(printf '%s\n' "$cited" | while read -r t; do
  [ -n "$t" ] && ! printf '%s\n' "$registered" | grep -qxF "$t" && echo "$t"; done)
echo "$(printf '%s\n' "$cited" | grep -c .) test names cited in \"$section\""
if [ -n "$missing" ]; then
  echo "not registered in tests/*.c:"
  echo "$missing"
  exit 1
fi
