# bench/minimalloc/seed-sets.sh - sourced by packings.sh and
# vs-minimalloc.sh: the seeds of the generated sets. Never tune on the test
# set (docs/results.md, "Search that generalizes").
#
# seed_set SET: sets `first` and `k` (seeds first .. first + k - 1) for
#   dev  - seeds 1..100: the development set, the only one to tune on;
#   test - seeds 100001..100100: the test set, for reporting;
#   dev:K, test:K - the first K seeds of a set (K >= 1).
# Exits with status 2 and a message on any other SET.
seed_set() {
  case "$1" in
    dev) first=1; k=100 ;;
    test) first=100001; k=100 ;;
    dev:*) first=1; k=${1#dev:} ;;
    test:*) first=100001; k=${1#test:} ;;
    *) k=bad ;;
  esac
  case $k in
    '' | *[!0-9]* | 0)
      echo "$(basename "$0"): SET is dev, test, dev:K or test:K (K >= 1)" >&2
      exit 2 ;;
  esac
}
