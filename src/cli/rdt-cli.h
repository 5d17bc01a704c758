/* rdt-cli.h: what every redoubt-cli command shares. */
#pragma once

#include <glib.h>
#include <stdio.h>

G_BEGIN_DECLS

/* Exit codes, documented in docs/cli.md. */
enum {
  RDT_CLI_EXIT_OK = 0,
  RDT_CLI_EXIT_FAILURE = 1,   /* invalid file, error, or (for los) see its own codes */
  RDT_CLI_EXIT_USAGE = 2,
  RDT_CLI_EXIT_BLOCKED = 3,   /* los: the line of sight is blocked */
};

/* One subcommand: argv[0] is the command name. Returns the exit code. */
typedef int (*RdtCliCommandFunc) (int argc, char **argv);

typedef struct {
  const char *name;
  RdtCliCommandFunc run;
  const char *summary;   /* translatable, marked with N_() */
} RdtCliCommand;

/* Prints "redoubt-cli: " + message to stderr. */
void rdt_cli_error (const char *format, ...) G_GNUC_PRINTF (1, 2);

/* Each command lives in its own rdt-cli-<name>.c and is listed in redoubt-cli.c. */
int rdt_cli_version  (int argc, char **argv);
int rdt_cli_validate (int argc, char **argv);
int rdt_cli_info     (int argc, char **argv);
int rdt_cli_format   (int argc, char **argv);
int rdt_cli_los      (int argc, char **argv);
int rdt_cli_los_fan  (int argc, char **argv);
int rdt_cli_zoc      (int argc, char **argv);
int rdt_cli_render   (int argc, char **argv);
int rdt_cli_moves    (int argc, char **argv);
int rdt_cli_retreats (int argc, char **argv);
/* Pub Battles on gridless files (rdt-cli-gridless.c, issue 18). */
int rdt_cli_gridless_los (int argc, char **argv);
int rdt_cli_fof      (int argc, char **argv);
int rdt_cli_terrain  (int argc, char **argv);

G_END_DECLS
