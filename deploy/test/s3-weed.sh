#!/bin/sh
# `weed server -dir=DIR -s3 -s3.port=PORT -s3.config=FILE …`: serves DIR over S3 on PORT to the identities of
# FILE (SeaweedFS's identity file); SeaweedFS's other options are left aside.
dir=/data
port=8333
config=
for arg in "$@"; do
  case "$arg" in
    -dir=*) dir="${arg#-dir=}" ;;
    -s3.port=*) port="${arg#-s3.port=}" ;;
    -s3.config=*) config="${arg#-s3.config=}" ;;
  esac
done
exec node /s3/serve.mjs "$dir" "$port" "$config"
