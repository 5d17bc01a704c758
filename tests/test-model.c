/* test-model.c: the editor's document and undo layer (src/model), headless.
 *
 * Every command is checked the same way: the canonical bytes of the scenario
 * before, after apply, after undo (must equal before) and after redo (must
 * equal after).
 */
#undef G_DISABLE_ASSERT
#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "redoubt-core.h"
#include "rdt-area-command.h"
#include "rdt-calibration.h"
#include "rdt-document.h"
#include "rdt-hexside-command.h"
#include "rdt-location-command.h"
#include "rdt-map-command.h"
#include "rdt-recovery.h"
#include "rdt-scenario-io.h"
#include "rdt-terrain-command.h"
#include "rdt-terrain-look-command.h"
#include "rdt-unit-command.h"

#include "data-loss-cases.h"

typedef struct {
  RdtVolume *volume;
  RdtDocument *document;
  RdtScenario *scenario;
  RdtHexGrid *grid;
  int clear, woods, slope, creek, road, redoubt;
} Fixture;

static RdtHex
hex (Fixture    *f,
     const char *label)
{
  g_autoptr(GError) error = NULL;
  RdtHex h;

  g_assert_true (rdt_hex_grid_parse_label (f->grid, label, &h, &error));
  g_assert_no_error (error);
  return h;
}

static void
add_unit (RdtScenario *scenario,
          const char  *id,
          const char  *name,
          int          side)
{
  g_autoptr(GError) error = NULL;
  RdtUnit *unit = rdt_unit_new (id, name, side, RDT_UNIT_KIND_INFANTRY);

  rdt_unit_add_step (unit, 4, -1, 3);
  rdt_unit_add_step (unit, 2, -1, 2);
  unit->movement = 5;
  unit->placement.kind = RDT_PLACEMENT_UNUSED;
  g_assert_true (rdt_scenario_add_unit (scenario, unit, -1, &error));
  g_assert_no_error (error);
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  RdtGridSettings settings = { 12, 10, 1, 1, RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD };
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = NULL;

  f->volume = rdt_volume_new ("test");
  rdt_volume_set_title (f->volume, "Test volume");
  f->clear = rdt_volume_add_terrain (f->volume, rdt_terrain_type_new ("clear", "Clear"), &error);
  g_assert_no_error (error);
  f->woods = rdt_volume_add_terrain (f->volume, rdt_terrain_type_new ("heavy-woods", "Heavy Woods"), &error);
  g_assert_no_error (error);
  f->slope = rdt_volume_add_hexside_type (f->volume, rdt_hexside_type_new ("slope", "Slope", RDT_HEXSIDE_KIND_SLOPE), &error);
  g_assert_no_error (error);
  f->creek = rdt_volume_add_hexside_type (f->volume, rdt_hexside_type_new ("creek", "Creek", RDT_HEXSIDE_KIND_WATER), &error);
  g_assert_no_error (error);
  f->road = rdt_volume_add_hexside_type (f->volume, rdt_hexside_type_new ("road", "Road", RDT_HEXSIDE_KIND_ROAD), &error);
  g_assert_no_error (error);
  f->redoubt = rdt_volume_add_hexside_type (f->volume, rdt_hexside_type_new ("redoubt", "Redoubt", RDT_HEXSIDE_KIND_FIELDWORK), &error);
  g_assert_no_error (error);
  rdt_volume_set_stacking_limit (f->volume, 6, 1, FALSE);

  scenario = rdt_scenario_new (f->volume, &settings, "clear", &error);
  g_assert_no_error (error);
  g_assert_nonnull (scenario);
  rdt_scenario_set_id (scenario, "test");
  rdt_scenario_set_title (scenario, "Model test");
  g_assert_cmpint (rdt_scenario_add_side (scenario, "british", "British", -1, -1, &error), ==, 0);
  g_assert_cmpint (rdt_scenario_add_side (scenario, "american", "American", -1, -1, &error), ==, 1);
  add_unit (scenario, "42nd", "42nd Foot", 0);
  add_unit (scenario, "1st-va", "1st Virginia", 1);
  add_unit (scenario, "2nd-va", "2nd Virginia", 1);

  f->document = rdt_document_new (scenario);
  f->scenario = rdt_document_get_scenario (f->document);
  f->grid = rdt_scenario_get_grid (f->scenario);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_clear_object (&f->document);
  g_clear_object (&f->volume);
}

static GBytes *
snapshot (Fixture *f)
{
  g_autoptr(GError) error = NULL;
  GBytes *bytes = rdt_scenario_to_bytes (rdt_document_get_scenario (f->document), &error);

  g_assert_no_error (error);
  g_assert_nonnull (bytes);
  return bytes;
}

static void
assert_same (GBytes *a,
             GBytes *b)
{
  if (!g_bytes_equal (a, b))
    {
      g_test_message ("expected:\n%.*s\ngot:\n%.*s",
                      (int) g_bytes_get_size (a), (const char *) g_bytes_get_data (a, NULL),
                      (int) g_bytes_get_size (b), (const char *) g_bytes_get_data (b, NULL));
      g_test_fail ();
    }
}

/* Checks undo and redo of a command already applied and pushed: one undo step
 * brings back @before exactly, one redo @after. */
static void
check_undo_redo (Fixture *f,
                 GBytes  *before)
{
  g_autoptr(GBytes) after = snapshot (f);
  g_autoptr(GBytes) undone = NULL;
  g_autoptr(GBytes) redone = NULL;
  guint n = rdt_undo_stack_get_n_undo (rdt_document_get_undo_stack (f->document));

  g_assert_false (g_bytes_equal (before, after));
  g_assert_true (rdt_document_get_dirty (f->document));
  g_assert_true (rdt_document_undo (f->document));
  g_assert_cmpuint (rdt_undo_stack_get_n_undo (rdt_document_get_undo_stack (f->document)), ==, n - 1);
  undone = snapshot (f);
  assert_same (before, undone);
  g_assert_true (rdt_document_redo (f->document));
  redone = snapshot (f);
  assert_same (after, redone);
}

/* Executes @command (transfer full) and checks undo/redo. */
static void
execute_and_check (Fixture    *f,
                   RdtCommand *command)
{
  g_autoptr(RdtCommand) owned = command;
  g_autoptr(GBytes) before = snapshot (f);
  g_autoptr(GError) error = NULL;

  g_assert_true (rdt_document_execute (f->document, command, &error));
  g_assert_no_error (error);
  check_undo_redo (f, before);
}

static void
count_changed (guint *counter)
{
  (*counter)++;
}

static void
test_undo_stack_labels (Fixture       *f,
                        gconstpointer  data)
{
  RdtUndoStack *stack = rdt_document_get_undo_stack (f->document);
  g_autoptr(RdtCommand) paint = rdt_terrain_command_new (f->woods);
  g_autoptr(RdtCommand) place = rdt_unit_command_new_place ("42nd", hex (f, "0305"));
  g_autoptr(GError) error = NULL;
  g_autofree char *undo_label = NULL;
  g_autofree char *redo_label = NULL;
  guint changed = 0;

  g_signal_connect_swapped (stack, "changed", G_CALLBACK (count_changed), &changed);
  g_assert_false (rdt_undo_stack_can_undo (stack));
  g_assert_false (rdt_undo_stack_can_redo (stack));
  g_assert_false (rdt_document_get_dirty (f->document));

  rdt_terrain_command_add_hex (RDT_TERRAIN_COMMAND (paint), hex (f, "0101"));
  g_assert_true (rdt_document_execute (f->document, paint, &error));
  g_assert_true (rdt_document_execute (f->document, place, &error));
  g_assert_no_error (error);
  g_assert_true (rdt_document_get_dirty (f->document));
  undo_label = rdt_undo_stack_dup_undo_label (stack);
  g_assert_cmpstr (undo_label, ==, "Move Unit");
  g_assert_true (rdt_document_undo (f->document));
  redo_label = rdt_undo_stack_dup_redo_label (stack);
  g_assert_cmpstr (redo_label, ==, "Move Unit");
  g_assert_true (rdt_undo_stack_can_redo (stack));
  g_assert_true (rdt_document_undo (f->document));
  g_assert_false (rdt_document_undo (f->document));
  /* Back at the clean point. */
  g_assert_false (rdt_document_get_dirty (f->document));
  /* A new edit drops the redo steps. */
  g_assert_true (rdt_document_execute (f->document, place, &error));
  g_assert_false (rdt_undo_stack_can_redo (stack));
  g_assert_cmpuint (rdt_undo_stack_get_n_undo (stack), ==, 1);
  /* Execute, execute, undo, undo, execute; the clean point does not move. */
  g_assert_cmpuint (changed, ==, 5);
}

/* A brush stroke over seven hexes (radius 1 around 0505) and a drag on to
 * 0707 is one undo step. */
static void
test_terrain_stroke_one_step (Fixture       *f,
                              gconstpointer  data)
{
  g_autoptr(GBytes) before = snapshot (f);
  g_autoptr(RdtCommand) stroke = rdt_terrain_command_new (f->woods);
  g_autoptr(GArray) range = rdt_hex_grid_range (f->grid, hex (f, "0505"), 1);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < range->len; i++)
    g_assert_true (rdt_terrain_command_paint (RDT_TERRAIN_COMMAND (stroke), f->document,
                                              g_array_index (range, RdtHex, i), &error));
  /* Passing over a hex twice paints it once. */
  g_assert_true (rdt_terrain_command_paint (RDT_TERRAIN_COMMAND (stroke), f->document,
                                            hex (f, "0505"), &error));
  g_assert_true (rdt_terrain_command_paint (RDT_TERRAIN_COMMAND (stroke), f->document,
                                            hex (f, "0707"), &error));
  g_assert_no_error (error);
  g_assert_cmpuint (rdt_terrain_command_get_n_hexes (RDT_TERRAIN_COMMAND (stroke)), ==, 8);
  rdt_undo_stack_push_applied (rdt_document_get_undo_stack (f->document), stroke);

  for (guint i = 0; i < range->len; i++)
    g_assert_cmpint (rdt_scenario_get_terrain (f->scenario, g_array_index (range, RdtHex, i)), ==, f->woods);
  g_assert_cmpint (rdt_scenario_get_terrain (f->scenario, hex (f, "0707")), ==, f->woods);
  g_assert_cmpint (rdt_scenario_get_terrain (f->scenario, hex (f, "0909")), ==, f->clear);
  check_undo_redo (f, before);
  /* One undo took the whole stroke away. */
  g_assert_true (rdt_document_undo (f->document));
  g_assert_cmpint (rdt_scenario_get_terrain (f->scenario, hex (f, "0505")), ==, f->clear);
  g_assert_cmpint (rdt_scenario_get_terrain (f->scenario, hex (f, "0707")), ==, f->clear);
  g_assert_false (rdt_undo_stack_can_undo (rdt_document_get_undo_stack (f->document)));
}

static void
test_terrain_fill (Fixture       *f,
                   gconstpointer  data)
{
  g_autoptr(RdtCommand) ring = rdt_terrain_command_new (f->woods);
  g_autoptr(GArray) hexes = rdt_hex_grid_ring (f->grid, hex (f, "0505"), 2);
  g_autoptr(GError) error = NULL;
  RdtCommand *fill;

  /* Wall in 0505 with a ring of woods, then fill the inside. */
  for (guint i = 0; i < hexes->len; i++)
    rdt_terrain_command_add_hex (RDT_TERRAIN_COMMAND (ring), g_array_index (hexes, RdtHex, i));
  g_assert_true (rdt_document_execute (f->document, ring, &error));
  g_assert_no_error (error);

  fill = rdt_terrain_command_new_fill (f->document, hex (f, "0505"), f->woods);
  /* The hex and its six neighbours. */
  g_assert_cmpuint (rdt_terrain_command_get_n_hexes (RDT_TERRAIN_COMMAND (fill)), ==, 7);
  execute_and_check (f, fill);
  g_assert_cmpint (rdt_scenario_get_terrain (f->scenario, hex (f, "0505")), ==, f->woods);
  g_assert_cmpint (rdt_scenario_get_terrain (f->scenario, hex (f, "0101")), ==, f->clear);
}

/* Issue 6: terrain fills come from the volume data and are editable.  A
 * scenario that links a shared volume file keeps its own copy once the look
 * changes (saved inline), and undo links the file again. */
static void
test_terrain_look (Fixture       *f,
                   gconstpointer  data)
{
  RdtVolume *volume = rdt_scenario_get_volume (f->scenario);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(RdtCommand) bad = rdt_terrain_look_command_new (f->woods, "green", NULL);

  rdt_scenario_set_volume_link (f->scenario, "test", NULL);
  execute_and_check (f, rdt_terrain_look_command_new (f->woods, "#2E5E1E", "trees"));
  g_assert_cmpstr (rdt_volume_get_terrain (volume, f->woods)->colour, ==, "#2e5e1e");
  g_assert_cmpstr (rdt_volume_get_terrain (volume, f->woods)->pattern, ==, "trees");
  g_assert_null (rdt_scenario_get_volume_ref (f->scenario));
  saved = rdt_scenario_to_bytes (f->scenario, &error);
  g_assert_no_error (error);
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (saved, NULL), g_bytes_get_size (saved),
                                  "colour=\"#2e5e1e\" pattern=\"trees\""));

  g_assert_true (rdt_undo_stack_undo (rdt_document_get_undo_stack (f->document)));
  g_assert_null (rdt_volume_get_terrain (volume, f->woods)->colour);
  g_assert_cmpstr (rdt_scenario_get_volume_ref (f->scenario), ==, "test");

  g_assert_false (rdt_document_execute (f->document, bad, &error));
  g_assert_nonnull (error);
  g_assert_null (rdt_volume_get_terrain (volume, f->woods)->colour);
}

/* 11.43 note: the slope's high side is one of its two hexes; the side of the
 * hexside the user clicks chooses it. */
static void
test_hexside_slope (Fixture       *f,
                    gconstpointer  data)
{
  RdtHexside side;
  RdtHexsideFeatures features;
  const RdtHexsideFeatures *now;
  g_autoptr(GError) error = NULL;

  g_assert_true (rdt_hex_grid_hexside (f->grid, hex (f, "0304"), hex (f, "0305"), &side, &error));
  rdt_hexside_features_with (f->scenario, side, RDT_HEXSIDE_KIND_SLOPE, f->slope,
                             hex (f, "0305"), &features);
  execute_and_check (f, rdt_hexside_command_new (&features));
  now = rdt_scenario_get_hexside (f->scenario, side);
  g_assert_nonnull (now);
  g_assert_cmpint (now->slope, ==, f->slope);
  g_assert_cmpint (now->slope_high.row, ==, 5);

  /* A creek on the same hexside keeps the slope (9.4 combined). */
  rdt_hexside_features_with (f->scenario, side, RDT_HEXSIDE_KIND_WATER, f->creek,
                             side.a, &features);
  execute_and_check (f, rdt_hexside_command_new (&features));
  now = rdt_scenario_get_hexside (f->scenario, side);
  g_assert_cmpint (now->slope, ==, f->slope);
  g_assert_cmpint (now->water, ==, f->creek);

  /* Flipping the high side. */
  rdt_hexside_features_with (f->scenario, side, RDT_HEXSIDE_KIND_SLOPE, f->slope,
                             hex (f, "0304"), &features);
  execute_and_check (f, rdt_hexside_command_new (&features));
  g_assert_cmpint (rdt_scenario_get_hexside (f->scenario, side)->slope_high.row, ==, 4);

  /* Clearing everything. */
  rdt_hexside_features_init (&features, side);
  execute_and_check (f, rdt_hexside_command_new (&features));
  g_assert_null (rdt_scenario_get_hexside (f->scenario, side));
}

static void
test_hexside_fieldwork (Fixture       *f,
                        gconstpointer  data)
{
  RdtHexside side;
  RdtHexsideFeatures features;
  g_autoptr(GError) error = NULL;

  g_assert_true (rdt_hex_grid_hexside (f->grid, hex (f, "0606"), hex (f, "0706"), &side, &error));
  rdt_hexside_features_with (f->scenario, side, RDT_HEXSIDE_KIND_FIELDWORK, f->redoubt,
                             hex (f, "0706"), &features);
  execute_and_check (f, rdt_hexside_command_new (&features));
  g_assert_cmpint (rdt_scenario_get_hexside (f->scenario, side)->fieldwork_symbol.col, ==, 7);
}

/* A road dragged through four hexes crosses three hexsides: one undo step. */
static void
test_hexside_road_stroke (Fixture       *f,
                          gconstpointer  data)
{
  g_autoptr(GBytes) before = snapshot (f);
  g_autoptr(RdtCommand) stroke = rdt_hexside_command_new_stroke ("Draw Road");
  const char *path[] = { "0202", "0302", "0402", "0502" };
  g_autoptr(GError) error = NULL;
  g_autofree char *label = NULL;

  for (guint i = 0; i + 1 < G_N_ELEMENTS (path); i++)
    {
      RdtHexside side;
      RdtHexsideFeatures features;

      g_assert_true (rdt_hex_grid_hexside (f->grid, hex (f, path[i]), hex (f, path[i + 1]), &side, &error));
      g_assert_no_error (error);
      rdt_hexside_features_with (f->scenario, side, RDT_HEXSIDE_KIND_ROAD, f->road, side.a, &features);
      g_assert_true (rdt_hexside_command_set (RDT_HEXSIDE_COMMAND (stroke), f->document, &features, &error));
      g_assert_no_error (error);
    }
  g_assert_cmpuint (rdt_hexside_command_get_n_sides (RDT_HEXSIDE_COMMAND (stroke)), ==, 3);
  g_assert_cmpuint (rdt_scenario_get_n_hexsides (f->scenario), ==, 3);
  rdt_undo_stack_push_applied (rdt_document_get_undo_stack (f->document), stroke);
  label = rdt_undo_stack_dup_undo_label (rdt_document_get_undo_stack (f->document));
  g_assert_cmpstr (label, ==, "Draw Road");
  check_undo_redo (f, before);
  g_assert_true (rdt_document_undo (f->document));
  g_assert_cmpuint (rdt_scenario_get_n_hexsides (f->scenario), ==, 0);
}

static void
test_hexside_refuses_bad_high_side (Fixture       *f,
                                    gconstpointer  data)
{
  RdtHexside side;
  RdtHexsideFeatures features;
  g_autoptr(RdtCommand) command = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (rdt_hex_grid_hexside (f->grid, hex (f, "0304"), hex (f, "0305"), &side, NULL));
  rdt_hexside_features_with (f->scenario, side, RDT_HEXSIDE_KIND_SLOPE, f->slope,
                             hex (f, "0909"), &features);
  command = rdt_hexside_command_new (&features);
  g_assert_false (rdt_document_execute (f->document, command, &error));
  g_assert_nonnull (error);
  g_assert_false (rdt_undo_stack_can_undo (rdt_document_get_undo_stack (f->document)));
  g_assert_false (rdt_document_get_dirty (f->document));
}

static void
test_unit_place_move_remove (Fixture       *f,
                             gconstpointer  data)
{
  RdtPlacement off = { 0, };
  RdtUnit *unit;

  execute_and_check (f, rdt_unit_command_new_place ("42nd", hex (f, "0305")));
  unit = rdt_scenario_find_unit (f->scenario, "42nd");
  g_assert_cmpint (unit->placement.kind, ==, RDT_PLACEMENT_HEX);
  g_assert_cmpint (unit->placement.hex.col, ==, 3);
  g_assert_cmpint (unit->placement.hex.row, ==, 5);

  execute_and_check (f, rdt_unit_command_new_place ("42nd", hex (f, "0406")));
  g_assert_cmpint (rdt_scenario_find_unit (f->scenario, "42nd")->placement.hex.col, ==, 4);

  /* Back to the order of battle. */
  off.kind = RDT_PLACEMENT_NONE;
  execute_and_check (f, rdt_unit_command_new_move ("42nd", &off));
  g_assert_cmpint (rdt_scenario_find_unit (f->scenario, "42nd")->placement.kind, ==, RDT_PLACEMENT_NONE);

  execute_and_check (f, rdt_unit_command_new_remove ("42nd"));
  g_assert_null (rdt_scenario_find_unit (f->scenario, "42nd"));
  g_assert_cmpuint (rdt_scenario_get_n_units (f->scenario), ==, 2);
}

static void
test_unit_add_duplicate_edit (Fixture       *f,
                              gconstpointer  data)
{
  g_autoptr(RdtUnit) copy = rdt_unit_copy (rdt_scenario_find_unit (f->scenario, "1st-va"));
  g_autoptr(RdtUnit) edited = NULL;
  g_autofree char *id = rdt_unit_command_dup_free_id (f->document, "1st-va");

  g_assert_cmpstr (id, ==, "1st-va-2");
  g_free (copy->id);
  copy->id = g_strdup (id);
  execute_and_check (f, rdt_unit_command_new_add (copy, 2));
  g_assert_cmpint (rdt_scenario_find_unit_index (f->scenario, "1st-va-2"), ==, 2);

  edited = rdt_unit_copy (rdt_scenario_find_unit (f->scenario, "1st-va-2"));
  g_free (edited->name);
  edited->name = g_strdup ("3rd Virginia");
  edited->movement = 6;
  execute_and_check (f, rdt_unit_command_new_replace ("1st-va-2", edited));
  g_assert_cmpstr (rdt_scenario_find_unit (f->scenario, "1st-va-2")->name, ==, "3rd Virginia");
}

static void
test_unit_flip_and_status (Fixture       *f,
                           gconstpointer  data)
{
  g_autoptr(RdtCommand) bad = rdt_unit_command_new_step ("1st-va", 5);
  g_autoptr(RdtCommand) place = rdt_unit_command_new_place ("1st-va", hex (f, "0606"));
  g_autoptr(GError) error = NULL;

  /* The file keeps step and status of units that take part. */
  g_assert_true (rdt_document_execute (f->document, place, &error));
  g_assert_no_error (error);
  execute_and_check (f, rdt_unit_command_new_step ("1st-va", 1));
  g_assert_cmpint (rdt_scenario_find_unit (f->scenario, "1st-va")->step, ==, 1);
  g_assert_cmpint (rdt_unit_get_current_step (rdt_scenario_find_unit (f->scenario, "1st-va"))->strength, ==, 2);

  execute_and_check (f, rdt_unit_command_new_status ("1st-va", RDT_UNIT_STATUS_DISRUPTED));
  g_assert_cmpint (rdt_scenario_find_unit (f->scenario, "1st-va")->status, ==, RDT_UNIT_STATUS_DISRUPTED);

  /* The counter has two sides only. */
  g_assert_false (rdt_document_execute (f->document, bad, &error));
  g_assert_nonnull (error);
}

/* Stack order is the order of units within a hex, bottom first. */
static void
test_unit_stack_order (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(GPtrArray) stack = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtCommand) a = rdt_unit_command_new_place ("1st-va", hex (f, "0808"));
  g_autoptr(RdtCommand) b = rdt_unit_command_new_place ("2nd-va", hex (f, "0808"));

  g_assert_true (rdt_document_execute (f->document, a, &error));
  g_assert_true (rdt_document_execute (f->document, b, &error));
  stack = rdt_scenario_units_in_hex (f->scenario, hex (f, "0808"));
  g_assert_cmpuint (stack->len, ==, 2);
  g_assert_cmpstr (((RdtUnit *) stack->pdata[0])->id, ==, "1st-va");
  g_clear_pointer (&stack, g_ptr_array_unref);

  execute_and_check (f, rdt_unit_command_new_restack ("2nd-va", 0));
  stack = rdt_scenario_units_in_hex (f->scenario, hex (f, "0808"));
  g_assert_cmpstr (((RdtUnit *) stack->pdata[0])->id, ==, "2nd-va");
  g_assert_cmpstr (((RdtUnit *) stack->pdata[1])->id, ==, "1st-va");
}

static void
test_area_commands (Fixture       *f,
                    gconstpointer  data)
{
  g_autoptr(RdtCommand) stroke = NULL;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GError) error = NULL;
  const RdtArea *area;

  execute_and_check (f, rdt_area_command_new_add ("american-bivouac", "American Bivouac Area"));
  g_assert_nonnull (rdt_scenario_find_area (f->scenario, "american-bivouac"));

  before = snapshot (f);
  stroke = rdt_area_command_new_paint ("american-bivouac", TRUE);
  g_assert_true (rdt_area_command_paint (RDT_AREA_COMMAND (stroke), f->document, hex (f, "0101"), &error));
  g_assert_true (rdt_area_command_paint (RDT_AREA_COMMAND (stroke), f->document, hex (f, "0102"), &error));
  g_assert_true (rdt_area_command_paint (RDT_AREA_COMMAND (stroke), f->document, hex (f, "0202"), &error));
  g_assert_no_error (error);
  rdt_undo_stack_push_applied (rdt_document_get_undo_stack (f->document), stroke);
  area = rdt_scenario_find_area (f->scenario, "american-bivouac");
  g_assert_cmpuint (area->hexes->len, ==, 3);
  check_undo_redo (f, before);

  execute_and_check (f, rdt_area_command_new_rename ("american-bivouac", "Bivouac"));
  g_assert_cmpstr (rdt_scenario_find_area (f->scenario, "american-bivouac")->name, ==, "Bivouac");

  {
    g_autoptr(RdtCommand) erase = rdt_area_command_new_paint ("american-bivouac", FALSE);

    rdt_area_command_add_hex (RDT_AREA_COMMAND (erase), hex (f, "0102"));
    execute_and_check (f, g_steal_pointer (&erase));
    g_assert_cmpuint (rdt_scenario_find_area (f->scenario, "american-bivouac")->hexes->len, ==, 2);
  }

  execute_and_check (f, rdt_area_command_new_remove ("american-bivouac"));
  g_assert_null (rdt_scenario_find_area (f->scenario, "american-bivouac"));
}

static void
test_location_and_entry (Fixture       *f,
                         gconstpointer  data)
{
  RdtHex h = hex (f, "0910");

  execute_and_check (f, rdt_location_command_new_location (hex (f, "0910"), "Birmingham Meeting House"));
  g_assert_cmpstr (rdt_scenario_get_location_name (f->scenario, hex (f, "0910")), ==, "Birmingham Meeting House");
  execute_and_check (f, rdt_location_command_new_location (hex (f, "0910"), NULL));
  g_assert_null (rdt_scenario_get_location_name (f->scenario, hex (f, "0910")));

  execute_and_check (f, rdt_location_command_new_entry ("A", &h));
  g_assert_nonnull (rdt_scenario_find_entry (f->scenario, "A"));
  g_assert_cmpint (rdt_scenario_find_entry (f->scenario, "A")->hex.col, ==, 9);
  execute_and_check (f, rdt_location_command_new_entry ("A", NULL));
  g_assert_null (rdt_scenario_find_entry (f->scenario, "A"));
}

static void
test_grid_settings (Fixture       *f,
                    gconstpointer  data)
{
  RdtGridSettings settings = *rdt_hex_grid_get_settings (rdt_scenario_get_grid (f->scenario));
  g_autoptr(RdtCommand) paint = rdt_terrain_command_new (f->woods);
  g_autoptr(GError) error = NULL;

  /* Woods in a column that the smaller grid drops: undo brings it back. */
  rdt_terrain_command_add_hex (RDT_TERRAIN_COMMAND (paint), hex (f, "1205"));
  g_assert_true (rdt_document_execute (f->document, paint, &error));
  settings.columns = 10;
  settings.rows = 8;
  execute_and_check (f, rdt_map_command_new_grid (&settings));
  g_assert_cmpint (rdt_hex_grid_get_settings (rdt_scenario_get_grid (f->scenario))->columns, ==, 10);
  g_assert_true (rdt_document_undo (f->document));
  f->grid = rdt_scenario_get_grid (f->scenario);
  g_assert_cmpint (rdt_scenario_get_terrain (f->scenario, hex (f, "1205")), ==, f->woods);
}

static void
test_underlay_and_calibration (Fixture       *f,
                               gconstpointer  data)
{
  RdtUnderlay underlay = { 0, };
  RdtHex hexes[3];
  double ix[3], iy[3], residual = -1;
  g_autoptr(GError) error = NULL;

  underlay.present = TRUE;
  underlay.href = (char *) "scan.png";
  underlay.hex_size = 1;
  execute_and_check (f, rdt_map_command_new_underlay (&underlay, NULL));
  g_assert_true (rdt_scenario_get_underlay (f->scenario)->present);

  /* A scan at 40 px per hex, turned 3° clockwise, first hex centre at
   * (100, 80): make the "clicked" points from that transform and solve. */
  underlay.origin_x = 100;
  underlay.origin_y = 80;
  underlay.hex_size = 40;
  underlay.rotation = 3;
  hexes[0] = hex (f, "0202");
  hexes[1] = hex (f, "0907");
  hexes[2] = hex (f, "0310");
  for (int i = 0; i < 3; i++)
    {
      double mx, my;

      rdt_hex_grid_hex_centre (f->grid, hexes[i], &mx, &my);
      rdt_calibration_map_to_image (f->grid, &underlay, mx, my, &ix[i], &iy[i]);
    }
  {
    RdtUnderlay solved = underlay;

    solved.origin_x = solved.origin_y = solved.hex_size = solved.rotation = 0;
    g_assert_true (rdt_calibration_solve (f->grid, hexes, ix, iy, 3, &solved, &residual, &error));
    g_assert_no_error (error);
    g_assert_cmpfloat_with_epsilon (solved.origin_x, 100, 1e-6);
    g_assert_cmpfloat_with_epsilon (solved.origin_y, 80, 1e-6);
    g_assert_cmpfloat_with_epsilon (solved.hex_size, 40, 1e-6);
    g_assert_cmpfloat_with_epsilon (solved.rotation, 3, 1e-6);
    g_assert_cmpfloat (residual, <, 1e-6);
    execute_and_check (f, rdt_map_command_new_underlay (&solved, "Calibrate Underlay"));
    g_assert_cmpfloat_with_epsilon (rdt_scenario_get_underlay (f->scenario)->rotation, 3, 1e-6);
  }

  /* A mistyped label: the points no longer fit a regular grid. */
  hexes[2] = hex (f, "0510");
  g_assert_false (rdt_calibration_solve (f->grid, hexes, ix, iy, 3, &underlay, NULL, &error));
  g_assert_error (error, RDT_CALIBRATION_ERROR, RDT_CALIBRATION_ERROR_INCONSISTENT);

  execute_and_check (f, rdt_map_command_new_underlay (NULL, NULL));
  g_assert_false (rdt_scenario_get_underlay (f->scenario)->present);
}

static void
test_document_save_reload (Fixture       *f,
                           gconstpointer  data)
{
  g_autofree char *dir = g_dir_make_tmp ("redoubt-model-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "test.redoubt", NULL);
  g_autofree char *bak = g_strconcat (path, ".bak", NULL);
  g_autoptr(RdtCommand) place = rdt_unit_command_new_place ("42nd", hex (f, "0305"));
  g_autoptr(RdtDocument) loaded = NULL;
  g_autoptr(GBytes) saved = NULL;
  g_autoptr(GBytes) reloaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;

  /* A new map is called by its title (issue 16), and so is its file. */
  name = rdt_document_dup_display_name (f->document);
  g_assert_cmpstr (name, ==, "Model test");
  {
    g_autofree char *suggested = rdt_document_dup_suggested_file_name (f->document);

    g_assert_cmpstr (suggested, ==, "Model test.redoubt");
    rdt_scenario_set_title (f->scenario, " ../Monmouth: 28/6 ");
    g_clear_pointer (&suggested, g_free);
    suggested = rdt_document_dup_suggested_file_name (f->document);
    g_assert_cmpstr (suggested, ==, "-Monmouth- 28-6.redoubt");
    rdt_scenario_set_title (f->scenario, "  ");
    g_clear_pointer (&name, g_free);
    name = rdt_document_dup_display_name (f->document);
    g_assert_cmpstr (name, ==, "Untitled Map");
    rdt_scenario_set_title (f->scenario, "Model test");
  }
  g_assert_true (rdt_document_execute (f->document, place, &error));
  g_assert_true (rdt_document_get_dirty (f->document));
  g_assert_true (rdt_document_save_as (f->document, path, &error));
  g_assert_no_error (error);
  g_assert_false (rdt_document_get_dirty (f->document));
  g_assert_cmpstr (rdt_document_get_path (f->document), ==, path);
  g_assert_false (rdt_document_changed_on_disk (f->document));

  /* Undo after the save makes it dirty again; redo makes it clean. */
  g_assert_true (rdt_document_undo (f->document));
  g_assert_true (rdt_document_get_dirty (f->document));
  g_assert_true (rdt_document_redo (f->document));
  g_assert_false (rdt_document_get_dirty (f->document));

  saved = snapshot (f);
  loaded = rdt_document_new_from_file (path, NULL, &error);
  g_assert_no_error (error);
  reloaded = rdt_scenario_to_bytes (rdt_document_get_scenario (loaded), &error);
  g_assert_true (g_bytes_equal (saved, reloaded));

  /* Someone else writes the file: the document notices and refuses to
   * overwrite it without being told to. */
  g_assert_true (g_file_set_contents (path, "changed", -1, &error));
  g_assert_true (rdt_document_changed_on_disk (f->document));
  g_assert_false (rdt_document_save (f->document, FALSE, &error));
  g_assert_error (error, RDT_FILE_ERROR, RDT_FILE_ERROR_CHANGED_ON_DISK);
  g_clear_error (&error);
  g_assert_true (rdt_document_save (f->document, TRUE, &error));
  g_assert_no_error (error);

  /* Revert drops unsaved work and the history. */
  {
    g_autoptr(RdtCommand) flip = rdt_unit_command_new_step ("42nd", 1);

    g_assert_true (rdt_document_execute (f->document, flip, &error));
    g_assert_true (rdt_document_reload (f->document, NULL, &error));
    g_assert_no_error (error);
    g_assert_false (rdt_document_get_dirty (f->document));
    g_assert_false (rdt_undo_stack_can_undo (rdt_document_get_undo_stack (f->document)));
    g_assert_cmpint (rdt_scenario_find_unit (rdt_document_get_scenario (f->document), "42nd")->step, ==, 0);
  }

  g_unlink (bak);
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_recovery (Fixture       *f,
               gconstpointer  data)
{
  g_autofree char *state = g_dir_make_tmp ("redoubt-state-XXXXXX", NULL);
  g_autofree char *id = rdt_recovery_new_id ();
  g_autofree char *dir = NULL;
  g_autofree char *info_path = NULL;
  g_autoptr(GPtrArray) orphans = NULL;
  g_autoptr(GKeyFile) info = g_key_file_new ();
  g_autoptr(RdtScenario) restored = NULL;
  g_autoptr(RdtCommand) place = rdt_unit_command_new_place ("42nd", hex (f, "0305"));
  g_autoptr(GError) error = NULL;

  g_setenv ("XDG_STATE_HOME", state, TRUE);
  dir = rdt_recovery_dup_dir ();
  g_assert_true (g_str_has_prefix (dir, state));

  g_assert_true (rdt_document_execute (f->document, place, &error));
  g_assert_true (rdt_recovery_write (id, f->scenario, NULL, &error));
  g_assert_no_error (error);
  /* Written by a live process (this one): not an orphan. */
  orphans = rdt_recovery_list_orphans ();
  g_assert_cmpuint (orphans->len, ==, 0);
  g_clear_pointer (&orphans, g_ptr_array_unref);

  /* The writer died. */
  info_path = g_strconcat (dir, "/", id, ".info", NULL);
  g_assert_true (g_key_file_load_from_file (info, info_path, G_KEY_FILE_NONE, &error));
  g_key_file_set_int64 (info, "Recovery", "pid", 0x7ffffff0);
  g_assert_true (g_key_file_save_to_file (info, info_path, &error));
  orphans = rdt_recovery_list_orphans ();
  g_assert_cmpuint (orphans->len, ==, 1);
  restored = rdt_recovery_load (g_ptr_array_index (orphans, 0), &error);
  g_assert_no_error (error);
  g_assert_nonnull (restored);
  g_assert_cmpint (rdt_scenario_find_unit (restored, "42nd")->placement.hex.col, ==, 3);

  rdt_recovery_remove (id);
  g_clear_pointer (&orphans, g_ptr_array_unref);
  orphans = rdt_recovery_list_orphans ();
  g_assert_cmpuint (orphans->len, ==, 0);
  g_rmdir (dir);
  {
    g_autofree char *parent = g_path_get_dirname (dir);
    g_rmdir (parent);
  }
  g_rmdir (state);
}

/* What the editor can make, the file can hold: a document with a new unit
 * and a new, still empty area saves (validation reports them, 3.x). */
static void
test_document_saves_editor_states (Fixture       *f,
                                   gconstpointer  data)
{
  g_autofree char *dir = g_dir_make_tmp ("redoubt-model-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "states.redoubt", NULL);
  g_autoptr(RdtUnit) unit = rdt_unit_new ("new-unit", "New Unit", 0, RDT_UNIT_KIND_INFANTRY);
  g_autoptr(RdtCommand) add_unit_command = NULL;
  g_autoptr(RdtCommand) add_area = rdt_area_command_new_add ("empty", "Empty");
  g_autoptr(GError) error = NULL;

  rdt_unit_add_step (unit, 1, -1, 1);
  unit->placement.kind = RDT_PLACEMENT_NONE;
  add_unit_command = rdt_unit_command_new_add (unit, -1);
  g_assert_true (rdt_document_execute (f->document, add_unit_command, &error));
  g_assert_true (rdt_document_execute (f->document, add_area, &error));
  g_assert_no_error (error);
  rdt_document_save_as (f->document, path, &error);
  g_assert_no_error (error);
  g_unlink (path);
  g_rmdir (dir);
}

/* Issue 11 §1: a file holding what the model cannot keep is never written
 * without it unless the user agreed (rdt_document_confirm_drop); then the
 * saved file is the original minus exactly that, element by element, and
 * PATH.bak is the original byte for byte and stays so. */
static void
remove_tree (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);
      g_unlink (p);
    }
  g_rmdir (dir);
}

static gboolean
any_dropped (GPtrArray *findings)
{
  for (guint i = 0; i < findings->len; i++)
    if (((RdtDiagnostic *) g_ptr_array_index (findings, i))->dropped)
      return TRUE;
  return FALSE;
}

static void
test_document_data_loss (gconstpointer data)
{
  const DlCase *c = data;
  g_autofree char *dir = g_dir_make_tmp ("redoubt-loss-XXXXXX", NULL);
  g_autofree char *path = dl_write_case (c, dir);
  g_autofree char *original = dl_read (path, NULL);
  g_autofree char *bak = g_strconcat (path, ".bak", NULL);
  g_autofree char *copy = g_build_filename (dir, "copy.redoubt", NULL);
  g_autofree char *expected = dl_expected_after_drop (c);
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtDocument) doc = NULL;
  g_autoptr(RdtDocument) again = NULL;
  g_autoptr(RdtDocument) next = NULL;

  /* Loading says what the model could not keep. */
  doc = rdt_document_new_from_file (path, NULL, &error);
  g_assert_no_error (error);
  dl_assert_finding (c, rdt_document_get_dropped (doc));
  dl_assert_finding (c, rdt_document_get_file_findings (doc));
  g_assert_cmpstr (rdt_document_get_dropped_path (doc), ==, path);

  /* Save, and Save As over the same file: refused, nothing written. */
  g_assert_false (rdt_document_save (doc, FALSE, &error));
  g_assert_error (error, RDT_DOCUMENT_ERROR, RDT_DOCUMENT_ERROR_WOULD_DROP);
  g_clear_error (&error);
  g_assert_false (rdt_document_save (doc, TRUE, &error));
  g_assert_error (error, RDT_DOCUMENT_ERROR, RDT_DOCUMENT_ERROR_WOULD_DROP);
  g_clear_error (&error);
  g_assert_false (rdt_document_save_as (doc, path, &error));
  g_assert_error (error, RDT_DOCUMENT_ERROR, RDT_DOCUMENT_ERROR_WOULD_DROP);
  g_clear_error (&error);
  dl_assert_same_bytes (path, original);
  g_assert_false (g_file_test (bak, G_FILE_TEST_EXISTS));

  /* Save As elsewhere writes a copy; the original still may not be
   * overwritten without asking. */
  if (!c->unwritable)
    {
      g_assert_true (rdt_document_save_as (doc, copy, &error));
      g_assert_no_error (error);
      g_assert_cmpstr (rdt_document_get_path (doc), ==, copy);
      g_assert_false (any_dropped (rdt_document_get_file_findings (doc)));
      g_assert_cmpstr (rdt_document_get_dropped_path (doc), ==, path);
      g_assert_true (rdt_document_save (doc, FALSE, &error));
      g_assert_no_error (error);
      g_assert_false (rdt_document_save_as (doc, path, &error));
      g_assert_error (error, RDT_DOCUMENT_ERROR, RDT_DOCUMENT_ERROR_WOULD_DROP);
      g_clear_error (&error);
      dl_assert_same_bytes (path, original);
    }

  /* Agreed: the file is the original minus what was named. */
  again = rdt_document_new_from_file (path, NULL, &error);
  g_assert_no_error (error);
  rdt_document_confirm_drop (again);
  if (c->unwritable)
    {
      g_assert_false (rdt_document_save (again, FALSE, &error));
      g_assert_error (error, RDT_FORMAT_ERROR, RDT_FORMAT_ERROR_INVALID);
      dl_assert_same_bytes (path, original);
      g_assert_false (g_file_test (bak, G_FILE_TEST_EXISTS));
      remove_tree (dir);
      return;
    }
  g_assert_true (rdt_document_save (again, FALSE, &error));
  g_assert_no_error (error);
  if (expected != NULL)
    dl_assert_same_tree (path, expected);
  g_assert_cmpuint (rdt_document_get_dropped (again)->len, ==, 0);
  g_assert_null (rdt_document_get_dropped_path (again));
  g_assert_false (any_dropped (rdt_document_get_file_findings (again)));
  dl_assert_same_bytes (bak, original);
  /* A second save keeps the .bak (the first save of a session makes it). */
  g_assert_true (rdt_document_save (again, FALSE, &error));
  g_assert_no_error (error);
  dl_assert_same_bytes (bak, original);

  /* The next session: the saved file loads whole, a save needs no
   * question, and PATH.bak, the only copy of what was dropped, stays. */
  next = rdt_document_new_from_file (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rdt_document_get_dropped (next)->len, ==, 0);
  g_assert_true (rdt_document_save (next, FALSE, &error));
  g_assert_no_error (error);
  g_assert_true (rdt_document_get_backup_kept (next));
  dl_assert_same_bytes (bak, original);
  remove_tree (dir);
}

/* The control: a file the model holds whole saves as it is, and its first
 * save replaces a .bak that holds nothing the model cannot keep. */
static void
test_document_no_loss (void)
{
  g_autofree char *dir = g_dir_make_tmp ("redoubt-loss-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "example.redoubt", NULL);
  g_autofree char *bak = g_strconcat (path, ".bak", NULL);
  g_autofree char *original = dl_example ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtDocument) doc = NULL;

  g_assert_true (g_file_set_contents (path, original, -1, NULL));
  g_assert_true (g_file_set_contents (bak, original, -1, NULL));
  doc = rdt_document_new_from_file (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (rdt_document_get_dropped (doc)->len, ==, 0);
  g_assert_false (any_dropped (rdt_document_get_file_findings (doc)));
  g_assert_true (rdt_document_save (doc, FALSE, &error));
  g_assert_no_error (error);
  g_assert_false (rdt_document_get_backup_kept (doc));
  dl_assert_same_bytes (path, original);
  dl_assert_same_tree (path, original);
  dl_assert_same_bytes (bak, original);
  remove_tree (dir);
}

/* Unsaved work restored into a document for a file the model cannot hold
 * whole: saving over the file asks as a fresh load would. */
static void
test_document_check_file (void)
{
  const DlCase *c = &dl_cases[0];
  g_autofree char *dir = g_dir_make_tmp ("redoubt-loss-XXXXXX", NULL);
  g_autofree char *path = dl_write_case (c, dir);
  g_autofree char *original = dl_read (path, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) scenario = rdt_scenario_load_from_file (path, NULL, &error);
  g_autoptr(RdtDocument) doc = NULL;

  g_assert_no_error (error);
  doc = rdt_document_new (scenario);
  rdt_document_set_modified (doc, TRUE);
  g_assert_cmpuint (rdt_document_get_dropped (doc)->len, ==, 0);
  g_assert_true (rdt_document_check_file (doc, &error));
  g_assert_no_error (error);
  dl_assert_finding (c, rdt_document_get_dropped (doc));
  g_assert_false (rdt_document_save (doc, TRUE, &error));
  g_assert_error (error, RDT_DOCUMENT_ERROR, RDT_DOCUMENT_ERROR_WOULD_DROP);
  dl_assert_same_bytes (path, original);
  remove_tree (dir);
}

/* The file the dropped content is in is recognised through a symbolic link
 * or another spelling of its path. */
static void
test_document_drop_through_link (void)
{
  const DlCase *c = &dl_cases[0];
  g_autofree char *dir = g_dir_make_tmp ("redoubt-loss-XXXXXX", NULL);
  g_autofree char *path = dl_write_case (c, dir);
  g_autofree char *original = dl_read (path, NULL);
  g_autofree char *link = g_build_filename (dir, "link.redoubt", NULL);
  g_autofree char *dotted = g_build_filename (dir, ".", "unknown-terrain.redoubt", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtDocument) doc = rdt_document_new_from_file (path, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpint (symlink (path, link), ==, 0);
  g_assert_false (rdt_document_save_as (doc, link, &error));
  g_assert_error (error, RDT_DOCUMENT_ERROR, RDT_DOCUMENT_ERROR_WOULD_DROP);
  g_clear_error (&error);
  g_assert_false (rdt_document_save_as (doc, dotted, &error));
  g_assert_error (error, RDT_DOCUMENT_ERROR, RDT_DOCUMENT_ERROR_WOULD_DROP);
  dl_assert_same_bytes (path, original);
  remove_tree (dir);
}

/* A .bak this version cannot load (here: a newer format version) holds
 * what the model cannot keep: a save of a file that loads whole leaves it. */
static void
test_document_bak_newer_version_stays (void)
{
  g_autofree char *dir = g_dir_make_tmp ("redoubt-loss-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "example.redoubt", NULL);
  g_autofree char *bak = g_strconcat (path, ".bak", NULL);
  g_autofree char *original = dl_example ();
  g_autofree char *newer = dl_replace_first (original, "format-version=\"1\"", "format-version=\"99\"");
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtDocument) doc = NULL;

  g_assert_true (g_file_set_contents (path, original, -1, NULL));
  g_assert_true (g_file_set_contents (bak, newer, -1, NULL));
  doc = rdt_document_new_from_file (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (rdt_document_save (doc, FALSE, &error));
  g_assert_no_error (error);
  g_assert_true (rdt_document_get_backup_kept (doc));
  dl_assert_same_bytes (bak, newer);
  remove_tree (dir);
}

/* A volume loaded by reference is not rewritten by a save: what its loader
 * drops is not dropped from the scenario file, which only refers to it; but
 * an unknown terrain in the scenario file itself is. */
/* Issue 11 §1 and §2: an underlay reference the resolver refuses is an
 * error, but the href stays in the model and is written back, so the editor
 * has nothing to ask about and the saved file holds the same tree. */
static void
test_document_refused_underlay_kept (void)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");
  g_autofree char *dir = g_dir_make_tmp ("redoubt-loss-XXXXXX", NULL);
  g_autofree char *src_scenario = g_build_filename (root ? root : "..", "tests", "data", "format", "volume-href.redoubt", NULL);
  g_autofree char *src_volume = g_build_filename (root ? root : "..", "tests", "data", "format", "example-volume.xml", NULL);
  g_autofree char *scenario_text = dl_read (src_scenario, NULL);
  g_autofree char *volume_text = dl_read (src_volume, NULL);
  g_autofree char *outside = dl_replace_first (scenario_text, "href=\"example-map.png\"",
                                               "href=\"../outside.png\"");
  g_autofree char *path = g_build_filename (dir, "volume-href.redoubt", NULL);
  g_autofree char *volume = g_build_filename (dir, "example-volume.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(RdtDocument) doc = NULL;
  gboolean refused = FALSE;

  g_assert_true (g_file_set_contents (path, outside, -1, NULL));
  g_assert_true (g_file_set_contents (volume, volume_text, -1, NULL));
  doc = rdt_document_new_from_file (path, diagnostics, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const RdtDiagnostic *d = g_ptr_array_index (diagnostics, i);

      if (d->severity == RDT_SEVERITY_ERROR && g_strcmp0 (d->element, "underlay") == 0)
        {
          refused = TRUE;
          g_assert_false (d->dropped);
        }
    }
  g_assert_true (refused);
  g_assert_cmpuint (rdt_document_get_dropped (doc)->len, ==, 0);
  g_assert_true (rdt_document_save (doc, FALSE, &error));
  g_assert_no_error (error);
  dl_assert_same_tree (path, outside);
  g_assert_cmpint (g_unlink (path), ==, 0);
  g_assert_cmpint (g_unlink (volume), ==, 0);
  {
    g_autofree char *bak = g_strconcat (path, ".bak", NULL);
    g_unlink (bak);
  }
  g_rmdir (dir);
}

static void
test_document_volume_ref_not_dropped (void)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");
  g_autofree char *dir = g_dir_make_tmp ("redoubt-loss-XXXXXX", NULL);
  g_autofree char *src_scenario = g_build_filename (root ? root : "..", "tests", "data", "format", "volume-href.redoubt", NULL);
  g_autofree char *src_volume = g_build_filename (root ? root : "..", "tests", "data", "format", "example-volume.xml", NULL);
  g_autofree char *scenario_text = dl_read (src_scenario, NULL);
  g_autofree char *volume_text = dl_read (src_volume, NULL);
  g_autofree char *bad_volume = dl_replace_first (volume_text, "  <terrain id=\"clear\"",
                                                  "  <terrain id=\"clear\" name=\"Again\" mp=\"2\"/>\n  <terrain id=\"clear\"");
  g_autofree char *path = g_build_filename (dir, "volume-href.redoubt", NULL);
  g_autofree char *volume = g_build_filename (dir, "example-volume.xml", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(RdtDocument) doc = NULL;
  gboolean volume_finding = FALSE;

  g_assert_true (g_file_set_contents (path, scenario_text, -1, NULL));
  g_assert_true (g_file_set_contents (volume, bad_volume, -1, NULL));
  doc = rdt_document_new_from_file (path, diagnostics, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      const RdtDiagnostic *d = g_ptr_array_index (diagnostics, i);

      if (g_strcmp0 (d->file, volume) == 0 && d->severity == RDT_SEVERITY_ERROR)
        {
          volume_finding = TRUE;
          g_assert_false (d->dropped);
        }
    }
  g_assert_true (volume_finding);
  g_assert_cmpuint (rdt_document_get_dropped (doc)->len, ==, 0);
  g_assert_true (rdt_document_save (doc, FALSE, &error));
  g_assert_no_error (error);
  dl_assert_same_tree (path, scenario_text);
  dl_assert_same_bytes (volume, bad_volume);
  g_clear_object (&doc);

  /* The scenario file's own unknown terrain is dropped. */
  {
    g_autofree char *bad = dl_replace_first (scenario_text, "<hex at=\"0303\" terrain=\"chew-house\"/>",
                                             "<hex at=\"0303\" terrain=\"marsh\"/>");

    g_assert_true (g_file_set_contents (path, bad, -1, NULL));
    doc = rdt_document_new_from_file (path, NULL, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (rdt_document_get_dropped (doc)->len, ==, 1);
    g_assert_false (rdt_document_save (doc, FALSE, &error));
    g_assert_error (error, RDT_DOCUMENT_ERROR, RDT_DOCUMENT_ERROR_WOULD_DROP);
    dl_assert_same_bytes (path, bad);
  }
  remove_tree (dir);
}

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  ADD ("/model/undo-stack/labels-clean-point", test_undo_stack_labels);
  ADD ("/model/terrain/brush-stroke-is-one-undo-step", test_terrain_stroke_one_step);
  ADD ("/model/terrain/fill", test_terrain_fill);
  ADD ("/model/terrain/look-from-volume-data-editable", test_terrain_look);
  ADD ("/model/hexside/11.43-slope-high-side", test_hexside_slope);
  ADD ("/model/hexside/fieldwork-symbol-hex", test_hexside_fieldwork);
  ADD ("/model/hexside/road-drag-is-one-undo-step", test_hexside_road_stroke);
  ADD ("/model/hexside/refuses-high-side-off-the-hexside", test_hexside_refuses_bad_high_side);
  ADD ("/model/unit/place-move-unplace-remove", test_unit_place_move_remove);
  ADD ("/model/unit/add-duplicate-edit", test_unit_add_duplicate_edit);
  ADD ("/model/unit/flip-and-status", test_unit_flip_and_status);
  ADD ("/model/unit/stack-order", test_unit_stack_order);
  ADD ("/model/area/add-paint-rename-remove", test_area_commands);
  ADD ("/model/location/name-and-entry-hex", test_location_and_entry);
  ADD ("/model/grid/settings", test_grid_settings);
  ADD ("/model/underlay/set-calibrate-remove", test_underlay_and_calibration);
  ADD ("/model/document/save-changed-on-disk-revert", test_document_save_reload);
  ADD ("/model/recovery/orphan-after-writer-died", test_recovery);
  ADD ("/model/document/saves-new-unit-and-empty-area", test_document_saves_editor_states);
  g_test_add_func ("/model/document/issue-11/no-loss-saves-as-is", test_document_no_loss);
  g_test_add_func ("/model/document/issue-11/restored-work-checks-file", test_document_check_file);
  g_test_add_func ("/model/document/issue-11/save-as-through-link-asks", test_document_drop_through_link);
  g_test_add_func ("/model/document/issue-11/bak-of-newer-version-stays", test_document_bak_newer_version_stays);
  g_test_add_func ("/model/document/issue-11/volume-by-reference-not-dropped", test_document_volume_ref_not_dropped);
  g_test_add_func ("/model/document/issue-11/refused-underlay-href-kept", test_document_refused_underlay_kept);
  for (gsize i = 0; i < G_N_ELEMENTS (dl_cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/model/document/issue-11/%s", dl_cases[i].name);
      g_test_add_data_func (name, &dl_cases[i], test_document_data_loss);
    }

  return g_test_run ();
}
