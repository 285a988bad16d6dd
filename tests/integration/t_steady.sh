#!/bin/bash
# run --steady on a local directory (tmpfs), with the real fio and nfsweep-uring: each row's
# steady columns against fio's own steadystate report of the point.
#  - a point fio finds steady ends early: steady_attained=1, its time, the window's figures;
#  - a point that never is runs to the cap with steady_attained=0, and summary and the
#    report list it. Its criterion is one nothing meets (the largest deviation under
#    0.0001 % of the mean): a target that bursts and then throttles is the lab's case;
#  - bad criteria, a window that does not fit in the cap, --steady's options without it and
#    fio's own steadystate options through --fio-opt are refused, naming the option;
#  - a steady sweep interrupted and resumed: every point once, and a resume with another
#    criterion refused (the rows record it).
. "$(dirname "$0")/lib.sh"
N=$NFSWEEP
quick=(--runtime 60 --ramp 1 --numjobs 1 --iodepth 4 --size 16m)

# steady_row CSV LINE: the steady columns of row LINE (1 = the first), and fio's own figures
# of the point from its JSON, as KEY=VALUE lines.
steady_row() {
	python3 - "$1" "$2" <<'PY'
import csv, json, os, sys
rows = list(csv.DictReader(open(sys.argv[1])))
r = rows[int(sys.argv[2]) - 1]
for k in ("status", "error", "runtime_s", "duration_s", "steady_criterion", "steady_window_s",
          "steady_attained", "steady_at_s", "steady_measure_pct", "steady_total_iops",
          "steady_total_mib_s"):
    print(f"{k}={r[k]}")
text = open(os.path.join(os.path.dirname(sys.argv[1]), r["fio_json"])).read()
job = json.loads(text[text.index("{"):])["jobs"][0]
ss = job["steadystate"]
print(f"fio_ss={ss['ss']}")
print(f"fio_attained={ss['attained']}")
print(f"fio_duration={ss['duration']}")
print(f"fio_runtime_s={max(job['read']['runtime'], job['write']['runtime']) / 1000:.3f}")
print(f"fio_iops_mean={ss['data']['iops_mean']}")
print(f"fio_mib_mean={ss['data']['bw_mean'] / 1048576:.3f}")
print(f"fio_criterion={float(ss['criterion'].rstrip('%')):.3f}")
PY
}

# same_num A B: the same number, to the row's three decimals (a whole one has none)
same_num() {
	[ -n "$1" ] && awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; exit !(d < 0.0005 && d > -0.0005) }'
}

early() {
	local out=$T_DISK/early/s.csv
	mkdir -p "$T_DISK/early"
	# a loose criterion over a short window: tmpfs beside CI's other lane is noisy
	"$N" run --profile rand4k --mix 100 --target t="$T_SHM" "${quick[@]}" --steady \
		--steady-window 5 --steady-criterion iops_slope:10% --out "$out" 2>"$T_DISK/early.err" ||
		{ cat "$T_DISK/early.err"; fail "the steady run"; }
	declare -A v
	while IFS='=' read -r k val; do v[$k]=$val; done < <(steady_row "$out" 1)
	[ "${v[status]}" = ok ] || fail "status ${v[status]}: ${v[error]}"
	[ "${v[steady_attained]}" = 1 ] && [ "${v[fio_attained]}" = 1 ] ||
		fail "not steady in 60 s under iops_slope:10% over 5 s (fio: ${v[fio_attained]}, measure ${v[fio_criterion]})"
	[ "${v[steady_criterion]}" = iops_slope:10% ] && [ "${v[fio_ss]}" = iops_slope:10.000000% ] ||
		fail "criterion ${v[steady_criterion]}, fio ran ${v[fio_ss]}"
	[ "${v[steady_window_s]}" = 5 ] && [ "${v[fio_duration]}" = 5 ] || fail "window ${v[steady_window_s]}"
	[ "${v[runtime_s]}" = 60 ] || fail "runtime_s ${v[runtime_s]}: the cap is 60"
	# ended early: the ramp, 3 s before fio's samples, 5 of them, and fio's checks each second
	same_num "${v[steady_at_s]}" "${v[fio_runtime_s]}" || fail "steady_at_s ${v[steady_at_s]}, fio's runtime ${v[fio_runtime_s]}"
	awk -v t="${v[steady_at_s]}" -v d="${v[duration_s]}" 'BEGIN { exit !(t >= 7 && t < 55 && d < 58) }' ||
		fail "steady at ${v[steady_at_s]} s, the point took ${v[duration_s]} s of a 60 s cap"
	same_num "${v[steady_total_iops]}" "${v[fio_iops_mean]}" ||
		fail "steady_total_iops ${v[steady_total_iops]}, fio's window mean ${v[fio_iops_mean]}"
	same_num "${v[steady_total_mib_s]}" "${v[fio_mib_mean]}" ||
		fail "steady_total_mib_s ${v[steady_total_mib_s]}, fio's ${v[fio_mib_mean]}"
	same_num "${v[steady_measure_pct]}" "${v[fio_criterion]}" || fail "measure ${v[steady_measure_pct]}"
	grep -qx 'steadystate=iops_slope:10%' "$T_DISK"/early/fio/s/*.fio &&
		grep -qx 'ss_dur=5' "$T_DISK"/early/fio/s/*.fio && grep -qx 'ss_ramp=2' "$T_DISK"/early/fio/s/*.fio ||
		fail "the job file fio ran lacks the steady options: $(grep -h 'ss\|steady' "$T_DISK"/early/fio/s/*.fio)"
	"$N" summary "$out" | grep -q -- '--steady: 1 ok row, 0 of them never steady' ||
		fail "summary: $("$N" summary "$out" | tail -n 3)"
	"$N" validate "$out" >/dev/null || fail "the steady row does not validate"
}

never() {
	local out=$T_DISK/never/s.csv
	mkdir -p "$T_DISK/never"
	"$N" run --profile rand4k --mix 100 --target t="$T_SHM" --runtime 10 --ramp 1 --numjobs 1 \
		--iodepth 4 --size 16m --steady --steady-window 5 --steady-criterion iops:0.0001% \
		--out "$out" 2>"$T_DISK/never.err" || { cat "$T_DISK/never.err"; fail "the run"; }
	declare -A v
	while IFS='=' read -r k val; do v[$k]=$val; done < <(steady_row "$out" 1)
	[ "${v[status]}" = ok ] || fail "status ${v[status]}: ${v[error]}"
	[ "${v[steady_attained]}" = 0 ] && [ "${v[fio_attained]}" = 0 ] ||
		fail "steady_attained ${v[steady_attained]} (fio ${v[fio_attained]}) under a criterion nothing meets"
	[ -z "${v[steady_at_s]}" ] || fail "steady_at_s ${v[steady_at_s]} for a point never steady"
	awk -v t="${v[fio_runtime_s]}" 'BEGIN { exit !(t >= 9.9) }' || fail "fio ran ${v[fio_runtime_s]} s of a 10 s cap"
	same_num "${v[steady_total_iops]}" "${v[fio_iops_mean]}" || fail "the last window's mean ${v[steady_total_iops]}"
	"$N" summary "$out" > "$T_DISK/never.sum" || fail "summary exited $?"
	grep -q -- '--steady: 1 ok row, 1 of them never steady (ran to --runtime, the cap):' "$T_DISK/never.sum" &&
		grep -q '^  rand4k t read=100%: 1 of 1 row$' "$T_DISK/never.sum" ||
		fail "summary does not list the point: $(cat "$T_DISK/never.sum")"
	grep -q 'class="warn unsteady">rand4k t 100%: never steady (--steady, iops:0.0001% over 5 s)' \
		"$T_DISK/never/s.html" || fail "the report does not list the point never steady"
}

refused() {
	local base=(run --profile rand4k --mix 100 --target t="$T_SHM" --out "$T_DISK/ref.csv")
	expect 2 "--steady-criterion 'iops_slope:3': the threshold must be a percentage" "${base[@]}" \
		--steady --steady-criterion iops_slope:3
	expect 2 "--steady-criterion 'bw:0%': the threshold must be above 0" "${base[@]}" --steady \
		--steady-criterion bw:0%
	expect 2 "--steady-criterion 'lat:1%': not a criterion" "${base[@]}" --steady \
		--steady-criterion lat:1%
	expect 2 "--steady-window 30 does not fit in --runtime 20" "${base[@]}" --steady --runtime 20
	expect 2 "--steady-window: only with --steady" "${base[@]}" --steady-window 10
	expect 2 "--steady-window '2'" "${base[@]}" --steady --steady-window 2
	expect 2 "nfsweep sets steadystate itself; use --steady-criterion" "${base[@]}" \
		--fio-opt steadystate=iops:1%
	expect 2 "nfsweep sets ss_dur itself; use --steady-window" "${base[@]}" --fio-opt ss_dur=10
	[ ! -e "$T_DISK/ref.csv" ] || fail "a refused command wrote $T_DISK/ref.csv"
}

resumed() {
	local out=$T_DISK/res/s.csv rc cols line
	local args=(run --profile rand4k --mix "100,0" --target t="$T_SHM" "${quick[@]}" --steady \
		--steady-window 5 --steady-criterion iops_slope:10% --out "$out")
	mkdir -p "$T_DISK/res"
	"$N" "${args[@]}" 2>"$T_DISK/res.err" &
	local pid=$!
	for _ in $(seq 300); do
		[ "$(grep -c ': ok,' "$T_DISK/res.err")" -ge 1 ] && break
		sleep 0.2
	done
	kill -INT $pid
	wait $pid
	rc=$?
	[ $rc = 130 ] || { cat "$T_DISK/res.err"; fail "SIGINT: exit $rc"; }
	expect 2 "steady_criterion" "${args[@]/iops_slope:10%/iops_slope:20%}" --resume
	"$N" "${args[@]}" --resume 2>"$T_DISK/res2.err" || { cat "$T_DISK/res2.err"; fail "resume"; }
	grep -q 'already done' "$T_DISK/res2.err" || fail "the resume did not skip the done point"
	python3 "$T_HERE/results_check.py" "$out" --rows 2 --status ok --once --json ||
		fail "not every point once, ok"
	for line in 1 2; do
		cols=$(steady_row "$out" $line)
		grep -qx 'steady_criterion=iops_slope:10%' <<<"$cols" &&
			grep -qE '^steady_attained=[01]$' <<<"$cols" ||
			fail "row $line: $(grep '^steady_' <<<"$cols")"
	done
}

scenario "a steady point ends early" early
scenario "a point never steady runs to the cap" never
scenario "bad --steady options refused" refused
scenario "a steady sweep interrupted and resumed" resumed
scenarios_done
