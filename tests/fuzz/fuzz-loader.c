/* fuzz-loader.c: libFuzzer entry point for the scenario loader.
 *
 * Each input goes through what opening a file in the editor does: load from
 * bytes (the safe parser, the RELAX NG schema, the model), semantic
 * validation, then writing the canonical form.  Beyond "no crash, no leak, no
 * undefined behaviour" it checks one property of the format: the canonical
 * form of anything that loads without errors must load again and serialize to
 * the same bytes (docs/format.md, "Canonical form"), so no data is silently
 * dropped or changed by a save.  A violation aborts, which libFuzzer reports
 * as a crash.  Files with errors are exempt: what cannot be resolved (an
 * unknown terrain, an unknown side) is not kept in the model, which is why
 * `redoubt-cli format` refuses to rewrite them and saving re-validates.
 *
 * See docs/fuzzing.md for how to build and run it. */
#include "config.h"

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-loader.h"
#include "rdt-diagnostic.h"
#include "rdt-game-io.h"
#include "rdt-gridless-io.h"
#include "rdt-scenario-io.h"
#include "rdt-validate.h"

static void
check_round_trip (GBytes *canonical)
{
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) again = NULL;
  g_autoptr(GBytes) twice = NULL;

  again = rdt_scenario_load_from_bytes (canonical, "fuzz-canonical.redoubt", diagnostics, &error);
  if (again == NULL)
    {
      fprintf (stderr, "fuzz-loader: the canonical form does not load again: %s\n"
               "--- canonical form ---\n%.*s\n", error->message,
               (int) MIN (g_bytes_get_size (canonical), 4096),
               (const char *) g_bytes_get_data (canonical, NULL));
      abort ();
    }
  twice = rdt_scenario_to_bytes (again, &error);
  if (twice == NULL || !g_bytes_equal (twice, canonical))
    {
      fprintf (stderr, "fuzz-loader: saving the canonical form again changes it%s%s\n",
               error != NULL ? ": " : "", error != NULL ? error->message : "");
      abort ();
    }
}

/* A saved game (issue 13, docs/play.md): the loader replays its log; what
 * loads must save and load again to the same state. */
static void
fuzz_game (GBytes *bytes)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtGame) game = rdt_game_load_from_bytes (bytes, "fuzz-game.xml", NULL, &error);
  g_autoptr(GBytes) again = NULL;
  g_autoptr(RdtGame) game2 = NULL;
  g_autofree char *d1 = NULL, *d2 = NULL;

  if (game == NULL)
    {
      if (error == NULL || error->message == NULL || error->message[0] == '\0')
        {
          fprintf (stderr, "fuzz-loader: game load failed without an error message\n");
          abort ();
        }
      return;
    }
  again = rdt_game_to_bytes (game, &error);
  if (again != NULL)
    game2 = rdt_game_load_from_bytes (again, "fuzz-game-canonical.xml", NULL, &error);
  if (game2 == NULL)
    {
      fprintf (stderr, "fuzz-loader: a saved game does not load again: %s\n",
               error != NULL ? error->message : "?");
      abort ();
    }
  d1 = rdt_game_dup_state_digest (game);
  d2 = rdt_game_dup_state_digest (game2);
  if (g_strcmp0 (d1, d2) != 0)
    {
      fprintf (stderr, "fuzz-loader: a saved game loads again to another state\n");
      abort ();
    }
}

/* Gridless scenarios (Pub Battles, issue 18): the same properties through
 * their own loader and writer. */
static int
fuzz_gridless (GBytes *bytes)
{
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtGridless) gridless = NULL;
  g_autoptr(RdtGridless) again = NULL;
  g_autoptr(GBytes) canonical = NULL;
  g_autoptr(GBytes) twice = NULL;

  gridless = rdt_gridless_load_from_bytes (bytes, "fuzz.redoubt", diagnostics, &error);
  if (gridless == NULL)
    {
      if (error == NULL || error->message == NULL || error->message[0] == '\0')
        {
          fprintf (stderr, "fuzz-loader: gridless load failed without an error message\n");
          abort ();
        }
      return 0;
    }
  canonical = rdt_gridless_to_bytes (gridless, &error);
  if (canonical == NULL || rdt_diagnostics_count (diagnostics, RDT_SEVERITY_ERROR) > 0)
    return 0;
  again = rdt_gridless_load_from_bytes (canonical, "fuzz-canonical.redoubt", NULL, &error);
  if (again == NULL)
    {
      fprintf (stderr, "fuzz-loader: the canonical gridless form does not load again: %s\n",
               error->message);
      abort ();
    }
  twice = rdt_gridless_to_bytes (again, &error);
  if (twice == NULL || !g_bytes_equal (twice, canonical))
    {
      fprintf (stderr, "fuzz-loader: saving the canonical gridless form again changes it\n");
      abort ();
    }
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GBytes) bytes = g_bytes_new (data, size);
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = NULL;
  g_autoptr(GBytes) canonical = NULL;

  if (memmem (data, size, "<gridless-scenario", strlen ("<gridless-scenario")) != NULL)
    return fuzz_gridless (bytes);

  scenario = rdt_scenario_load_from_bytes (bytes, "fuzz.redoubt", diagnostics, &error);
  if (scenario == NULL && size > 0 && g_strstr_len ((const char *) data, MIN (size, 512), "<game") != NULL)
    fuzz_game (bytes);
  if (scenario == NULL)
    {
      /* A refusal must say why. */
      if (error == NULL || error->message == NULL || error->message[0] == '\0')
        {
          fprintf (stderr, "fuzz-loader: load failed without an error message\n");
          abort ();
        }
      return 0;
    }

  rdt_scenario_validate (scenario, diagnostics);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      g_autofree char *line = rdt_diagnostic_to_string (g_ptr_array_index (diagnostics, i));
      (void) line;
    }

  canonical = rdt_scenario_to_bytes (scenario, &error);
  if (canonical == NULL)
    return 0;
  if (rdt_diagnostics_count (diagnostics, RDT_SEVERITY_ERROR) == 0)
    check_round_trip (canonical);

  return 0;
}
