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
  /* moves, retreats: the answer depends on a rule the game context does not
   * decide (pass --turn, --weather or --released). */
  RDT_CLI_EXIT_UNDECIDED = 4,
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

/* The largest --range a command parses; any larger range is then clamped to
 * the map's farthest hex (issue 11), which is what keeps ring walks finite. */
#define RDT_CLI_MAX_RANGE G_MAXINT

/* rdt_cli_parse_options() returns this when the command goes on. */
#define RDT_CLI_CONTINUE (-1)

/* What every referee command (los, los-fan, zoc, moves, retreats, and render
 * with a rule overlay) takes besides its own options, added to its option
 * table by rdt_cli_parse_options() and read by rdt_cli_load_scenario() and
 * rdt_cli_load_board() (rdt-cli-board.h).  The game context of issue 12
 * (turn, weather, released formations, states) belongs here too, so that every
 * referee command takes the same options and gives the same answer. */
typedef struct {
  /* --force: answer on a file with validation errors, after a warning. */
  gboolean force;
  /* --verbose: print the file's warnings (provisional values...) on stderr
   * first; without it a referee command prints only errors (issue 16). */
  gboolean verbose;
} RdtCliReferee;

/* A command's options and arguments: the one source of its --help text, its
 * usage line and the line `redoubt-cli --help` prints for it. */
typedef struct {
  const char *name;              /* "los" */
  /* Positional arguments and required options, as in the usage line
   * ("FILE FROM TO", "FILE --side SIDE"); an option named here is not
   * repeated among the optional ones. */
  const char *args;
  const char *summary;           /* N_(): "line of sight (11.4)" */
  const char *description;       /* N_(), nullable: after the options in --help */
  const GOptionEntry *entries;   /* the command's own options */
  RdtCliReferee *referee;        /* nullable: adds the referee options */
  int min_args;                  /* positional arguments after the command */
  int max_args;                  /* -1: any number */
} RdtCliSpec;

/* Parses the options (the command's own and, with spec->referee, the referee
 * options) and checks the number of positional arguments.  Returns
 * RDT_CLI_CONTINUE, or the exit code to return after printing the error and
 * the usage line.  While `redoubt-cli --help` collects usage lines, prints the
 * command's usage line instead and returns RDT_CLI_EXIT_OK. */
int   rdt_cli_parse_options (const RdtCliSpec *spec,
                             int              *argc,
                             char           ***argv);
/* "redoubt-cli los FILE FROM TO [--ignore-units] ..." (transfer full). */
char *rdt_cli_dup_usage     (const RdtCliSpec *spec);
/* Prints `message` (nullable) and the usage line; returns RDT_CLI_EXIT_USAGE. */
int   rdt_cli_usage_error   (const RdtCliSpec *spec,
                             const char       *message);

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
int rdt_cli_combat   (int argc, char **argv);
int rdt_cli_fire     (int argc, char **argv);
int rdt_cli_import_vassal (int argc, char **argv);
int rdt_cli_play     (int argc, char **argv);
/* Pub Battles on gridless files (rdt-cli-gridless.c, issue 18). */
int rdt_cli_gridless_los (int argc, char **argv);
int rdt_cli_gridless_moves (int argc, char **argv);
int rdt_cli_gridless_play (int argc, char **argv);
gboolean rdt_cli_is_gridless_game (const char *path);
int rdt_cli_fof      (int argc, char **argv);
int rdt_cli_terrain  (int argc, char **argv);

G_END_DECLS
