# harness/sources.mk - the harness's sources: the one list that the program
# (harness/Makefile), the unit tests (tests/Makefile) and the fuzzers
# (fuzz/Makefile) build from. Paths are relative to harness/; the includer
# sets HARNESS_DIR (the path of harness/ from where it builds) and
# HARNESS_GEN (where generated headers go).
#
# The rule of the tree: the library (everything but cmd/ and main.c) returns
# -errno, or -1 with a message; only cmd/ turns outcomes into exit statuses,
# and only cmd/ includes cmd/cmds.h.

HARNESS_LIB_SRCS := \
	cli/opt.c cli/version.c cli/exit_status.c \
	curve/ort.c curve/curve.c \
	nfs/mountinfo.c nfs/mountstats.c nfs/mount_opts.c nfs/managed_mount.c nfs/mountstats_window.c \
	plot/gnuplot.c plot/chart_profile.c plot/chart_latency.c plot/chart_timeline.c \
	plot/chart_nconnect.c plot/chart_depth.c plot/chart_heat.c plot/chart_cdf.c plot/chart_curve.c plot/chart_ops.c plot/chart_hosts.c plot/plot_all.c \
	plot/chart_table.c \
	results/schema.c results/row.c results/results_file.c results/problems.c \
	results/results_table.c results/reference.c results/compare.c results/compare_figs.c results/detail_file.c \
	results/stats.c results/seconds.c results/verdict.c results/table_read.c results/rows.c \
	results/profile_info.c \
	limits/limit.c \
	fio/fio_run.c fio/fio_json.c fio/fio_hist.c fio/fio_knows.c fio/steady.c \
	sweep/sweep_opts.c sweep/plan.c sweep/sweep.c \
	sweep/point.c sweep/point_local.c sweep/point_jobfile.c sweep/point_outcome.c sweep/point_mountstats.c sweep/point_lat.c sweep/point_live.c sweep/point_ops.c sweep/point_probe.c \
	sweep/sweep_profiles.c sweep/hosts_preflight.c sweep/point_hosts.c \
	sweep/run_record.c sweep/sweep_prepare.c \
	report/facts.c report/page.c report/report.c report/headline.c report/report_compare.c \
	sheet/workbook.c sheet/sheet_charts.c \
	hosts/hosts.c \
	util/csv.c util/strbuf.c util/paths.c util/label.c util/lock.c util/sink.c

HARNESS_CMD_SRCS := cmd/commands.c cmd/sweep_cmd.c cmd/cmd_run.c cmd/cmd_plan.c \
	cmd/cmd_curve.c cmd/cmd_validate.c cmd/cmd_ort.c cmd/cmd_mounts.c cmd/cmd_summary.c cmd/cmd_limits.c \
	cmd/cmd_compare.c cmd/cmd_plot.c cmd/cmd_report.c cmd/cmd_table.c cmd/cmd_sheet.c cmd/cmd_schema.c cmd/cmd_help.c

HARNESS_HDRS = $(wildcard $(HARNESS_DIR)/*/*.h $(HARNESS_DIR)/*/*.def) \
	$(wildcard $(HARNESS_DIR)/../results-schema/*.def)
# What is generated into HARNESS_GEN (the includer makes them before compiling).
HARNESS_GEN_HDRS = $(HARNESS_GEN)/nfsweep-version.h $(HARNESS_GEN)/nfsweep-profiles.h
HARNESS_PKGS := json-c mount xlsxwriter libRmath
HARNESS_CPPFLAGS = -D_GNU_SOURCE -I$(HARNESS_DIR) -I$(HARNESS_DIR)/../results-schema \
	-I$(HARNESS_GEN) $(shell pkg-config --cflags $(HARNESS_PKGS))
HARNESS_LDLIBS := $(shell pkg-config --libs $(HARNESS_PKGS)) -lm

# nfsweep's version (tools/version.sh): rewritten only when it changes, so
# that a new commit rebuilds cli/version.c and nothing else.
NFSWEEP_VERSION := $(shell $(HARNESS_DIR)/../tools/version.sh)
$(HARNESS_GEN)/nfsweep-version.h: FORCE
	@mkdir -p $(@D)
	@v='#define NFSWEEP_VERSION "$(NFSWEEP_VERSION)"'; \
	[ "$$(cat $@ 2>/dev/null)" = "$$v" ] || echo "$$v" > $@

# The profiles that ship (profiles/NAME.fio): --profile's values and its
# completion. Rewritten only when the list changes.
NFSWEEP_PROFILES := $(sort $(basename $(notdir $(wildcard $(HARNESS_DIR)/../profiles/*.fio))))
$(HARNESS_GEN)/nfsweep-profiles.h: FORCE
	@mkdir -p $(@D)
	@v='#define NFSWEEP_PROFILES "$(NFSWEEP_PROFILES)"'; \
	[ "$$(cat $@ 2>/dev/null)" = "$$v" ] || echo "$$v" > $@
FORCE:
.PHONY: FORCE
