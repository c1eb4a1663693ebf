#!/usr/bin/env bash
# bench-peer.sh: keydoctor bench against its peer (the official OpenAI Node
# SDK, async streaming at a fixed concurrency) on the same fake gateway,
# and bench through the trace relay against bench direct (issue 31).
#
# Usage: scripts/bench-peer.sh [-k KEYDOCTOR] [-p PEER_DIR] [-l "1 16 64 256"] [-r RUNS] [-s direct|relay|both] [-R RAMP]
#   -k  keydoctor binary (default: built from this checkout into a temp dir)
#   -p  directory for the peer (default: $TMPDIR/keydoctor-bench-peer); the
#       openai package pinned in scripts/peer/package.json is installed
#       there with npm when it is missing: never inside the repository
#   -l  concurrency levels (default "1 16 64 256")
#   -r  runs per level and side, alternating; the median is shown (default 3)
#   -s  which table: the peer comparison, the relay's, or both (default both)
#   -R  relay table only: bench spreads its first requests over RAMP (its
#       --ramp, e.g. 400ms), so that the c streams do not start in one herd
#
# Run on demand only (never from go test), on a quiet machine: it loads
# both cores for several minutes. Everything is on loopback: `keydoctor
# mock` (first delta 80 ms after the request, one every 10 ms, 32 tokens)
# on a free port, then at each level, alternately, `keydoctor bench` and
# `node peer.mjs`. Client CPU is each whole process's user+sys (the shell's
# `times` for its waited-for children, ms resolution). TTFT and TPOT
# errors are each side's p50 minus the mock's configured 80 ms and 10 ms.
# The relay table runs bench direct and bench -> `keydoctor trace` ->
# mock alternately and shows the TTFT p50 the relay adds (the medians'
# difference, and the least and most a round's pair differed: at 256
# streams on 2 cores rounds spread by several ms), the median of the
# rounds' p50 of how long the relay itself held a request (held_ms in its
# --log: from the request's arrival, by the kernel's stamp, to its last
# byte written to the gateway), and how many new upstream connections it
# opened after its first run at that level.
# Exit status: 0 when every run completed, 1 when one failed, 2 on bad use.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/.." && pwd)
kd="" peer="${TMPDIR:-/tmp}/keydoctor-bench-peer" levels="1 16 64 256" runs=3 side=both ramp=""
while getopts "k:p:l:r:s:R:h" o; do
	case $o in
	k) kd=$OPTARG ;;
	p) peer=$OPTARG ;;
	l) levels=$OPTARG ;;
	r) runs=$OPTARG ;;
	s) side=$OPTARG ;;
	R) ramp=$OPTARG ;;
	*) sed -n '2,/^set -e/p' "$0" | sed 's/^# \{0,1\}//' | sed '$d'; exit 2 ;;
	esac
done
case $side in direct | relay | both) ;; *) echo "bench-peer: -s takes direct, relay or both" >&2; exit 2 ;; esac
[[ $runs =~ ^[1-9][0-9]?$ ]] || { echo "bench-peer: -r takes 1 to 99" >&2; exit 2; }
for c in $levels; do [[ $c =~ ^[1-9][0-9]*$ ]] || { echo "bench-peer: bad level $c" >&2; exit 2; }; done
[[ -z $ramp || $ramp =~ ^[0-9]+(ms|s)$ ]] || { echo "bench-peer: -R takes a duration such as 400ms" >&2; exit 2; }
command -v node >/dev/null || { echo "bench-peer: node is needed for the peer (apt-get install nodejs npm)" >&2; exit 1; }

work=$(mktemp -d)
cleanup() { # the servers start() began, by the pids it wrote down
	local f
	for f in "$work"/*.pid; do [[ -e $f ]] && kill "$(cat "$f")" 2>/dev/null || true; done
	rm -rf "$work"
}
trap cleanup EXIT

if [[ -z $kd ]]; then
	kd=$work/keydoctor
	(cd "$repo" && go build -o "$kd" ./cmd/keydoctor)
fi
if [[ $side != relay && ! -d $peer/node_modules/openai ]]; then
	mkdir -p "$peer"
	cp "$here/peer/package.json" "$peer/"
	(cd "$peer" && npm install --no-audit --no-fund --loglevel=error >/dev/null)
fi
[[ $side == relay ]] || cp "$here/peer/peer.mjs" "$peer/peer.mjs"

key=sk-mock-0123456789abcdef0123 # the fake gateway's own test key
export KD_PEER_KEY=$key
ttft_ms=80 tpot_ms=10

# start NAME CMD... runs a server in the background (its pid in
# $work/NAME.pid, for cleanup: start runs in a $(...) subshell) and prints
# the first URL it prints (waiting at most 10 s).
start() {
	local out=$work/$1.out pidfile=$work/$1.pid
	shift
	"$@" >"$out" 2>&1 </dev/null &
	echo $! >"$pidfile"
	local url=""
	for _ in $(seq 100); do
		url=$(grep -o -m1 'http://127\.0\.0\.1:[0-9]*[^ ]*' "$out" | head -1 || true)
		[[ -n $url ]] && break
		sleep 0.1
	done
	[[ -n $url ]] || { echo "bench-peer: $* did not start: $(cat "$out")" >&2; exit 1; }
	echo "$url"
}

# cpu CMD... runs CMD (a command or a function; stdout to $work/out, stderr to $work/err), fails
# the script when it fails, and prints its user+sys seconds.
cpu() {
	local t
	t=$( ("$@" >"$work/out" 2>"$work/err" || { echo "FAIL $?"; exit 0; }; times) | tail -1)
	if [[ $t == FAIL* ]]; then
		echo "bench-peer: failed (${t#FAIL }): $*" >&2
		tail -5 "$work/err" >&2
		exit 1
	fi
	# "0m0.123s 0m0.045s" -> 0.168
	node -e 'const f=a=>{const m=a.match(/(\d+)m([\d.]+)s/);return 60*m[1]+Number(m[2])};const [u,s]=process.argv[1].trim().split(/\s+/);console.log((f(u)+f(s)).toFixed(3))' "$t"
}

# json EXPR: a field of the JSON in $work/out (bench's or the peer's).
json() { node -e 'const d=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));const r=d.runs?d.runs[0]:null;console.log(String(eval(process.argv[2])))' "$work/out" "$1"; }

median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
calc() { node -e "console.log((${1}).toFixed(${2:-2}))"; }

requests_for() { case $1 in 1) echo 50 ;; 16 | 64) echo 200 ;; *) echo $((2 * $1)) ;; esac; }

bench() { # bench ROOT C N [FLAG...]
	timeout 900 "$kd" bench --preset custom --base-url "$1" --model gpt-4o --key-env KD_PEER_KEY -c "$2" -n "$3" \
		--max-tokens 64 --timeout 2m -y --json -q "${@:4}"
}

# held N: the p50 of held_ms over the relay log's last N records (ms).
held() { median $(tail -n "$1" "$work/relay.log" | node -e 'for (const l of require("fs").readFileSync(0,"utf8").trim().split("\n")) console.log(JSON.parse(l).held_ms||0)'); }

mock=$(start mock "$kd" mock --addr 127.0.0.1:0 --ttft ${ttft_ms}ms --tpot ${tpot_ms}ms --tokens 32 --key-env KD_PEER_KEY)
mock_root=${mock%/}
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"
echo "gateway: keydoctor mock at $mock_root (TTFT ${ttft_ms} ms, TPOT ${tpot_ms} ms, 32 tokens); median of $runs runs, alternating"
echo

if [[ $side != relay ]]; then
	echo "| c | requests | client CPU keydoctor / peer | ratio | TTFT p50 error keydoctor / peer | TPOT p50 error keydoctor / peer |"
	echo "|---|---|---|---|---|---|"
	for c in $levels; do
		n=$(requests_for "$c")
		kc=() pc=() kt=() pt=() kp=() pp=()
		for _ in $(seq "$runs"); do
			kc+=("$(cpu bench "$mock_root" "$c" "$n")")
			[[ $(json 'r.ok') == "$n" ]] || { echo "bench-peer: bench at c=$c: not every request succeeded" >&2; exit 1; }
			kt+=("$(json "r.ttft_ms.p50-$ttft_ms")") kp+=("$(json "r.tpot_ms.p50-$tpot_ms")")
			pc+=("$(cpu timeout 900 env OPENAI_BASE_URL="$mock_root/v1" OPENAI_API_KEY="$key" node "$peer/peer.mjs" --concurrency "$c" --requests "$n")")
			[[ $(json 'd.requests') == "$n" ]] || { echo "bench-peer: peer at c=$c: not every request completed" >&2; exit 1; }
			pt+=("$(json "d.ttft_p50_ms-$ttft_ms")") pp+=("$(json "d.tpot_p50_ms-$tpot_ms")")
		done
		k=$(median "${kc[@]}") p=$(median "${pc[@]}")
		printf '| %s | %s | %.2f s / %.2f s | %s | %+.2f / %+.2f ms | %+.3f / %+.3f ms |\n' "$c" "$n" "$k" "$p" \
			"$(calc "$k/$p")" "$(median "${kt[@]}")" "$(median "${pt[@]}")" "$(median "${kp[@]}")" "$(median "${pp[@]}")"
	done
	echo
fi

if [[ $side != direct ]]; then
	relay=$(start relay "$kd" trace --upstream "$mock_root" --listen 127.0.0.1:0 --expect-model gpt-4o --log "$work/relay.log")
	relay=${relay%/}
	mock_port=${mock_root#http://127.0.0.1:}
	mock_port=${mock_port%%/*}
	# upstream: the relay's connections to the mock (bench's own have
	# closed when it exits), by local port.
	upstream() { ss -Htn state established "( dport = :$mock_port )" | awk '{print $3}' | sort -u; }
	rampf=()
	[[ -z $ramp ]] || { rampf=(--ramp "$ramp"); echo "bench spreads its first requests over $ramp (--ramp) on both sides"; echo; }
	echo "| c | requests | TTFT p50 direct | TTFT p50 relayed | relay adds | a round's pair | relay held p50 | relay redials |"
	echo "|---|---|---|---|---|---|---|---|"
	for c in $levels; do
		n=$(requests_for "$c")
		bench "$relay" "$c" "$c" >/dev/null 2>"$work/err" # warm the relay's upstream pool
		upstream >"$work/pool"
		dt=() rt=() pairs=() hs=() redials=0
		for _ in $(seq "$runs"); do
			cpu bench "$mock_root" "$c" "$n" "${rampf[@]}" >/dev/null
			dt+=("$(json 'r.ttft_ms.p50')")
			cpu bench "$relay" "$c" "$n" "${rampf[@]}" >/dev/null
			[[ $(json 'r.ok') == "$n" ]] || { echo "bench-peer: relayed bench at c=$c: not every request succeeded" >&2; exit 1; }
			rt+=("$(json 'r.ttft_ms.p50')") hs+=("$(held "$n")")
			pairs+=("$(calc "${rt[-1]}-${dt[-1]}")")
			redials=$((redials + $(upstream | comm -13 "$work/pool" - | wc -l)))
			upstream | sort -u - "$work/pool" -o "$work/pool"
		done
		d=$(median "${dt[@]}") r=$(median "${rt[@]}")
		lo=$(printf '%s\n' "${pairs[@]}" | sort -g | head -1) hi=$(printf '%s\n' "${pairs[@]}" | sort -g | tail -1)
		printf '| %s | %s | %.2f ms | %.2f ms | %+.2f ms | %+.2f to %+.2f ms | %.2f ms | %s |\n' "$c" "$n" "$d" "$r" "$(calc "$r-$d")" "$lo" "$hi" "$(median "${hs[@]}")" "$redials"
	done
	echo
fi
echo "load average $(cut -d' ' -f1-3 /proc/loadavg) at the end"
