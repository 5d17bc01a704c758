/* test-table-boxes.c: units that start in a box off the map (issue 16):
 * <box id="eliminated"/> (the eliminated box of 12.6) and <box id="captured"/>
 * (the captured box of 12.31, 13.23) read and written canonically, refused
 * when the box is unknown, set and undone by one model command, and a game
 * made from the scenario starts with those units in its boxes. */
#undef G_DISABLE_ASSERT
#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "rdt-diagnostic.h"
#include "rdt-document.h"
#include "rdt-game.h"
#include "rdt-scenario-io.h"
#include "rdt-undo-stack.h"
#include "rdt-unit-command.h"

/* tests/data/format/example.redoubt with "spare" (unused) eliminated and
 * "proctor" (a reinforcement) captured, in a fresh folder with its volume. */
static char *
boxed_example (const char *spare_box,
               const char *proctor_box)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");
  g_autofree char *dir = g_dir_make_tmp ("redoubt-boxes-XXXXXX", NULL);
  const char *names[] = { "example.redoubt", "example-volume.xml" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *source = g_build_filename (root, "tests", "data", "format", names[i], NULL);
      g_autofree char *target = g_build_filename (dir, names[i], NULL);
      g_autofree char *contents = NULL;
      g_autoptr(GString) text = NULL;

      g_assert_true (g_file_get_contents (source, &contents, NULL, NULL));
      text = g_string_new (contents);
      if (i == 0)
        {
          g_autofree char *spare = g_strdup_printf ("<box id=\"%s\"/>", spare_box);
          g_autofree char *proctor = g_strdup_printf ("<box id=\"%s\"/>", proctor_box);

          g_assert_cmpuint (g_string_replace (text, "<unused/>", spare, 1), ==, 1);
          g_assert_cmpuint (g_string_replace (text, "<arrive turn=\"2\" entry=\"A\"/>", proctor, 1), ==, 1);
        }
      g_assert_true (g_file_set_contents (target, text->str, -1, NULL));
    }
  return g_build_filename (dir, names[0], NULL);
}

static void
remove_example (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *volume = g_build_filename (dir, "example-volume.xml", NULL);

  g_unlink (path);
  g_unlink (volume);
  g_rmdir (dir);
}

static void
test_round_trip (void)
{
  g_autofree char *path = boxed_example ("eliminated", "captured");
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = rdt_scenario_load_from_file (path, diagnostics, &error);
  g_autoptr(GBytes) out = NULL;

  g_assert_no_error (error);
  for (guint i = 0; i < diagnostics->len; i++)
    g_assert_cmpint (((RdtDiagnostic *) diagnostics->pdata[i])->severity, !=, RDT_SEVERITY_ERROR);
  g_assert_cmpint (rdt_scenario_find_unit (scenario, "spare")->placement.kind, ==, RDT_PLACEMENT_ELIMINATED);
  g_assert_cmpint (rdt_scenario_find_unit (scenario, "proctor")->placement.kind, ==, RDT_PLACEMENT_CAPTURED);
  /* Written back exactly as read (canonical form). */
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  out = rdt_scenario_to_bytes (scenario, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (g_bytes_get_data (out, NULL), ==, text);
  remove_example (path);
}

static void
test_unknown_box_refused (void)
{
  g_autofree char *path = boxed_example ("lost", "captured");
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = rdt_scenario_load_from_file (path, diagnostics, &error);
  gboolean found = FALSE;

  /* Either the schema or the loader refuses it, naming <box> and its line. */
  for (guint i = 0; diagnostics != NULL && i < diagnostics->len; i++)
    {
      const RdtDiagnostic *d = diagnostics->pdata[i];

      g_test_message ("%s:%d: %s: %s", d->file, d->line, d->element, d->message);
      if (d->severity == RDT_SEVERITY_ERROR && g_strcmp0 (d->element, "box") == 0 && d->line == 69)
        found = TRUE;
    }
  if (error != NULL)
    {
      g_test_message ("%s", error->message);
      found = found || (strstr (error->message, "box") != NULL && strstr (error->message, ":69") != NULL);
    }
  g_assert_true (found);
  remove_example (path);
}

static void
test_command_undo (void)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");
  g_autofree char *path = g_build_filename (root, "tests", "data", "format", "example.redoubt", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtDocument) document = rdt_document_new_from_file (path, NULL, &error);
  RdtUndoStack *stack;
  RdtScenario *scenario;
  RdtPlacement box = { 0, };
  g_autoptr(RdtCommand) command = NULL;
  g_autofree char *label = NULL;

  g_assert_no_error (error);
  stack = rdt_document_get_undo_stack (document);
  scenario = rdt_document_get_scenario (document);
  g_assert_cmpint (rdt_scenario_find_unit (scenario, "40th-foot")->placement.kind, ==, RDT_PLACEMENT_HEX);
  box.kind = RDT_PLACEMENT_CAPTURED;
  command = rdt_unit_command_new_move ("40th-foot", &box);
  g_assert_true (rdt_undo_stack_execute (stack, command, &error));
  g_assert_cmpint (rdt_scenario_find_unit (scenario, "40th-foot")->placement.kind, ==, RDT_PLACEMENT_CAPTURED);
  label = rdt_undo_stack_dup_undo_label (stack);
  g_assert_cmpstr (label, ==, "Send Unit to the Captured Box");
  g_assert_true (rdt_undo_stack_undo (stack));
  g_assert_cmpint (rdt_scenario_find_unit (scenario, "40th-foot")->placement.kind, ==, RDT_PLACEMENT_HEX);
  {
    char hex[RDT_HEX_LABEL_SIZE];

    rdt_hex_grid_format_label (rdt_scenario_get_grid (scenario),
                               rdt_scenario_find_unit (scenario, "40th-foot")->placement.hex, hex);
    g_assert_cmpstr (hex, ==, "0303");
  }
}

/* 12.6, 12.31, 13.23: the game starts with the units in its boxes. */
static void
test_game_starts_in_boxes (void)
{
  g_autofree char *path = boxed_example ("eliminated", "captured");
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = rdt_scenario_load_from_file (path, NULL, &error);
  g_autoptr(RdtGame) game = NULL;
  int spare, proctor, foot;

  g_assert_no_error (error);
  game = rdt_game_new (scenario, 1, &error);
  g_assert_no_error (error);
  spare = rdt_game_find_unit (game, "spare");
  proctor = rdt_game_find_unit (game, "proctor");
  foot = rdt_game_find_unit (game, "40th-foot");
  g_assert_cmpint (spare, >=, 0);
  g_assert_cmpint (rdt_game_get_unit (game, spare)->where, ==, RDT_GAME_UNIT_ELIMINATED);
  g_assert_cmpint (rdt_game_get_unit (game, proctor)->where, ==, RDT_GAME_UNIT_CAPTURED);
  g_assert_cmpint (rdt_game_get_unit (game, foot)->where, !=, RDT_GAME_UNIT_ELIMINATED);
  remove_example (path);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/table-boxes/issue-16/box-read-and-written-canonically", test_round_trip);
  g_test_add_func ("/table-boxes/issue-16/unknown-box-refused-with-line", test_unknown_box_refused);
  g_test_add_func ("/table-boxes/issue-16/send-to-captured-box-undoable", test_command_undo);
  g_test_add_func ("/table-boxes/issue-16/12.6-13.23/game-starts-with-units-in-boxes", test_game_starts_in_boxes);
  return g_test_run ();
}
