/* rdt-cli-play.c: `redoubt-cli play SCENARIO [--seed N] [--script FILE|-]
 * [--auto N] [--save GAME] [--json]` and `redoubt-cli play --replay GAME
 * [--json]`: a game played headless from a script of actions (docs/play.md),
 * random legal actions, or a saved game rebuilt from its log; prints the state
 * and the log (docs/play-json.md with --json). */
#include "config.h"

#include <glib/gi18n.h>
#include <json-glib/json-glib.h>
#include <stdio.h>
#include <string.h>

#include "rdt-cli.h"
#include "rdt-cli-files.h"
#include "redoubt-core.h"

/* Bounds on what a flag or file may ask for. */
#define MAX_AUTO 1000000
#define MAX_SCRIPT_BYTES (16 * 1024 * 1024)

/* Runs the script; stops at the first line refused, naming it. */
static gboolean
run_script (RdtGame    *game,
            const char *name,
            const char *text,
            gsize       size)
{
  g_auto(GStrv) lines = NULL;
  g_autofree char *copy = g_strndup (text, size);

  if (memchr (text, '\0', size) != NULL || !g_utf8_validate (copy, -1, NULL))
    {
      rdt_cli_error (_("%s: not a UTF-8 text file"), name);
      return FALSE;
    }
  lines = g_strsplit (copy, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *line = g_strstrip (g_strdup (lines[i]));
      gboolean ok;

      /* Undo and redo act on the log; they are not actions of it. */
      if (g_str_equal (line, "undo"))
        ok = rdt_game_undo (game, &error);
      else if (g_str_equal (line, "redo"))
        ok = rdt_game_redo (game, &error);
      else
        ok = rdt_game_perform (game, line, &error);
      if (!ok)
        {
          rdt_cli_error ("%s:%u: %s: %s", name, i + 1, line, error->message);
          return FALSE;
        }
    }
  return TRUE;
}

static void
print_text (RdtGame *game)
{
  RdtScenario *scenario = rdt_game_get_scenario (game);
  int phasing = rdt_game_get_phasing_player (game);
  int initiative = rdt_game_get_initiative_player (game);
  const RdtPhaseInfo *phase = rdt_phase_get_info (rdt_game_get_phase (game));
  g_autofree char *digest = rdt_game_dup_state_digest (game);
  RdtHexGrid *grid = rdt_scenario_get_grid (scenario);
  guint last_action = G_MAXUINT;

  {
    /* The number as text: a G_GUINT64_FORMAT inside _() cannot be translated. */
    g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, rdt_game_get_seed (game));

    printf (_("Scenario %s, seed %s\n"), rdt_scenario_get_id (scenario), seed);
  }
  printf (_("Turn %d, %s (%s)"), rdt_game_get_turn (game), _(phase->name), phase->rule);
  if (phasing >= 0)
    printf (_(", %s player turn"), rdt_game_get_player_id (game, (guint) phasing));
  printf ("\n");
  if (initiative >= 0)
    printf (_("Initiative: %s\n"), rdt_game_get_player_id (game, (guint) initiative));
  if (rdt_game_is_over (game))
    printf (_("Result: %s\n"), rdt_game_get_result (game));
  for (guint s = 0; s < rdt_scenario_get_n_sides (scenario); s++)
    {
      const RdtMoraleLevel *level = rdt_game_get_morale_level (game, s);

      printf (_("Army %s: morale %d (%s%s), momentum %d\n"), rdt_scenario_get_side (scenario, s)->id,
              rdt_game_get_army_morale (game, s), level != NULL ? level->id : _("no level"),
              level != NULL && level->provisional ? _(", provisional") : "",
              rdt_game_get_momentum (game, s));
    }
  printf (_("Momentum pool: %d\n"), rdt_game_get_momentum_pool (game));
  /* Issue 13: turn track (Savannah 1.6), weather (Germantown 3.1), releases. */
  if (rdt_game_get_turn_track (game) != NULL)
    printf (_("Turn track: %s\n"), rdt_game_get_turn_track (game));
  if (rdt_game_get_weather (game) != NULL)
    printf (_("Weather: %s\n"), rdt_game_get_weather (game));
  if (rdt_game_get_released (game)[0] != NULL)
    {
      g_autofree char *released = g_strjoinv (" ", (char **) rdt_game_get_released (game));

      printf (_("Released: %s\n"), released);
    }
  for (guint p = 0; p < rdt_game_get_n_players (game); p++)
    printf (_("VP %s: %d\n"), rdt_game_get_player_id (game, p), rdt_game_get_vp (game, p));
  printf (_("Units:\n"));
  for (guint i = 0; i < rdt_game_get_n_units (game); i++)
    {
      const RdtGameUnit *gu = rdt_game_get_unit (game, i);
      char l[RDT_HEX_LABEL_SIZE] = "";

      if (gu->where == RDT_GAME_UNIT_UNUSED)
        continue;
      if (gu->where == RDT_GAME_UNIT_MAP)
        rdt_hex_grid_format_label (grid, gu->hex, l);
      printf ("  %-28s %-10s %-6s step %d %s\n", rdt_scenario_get_unit (scenario, i)->id,
              gu->where == RDT_GAME_UNIT_MAP ? _("map") :
              gu->where == RDT_GAME_UNIT_TO_DEPLOY ? _("to deploy") :
              gu->where == RDT_GAME_UNIT_TO_ARRIVE ? _("to arrive") :
              gu->where == RDT_GAME_UNIT_ELIMINATED ? _("eliminated") : _("captured"),
              l, gu->step, rdt_unit_status_to_string (gu->status));
    }
  printf (_("Log:\n"));
  for (guint i = 0; i < rdt_game_get_n_messages (game); i++)
    {
      const RdtGameMessage *m = rdt_game_get_message (game, i);

      if (m->action != last_action)
        {
          printf ("%4u %s\n", m->action + 1, rdt_game_get_action (game, m->action));
          last_action = m->action;
        }
      printf ("       [%s] %s\n", m->rule, m->text);
    }
  printf (_("State digest: %s\n"), digest);
}

static void
print_json (RdtGame *game)
{
  g_autoptr(JsonNode) root = rdt_game_to_json (game, TRUE);
  g_autoptr(JsonGenerator) gen = json_generator_new ();
  g_autofree char *text = NULL;

  json_generator_set_pretty (gen, TRUE);
  json_generator_set_root (gen, root);
  text = json_generator_to_data (gen, NULL);
  printf ("%s\n", text);
}

int
rdt_cli_play (int    argc,
              char **argv)
{
  g_autofree char *seed_text = NULL, *script = NULL, *save = NULL, *replay = NULL;
  int auto_n = 0;
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text, N_("Seed of the die (2.3); random if absent"), N_("N") },
    { "script", 0, 0, G_OPTION_ARG_FILENAME, &script, N_("Actions, one per line (docs/play.md); - reads standard input"), N_("FILE") },
    { "auto", 0, 0, G_OPTION_ARG_INT, &auto_n, N_("Then perform N random legal actions"), N_("N") },
    { "save", 0, 0, G_OPTION_ARG_FILENAME, &save, N_("Save the game (scenario, seed and log)"), N_("GAME") },
    { "replay", 0, 0, G_OPTION_ARG_FILENAME, &replay, N_("Rebuild a saved game from its log"), N_("GAME") },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, N_("Print JSON (docs/play-json.md)"), NULL },
    { NULL }
  };
  /* Through rdt_cli_parse_options() like every other command, so that
   * `redoubt-cli --help` prints its usage line instead of running it.  The
   * usage line names --replay among the arguments: it replaces SCENARIO. */
  const RdtCliSpec spec = { "play", "SCENARIO | --replay GAME",
                            N_("play a scenario headless (docs/play.md)"),
                            N_("--replay GAME takes no SCENARIO, --seed, --script or --auto."),
                            entries, NULL, 0, 1 };
  int status;
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtGame) game = NULL;
  guint64 seed;

  /* Pub Battles on a gridless file (issue 18): a scenario or a saved game. */
  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--replay") && i + 1 < argc && rdt_cli_is_gridless_game (argv[i + 1]))
        return rdt_cli_gridless_play (argc, argv);
      if (g_str_has_prefix (argv[i], "--replay=") && rdt_cli_is_gridless_game (argv[i] + strlen ("--replay=")))
        return rdt_cli_gridless_play (argc, argv);
      if (argv[i][0] != '-' && g_str_equal (rdt_cli_peek_root (argv[i]), "gridless-scenario"))
        return rdt_cli_gridless_play (argc, argv);
    }
  status = rdt_cli_parse_options (&spec, &argc, &argv);
  if (status != RDT_CLI_CONTINUE)
    return status;
  if ((replay == NULL) != (argc == 2) || auto_n < 0 || auto_n > MAX_AUTO ||
      (replay != NULL && (script != NULL || auto_n > 0 || seed_text != NULL)))
    {
      rdt_cli_error (_("usage: redoubt-cli play SCENARIO [--seed N] [--script FILE|-] [--auto N] "
                       "[--save GAME] [--json], or play --replay GAME [--json] (--auto at most %d)"),
                     MAX_AUTO);
      return RDT_CLI_EXIT_USAGE;
    }

  if (replay != NULL)
    {
      game = rdt_game_load_from_file (replay, NULL, &error);
      if (game == NULL)
        {
          rdt_cli_error ("%s", error->message);
          return RDT_CLI_EXIT_FAILURE;
        }
    }
  else
    {
      g_autoptr(RdtScenario) scenario = rdt_scenario_load_from_file (argv[1], NULL, &error);

      if (scenario == NULL)
        {
          rdt_cli_error ("%s", error->message);
          return RDT_CLI_EXIT_FAILURE;
        }
      if (seed_text != NULL)
        {
          if (!g_ascii_string_to_unsigned (seed_text, 10, 0, G_MAXUINT64, &seed, NULL))
            {
              rdt_cli_error (_("--seed: “%s” is not a number from 0 to %llu"),
                             seed_text, (unsigned long long) G_MAXUINT64);
              return RDT_CLI_EXIT_USAGE;
            }
        }
      else
        seed = ((guint64) g_random_int () << 32) | g_random_int ();
      game = rdt_game_new (scenario, seed, &error);
      if (game == NULL)
        {
          rdt_cli_error ("%s: %s", argv[1], error->message);
          return RDT_CLI_EXIT_FAILURE;
        }
      if (script != NULL)
        {
          g_autofree char *text = NULL;
          gsize size = 0;

          if (g_str_equal (script, "-"))
            {
              GString *in = g_string_new (NULL);
              char buf[4096];
              size_t n;

              while ((n = fread (buf, 1, sizeof buf, stdin)) > 0 && in->len <= MAX_SCRIPT_BYTES)
                g_string_append_len (in, buf, (gssize) n);
              size = in->len;
              text = g_string_free (in, FALSE);
            }
          else
            {
              g_autoptr(GBytes) bytes = rdt_file_read_bounded (script, MAX_SCRIPT_BYTES, NULL, &error);

              if (bytes == NULL)
                {
                  rdt_cli_error ("%s", error->message);
                  return RDT_CLI_EXIT_FAILURE;
                }
              text = g_strndup (g_bytes_get_data (bytes, &size), g_bytes_get_size (bytes));
            }
          if (size > MAX_SCRIPT_BYTES)
            {
              rdt_cli_error (_("%s: the script is larger than %d bytes"), script, MAX_SCRIPT_BYTES);
              return RDT_CLI_EXIT_FAILURE;
            }
          if (!run_script (game, g_str_equal (script, "-") ? "<stdin>" : script, text, size))
            {
              /* The refused line changed nothing: print the state the lines
               * before it left (docs/play.md), save nothing. */
              if (json)
                print_json (game);
              else
                print_text (game);
              return RDT_CLI_EXIT_FAILURE;
            }
        }
      if (auto_n > 0)
        {
          RdtDie chooser;

          /* Random play is reproducible: the chooser is seeded from the seed. */
          rdt_die_init (&chooser, seed ^ G_GUINT64_CONSTANT (0xA5A5A5A5DEADBEEF));
          for (int i = 0; i < auto_n && !rdt_game_is_over (game); i++)
            if (!rdt_game_perform_random (game, &chooser, 4, NULL, &error))
              {
                rdt_cli_error (_("--auto: action %d: %s"), i + 1, error->message);
                return RDT_CLI_EXIT_FAILURE;
              }
        }
      if (save != NULL && !rdt_game_save_to_file (game, save, &error))
        {
          rdt_cli_error ("%s", error->message);
          return RDT_CLI_EXIT_FAILURE;
        }
    }

  if (json)
    print_json (game);
  else
    print_text (game);
  return RDT_CLI_EXIT_OK;
}
