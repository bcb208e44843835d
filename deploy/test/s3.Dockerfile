# A stand-in for the SeaweedFS image of deploy/compose.yaml where no image registry can be reached (npm run
# test:containers): s3rver, an S3-compatible server from the npm registry, behind a `weed` command that
# takes the compose file's `weed server -dir=… -s3 -s3.port=… -s3.config=…` line as it is. It keeps objects
# in the data folder and checks every request's signature against the identity file's keys, as SeaweedFS
# does; the test proves Curio's side of the S3 protocol and the stack's wiring, not SeaweedFS itself.
ARG NODE_IMAGE
FROM ${NODE_IMAGE}
WORKDIR /s3
COPY build-ca/ /tmp/build-ca/
COPY s3-serve.mjs /s3/serve.mjs
COPY s3-weed.sh /usr/bin/weed
RUN if ls /tmp/build-ca/*.crt >/dev/null 2>&1; then cat /tmp/build-ca/*.crt > /tmp/build-ca.pem; export NODE_EXTRA_CA_CERTS=/tmp/build-ca.pem; fi \
 && npm init -y >/dev/null && npm install --no-audit --no-fund s3rver@3.7.1 \
 && rm -rf /tmp/build-ca /tmp/build-ca.pem /root/.npm \
 && chmod +x /usr/bin/weed
EXPOSE 8333
