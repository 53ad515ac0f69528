#!/bin/sh
# Installs npm packages when node_modules is missing or older than the lockfile.
# Runs under whatever Node the machine has (20 on a fresh machine); everything after
# it runs under the Node 22 that the `node` devDependency puts in node_modules/.bin.
set -e
cd "$(dirname "$0")/.."
if [ ! -x node_modules/.bin/node ] || [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "Installing npm packages…"
  npm install --no-audit --no-fund
fi
