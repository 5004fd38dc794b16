#!/bin/sh
# make api-check: validates the OpenAPI document that a running `kiosk serve` serves, and
# runs Schemathesis (every check) against that server. Needs the two Python tools on PATH
# (the Makefile installs them into a virtual environment of its own).
#
#   Tests/APICheck/run.sh KIOSK [MAX_EXAMPLES [MENU]]
set -eu
kiosk=$1
examples=${2:-100}
menu=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$scratch"' EXIT
token=api-check-token-$(od -An -N8 -tx8 /dev/urandom | tr -d ' ')
KIOSK_TOKEN=$token "$kiosk" serve --listen 127.0.0.1:0 --state "$scratch/state" --quiet ${menu:+--menu "$menu"} \
  >"$scratch/out" 2>"$scratch/err" &
server=$!
url=
for _ in $(seq 1 100); do
  url=$(sed -n 's/^Serving .* at \(http:[^ ]*\)$/\1/p' "$scratch/out")
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || { echo "api-check: kiosk serve did not start:" >&2; cat "$scratch/err" >&2; exit 1; }
echo "api-check: $url, ${menu:-the bundled Juice Maker}"
python3 -c 'import sys, urllib.request; sys.stdout.buffer.write(urllib.request.urlopen(sys.argv[1]).read())' \
  "$url/openapi.json" >"$scratch/openapi.json"
openapi-spec-validator "$scratch/openapi.json"
cd "$scratch"
# /events is left out: a stream never ends, and Schemathesis reads every answer whole (the
# end-to-end tests cover it).
schemathesis --config-file "$here/schemathesis.toml" run "$url/openapi.json" --checks all \
  --exclude-path /events -H "Authorization: Bearer $token" --max-examples "$examples" --workers 1
