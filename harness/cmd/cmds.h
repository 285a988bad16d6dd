/* SPDX-License-Identifier: GPL-2.0 */
#ifndef NFSWEEP_CMDS_H
#define NFSWEEP_CMDS_H

/* The subcommands; each returns the process exit status. */
int cmd_run(int argc, char **argv);
int cmd_plan(int argc, char **argv);
int cmd_validate(int argc, char **argv);
int cmd_mounts(int argc, char **argv);
int cmd_schema(int argc, char **argv);
int cmd_summary(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_plot(int argc, char **argv);
int cmd_ort(int argc, char **argv);
int cmd_curve(int argc, char **argv);

#endif
