#!/usr/bin/env bash
# The consumer builds: a new user's project (.ci/consumer, the README's Maven section) built against
# the bignat jar installed in the local Maven repository, run on the class path and on the module
# path with each JDK given, on this CPU-only machine. Fails when a result is wrong, when the CPU-only
# build gets JCuda jars, when a JCuda class loads without a CUDA driver, or when stderr has any line
# other than the engine's one log record (java.util.logging's two lines: source, then "INFO: ...").
#   usage: .ci/consumer.sh JAVA_HOME...        (after `mvn install` of this project)
set -euo pipefail
cd "$(dirname "$0")/consumer"

# Fails unless every stderr line is the engine's log record.
only_engine_log() {
    local err=$1 what=$2
    if grep -v -e '^INFO: BigNat engine: ' -e ' org\.bignat\.engine\.Engines\$Holder logSelection$' "$err" | grep -q .; then
        echo "consumer FAILED ($what): unexpected stderr:" >&2
        cat "$err" >&2
        exit 1
    fi
}

# Runs the consumer; $1: label, rest: java arguments before the main class.
run() {
    local label=$1; shift
    local err out
    err=$(mktemp)
    if ! out=$("$JAVA" "$@" 2>"$err") || ! grep -q '^consumer OK' <<<"$out"; then
        echo "$out"
        cat "$err" >&2
        echo "consumer FAILED ($label)" >&2
        exit 1
    fi
    echo "$out"
    only_engine_log "$err" "$label"
    rm -f "$err"
}

if ls /lib*/libcuda.so.1 /usr/lib*/libcuda.so.1 /usr/lib/*-linux-gnu/libcuda.so.1 >/dev/null 2>&1; then
    echo "a CUDA driver is installed here: the CPU-only checks do not apply" >&2
    exit 1
fi

for jdk in "$@"; do
    export JAVA_HOME=$jdk
    JAVA=$jdk/bin/java
    echo "--- consumer on $("$JAVA" -version 2>&1 | head -n 1)"

    # CPU-only: the dependency alone
    mvn -B -q clean package
    if ls target/lib | grep -qi jcuda; then
        echo "consumer FAILED: JCuda jars reached a CPU-only consumer: $(ls target/lib)" >&2
        exit 1
    fi
    run "class path" -cp "target/consumer-1.jar:target/lib/*" consumer.Main
    run "module path" -p "target/consumer-1.jar:target/lib" -m consumer/consumer.Main

    # A GPU user's setup (JCuda added) on this machine without a driver: still silent, no JCuda class loaded
    mvn -B -q clean package -P gpu
    ls target/lib | grep -q '^jcuda-[0-9]' || { echo "consumer FAILED: -P gpu has no JCuda jar" >&2; exit 1; }
    run "class path, JCuda present" -Xlog:class+load=info:file=target/classes.log -cp "target/consumer-1.jar:target/lib/*" consumer.Main
    if grep -q ' jcuda\.' target/classes.log; then
        echo "consumer FAILED: JCuda classes loaded without a CUDA driver:" >&2
        grep ' jcuda\.' target/classes.log | head >&2
        exit 1
    fi
    run "module path, JCuda present" -p "target/consumer-1.jar:target/lib" --add-modules jcuda -m consumer/consumer.Main
done
echo "--- consumer builds passed"
