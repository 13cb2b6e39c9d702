#!/usr/bin/env bash
# Makes the installed container engines answer, for CI and headless machines without systemd (where nothing
# starts dockerd at boot). Safe to run again: an engine that already answers is left alone.
#   Docker: when the CLI is installed and `docker info` fails, starts dockerd in the background, detached
#           so it outlives this script, and waits up to 60 s for it to answer.
#   Podman: daemonless, so there is nothing to start; only checks that `podman info` answers.
# Environment: DOCKER / PODMAN (the CLIs, default docker / podman), DOCKERD_LOG (dockerd's log file).
set -euo pipefail

docker_cli=${DOCKER:-docker}
podman_cli=${PODMAN:-podman}
socket=/var/run/docker.sock

say() { echo "start-container-engines: $*"; }
die() { echo "start-container-engines: $*" >&2; exit 1; }

sudo=()
[ "$(id -u)" -eq 0 ] || sudo=(sudo)

# `timeout` keeps a wedged daemon socket from hanging CI.
docker_answers() { timeout 10 "$docker_cli" info >/dev/null 2>&1; }

found=0
if command -v "$docker_cli" >/dev/null 2>&1; then
    found=1
    if docker_answers; then
        say "docker answers"
    else
        command -v dockerd >/dev/null 2>&1 || [ -x /usr/sbin/dockerd ] ||
            die "the docker CLI is installed but dockerd is not (apt-get install docker.io)"
        dockerd_bin=$(command -v dockerd || echo /usr/sbin/dockerd)
        if pgrep -x dockerd >/dev/null 2>&1; then
            # One is already starting (e.g. an earlier run of this script); a second would fight over the pid file.
            say "dockerd is running but does not answer yet; waiting for it"
        else
            # A pid file left by a dockerd that died (e.g. the machine was stopped) makes a new one refuse to start.
            pidfile=/var/run/docker.pid
            if [ -f "$pidfile" ] && ! kill -0 "$(cat "$pidfile" 2>/dev/null)" 2>/dev/null; then
                "${sudo[@]}" rm -f "$pidfile"
            fi
            log=${DOCKERD_LOG:-}
            if [ -z "$log" ]; then
                if [ -w /var/log ]; then log=/var/log/dockerd.log; else log=${TMPDIR:-/tmp}/dockerd.log; fi
            fi
            say "starting dockerd (log: $log)"
            # setsid + nohup: its own session, so it survives this script and the CI step that ran it.
            "${sudo[@]}" setsid nohup "$dockerd_bin" --host "unix://$socket" >>"$log" 2>&1 </dev/null &
            started=$!
        fi
        for _ in $(seq 60); do
            docker_answers && break
            # A dockerd that exited (bad config, missing kernel feature) will never answer: fail now.
            if [ -n "${started:-}" ] && ! kill -0 "$started" 2>/dev/null; then break; fi
            sleep 1
        done
        if ! docker_answers; then
            [ -n "${log:-}" ] && [ -r "$log" ] && tail -n 20 "$log" >&2
            die "dockerd did not answer on $socket within 60 s, or exited${log:+ (see $log)}"
        fi
        say "docker answers"
    fi
fi

if command -v "$podman_cli" >/dev/null 2>&1; then
    found=1
    if out=$(timeout 30 "$podman_cli" info 2>&1 >/dev/null); then
        say "podman answers"
    else
        die "'podman info' failed: $out"
    fi
fi

[ "$found" -eq 1 ] || say "neither docker nor podman is installed; nothing to start"
