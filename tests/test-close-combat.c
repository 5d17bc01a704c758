#undef G_DISABLE_ASSERT
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <json-glib/json-glib.h>

#include <glib/gstdio.h>

#include "redoubt-core.h"

/* Close Combat itemised without rolling (issue 14, Series Rules 12, 13.1):
 * the bundled Close Combat Table and Tactics Matrix cell by cell against the
 * rulebook, the 12.23 odds examples, and one test per rule sentence the rules
 * layer (src/core/rules/rdt-close-combat.c) applies.  Positions are built on
 * the bundled Brandywine (and Germantown, Savannah) scenarios: every unit is
 * taken off the map, then the units a test needs are placed with the
 * strength and status it needs. */

/* Transcribed from /work/shared/rules/boar-series-and-brandywine.txt (Series
 * Rules, after 16: "Tactical Matrix" and "Close Combat Table"), verbatim,
 * with the book's en dashes; the Germantown book prints the same cells. */
#include "close-combat-book.inc"

/* ---------- fixtures ---------- */

static RdtScenario *
load (const char *file)
{
  const char *root = g_getenv ("REDOUBT_SOURCE_ROOT");
  g_autofree char *path = root != NULL ? g_build_filename (root, "scenarios", file, NULL)
                                       : g_test_build_filename (G_TEST_DIST, "..", "scenarios", file, NULL);
  g_autoptr(GError) error = NULL;
  RdtScenario *s = rdt_scenario_load_from_file (path, NULL, &error);

  g_assert_no_error (error);
  /* Everybody off the map: each test places its own units. */
  for (guint i = 0; i < rdt_scenario_get_n_units (s); i++)
    {
      RdtPlacement off = { .kind = RDT_PLACEMENT_UNUSED };
      g_assert_true (rdt_scenario_move_unit (s, rdt_scenario_get_unit (s, i)->id, &off, NULL, &error));
    }
  return s;
}

static void
place_full (RdtScenario   *s,
            const char    *id,
            RdtHex         hex,
            int            strength,
            int            morale,
            RdtUnitStatus  status)
{
  g_autoptr(RdtUnit) u = rdt_unit_copy (rdt_scenario_find_unit (s, id));
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (u);
  u->placement.kind = RDT_PLACEMENT_HEX;
  u->placement.hex = hex;
  u->status = status;
  u->step = 0;
  if (u->steps != NULL && u->steps->len > 0)
    {
      if (strength >= 0)
        g_array_index (u->steps, RdtUnitStep, 0).strength = strength;
      if (morale != G_MININT)
        g_array_index (u->steps, RdtUnitStep, 0).morale = morale;
    }
  g_assert_true (rdt_scenario_replace_unit (s, id, u, NULL, &error));
  g_assert_no_error (error);
}

static void
place (RdtScenario *s,
       const char  *id,
       RdtHex       hex,
       int          strength)
{
  place_full (s, id, hex, strength, G_MININT, RDT_UNIT_STATUS_PARADE);
}

static void
add_state (RdtScenario *s,
           const char  *id,
           const char  *state)
{
  g_autoptr(RdtUnit) u = rdt_unit_copy (rdt_scenario_find_unit (s, id));
  const char *states[] = { state, NULL };

  g_strfreev (u->states);
  u->states = g_strdupv ((char **) states);
  g_assert_true (rdt_scenario_replace_unit (s, id, u, NULL, NULL));
}

/* A clear hex whose ring of radius 2 is on the map, clear and without
 * hexside features, so that only what a test places matters. */
static RdtHex
open_hex (RdtScenario *s)
{
  RdtHexGrid *grid = rdt_scenario_get_grid (s);
  g_autoptr(GArray) sides = rdt_scenario_dup_hexsides (s);

  for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid); i++)
    {
      RdtHex h = rdt_hex_grid_hex_at_index (grid, i);
      g_autoptr(GArray) area = rdt_hex_grid_range (grid, h, 2);
      gboolean ok = area->len == 19;

      for (guint k = 0; k < area->len && ok; k++)
        {
          RdtHex a = g_array_index (area, RdtHex, k);
          const RdtTerrainType *t = rdt_scenario_get_terrain_type (s, a);

          ok = t != NULL && g_str_equal (t->id, "clear");
          for (guint f = 0; f < sides->len && ok; f++)
            {
              const RdtHexsideFeatures *x = &g_array_index (sides, RdtHexsideFeatures, f);
              ok = !rdt_hexside_has_hex (x->side, a);
            }
        }
      if (ok)
        return h;
    }
  g_assert_not_reached ();
}

static RdtHex
nb (RdtScenario *s,
    RdtHex       h,
    int          dir)
{
  return rdt_hex_grid_neighbour (rdt_scenario_get_grid (s), h, (RdtHexDirection) dir);
}

static const int zero_modifiers[4] = { 0, 0, 0, 0 };

static RdtCloseCombat *
combat (RdtScenario  *s,
        const RdtHex *attackers,
        guint         n,
        RdtHex        defender,
        const RdtHex *diversion,
        const char   *lead_a,
        const char   *lead_d)
{
  RdtCloseCombatInput in;
  g_autoptr(GError) error = NULL;
  RdtCloseCombat *cc;

  rdt_close_combat_input_init (&in);
  in.attackers = attackers;
  in.n_attackers = n;
  in.defender = defender;
  if (diversion != NULL)
    {
      in.has_diversion = TRUE;
      in.diversion = *diversion;
    }
  in.lead[0] = lead_a;
  in.lead[1] = lead_d;
  in.morale_modifier = zero_modifiers;
  in.n_sides = rdt_scenario_get_n_sides (s);
  cc = rdt_close_combat_new (s, &in, &error);
  g_assert_no_error (error);
  g_assert_nonnull (cc);
  return cc;
}

static const RdtCcItem *
find_item (GPtrArray  *items,
           const char *id)
{
  for (guint i = 0; i < items->len; i++)
    {
      const RdtCcItem *it = g_ptr_array_index (items, i);
      if (g_str_equal (it->id, id))
        return it;
    }
  return NULL;
}

static char *
undash (const char *text)
{
  GString *s = g_string_new (NULL);

  for (const char *p = text; *p; p++)
    if (g_str_has_prefix (p, "\xe2\x80\x93"))
      {
        g_string_append_c (s, '-');
        p += 2;
      }
    else
      g_string_append_c (s, *p);
  return g_string_free (s, FALSE);
}

/* "| a | b |" -> { "a", "b" } */
static GStrv
book_cells (const char *line)
{
  g_autofree char *plain = undash (line);
  g_auto(GStrv) parts = g_strsplit (plain, "|", -1);
  GPtrArray *out = g_ptr_array_new ();

  for (guint i = 1; parts[i] != NULL && parts[i + 1] != NULL; i++)
    g_ptr_array_add (out, g_strdup (g_strstrip (parts[i])));
  g_ptr_array_add (out, NULL);
  return (GStrv) g_ptr_array_free (out, FALSE);
}

/* ---------- the tables, cell by cell ---------- */

static void
check_table (const char        *volume_scenario,
             const char        *table_id,
             const char *const *book,
             gboolean           provisional)
{
  g_autoptr(RdtScenario) s = load (volume_scenario);
  const RdtTable *t = rdt_volume_find_table (rdt_scenario_get_volume (s), table_id);
  g_auto(GStrv) header = book_cells (book[0]);
  guint n_rows = 0, n_cells = 0;

  g_assert_nonnull (t);
  g_assert_cmpuint (t->columns->len, ==, g_strv_length (header) - 1);
  for (guint c = 1; header[c] != NULL; c++)
    g_assert_cmpstr (t->columns->pdata[c - 1], ==, header[c]);
  for (guint r = 1; book[r] != NULL; r++)
    {
      g_auto(GStrv) cells = book_cells (book[r]);

      n_rows++;
      for (guint c = 1; cells[c] != NULL; c++)
        {
          gboolean prov = TRUE;
          const char *cell = rdt_table_lookup (t, cells[0], header[c], &prov);

          if (g_strcmp0 (cell, cells[c]) != 0)
            g_error ("%s %s row %s column %s: the volume has “%s”, the book “%s”",
                     volume_scenario, table_id, cells[0], header[c], cell, cells[c]);
          /* Printed in the book: never provisional, but for Savannah, whose
           * older edition's tables are not transcribed (it carries the
           * current edition's, marked provisional). */
          if (prov != provisional)
            g_error ("%s %s row %s column %s is %s provisional", volume_scenario, table_id, cells[0], header[c], prov ? "marked" : "not marked");
          n_cells++;
        }
    }
  g_assert_cmpuint (t->rows->len, ==, n_rows);
  g_assert_cmpuint (n_cells, ==, n_rows * (t->columns->len));
}

static void
test_table_cells (void)
{
  check_table ("brandywine.redoubt", "close-combat", close_combat_table_book, FALSE);
  check_table ("germantown.redoubt", "close-combat", close_combat_table_book, FALSE);
  check_table ("savannah-historical.redoubt", "close-combat", close_combat_table_book, TRUE);
}

static void
test_matrix_cells (void)
{
  check_table ("brandywine.redoubt", "tactics-matrix", tactics_matrix_book, FALSE);
  check_table ("germantown.redoubt", "tactics-matrix", tactics_matrix_book, FALSE);
  check_table ("savannah-historical.redoubt", "tactics-matrix", tactics_matrix_book, TRUE);
}

/* Every die roll and column read through the rules layer's lookup equals the
 * book, and rolls beyond the table clamp (table notes). */
static void
test_lookup_every_cell (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s);
  g_auto(GStrv) header = book_cells (close_combat_table_book[0]);

  for (guint c = 1; header[c] != NULL; c++)
    {
      int att, def;
      g_autoptr(RdtCloseCombat) cc = NULL;
      RdtHex a = nb (s, d, 0);

      g_assert_cmpint (sscanf (header[c], "%d-%d", &att, &def), ==, 2);
      place (s, "kings-own", a, att);
      place (s, "1-maryland", d, def);
      cc = combat (s, &a, 1, d, NULL, NULL, NULL);
      g_assert_cmpstr (rdt_close_combat_get_column_label (cc), ==, header[c]);
      for (guint r = 1; close_combat_table_book[r] != NULL; r++)
        {
          g_auto(GStrv) cells = book_cells (close_combat_table_book[r]);
          int row = atoi (cells[0]), got_row;

          g_assert_cmpstr (rdt_close_combat_lookup (cc, row, &got_row), ==, cells[c]);
          g_assert_cmpint (got_row, ==, row);
        }
    }
}

static void
test_roll_clamped (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0);
  g_autoptr(RdtCloseCombat) cc = NULL;
  int row, lo, hi;

  place (s, "kings-own", a, 2);
  place (s, "1-maryland", d, 2);
  cc = combat (s, &a, 1, d, NULL, NULL, NULL);
  rdt_close_combat_get_roll_range (cc, &lo, &hi);
  g_assert_cmpint (lo, ==, -2);
  g_assert_cmpint (hi, ==, 11);
  /* "Die rolls less than -2 are treated as -2. Die rolls greater than 11 are
   * treated as 11." */
  g_assert_cmpstr (rdt_close_combat_lookup (cc, -7, &row), ==, "AC/-");
  g_assert_cmpint (row, ==, -2);
  g_assert_cmpstr (rdt_close_combat_lookup (cc, 15, &row), ==, "-/1*");
  g_assert_cmpint (row, ==, 11);
}

/* ---------- step 1 ---------- */

static int
column_of (int a,
           int d)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  const RdtTable *t = rdt_volume_find_table (rdt_scenario_get_volume (s), "close-combat");

  return rdt_close_combat_odds_column (t->columns, a, d);
}

static void
test_odds_examples (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 2);

  /* 12.23 step 1 EXAMPLE: "5 SPs attacking 4 SPs is 1:1, but 4 SPs
   * attacking 5 SPs is 1:2." */
  place (s, "kings-own", a, 5);
  place (s, "1-maryland", d, 4);
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &a, 1, d, NULL, NULL, NULL);
    g_assert_cmpint (rdt_close_combat_get_sp (cc, RDT_CC_ATTACKER), ==, 5);
    g_assert_cmpint (rdt_close_combat_get_sp (cc, RDT_CC_DEFENDER), ==, 4);
    g_assert_cmpstr (rdt_close_combat_get_column_label (cc), ==, "1-1");
    g_assert_true (rdt_close_combat_is_legal (cc));
  }
  place (s, "kings-own", a, 4);
  place (s, "1-maryland", d, 5);
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &a, 1, d, NULL, NULL, NULL);
    g_assert_cmpstr (rdt_close_combat_get_column_label (cc), ==, "1-2");
  }
}

static void
test_odds_rounding (void)
{
  /* Rounded in the defender's favour: 8:3 is 2-1, 9:3 is 3-1, 7:2 is 3-1. */
  g_assert_cmpint (column_of (8, 3), ==, 4);
  g_assert_cmpint (column_of (9, 3), ==, 5);
  g_assert_cmpint (column_of (7, 2), ==, 5);
  g_assert_cmpint (column_of (3, 2), ==, 3);
  g_assert_cmpint (column_of (2, 6), ==, 0);
  /* "Odds of greater than 4-1 are resolved as 4-1"; below 1-3: -1. */
  g_assert_cmpint (column_of (12, 1), ==, 6);
  g_assert_cmpint (column_of (1, 4), ==, -1);
}

static void
test_below_table_drm (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 1);
  g_autoptr(RdtCloseCombat) cc = NULL;
  const RdtCcItem *it;

  place (s, "kings-own", a, 1);
  place (s, "1-maryland", d, 4);
  cc = combat (s, &a, 1, d, NULL, "kings-own", "1-maryland");
  /* "Odds of less than 1-3 are resolved as 1-3 with a -1 DRM". */
  g_assert_cmpint (rdt_close_combat_get_column (cc), ==, -1);
  g_assert_cmpstr (rdt_close_combat_get_column_label (cc), ==, "1-3");
  it = find_item (rdt_close_combat_get_drms (cc), "below-table");
  g_assert_nonnull (it);
  g_assert_cmpint (it->value, ==, -1);
}

static void
test_above_table (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 1);
  g_autoptr(RdtCloseCombat) cc = NULL;

  place (s, "kings-own", a, 6);
  place (s, "1-maryland", d, 1);
  cc = combat (s, &a, 1, d, NULL, NULL, NULL);
  g_assert_cmpstr (rdt_close_combat_get_column_label (cc), ==, "4-1");
}

static void
test_diversion_shift (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0), v = nb (s, a, 0);
  g_autoptr(RdtCloseCombat) cc = NULL;
  const RdtCcItem *it;

  place (s, "kings-own", a, 4);
  place (s, "1-maryland", d, 2);
  place (s, "2-maryland", v, 2);
  /* 12.14: "shifted one column to the left (for example, 2-1 is reduced to
   * 3-2)". */
  cc = combat (s, &a, 1, d, &v, NULL, NULL);
  g_assert_true (rdt_close_combat_is_legal (cc));
  g_assert_cmpint (rdt_close_combat_get_raw_column (cc), ==, 4);
  g_assert_cmpstr (rdt_close_combat_get_column_label (cc), ==, "3-2");
  it = find_item (rdt_close_combat_get_shifts (cc), "diversion-shift");
  g_assert_nonnull (it);
  g_assert_cmpstr (it->rule, ==, "12.14");
}

static void
test_diversion_below_minus_2 (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0), v = nb (s, a, 0);
  g_autoptr(RdtCloseCombat) cc = NULL;
  const RdtCcItem *it;

  place (s, "kings-own", a, 1);
  place (s, "1-maryland", d, 3);
  place (s, "2-maryland", v, 2);
  /* 12.14 Important: 1-3 shifted is below 1-3: -2 instead of -1. */
  cc = combat (s, &a, 1, d, &v, NULL, NULL);
  g_assert_cmpint (rdt_close_combat_get_raw_column (cc), ==, 0);
  g_assert_cmpint (rdt_close_combat_get_column (cc), ==, -1);
  it = find_item (rdt_close_combat_get_drms (cc), "below-table-diversion");
  g_assert_nonnull (it);
  g_assert_cmpint (it->value, ==, -2);
  g_assert_null (find_item (rdt_close_combat_get_drms (cc), "below-table"));
}

static void
test_diversion_not_adjacent_no_shift (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0), v = nb (s, d, 3);
  g_autoptr(RdtCloseCombat) cc = NULL;

  place (s, "kings-own", a, 4);
  place (s, "1-maryland", d, 2);
  place (s, "2-maryland", v, 2);
  /* 12.14: only attackers adjacent to the Diversion are penalised. */
  cc = combat (s, &a, 1, d, &v, NULL, NULL);
  g_assert_cmpstr (rdt_close_combat_get_column_label (cc), ==, "2-1");
}

static void
test_disrupted_half (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0);
  g_autoptr(RdtCloseCombat) cc = NULL;

  place (s, "kings-own", a, 3);
  place_full (s, "1-maryland", d, 3, G_MININT, RDT_UNIT_STATUS_DISRUPTED);
  /* 13.3: "Defend with only half of their SPs (fractions rounded up)". */
  cc = combat (s, &a, 1, d, NULL, NULL, NULL);
  g_assert_cmpint (rdt_close_combat_get_sp (cc, RDT_CC_DEFENDER), ==, 2);
  g_assert_cmpstr (rdt_close_combat_get_column_label (cc), ==, "3-2");
}

static void
test_shattered_one (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0);
  g_autoptr(RdtCloseCombat) cc = NULL;

  place (s, "kings-own", a, 3);
  place_full (s, "1-maryland", d, 5, G_MININT, RDT_UNIT_STATUS_SHATTERED);
  /* 13.4: "Defend with 1 SP (regardless of their actual SP ratings)". */
  cc = combat (s, &a, 1, d, NULL, NULL, NULL);
  g_assert_cmpint (rdt_close_combat_get_sp (cc, RDT_CC_DEFENDER), ==, 1);
  g_assert_cmpstr (rdt_close_combat_get_column_label (cc), ==, "3-1");
}

static void
test_artillery_sp (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0);
  g_autoptr(RdtCloseCombat) cc = NULL;

  place (s, "kings-own", a, 2);
  place (s, "1st-brigade-artillery", a, 3);
  place (s, "1-maryland", d, 2);
  place (s, "porter-artillery", d, 3);
  /* 12.3: "Artillery SPs never count for Close Combat." */
  cc = combat (s, &a, 1, d, NULL, NULL, NULL);
  g_assert_cmpint (rdt_close_combat_get_sp (cc, RDT_CC_ATTACKER), ==, 2);
  g_assert_cmpint (rdt_close_combat_get_sp (cc, RDT_CC_DEFENDER), ==, 2);
  g_assert_false (rdt_close_combat_artillery_captured (cc));
}

static void
test_artillery_alone (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0);
  g_autoptr(RdtCloseCombat) cc = NULL;

  place (s, "kings-own", a, 2);
  place (s, "porter-artillery", d, 3);
  /* 12.31: "If the only defending units are artillery they are captured". */
  cc = combat (s, &a, 1, d, NULL, NULL, NULL);
  g_assert_true (rdt_close_combat_artillery_captured (cc));
  g_assert_nonnull (find_item (rdt_close_combat_get_notes (cc), "artillery-captured"));
}

/* ---------- designation ---------- */

static void
test_not_adjacent (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, nb (s, d, 0), 0);
  g_autoptr(RdtCloseCombat) cc = NULL;

  place (s, "kings-own", a, 2);
  place (s, "1-maryland", d, 2);
  cc = combat (s, &a, 1, d, NULL, NULL, NULL);
  g_assert_false (rdt_close_combat_is_legal (cc));
  g_assert_nonnull (find_item (rdt_close_combat_get_errors (cc), "not-adjacent"));
}

static void
test_diversion_on_defender (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0);
  g_autoptr(RdtCloseCombat) cc = NULL;

  place (s, "kings-own", a, 2);
  place (s, "1-maryland", d, 2);
  /* 12.14: "The Attacker does not attack these defending units". */
  cc = combat (s, &a, 1, d, &d, NULL, NULL);
  g_assert_false (rdt_close_combat_is_legal (cc));
  g_assert_nonnull (find_item (rdt_close_combat_get_errors (cc), "diversion-is-defender"));
}

static void
test_pinned_no_diversion (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0), v = nb (s, a, 0);
  g_autoptr(RdtCloseCombat) cc = NULL;

  place (s, "kings-own", a, 2);
  place (s, "1-maryland", d, 2);
  place (s, "2-maryland", v, 2);
  add_state (s, "2-maryland", "pinned");
  /* 13.1 Pin Note: "Pinned defending units may not receive a diversion." */
  cc = combat (s, &a, 1, d, &v, NULL, NULL);
  g_assert_false (rdt_close_combat_is_legal (cc));
  g_assert_nonnull (find_item (rdt_close_combat_get_errors (cc), "diversion-pinned"));
}

static void
test_disrupted_may_not_attack (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0);
  g_autoptr(RdtCloseCombat) cc = NULL;

  place (s, "kings-own", a, 2);
  place_full (s, "28th-foot", a, 4, G_MININT, RDT_UNIT_STATUS_DISRUPTED);
  place (s, "1-maryland", d, 2);
  /* 13.3: disrupted units "May not attack". */
  cc = combat (s, &a, 1, d, NULL, NULL, NULL);
  g_assert_cmpint (rdt_close_combat_get_sp (cc, RDT_CC_ATTACKER), ==, 2);
  g_assert_nonnull (find_item (rdt_close_combat_get_notes (cc), "may-not-attack"));
}

static void
test_owed_elsewhere (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0), e = nb (s, a, 0), f = nb (s, d, 3);
  g_autoptr(RdtCloseCombat) cc = NULL;

  place (s, "kings-own", a, 2);
  place (s, "1-maryland", d, 2);
  place (s, "2-maryland", e, 2);
  place (s, "28th-foot", f, 2);
  cc = combat (s, &a, 1, d, NULL, NULL, NULL);
  /* 12.13: the other adjacent enemy must be attacked too; 12.12: the other
   * adjacent friend must attack. */
  g_assert_nonnull (find_item (rdt_close_combat_get_notes (cc), "owed-defender"));
  g_assert_nonnull (find_item (rdt_close_combat_get_notes (cc), "owed-attacker"));
  g_assert_true (rdt_close_combat_is_legal (cc));
}

/* ---------- step 2 ---------- */

static void
test_lead_parade_first (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0);
  g_autoptr(RdtCloseCombat) cc = NULL;
  GArray *c;

  place (s, "kings-own", a, 2);
  place_full (s, "1-maryland", d, 2, G_MININT, RDT_UNIT_STATUS_DISRUPTED);
  place (s, "2-maryland", d, 2);
  place (s, "porter-artillery", d, 1);
  /* 12.23 step 2: "must be a Parade Order unit if one is available";
   * "Artillery units may not be chosen". */
  cc = combat (s, &a, 1, d, NULL, NULL, "1-maryland");
  c = rdt_close_combat_get_lead_candidates (cc, RDT_CC_DEFENDER);
  g_assert_cmpuint (c->len, ==, 1);
  g_assert_cmpint (g_array_index (c, guint, 0), ==, rdt_scenario_find_unit_index (s, "2-maryland"));
  g_assert_false (rdt_close_combat_is_legal (cc));
  g_assert_nonnull (find_item (rdt_close_combat_get_errors (cc), "lead-not-eligible"));
}

static void
test_lead_prohibited (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0);
  RdtVolume *volume = rdt_scenario_get_volume (s);
  const RdtTerrainType *t = rdt_scenario_get_terrain_type (s, d);
  RdtEffects e = t->effects;
  g_autoptr(RdtCloseCombat) cc = NULL;
  GArray *c;

  place (s, "kings-own", a, 2);
  place (s, "3-queens-lt-dragoons", a, 1);
  place (s, "1-maryland", d, 2);
  /* Dragoons may not enter the defending hex's terrain: they may not lead
   * (12.23 step 2, Lead units and prohibited terrain). */
  e.prohibited = RDT_UNIT_KIND_MASK (RDT_UNIT_KIND_DRAGOONS);
  rdt_volume_set_terrain_effects (volume, (guint) rdt_scenario_get_terrain (s, d), &e, NULL);
  cc = combat (s, &a, 1, d, NULL, NULL, NULL);
  c = rdt_close_combat_get_lead_candidates (cc, RDT_CC_ATTACKER);
  g_assert_cmpuint (c->len, ==, 1);
  g_assert_cmpint (rdt_close_combat_get_lead (cc, RDT_CC_ATTACKER), ==, rdt_scenario_find_unit_index (s, "kings-own"));
  g_assert_false (rdt_close_combat_lead_may_not_advance (cc));
}

static void
test_cavalry_withdrawal (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0);

  place (s, "kings-own", a, 2);
  place (s, "blands-horse", d, 1);
  /* 12.4: all defenders Parade Order dragoons, no attacking dragoons. */
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &a, 1, d, NULL, NULL, NULL);
    g_assert_cmpstr (rdt_close_combat_get_withdrawal (cc), ==, "cavalry");
  }
  place (s, "3-queens-lt-dragoons", a, 1);
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &a, 1, d, NULL, NULL, NULL);
    g_assert_null (rdt_close_combat_get_withdrawal (cc));
  }
}

/* ---------- step 3 ---------- */

static void
test_lead_morale (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0);
  const int mods[2] = { -1, -2 };   /* british fatigued, american wavering */
  RdtCloseCombatInput in;
  g_autoptr(RdtCloseCombat) cc = NULL;
  const RdtCcItem *att, *def;

  g_assert_cmpstr (rdt_scenario_get_side (s, 0)->id, ==, "british");
  place_full (s, "kings-own", a, 2, 2, RDT_UNIT_STATUS_PARADE);
  place_full (s, "1-maryland", d, 2, 1, RDT_UNIT_STATUS_PARADE);
  rdt_close_combat_input_init (&in);
  in.attackers = &a;
  in.n_attackers = 1;
  in.defender = d;
  in.morale_modifier = mods;
  in.n_sides = 2;
  cc = rdt_close_combat_new (s, &in, NULL);
  /* 15.32: base morale plus the army morale modifier (16.2); the attacker's
   * is added, the defender's subtracted. */
  att = find_item (rdt_close_combat_get_drms (cc), "lead-morale-attacker");
  def = find_item (rdt_close_combat_get_drms (cc), "lead-morale-defender");
  g_assert_cmpint (att->value, ==, 2 - 1);
  g_assert_cmpint (def->value, ==, -(1 - 2));
  g_assert_false (att->undecided);
  g_assert_false (rdt_close_combat_is_undecided (cc));
}

static void
test_lead_morale_undecided (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0);

  place_full (s, "kings-own", a, 2, 2, RDT_UNIT_STATUS_PARADE);
  place_full (s, "28th-foot", a, 2, 1, RDT_UNIT_STATUS_PARADE);
  place (s, "1-maryland", d, 2);
  /* 12.23 step 2: two candidates of different morale: not decided... */
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &a, 1, d, NULL, NULL, NULL);
    g_assert_true (find_item (rdt_close_combat_get_drms (cc), "lead-morale-attacker")->undecided);
    g_assert_true (rdt_close_combat_is_undecided (cc));
  }
  /* ... until the lead is given. */
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &a, 1, d, NULL, "28th-foot", NULL);
    g_assert_cmpint (find_item (rdt_close_combat_get_drms (cc), "lead-morale-attacker")->value, ==, 1);
    g_assert_false (rdt_close_combat_is_undecided (cc));
  }
  /* Without the army morale level, 16.2 is not decided. */
  {
    RdtCloseCombatInput in;
    g_autoptr(RdtCloseCombat) cc = NULL;

    rdt_close_combat_input_init (&in);
    in.attackers = &a;
    in.n_attackers = 1;
    in.defender = d;
    in.lead[0] = "28th-foot";
    cc = rdt_close_combat_new (s, &in, NULL);
    g_assert_true (find_item (rdt_close_combat_get_drms (cc), "lead-morale-attacker")->undecided);
  }
}

static void
test_leader_in_command (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0), a2 = nb (s, d, 1);
  RdtHex both[2] = { a, a2 };
  g_autoptr(RdtCloseCombat) cc = NULL;
  const RdtCcItem *it;
  g_autoptr(RdtUnit) howe = rdt_unit_copy (rdt_scenario_find_unit (s, "howe"));
  g_autoptr(RdtUnit) grey = rdt_unit_copy (rdt_scenario_find_unit (s, "grey"));
  g_autoptr(RdtUnit) wayne = rdt_unit_copy (rdt_scenario_find_unit (s, "wayne"));

  place (s, "kings-own", a, 2);
  place (s, "28th-foot", a2, 2);
  place (s, "1-maryland", d, 2);
  /* 14.21: only the most senior leader among the participating hexes
   * applies his DRM: Howe (3 stars, +2 here) over Grey (2 stars, +1). */
  howe->cc_drm = 2;
  howe->placement.kind = RDT_PLACEMENT_HEX;
  howe->placement.hex = a2;
  grey->cc_drm = 1;
  grey->placement.kind = RDT_PLACEMENT_HEX;
  grey->placement.hex = a;
  wayne->cc_drm = 1;
  wayne->placement.kind = RDT_PLACEMENT_HEX;
  wayne->placement.hex = d;
  g_assert_true (rdt_scenario_replace_unit (s, "howe", howe, NULL, NULL));
  g_assert_true (rdt_scenario_replace_unit (s, "grey", grey, NULL, NULL));
  g_assert_true (rdt_scenario_replace_unit (s, "wayne", wayne, NULL, NULL));
  cc = combat (s, both, 2, d, NULL, NULL, NULL);
  it = find_item (rdt_close_combat_get_drms (cc), "leader-attacker");
  g_assert_cmpint (it->value, ==, 2);
  g_assert_cmpstr (it->rule, ==, "14.21");
  /* "when defending, it is subtracted" */
  it = find_item (rdt_close_combat_get_drms (cc), "leader-defender");
  g_assert_cmpint (it->value, ==, -1);
}

/* A brandywine-creek hexside between two hexes that both have another
 * neighbour across no feature. */
static gboolean
creek_position (RdtScenario *s,
                RdtHex      *out_d,
                RdtHex      *out_a,
                RdtHex      *out_a2)
{
  RdtHexGrid *grid = rdt_scenario_get_grid (s);
  RdtVolume *v = rdt_scenario_get_volume (s);
  int creek = rdt_volume_find_hexside_type (v, "brandywine-creek");
  g_autoptr(GArray) sides = rdt_scenario_dup_hexsides (s);

  for (guint i = 0; i < sides->len; i++)
    {
      const RdtHexsideFeatures *f = &g_array_index (sides, RdtHexsideFeatures, i);

      if (f->water != creek)
        continue;
      for (int dir = 0; dir < 6; dir++)
        {
          RdtHex other = rdt_hex_grid_neighbour (grid, f->side.a, (RdtHexDirection) dir);
          RdtHexside hs;

          if (!rdt_hex_grid_contains (grid, other) || rdt_hexside_has_hex (f->side, other))
            continue;
          if (!rdt_hex_grid_hexside (grid, other, f->side.a, &hs, NULL) || rdt_scenario_get_hexside (s, hs) != NULL)
            continue;
          *out_d = f->side.a;
          *out_a = f->side.b;
          *out_a2 = other;
          return TRUE;
        }
    }
  return FALSE;
}

static void
test_creek_some (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d, a, a2, both[2];
  const RdtCcItem *it;

  g_assert_true (creek_position (s, &d, &a, &a2));
  both[0] = a;
  both[1] = a2;
  place (s, "kings-own", a, 2);
  place (s, "28th-foot", a2, 2);
  place (s, "1-maryland", d, 2);
  /* Brandywine 5.2.4: some across the non-ford creek, some not: -1. */
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, both, 2, d, NULL, NULL, NULL);
    it = find_item (rdt_close_combat_get_drms (cc), "cc-drm:Some attackers across the non-ford Brandywine Creek");
    g_assert_nonnull (it);
    g_assert_cmpint (it->value, ==, -1);
    g_assert_cmpstr (it->rule, ==, "Brandywine 5.2.4");
    g_assert_false (it->provisional);
    g_assert_null (find_item (rdt_close_combat_get_drms (cc), "hexside"));
  }
  /* Brandywine 5.2.5: all across: -2 (the creek hexside's cc-drm), no -1. */
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &a, 1, d, NULL, NULL, NULL);
    g_assert_null (find_item (rdt_close_combat_get_drms (cc), "cc-drm:Some attackers across the non-ford Brandywine Creek"));
    it = find_item (rdt_close_combat_get_drms (cc), "hexside");
    g_assert_nonnull (it);
    g_assert_cmpint (it->value, ==, -2);
  }
}

static void
test_lafayette (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0);
  g_autoptr(RdtCloseCombat) cc = NULL;
  const RdtCcItem *it;

  place (s, "1-maryland", a, 4);
  place (s, "lafayette", a, -1);
  place (s, "kings-own", d, 2);
  /* Brandywine 4.8: Lafayette, the only leader with the attacking
   * Americans: one column in their favour (2-1 becomes 3-1). */
  cc = combat (s, &a, 1, d, NULL, NULL, NULL);
  it = find_item (rdt_close_combat_get_shifts (cc), "cc-shift:Lafayette, the only leader with the attacking Americans (once per game)");
  g_assert_nonnull (it);
  g_assert_cmpint (it->value, ==, 1);
  g_assert_cmpstr (rdt_close_combat_get_column_label (cc), ==, "3-1");
  /* With Washington too, Lafayette is not the only leader: no shift. */
  place (s, "washington", a, -1);
  {
    g_autoptr(RdtCloseCombat) cc2 = combat (s, &a, 1, d, NULL, NULL, NULL);
    g_assert_cmpstr (rdt_close_combat_get_column_label (cc2), ==, "2-1");
  }
}

static void
test_surrounded (void)
{
  g_autoptr(RdtScenario) s = load ("savannah-historical.redoubt");
  RdtHex d = { 0 }, a;
  const char *att[] = { "dillons-irish", NULL };
  g_autoptr(RdtCloseCombat) cc = NULL;
  const RdtCcItem *it;
  gboolean found = FALSE;
  RdtHexGrid *grid = rdt_scenario_get_grid (s);

  /* A hex whose six neighbours are on the map. */
  for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid) && !found; i++)
    {
      g_autoptr(GArray) ring = NULL;
      d = rdt_hex_grid_hex_at_index (grid, i);
      ring = rdt_hex_grid_ring (grid, d, 1);
      found = ring->len == 6;
    }
  g_assert_true (found);
  a = nb (s, d, 0);
  place (s, att[0], a, 2);
  {
    const char *british = NULL;
    for (guint i = 0; i < rdt_scenario_get_n_units (s) && british == NULL; i++)
      {
        RdtUnit *u = rdt_scenario_get_unit (s, i);
        if (u->side == rdt_scenario_find_side (s, "british") && u->kind == RDT_UNIT_KIND_INFANTRY)
          british = u->id;
      }
    g_assert_nonnull (british);
    place (s, british, d, 2);
  }
  /* Not surrounded: no 12.7 row. */
  {
    g_autoptr(RdtCloseCombat) c0 = combat (s, &a, 1, d, NULL, NULL, NULL);
    g_assert_null (find_item (rdt_close_combat_get_drms (c0), "cc-drm:Defender surrounded"));
  }
  /* Older 12.7: all six adjacent hexes hold enemy units or ZOCs: +1. */
  {
    const char *ring_units[] = { "dillons-irish", NULL };
    int n = 0;
    for (guint i = 0; i < rdt_scenario_get_n_units (s) && n < 5; i++)
      {
        RdtUnit *u = rdt_scenario_get_unit (s, i);
        if (u->side == rdt_scenario_get_unit (s, (guint) rdt_scenario_find_unit_index (s, att[0]))->side &&
            !rdt_unit_is_leader (u) && u->kind != RDT_UNIT_KIND_ARTILLERY && !g_strv_contains (ring_units, u->id))
          place (s, u->id, nb (s, d, 1 + n++), 1);
      }
    g_assert_cmpint (n, ==, 5);
  }
  cc = combat (s, &a, 1, d, NULL, NULL, NULL);
  it = find_item (rdt_close_combat_get_drms (cc), "cc-drm:Defender surrounded");
  g_assert_nonnull (it);
  g_assert_cmpint (it->value, ==, 1);
  g_assert_cmpstr (it->rule, ==, "older 12.7");
  g_assert_false (it->provisional);
}

static void
test_germantown_surprise (void)
{
  g_autoptr(RdtScenario) s = load ("germantown.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0);
  const char *vanguard = NULL, *british = NULL;

  for (guint i = 0; i < rdt_scenario_get_n_units (s); i++)
    {
      RdtUnit *u = rdt_scenario_get_unit (s, i);
      if (vanguard == NULL && rdt_unit_has_state (u, "american-vanguard") && !rdt_unit_is_leader (u))
        vanguard = u->id;
      if (british == NULL && g_strcmp0 (u->nationality, "british") == 0 && u->kind == RDT_UNIT_KIND_INFANTRY)
        british = u->id;
    }
  g_assert_nonnull (vanguard);
  g_assert_nonnull (british);
  place (s, vanguard, a, 2);
  place (s, british, d, 2);
  /* Germantown 3.6: +1 on turn 1 only: not decided without the turn. */
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &a, 1, d, NULL, NULL, NULL);
    const RdtCcItem *it = find_item (rdt_close_combat_get_drms (cc), "cc-drm:American Surprise: Vanguard attacking on turn 1");
    g_assert_nonnull (it);
    g_assert_true (it->undecided);
    g_assert_true (rdt_close_combat_is_undecided (cc));
  }
  {
    RdtGameContext ctx;
    RdtCloseCombatInput in;
    g_autoptr(RdtCloseCombat) c1 = NULL;
    g_autoptr(RdtCloseCombat) c2 = NULL;

    rdt_game_context_init (&ctx);
    rdt_close_combat_input_init (&in);
    in.context = &ctx;
    in.attackers = &a;
    in.n_attackers = 1;
    in.defender = d;
    in.morale_modifier = zero_modifiers;
    in.n_sides = 2;
    ctx.turn = 1;
    c1 = rdt_close_combat_new (s, &in, NULL);
    g_assert_cmpint (find_item (rdt_close_combat_get_drms (c1), "cc-drm:American Surprise: Vanguard attacking on turn 1")->value, ==, 1);
    g_assert_false (find_item (rdt_close_combat_get_drms (c1), "cc-drm:American Surprise: Vanguard attacking on turn 1")->undecided);
    ctx.turn = 2;
    c2 = rdt_close_combat_new (s, &in, NULL);
    g_assert_null (find_item (rdt_close_combat_get_drms (c2), "cc-drm:American Surprise: Vanguard attacking on turn 1"));
  }
}

static void
test_chew_house (void)
{
  g_autoptr(RdtScenario) s = load ("germantown.redoubt");
  RdtHexGrid *grid = rdt_scenario_get_grid (s);
  RdtHex d = { 0 }, a;
  gboolean found = FALSE;
  const char *att = NULL, *def = NULL;
  g_autoptr(RdtCloseCombat) cc = NULL;
  const RdtCcItem *it;

  for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid) && !found; i++)
    {
      d = rdt_hex_grid_hex_at_index (grid, i);
      found = g_strcmp0 (rdt_scenario_get_terrain_type (s, d)->id, "chew-house") == 0;
    }
  g_assert_true (found);
  a = nb (s, d, 0);
  for (guint i = 0; i < rdt_scenario_get_n_units (s); i++)
    {
      RdtUnit *u = rdt_scenario_get_unit (s, i);
      if (u->kind != RDT_UNIT_KIND_INFANTRY)
        continue;
      if (att == NULL && g_strcmp0 (u->nationality, "continental") == 0)
        att = u->id;
      if (def == NULL && g_strcmp0 (u->nationality, "british") == 0)
        def = u->id;
    }
  place (s, att, a, 2);
  place (s, def, d, 2);
  /* Germantown 3.10.4: "Enemy units suffer -2 DRM when attacking units in
   * the hex" (the chew-house terrain's cc-drm). */
  cc = combat (s, &a, 1, d, NULL, NULL, NULL);
  it = find_item (rdt_close_combat_get_drms (cc), "terrain");
  g_assert_nonnull (it);
  g_assert_cmpint (it->value, ==, -2);
  g_assert_false (it->provisional);
}

/* ---------- step 4 ---------- */

static void
test_tactics_leader (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0);

  place (s, "kings-own", a, 2);
  place (s, "1-maryland", d, 2);
  /* 12.53: Frontal Assault and Commit Reserve need a leader stacked with or
   * adjacent to a unit of the combat; the basic three need nothing. */
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &a, 1, d, NULL, NULL, NULL);
    g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_ATTACKER, RDT_TACTIC_FRONTAL_ASSAULT, NULL), ==, RDT_RULE_OFF);
    g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_ATTACKER, RDT_TACTIC_COMMIT_RESERVE, NULL), ==, RDT_RULE_OFF);
    g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_ATTACKER, RDT_TACTIC_SKIRMISH, NULL), ==, RDT_RULE_ON);
    g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_ATTACKER, RDT_TACTIC_STAND_FAST, NULL), ==, RDT_RULE_ON);
    g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_ATTACKER, RDT_TACTIC_ATTACK_EN_ECHELON, NULL), ==, RDT_RULE_ON);
  }
  /* 12.54: a leader adjacent (not stacked) is enough. */
  place (s, "grey", nb (s, a, 0), -1);
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &a, 1, d, NULL, NULL, NULL);
    g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_ATTACKER, RDT_TACTIC_FRONTAL_ASSAULT, NULL), ==, RDT_RULE_ON);
    g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_DEFENDER, RDT_TACTIC_FRONTAL_ASSAULT, NULL), ==, RDT_RULE_OFF);
  }
}

static void
test_tactics_open_flank (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0);
  const char *fill[] = { "2-maryland", "3-maryland", "4-maryland", "6-maryland", "delaware", NULL };

  place (s, "kings-own", a, 2);
  place (s, "grey", a, -1);
  place (s, "1-maryland", d, 2);
  /* 12.53: an unoccupied hex adjacent to the attacking and the defending
   * hex, and a leader. */
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &a, 1, d, NULL, NULL, NULL);
    g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_ATTACKER, RDT_TACTIC_TURN_FLANK, NULL), ==, RDT_RULE_ON);
  }
  /* Fill the defender's other five neighbours: no open flank. */
  for (int k = 1; k < 6; k++)
    place (s, fill[k - 1], nb (s, d, k), 1);
  {
    g_autoptr(RdtCloseCombat) cc = combat (s, &a, 1, d, NULL, NULL, NULL);
    g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_ATTACKER, RDT_TACTIC_TURN_FLANK, NULL), ==, RDT_RULE_OFF);
    g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_ATTACKER, RDT_TACTIC_REFUSE_FLANK, NULL), ==, RDT_RULE_OFF);
  }
}

static void
test_withdraw_dragoons (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0);
  g_autoptr(RdtCloseCombat) cc = NULL;

  place (s, "3-queens-lt-dragoons", a, 2);
  place (s, "1-maryland", d, 2);
  /* 12.53: all-infantry force in clear terrain facing dragoons. */
  cc = combat (s, &a, 1, d, NULL, NULL, NULL);
  g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_DEFENDER, RDT_TACTIC_WITHDRAW, NULL), ==, RDT_RULE_OFF);
  /* The attacking dragoons face infantry: only the retreat path decides,
   * and the retreat engine finds one (12.53; more in
   * test-close-combat-exclusive /close-combat/12.53/withdraw-needs-a-clear-retreat-path). */
  g_assert_cmpint (rdt_close_combat_tactic_eligible (cc, RDT_CC_ATTACKER, RDT_TACTIC_WITHDRAW, NULL), ==, RDT_RULE_ON);
}

static void
test_tactics_matrix_and_illegal (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0);
  g_autoptr(RdtCloseCombat) cc = NULL;
  g_autoptr(GError) error = NULL;
  int drm;
  gboolean nc;
  char *text = NULL;

  place (s, "kings-own", a, 2);
  place (s, "grey", a, -1);
  place (s, "1-maryland", d, 2);
  cc = combat (s, &a, 1, d, NULL, NULL, NULL);
  /* The book's example (12.52): Attack en Echelon against Skirmish: -1. */
  g_assert_true (rdt_close_combat_tactics_drm (cc, RDT_TACTIC_ATTACK_EN_ECHELON, RDT_TACTIC_SKIRMISH, &drm, &nc, &text, &error));
  g_assert_cmpint (drm, ==, -1);
  g_assert_false (nc);
  g_free (text);
  /* Frontal Assault (the attacker has Grey) against Skirmish: +2. */
  g_assert_true (rdt_close_combat_tactics_drm (cc, RDT_TACTIC_FRONTAL_ASSAULT, RDT_TACTIC_SKIRMISH, &drm, &nc, NULL, &error));
  g_assert_cmpint (drm, ==, 2);
  /* 12.23 step 4: Withdraw against Skirmish is No Combat. */
  g_assert_true (rdt_close_combat_tactics_drm (cc, RDT_TACTIC_WITHDRAW, RDT_TACTIC_SKIRMISH, &drm, &nc, NULL, &error));
  g_assert_true (nc);
  /* 12.55: the defender (no leader) plays Commit Reserve illegally: +1 for
   * the attacker, whatever the matrix says (Skirmish/Commit Reserve +1). */
  g_assert_true (rdt_close_combat_tactics_drm (cc, RDT_TACTIC_STAND_FAST, RDT_TACTIC_COMMIT_RESERVE, &drm, &nc, &text, &error));
  g_assert_cmpint (drm, ==, 1);
  g_assert_nonnull (strstr (text, "12.55"));
  g_free (text);
  /* Both illegal: 0. */
  place (s, "grey", nb (s, a, 0), -1);
  rdt_close_combat_free (g_steal_pointer (&cc));
  place (s, "grey", nb (s, nb (s, a, 0), 0), -1);
  cc = combat (s, &a, 1, d, NULL, NULL, NULL);
  g_assert_true (rdt_close_combat_tactics_drm (cc, RDT_TACTIC_FRONTAL_ASSAULT, RDT_TACTIC_COMMIT_RESERVE, &drm, &nc, NULL, &error));
  g_assert_cmpint (drm, ==, 0);
  /* Only the attacker illegal: -1. */
  g_assert_true (rdt_close_combat_tactics_drm (cc, RDT_TACTIC_FRONTAL_ASSAULT, RDT_TACTIC_SKIRMISH, &drm, &nc, NULL, &error));
  g_assert_cmpint (drm, ==, -1);
}

/* ---------- the data format ---------- */

static void
test_condition_parse (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) ok = rdt_cc_condition_parse ("turn:1-7 defender-side:british fieldwork:any across:brandywine-creek:some "
                                                    "attacker:all:militia defender:none:unit=x lead:attacker:formation=W "
                                                    "leader-with-lead:attacker:wayne only-leader:defender:lafayette "
                                                    "surrounded:defender up-slope:all defender-terrain:chew-house", &error);
  const char *bad[] = { "turn:7-1", "across:creek:most", "attacker:all:cavalry", "lead:both:militia",
                        "surrounded:nobody", "weather", "attacker:all:nationality=", NULL };

  g_assert_no_error (error);
  g_assert_cmpuint (ok->len, ==, 12);
  for (guint i = 0; bad[i] != NULL; i++)
    {
      g_autoptr(GPtrArray) t = rdt_cc_condition_parse (bad[i], &error);
      g_assert_null (t);
      g_assert_error (error, RDT_VOLUME_ERROR, RDT_VOLUME_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, bad[i]));
      g_clear_error (&error);
    }
}

static void
test_validate_bad_row (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtVolume *v = rdt_scenario_get_volume (s);
  g_autoptr(GPtrArray) diags = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;

  rdt_volume_validate (v, "brandywine.xml", diags);
  g_assert_cmpuint (rdt_diagnostics_count (diags, RDT_SEVERITY_ERROR), ==, 0);
  g_assert_true (rdt_volume_set_table_cell (v, "cc-drm", "Defender surrounded", "when", "surrounded:everybody",
                                            FALSE, NULL, NULL, &error));
  g_assert_no_error (error);
  g_ptr_array_set_size (diags, 0);
  rdt_volume_validate (v, "brandywine.xml", diags);
  g_assert_cmpuint (rdt_diagnostics_count (diags, RDT_SEVERITY_ERROR), ==, 1);
  /* And the rules layer refuses the table with the row named. */
  {
    RdtHex d = open_hex (s), a = nb (s, d, 0);
    RdtCloseCombatInput in;
    RdtCloseCombat *cc;

    place (s, "kings-own", a, 2);
    place (s, "1-maryland", d, 2);
    rdt_close_combat_input_init (&in);
    in.attackers = &a;
    in.n_attackers = 1;
    in.defender = d;
    cc = rdt_close_combat_new (s, &in, &error);
    g_assert_null (cc);
    g_assert_error (error, RDT_CLOSE_COMBAT_ERROR, RDT_CLOSE_COMBAT_ERROR_DATA);
    g_assert_nonnull (strstr (error->message, "Defender surrounded"));
  }
}


/* ---------- in a game (src/core/play/rdt-game-combat.c) ---------- */

static void
ok (RdtGame    *game,
    const char *action)
{
  g_autoptr(GError) error = NULL;
  /* 12.23 step 6: a combat without declared re-rolls is resolved in one
   * piece here ("accept": both players decline after the roll); the
   * momentum decision after the roll is tested in test-cc-designation. */
  g_autofree char *full = g_str_has_prefix (action, "close-combat ") && strstr (action, " reroll ") == NULL &&
                          !g_str_has_suffix (action, " accept") ? g_strconcat (action, " accept", NULL) : g_strdup (action);

  if (!rdt_game_perform (game, full, &error))
    g_error ("“%s”: %s", full, error->message);
}

static void
refused (RdtGame    *game,
         const char *action,
         int         code,
         const char *rule)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *before = rdt_game_dup_state_digest (game);
  g_autofree char *after = NULL;

  g_assert_false (rdt_game_perform (game, action, &error));
  g_assert_error (error, RDT_GAME_ERROR, code);
  if (rule != NULL && strstr (error->message, rule) == NULL)
    g_error ("“%s”: “%s” does not cite %s", action, error->message, rule);
  after = rdt_game_dup_state_digest (game);
  g_assert_cmpstr (before, ==, after);
}

static gboolean
log_has (RdtGame    *game,
         const char *rule,
         const char *text)
{
  for (guint i = 0; i < rdt_game_get_n_messages (game); i++)
    {
      const RdtGameMessage *m = rdt_game_get_message (game, i);

      if (g_strcmp0 (m->rule, rule) == 0 && strstr (m->text, text) != NULL)
        return TRUE;
    }
  return FALSE;
}

typedef struct {
  RdtScenario *scenario;
  RdtGame *game;
  char att[RDT_HEX_LABEL_SIZE];
  char def[RDT_HEX_LABEL_SIZE];
  char far[RDT_HEX_LABEL_SIZE];
  const char *att_unit;
  const char *def_unit;
} GameFixture;

/* British, American at-start chits for game_fixture_full (-1: the scenario's). */
static int fixture_momentum[2] = { -1, -1 };
/* British (kings-own), American (1-maryland) strength and printed morale. */
static int fixture_strength[2] = { 4, 4 };
static int fixture_morale[2] = { 1, 1 };
/* Lafayette stacked with 1-maryland (Brandywine 4.8). */
static gboolean fixture_lafayette = FALSE;
/* The second units' (28th-foot, 2-maryland) strength; 0: not placed. */
static int fixture_second_strength[2] = { 2, 2 };

/* A British and an American unit adjacent, the game advanced to the first
 * Close Combat phase; the phasing player's unit attacks. */
static void
game_fixture_full (GameFixture *f,
                   gboolean     second)
{
  RdtHex d, a;
  g_autoptr(GError) error = NULL;
  int phasing, british;

  f->scenario = load ("brandywine.redoubt");
  d = open_hex (f->scenario);
  a = nb (f->scenario, d, 0);
  place_full (f->scenario, "kings-own", a, fixture_strength[0], fixture_morale[0], RDT_UNIT_STATUS_PARADE);
  place_full (f->scenario, "1-maryland", d, fixture_strength[1], fixture_morale[1], RDT_UNIT_STATUS_PARADE);
  if (fixture_lafayette)
    place_full (f->scenario, "lafayette", d, -1, G_MININT, RDT_UNIT_STATUS_PARADE);
  if (second)
    {
      /* Morale 0: a second unit in each hex, 2 SP (2 + 4 against 2 + 4). */
      if (fixture_second_strength[0] > 0)
        place_full (f->scenario, "28th-foot", a, fixture_second_strength[0], 0, RDT_UNIT_STATUS_PARADE);
      if (fixture_second_strength[1] > 0)
        place_full (f->scenario, "2-maryland", d, fixture_second_strength[1], 0, RDT_UNIT_STATUS_PARADE);
    }
  /* At-start momentum (12.61) for the step 6 and 12.64 tests. */
  for (guint i = 0; i < 2; i++)
    if (fixture_momentum[i] >= 0)
      ((RdtSide *) rdt_scenario_get_side (f->scenario, (guint) rdt_scenario_find_side (f->scenario, i == 0 ? "british" : "american")))->momentum =
        fixture_momentum[i];
  f->game = rdt_game_new (f->scenario, 7, &error);
  g_assert_no_error (error);
  ok (f->game, "deploy-all");
  for (int i = 0; i < 10 && rdt_game_get_phase (f->game) != RDT_PHASE_CLOSE_COMBAT; i++)
    ok (f->game, "next-phase");
  g_assert_cmpint (rdt_game_get_phase (f->game), ==, RDT_PHASE_CLOSE_COMBAT);
  phasing = rdt_game_get_phasing_player (f->game);
  british = rdt_game_get_side_player (f->game, (guint) rdt_scenario_find_side (f->scenario, "british"));
  if (phasing == british)
    {
      rdt_hex_grid_format_label (rdt_scenario_get_grid (f->scenario), a, f->att);
      rdt_hex_grid_format_label (rdt_scenario_get_grid (f->scenario), d, f->def);
      f->att_unit = "kings-own";
      f->def_unit = "1-maryland";
      rdt_hex_grid_format_label (rdt_scenario_get_grid (f->scenario), nb (f->scenario, d, 3), f->far);
    }
  else
    {
      rdt_hex_grid_format_label (rdt_scenario_get_grid (f->scenario), d, f->att);
      rdt_hex_grid_format_label (rdt_scenario_get_grid (f->scenario), a, f->def);
      f->att_unit = "1-maryland";
      f->def_unit = "kings-own";
      rdt_hex_grid_format_label (rdt_scenario_get_grid (f->scenario), nb (f->scenario, a, 0), f->far);
    }
}

static void
game_fixture (GameFixture *f)
{
  game_fixture_full (f, FALSE);
}

static void
game_fixture_clear (GameFixture *f)
{
  g_clear_object (&f->game);
  g_clear_object (&f->scenario);
}

/* The die a modified roll needs: modified = die + DRMs (tactics 0), in
 * the odds column @column. */
static int
drm_column (GameFixture *f,
            const char  *column)
{
  RdtCloseCombatInput in;
  RdtGameContext ctx;
  int mods[4] = { 0, 0, 0, 0 };
  RdtHex a, d;
  g_autoptr(RdtCloseCombat) cc = NULL;

  for (guint s = 0; s < rdt_scenario_get_n_sides (f->scenario) && s < 4; s++)
    {
      const RdtMoraleLevel *l = rdt_game_get_morale_level (f->game, s);
      g_assert_nonnull (l);
      mods[s] = l->morale_modifier;
    }
  g_assert_true (rdt_hex_grid_parse_label (rdt_scenario_get_grid (f->scenario), f->att, &a, NULL));
  g_assert_true (rdt_hex_grid_parse_label (rdt_scenario_get_grid (f->scenario), f->def, &d, NULL));
  rdt_game_context_init (&ctx);
  ctx.turn = rdt_game_get_turn (f->game);
  rdt_close_combat_input_init (&in);
  in.context = &ctx;
  in.attackers = &a;
  in.n_attackers = 1;
  in.defender = d;
  in.morale_modifier = mods;
  in.n_sides = rdt_scenario_get_n_sides (f->scenario);
  cc = rdt_close_combat_new (rdt_game_get_position (f->game), &in, NULL);
  g_assert_nonnull (cc);
  g_assert_false (rdt_close_combat_is_undecided (cc));
  g_assert_cmpstr (rdt_close_combat_get_column_label (cc), ==, column);
  return rdt_close_combat_get_drm_total (cc);
}

static int
drm_now (GameFixture *f)
{
  return drm_column (f, "1-1");
}

static void
test_game_combat_retreat (void)
{
  GameFixture f = { 0 };
  g_autofree char *action = NULL;
  g_autofree char *roll = NULL;
  int drm, die;

  game_fixture (&f);
  drm = drm_now (&f);
  /* 1-1, modified roll 7: "-/R" (Close Combat Table). */
  die = 7 - drm;
  if (die < 0 || die > 9)
    {
      g_test_skip ("the army morale levels give a DRM outside the die");
      game_fixture_clear (&f);
      return;
    }
  action = g_strdup_printf ("close-combat %s %s tactics skirmish skirmish", f.att, f.def);
  roll = g_strdup_printf ("roll %d", die);
  ok (f.game, roll);
  ok (f.game, action);
  g_assert_true (log_has (f.game, "12.23 step 5", "Close Combat Table 1-1, row 7: “-/R”"));
  /* 13.1 R: the defender's lead unit retreats one hex; the phase may not
   * end before (12.23 step 7). */
  g_assert_cmpuint (rdt_game_get_n_owed_retreats (f.game), ==, 1);
  refused (f.game, "next-phase", RDT_GAME_ERROR_ILLEGAL, "13.2");
  /* 12.15: each unit in one Close Combat per player turn. */
  refused (f.game, action, RDT_GAME_ERROR_ILLEGAL, "12.23 step 7");
  game_fixture_clear (&f);
}

static void
test_game_combat_refusals (void)
{
  GameFixture f = { 0 };
  g_autofree char *no_tactics = NULL;
  g_autofree char *far = NULL;
  g_autofree char *div = NULL;

  game_fixture (&f);
  no_tactics = g_strdup_printf ("close-combat %s %s", f.att, f.def);
  refused (f.game, no_tactics, RDT_GAME_ERROR_SYNTAX, "12.23 step 4");
  far = g_strdup_printf ("close-combat %s %s tactics skirmish skirmish", f.far, f.def);
  refused (f.game, far, RDT_GAME_ERROR_ILLEGAL, NULL);
  div = g_strdup_printf ("close-combat %s %s tactics skirmish skirmish diversion %s", f.att, f.def, f.def);
  refused (f.game, div, RDT_GAME_ERROR_ILLEGAL, "12.14");
  /* 12.11: the non-phasing player does not attack. */
  {
    g_autofree char *back = g_strdup_printf ("close-combat %s %s tactics skirmish skirmish", f.def, f.att);
    refused (f.game, back, RDT_GAME_ERROR_ILLEGAL, "12.11");
  }
  /* 12.12, 12.13: the phase does not end while the attack owed is not
   * designated and announced (12.21); the refusal names each unit. */
  {
    g_autofree char *must = g_strdup_printf ("%s must attack (12.12)", f.att_unit);
    g_autofree char *owed = g_strdup_printf ("%s must be attacked (12.13)", f.def_unit);

    refused (f.game, "next-phase", RDT_GAME_ERROR_ILLEGAL, must);
    refused (f.game, "next-phase", RDT_GAME_ERROR_ILLEGAL, owed);
  }
  ok (f.game, "announce anyway");
  g_assert_true (log_has (f.game, "sandbox override, 12.21", "Announced although owed"));
  ok (f.game, "next-phase");
  {
    g_autofree char *late = g_strdup_printf ("close-combat %s %s tactics skirmish skirmish", f.att, f.def);
    refused (f.game, late, RDT_GAME_ERROR_WRONG_PHASE, "12");
  }
  game_fixture_clear (&f);
}

/* 12.23 step 4: Withdraw against Skirmish is No Combat: the withdrawing
 * side owes a one-hex retreat, no die is rolled. */
static void
test_game_no_combat (void)
{
  GameFixture f = { 0 };
  g_autofree char *action = NULL;
  guint rolls;

  game_fixture (&f);
  rolls = rdt_game_get_n_rolls (f.game);
  action = g_strdup_printf ("close-combat %s %s tactics skirmish withdraw", f.att, f.def);
  ok (f.game, action);
  g_assert_true (log_has (f.game, "12.23 step 4", "No Combat"));
  g_assert_cmpuint (rdt_game_get_n_rolls (f.game), ==, rolls);
  g_assert_cmpuint (rdt_game_get_n_owed_retreats (f.game), ==, 1);
  game_fixture_clear (&f);
}

/* The log replays to the same state. */
static void
test_game_combat_replays (void)
{
  GameFixture f = { 0 };
  g_autofree char *action = NULL;
  g_autoptr(GPtrArray) actions = g_ptr_array_new ();
  g_autoptr(RdtGame) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *d1 = NULL;
  g_autofree char *d2 = NULL;

  game_fixture (&f);
  action = g_strdup_printf ("close-combat %s %s tactics attack-en-echelon stand-fast", f.att, f.def);
  ok (f.game, action);
  g_assert_true (log_has (f.game, "12.23 step 5", "Close Combat Table 1-1"));
  for (guint i = 0; i < rdt_game_get_n_actions (f.game); i++)
    g_ptr_array_add (actions, (gpointer) rdt_game_get_action (f.game, i));
  again = rdt_game_replay (f.scenario, 7, (const char *const *) actions->pdata, actions->len, &error);
  g_assert_no_error (error);
  d1 = rdt_game_dup_state_digest (f.game);
  d2 = rdt_game_dup_state_digest (again);
  g_assert_cmpstr (d1, ==, d2);
  game_fixture_clear (&f);
}


static int
side_momentum (GameFixture *f,
               const char  *side)
{
  return rdt_game_get_momentum (f->game, (guint) rdt_scenario_find_side (f->scenario, side));
}

/* 12.23 step 6: "The player holding the fewest Momentum Chits (the
 * Defender in the case of a tie) may choose to spend one to return to the
 * Resolve Close Combat step and re-roll the die. If this player declines to
 * use momentum, the other player may choose to expend a Momentum Chit ...
 * only one may be spent each time this step is reached"; 12.62: the chit
 * returns to the pool.  British 2 chits, American 1 (pool 2): modified
 * rolls 3, 4 and 7 at 1-1 ("R/-", "R/-", "-/R"): the last roll stands. */
static void
test_game_momentum_rerolls (void)
{
  GameFixture f = { 0 };
  g_autofree char *action = NULL;
  g_autofree char *twice = NULL;
  g_autofree char *stranger = NULL;
  const int rows[3] = { 3, 4, 7 };
  int drm;

  fixture_momentum[0] = 2;
  fixture_momentum[1] = 1;
  game_fixture (&f);
  g_assert_cmpint (rdt_game_get_momentum_pool (f.game), ==, 2);
  drm = drm_now (&f);
  /* The American holds one chit: a second re-roll of his is refused. */
  twice = g_strdup_printf ("close-combat %s %s tactics skirmish skirmish reroll american reroll american", f.att, f.def);
  refused (f.game, twice, RDT_GAME_ERROR_ILLEGAL, "12.23 step 6");
  stranger = g_strdup_printf ("close-combat %s %s tactics skirmish skirmish reroll hessian-nobody", f.att, f.def);
  refused (f.game, stranger, RDT_GAME_ERROR_UNKNOWN, NULL);
  for (int k = 0; k < 3; k++)
    {
      g_autofree char *roll = g_strdup_printf ("roll %d", rows[k] - drm);

      g_assert_cmpint (rows[k] - drm, >=, 0);
      g_assert_cmpint (rows[k] - drm, <=, 9);
      ok (f.game, roll);
    }
  action = g_strdup_printf ("close-combat %s %s tactics skirmish skirmish reroll american reroll british", f.att, f.def);
  ok (f.game, action);
  g_assert_true (log_has (f.game, "12.23 step 5", "Close Combat Table 1-1, row 3: “R/-”"));
  g_assert_true (log_has (f.game, "12.23 step 5", "Close Combat Table 1-1, row 4: “R/-”"));
  g_assert_true (log_has (f.game, "12.23 step 5", "Close Combat Table 1-1, row 7: “-/R”"));
  g_assert_true (log_has (f.game, "12.23 step 6, 12.62", "american spends a Momentum Chit"));
  g_assert_true (log_has (f.game, "12.23 step 6, 12.62", "british spends a Momentum Chit"));
  /* The American had the first option each time: he did not decline. */
  g_assert_false (log_has (f.game, "12.23 step 6", "declines"));
  g_assert_cmpint (side_momentum (&f, "british"), ==, 1);
  g_assert_cmpint (side_momentum (&f, "american"), ==, 0);
  g_assert_cmpint (rdt_game_get_momentum_pool (f.game), ==, 4);
  /* Only the last roll's result: the defender's lead retreats, the
   * attacker's does not. */
  g_assert_cmpuint (rdt_game_get_n_owed_retreats (f.game), ==, 1);
  /* The action with its re-rolls replays from the log. */
  {
    g_autoptr(GPtrArray) actions = g_ptr_array_new ();
    g_autoptr(RdtGame) again = NULL;
    g_autoptr(GError) error = NULL;
    g_autofree char *d1 = NULL, *d2 = NULL;

    for (guint i = 0; i < rdt_game_get_n_actions (f.game); i++)
      g_ptr_array_add (actions, (gpointer) rdt_game_get_action (f.game, i));
    again = rdt_game_replay (f.scenario, 7, (const char *const *) actions->pdata, actions->len, &error);
    g_assert_no_error (error);
    d1 = rdt_game_dup_state_digest (f.game);
    d2 = rdt_game_dup_state_digest (again);
    g_assert_cmpstr (d1, ==, d2);
  }
  game_fixture_clear (&f);

  /* The British re-roll first: the American, holding fewer chits, had the
   * first option and declined. */
  game_fixture (&f);
  action = (g_free (action), g_strdup_printf ("close-combat %s %s tactics skirmish skirmish reroll british", f.att, f.def));
  ok (f.game, action);
  g_assert_true (log_has (f.game, "12.23 step 6", "american (fewest chits, or the Defender on a tie) declines"));
  g_assert_cmpint (side_momentum (&f, "british"), ==, 1);
  g_assert_cmpint (side_momentum (&f, "american"), ==, 1);
  game_fixture_clear (&f);
  fixture_momentum[0] = fixture_momentum[1] = -1;
}

/* 12.64: "If a unit with a printed unit morale of +2 is captured while it
 * is at full strength, the owning player must return one Momentum Chit to
 * the pool. If the player does not have a Momentum Chit, the opposing
 * player is entitled to take a Momentum Chit from the pool."  4-1,
 * modified roll 9: "-/DC" (13.1 DC: the defender's unit is captured). */
static void
test_game_surrender_momentum (void)
{
  for (int pass = 0; pass < 3; pass++)
    {
      GameFixture f = { 0 };
      g_autofree char *action = NULL;
      g_autofree char *roll = NULL;
      const char *def_side, *att_side;
      int d, a, die;

      /* Who attacks (seed 7) decides which unit is made the defender. */
      game_fixture (&f);
      d = g_str_equal (f.def_unit, "kings-own") ? 0 : 1;
      a = 1 - d;
      game_fixture_clear (&f);
      fixture_strength[a] = 4;
      fixture_strength[d] = 1;
      /* pass 0: +2, no chit; pass 1: +2 holding a chit; pass 2: +1. */
      fixture_morale[a] = 2;
      fixture_morale[d] = pass == 2 ? 1 : 2;
      fixture_momentum[a] = 0;
      fixture_momentum[d] = pass == 1 ? 1 : 0;
      game_fixture (&f);
      def_side = d == 0 ? "british" : "american";
      att_side = a == 0 ? "british" : "american";
      die = 9 - drm_column (&f, "4-1");
      g_assert_cmpint (die, >=, 0);
      g_assert_cmpint (die, <=, 9);
      roll = g_strdup_printf ("roll %d", die);
      ok (f.game, roll);
      action = g_strdup_printf ("close-combat %s %s tactics skirmish skirmish", f.att, f.def);
      ok (f.game, action);
      g_assert_true (log_has (f.game, "12.23 step 5", "Close Combat Table 4-1, row 9: “-/DC”"));
      g_assert_cmpint (rdt_game_get_unit (f.game, (guint) rdt_game_find_unit (f.game, f.def_unit))->where, ==,
                       RDT_GAME_UNIT_CAPTURED);
      if (pass == 0)
        {
          g_assert_true (log_has (f.game, "12.64", "takes one from the pool"));
          g_assert_cmpint (side_momentum (&f, att_side), ==, 1);
          g_assert_cmpint (rdt_game_get_momentum_pool (f.game), ==, 4);
        }
      else if (pass == 1)
        {
          g_assert_true (log_has (f.game, "12.64", "returns a Momentum Chit to the pool"));
          g_assert_cmpint (side_momentum (&f, def_side), ==, 0);
          g_assert_cmpint (side_momentum (&f, att_side), ==, 0);
          g_assert_cmpint (rdt_game_get_momentum_pool (f.game), ==, 5);
        }
      else
        {
          g_assert_false (log_has (f.game, "12.64", "captured"));
          g_assert_cmpint (rdt_game_get_momentum_pool (f.game), ==, 5);
        }
      game_fixture_clear (&f);
      fixture_strength[0] = fixture_strength[1] = 4;
      fixture_morale[0] = fixture_morale[1] = 1;
      fixture_momentum[0] = fixture_momentum[1] = -1;
    }
}


/* 13.1 DC: "One combat unit of the Defender's choice is captured ... The
 * unit does not have to be the lead unit ... The other defending units ...
 * must pass a morale check. If they pass, they must retreat one hex".
 * 4 + 2 SP against 1 + 1 is 3-1, modified roll 10: "-/DC" (leads +2
 * against +1, same army level: DRM +1, die 9).  "dc UNIT" names the second defender; without
 * it the lead unit is taken. */
static void
test_game_dc_choice (void)
{
  for (int pass = 0; pass < 2; pass++)
    {
      GameFixture f = { 0 };
      g_autofree char *action = NULL;
      g_autofree char *check = NULL;
      const char *second_def;
      int d;

      game_fixture (&f);
      d = g_str_equal (f.def_unit, "kings-own") ? 0 : 1;
      game_fixture_clear (&f);
      fixture_strength[d] = 1;
      fixture_second_strength[d] = 1;
      fixture_morale[1 - d] = 2;
      game_fixture_full (&f, TRUE);
      second_def = g_str_equal (f.def_unit, "kings-own") ? "28th-foot" : "2-maryland";
      /* Only participating combat units of this combat; one per side. */
      {
        g_autofree char *stranger = g_strdup_printf ("close-combat %s %s lead %s lead %s tactics skirmish skirmish dc 3-maryland",
                                                     f.att, f.def, f.att_unit, f.def_unit);
        g_autofree char *two = g_strdup_printf ("close-combat %s %s lead %s lead %s tactics skirmish skirmish dc %s dc %s",
                                                f.att, f.def, f.att_unit, f.def_unit, f.def_unit, second_def);
        refused (f.game, stranger, RDT_GAME_ERROR_ILLEGAL, "13.1 DC");
        refused (f.game, two, RDT_GAME_ERROR_SYNTAX, "13.1");
      }
      ok (f.game, "roll 9");
      ok (f.game, "roll 9");
      action = g_strdup_printf ("close-combat %s %s lead %s lead %s tactics skirmish skirmish%s%s", f.att, f.def,
                                f.att_unit, f.def_unit, pass == 0 ? " dc " : "", pass == 0 ? second_def : "");
      ok (f.game, action);
      g_assert_true (log_has (f.game, "12.23 step 5", "Close Combat Table 3-1, row 10: “-/DC”"));
      if (pass == 0)
        {
          g_assert_true (log_has (f.game, "13.1", "is captured (the Defender's choice)"));
          g_assert_cmpint (rdt_game_get_unit (f.game, (guint) rdt_game_find_unit (f.game, second_def))->where, ==,
                           RDT_GAME_UNIT_CAPTURED);
          g_assert_cmpint (rdt_game_get_unit (f.game, (guint) rdt_game_find_unit (f.game, f.def_unit))->where, ==,
                           RDT_GAME_UNIT_MAP);
          /* The lead, not taken, is one of "the other defending units". */
          check = g_strdup_printf ("Morale check %s: roll 9", f.def_unit);
        }
      else
        {
          g_assert_true (log_has (f.game, "13.1", "the lead unit"));
          g_assert_cmpint (rdt_game_get_unit (f.game, (guint) rdt_game_find_unit (f.game, f.def_unit))->where, ==,
                           RDT_GAME_UNIT_CAPTURED);
          check = g_strdup_printf ("Morale check %s: roll 9", second_def);
        }
      g_assert_true (log_has (f.game, "13.5, 14.23, 15.32", check));
      /* Passed: the survivor retreats one hex. */
      g_assert_cmpuint (rdt_game_get_n_owed_retreats (f.game), ==, 1);
      game_fixture_clear (&f);
      fixture_strength[0] = fixture_strength[1] = 4;
      fixture_second_strength[0] = fixture_second_strength[1] = 2;
      fixture_morale[0] = fixture_morale[1] = 1;
    }
}


/* 13.3 Important: a disrupted unit that "ends its Combat Phase adjacent to
 * a Parade Order enemy combat unit and ... is not stacked with a friendly
 * Parade Order combat unit ... suffers an additional "D" result, and
 * becomes shattered"; 13.4: shattered units "are captured, if they end any
 * Close Combat phase adjacent to enemy units, and are not stacked with
 * friendly Parade Order units".  Both players' units; a disrupted unit far
 * from the enemy is left alone. */
static void
test_game_phase_end_disrupted_shattered (void)
{
  g_autoptr(RdtScenario) sc = load ("brandywine.redoubt");
  g_autoptr(RdtGame) game = NULL;
  g_autoptr(GError) error = NULL;
  RdtHex d = open_hex (sc);
  RdtHex far = nb (sc, nb (sc, nb (sc, nb (sc, d, 3), 3), 3), 3);
  const RdtGameUnit *ko, *f28, *f49, *md;
  const char *british[] = { "kings-own", "28th-foot", "49th-foot", "1-maryland" };
  const char *american[] = { "1-maryland", "2-maryland", "3-maryland", "kings-own" };
  const char *const *ids;
  GameFixture f = { 0 };

  /* The non-phasing player's units are the disrupted ones (the phasing
   * player's disrupted units would have to move away first, 13.3). */
  game_fixture (&f);
  ids = g_str_equal (f.def_unit, "kings-own") ? british : american;
  game_fixture_clear (&f);
  place_full (sc, ids[3], d, 4, 1, RDT_UNIT_STATUS_PARADE);
  place_full (sc, ids[0], nb (sc, d, 0), 4, 1, RDT_UNIT_STATUS_DISRUPTED);
  place_full (sc, ids[1], nb (sc, d, 1), 2, 0, RDT_UNIT_STATUS_SHATTERED);
  place_full (sc, ids[2], far, 2, 0, RDT_UNIT_STATUS_DISRUPTED);
  game = rdt_game_new (sc, 7, &error);
  g_assert_no_error (error);
  ok (game, "deploy-all");
  for (int i = 0; i < 10 && rdt_game_get_phase (game) != RDT_PHASE_CLOSE_COMBAT; i++)
    ok (game, "next-phase");
  g_assert_cmpint (rdt_game_get_phase (game), ==, RDT_PHASE_CLOSE_COMBAT);
  /* No combat: the attacks owed (12.12, 12.13) are announced unmade. */
  ok (game, "announce anyway");
  ok (game, "next-phase");
  ko = rdt_game_get_unit (game, (guint) rdt_game_find_unit (game, ids[0]));
  f28 = rdt_game_get_unit (game, (guint) rdt_game_find_unit (game, ids[1]));
  f49 = rdt_game_get_unit (game, (guint) rdt_game_find_unit (game, ids[2]));
  md = rdt_game_get_unit (game, (guint) rdt_game_find_unit (game, ids[3]));
  g_assert_true (log_has (game, "13.4", "ends the Close Combat phase shattered"));
  g_assert_cmpint (f28->where, ==, RDT_GAME_UNIT_CAPTURED);
  g_assert_true (log_has (game, "13.3", "an additional “D” result"));
  g_assert_cmpint (ko->where, ==, RDT_GAME_UNIT_MAP);
  g_assert_cmpint (ko->status, ==, RDT_UNIT_STATUS_SHATTERED);
  g_assert_cmpint (f49->status, ==, RDT_UNIT_STATUS_DISRUPTED);
  g_assert_cmpint (md->status, ==, RDT_UNIT_STATUS_PARADE);
  /* The shattered unit retreats three hexes (13.4, 13.3) before the phase
   * ends; no new combat in the meantime. */
  g_assert_cmpint (rdt_game_get_phase (game), ==, RDT_PHASE_CLOSE_COMBAT);
  g_assert_cmpuint (rdt_game_get_n_owed_retreats (game), ==, 1);
  refused (game, "next-phase", RDT_GAME_ERROR_ILLEGAL, "13.2");
  /* A refused action may replace the state: fetch the unit again. */
  ko = rdt_game_get_unit (game, (guint) rdt_game_find_unit (game, ids[0]));
  {
    g_autofree char *l = rdt_hex_grid_dup_label (rdt_scenario_get_grid (sc), d);
    g_autofree char *from = rdt_hex_grid_dup_label (rdt_scenario_get_grid (sc), ko->hex);
    g_autofree char *action = g_strdup_printf ("close-combat %s %s tactics skirmish skirmish", from, l);

    refused (game, action, RDT_GAME_ERROR_WRONG_PHASE, "13.3, 13.4");
  }
}


/* Brandywine 3.6.2.3: "The Proctor Artillery unit may not move until its
 * hex (1127) has been attacked by the British player in Close Combat ...
 * Once the hex has been attacked in one Close Combat, the Proctor Artillery
 * unit is free to move": the volume's releases table, column "attacked
 * hex" (data, not C keyed to the name). */
static void
test_game_proctor_released (void)
{
  g_autoptr(RdtScenario) sc = load ("brandywine.redoubt");
  g_autoptr(RdtGame) game = NULL;
  g_autoptr(GError) error = NULL;
  RdtHexGrid *grid = rdt_scenario_get_grid (sc);
  RdtHex battery, from;
  int british;
  const char *const *released;
  g_autofree char *action = NULL;
  char fl[RDT_HEX_LABEL_SIZE];

  g_assert_true (rdt_hex_grid_parse_label (grid, "1127", &battery, NULL));
  from = nb (sc, battery, 0);
  place_full (sc, "proctor-artillery", battery, -1, G_MININT, RDT_UNIT_STATUS_PARADE);
  place_full (sc, "1-maryland", battery, 4, 1, RDT_UNIT_STATUS_PARADE);
  place_full (sc, "kings-own", from, 4, 1, RDT_UNIT_STATUS_PARADE);
  game = rdt_game_new (sc, 7, &error);
  g_assert_no_error (error);
  ok (game, "deploy-all");
  british = rdt_game_get_side_player (game, (guint) rdt_scenario_find_side (sc, "british"));
  for (int i = 0; i < 20 && !(rdt_game_get_phase (game) == RDT_PHASE_CLOSE_COMBAT &&
                              rdt_game_get_phasing_player (game) == british); i++)
    ok (game, "next-phase");
  g_assert_cmpint (rdt_game_get_phase (game), ==, RDT_PHASE_CLOSE_COMBAT);
  g_assert_cmpint (rdt_game_get_phasing_player (game), ==, british);
  released = rdt_game_get_released (game);
  g_assert_false (released != NULL && g_strv_contains (released, "proctor"));
  rdt_hex_grid_format_label (grid, from, fl);
  action = g_strdup_printf ("close-combat %s 1127 lead kings-own lead 1-maryland tactics skirmish skirmish", fl);
  ok (game, action);
  released = rdt_game_get_released (game);
  g_assert_true (released != NULL && g_strv_contains (released, "proctor"));
  g_assert_true (log_has (game, "Brandywine 3.6.2.3", "hex 1127 attacked in Close Combat"));
}


/* Brandywine 4.8: Lafayette gives a one-column shift "in one Close Combat
 * during the game"; "Remove Lafayette after the Close Combat is resolved in
 * which his ability is used ... no VP or Army Morale penalty": the volume's
 * cc-shift table, column "removes". */
static void
test_game_lafayette_once (void)
{
  GameFixture f = { 0 };
  g_autofree char *action = NULL;
  const RdtGameUnit *laf;

  fixture_lafayette = TRUE;
  game_fixture (&f);
  fixture_lafayette = FALSE;
  ok (f.game, "roll 5");
  action = g_strdup_printf ("close-combat %s %s tactics skirmish skirmish", f.att, f.def);
  ok (f.game, action);
  g_assert_true (log_has (f.game, "Brandywine 4.8", "Lafayette, the only leader"));
  laf = rdt_game_get_unit (f.game, (guint) rdt_game_find_unit (f.game, "lafayette"));
  g_assert_cmpint (laf->where, ==, RDT_GAME_UNIT_UNUSED);
  g_assert_true (log_has (f.game, "Brandywine 4.8", "lafayette is removed from play"));
  game_fixture_clear (&f);
}


/* 12.23 step 9: "If the defender's hex becomes vacant, the attacker must
 * advance with at least the lead unit ... Other units which participated
 * may advance up to the stacking limit ... Artillery units may never
 * advance."  4 + 2 SP against 1 is 4-1, modified roll 9 "-/DC": the lone
 * defender is captured, the hex is vacant; "advance UNIT" brings the
 * second attacker. */
static void
test_game_advance_others (void)
{
  GameFixture f = { 0 };
  g_autofree char *action = NULL;
  g_autofree char *wrong = NULL;
  const char *second_att;
  int d;
  RdtHex def;

  game_fixture (&f);
  d = g_str_equal (f.def_unit, "kings-own") ? 0 : 1;
  game_fixture_clear (&f);
  fixture_strength[d] = 1;
  fixture_second_strength[d] = 0;
  game_fixture_full (&f, TRUE);
  second_att = g_str_equal (f.att_unit, "kings-own") ? "28th-foot" : "2-maryland";
  /* Only the other attacking units of this combat. */
  wrong = g_strdup_printf ("close-combat %s %s lead %s tactics skirmish skirmish advance %s", f.att, f.def, f.att_unit,
                           f.def_unit);
  refused (f.game, wrong, RDT_GAME_ERROR_ILLEGAL, "12.23 step 9");
  ok (f.game, "roll 9");
  action = g_strdup_printf ("close-combat %s %s lead %s tactics skirmish skirmish advance %s", f.att, f.def, f.att_unit,
                            second_att);
  ok (f.game, action);
  g_assert_true (log_has (f.game, "12.23 step 5", "Close Combat Table 4-1, row 9: “-/DC”"));
  g_assert_true (rdt_hex_grid_parse_label (rdt_scenario_get_grid (f.scenario), f.def, &def, NULL));
  {
    const RdtGameUnit *l = rdt_game_get_unit (f.game, (guint) rdt_game_find_unit (f.game, f.att_unit));
    const RdtGameUnit *o = rdt_game_get_unit (f.game, (guint) rdt_game_find_unit (f.game, second_att));
    g_autofree char *said = g_strdup_printf ("%s advances into %s", second_att, f.def);

    g_assert_true (l->hex.col == def.col && l->hex.row == def.row);
    g_assert_true (o->hex.col == def.col && o->hex.row == def.row);
    g_assert_true (log_has (f.game, "12.23 step 9", said));
  }
  game_fixture_clear (&f);
  fixture_strength[0] = fixture_strength[1] = 4;
  fixture_second_strength[0] = fixture_second_strength[1] = 2;
}

/* ---------- redoubt-cli combat ---------- */

typedef struct {
  int status;
  char *out;
  char *err;
} Run;

static void
run_cli (const char *const *args,
         Run               *run)
{
  const char *cli = g_getenv ("REDOUBT_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status = -1;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                &run->out, &run->err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  run->status = WEXITSTATUS (status);
}

static void
run_free (Run *run)
{
  g_free (run->out);
  g_free (run->err);
}

/* Saves the position for the CLI; returns the file and the hexes. */
static char *
cli_fixture (char d_label[RDT_HEX_LABEL_SIZE],
             char a_label[RDT_HEX_LABEL_SIZE],
             char v_label[RDT_HEX_LABEL_SIZE])
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0), v = nb (s, a, 0);
  g_autoptr(GError) error = NULL;
  char *path = NULL;
  int fd;

  place_full (s, "kings-own", a, 4, 1, RDT_UNIT_STATUS_PARADE);
  place_full (s, "28th-foot", a, 1, 0, RDT_UNIT_STATUS_PARADE);
  place_full (s, "1-maryland", d, 2, 1, RDT_UNIT_STATUS_PARADE);
  place_full (s, "2-maryland", v, 2, 1, RDT_UNIT_STATUS_PARADE);
  rdt_hex_grid_format_label (rdt_scenario_get_grid (s), d, d_label);
  rdt_hex_grid_format_label (rdt_scenario_get_grid (s), a, a_label);
  rdt_hex_grid_format_label (rdt_scenario_get_grid (s), v, v_label);
  fd = g_file_open_tmp ("test-close-combat-XXXXXX.redoubt", &path, &error);
  g_assert_no_error (error);
  close (fd);
  g_assert_true (rdt_scenario_save_to_file (s, path, &error));
  g_assert_no_error (error);
  return path;
}

static void
test_cli (void)
{
  char d[RDT_HEX_LABEL_SIZE], a[RDT_HEX_LABEL_SIZE], v[RDT_HEX_LABEL_SIZE];
  g_autofree char *file = cli_fixture (d, a, v);

  /* Two attacking candidates of different morale: exit 4 until --lead. */
  {
    const char *args[] = { "combat", file, "--attackers", a, "--defender", d, NULL };
    Run r = { 0 };
    run_cli (args, &r);
    g_assert_cmpint (r.status, ==, 4);
    g_assert_nonnull (strstr (r.out, "5 : 2 SP rounds in the defender's favour to 2-1 (12.23 step 1)"));
    g_assert_nonnull (strstr (r.out, "pass --lead"));
    run_free (&r);
  }
  {
    const char *args[] = { "combat", file, "--attackers", a, "--defender", d, "--lead", "kings-own", "--json", NULL };
    Run r = { 0 };
    g_autoptr(JsonParser) p = json_parser_new ();
    JsonObject *o, *odds;
    g_autoptr(GError) error = NULL;

    run_cli (args, &r);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_true (json_parser_load_from_data (p, r.out, -1, &error));
    o = json_node_get_object (json_parser_get_root (p));
    g_assert_true (json_object_get_boolean_member (o, "legal"));
    odds = json_object_get_object_member (o, "odds");
    g_assert_cmpstr (json_object_get_string_member (odds, "label"), ==, "2-1");
    /* Lead morale +1 (attacker), -1 (defender); the army modifiers come
     * from the scenario's army morale on the (provisional) track. */
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (o, "rolls")), ==, 10);
    run_free (&r);
  }
  /* 12.14 through the CLI: 2-1 becomes 3-2. */
  {
    const char *args[] = { "combat", file, "--attackers", a, "--defender", d, "--diversion", v,
                           "--lead", "kings-own", NULL };
    Run r = { 0 };
    run_cli (args, &r);
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "column: 3-2"));
    g_assert_nonnull (strstr (r.out, "12.14"));
    run_free (&r);
  }
  /* A broken designation: exit 3, the rule cited. */
  {
    const char *args[] = { "combat", file, "--attackers", a, "--defender", d, "--diversion", d, NULL };
    Run r = { 0 };
    run_cli (args, &r);
    g_assert_cmpint (r.status, ==, 3);
    g_assert_nonnull (strstr (r.out, "12.14"));
    run_free (&r);
  }
  /* Usage errors: 2. */
  {
    const char *args[] = { "combat", file, "--defender", d, NULL };
    Run r = { 0 };
    run_cli (args, &r);
    g_assert_cmpint (r.status, ==, 2);
    run_free (&r);
  }
  g_unlink (file);
  {
    g_autofree char *bak = g_strconcat (file, ".bak", NULL);
    g_unlink (bak);
  }
}

/* --game: the saved game's positions.  A close combat in the game reads
 * row 10 of 1-1, "-/1" (Stand Fast against Skirmish: +1): the defender's lead unit is flipped to its reduced
 * side (1 SP); the set-up still shows it at 4 SP. */
static void
test_cli_game (void)
{
  GameFixture f = { 0 };
  g_autofree char *action = NULL;
  g_autofree char *roll = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *bak = NULL;
  int fd, die;

  game_fixture (&f);
  die = 10 - drm_now (&f) - 1;
  g_assert_cmpint (die, >=, 0);
  g_assert_cmpint (die, <=, 9);
  roll = g_strdup_printf ("roll %d", die);
  action = g_strdup_printf ("close-combat %s %s tactics stand-fast skirmish", f.att, f.def);
  ok (f.game, roll);
  ok (f.game, action);
  g_assert_true (log_has (f.game, "12.23 step 5", "row 10: “-/1”"));
  g_assert_cmpint (rdt_game_get_unit (f.game, (guint) rdt_game_find_unit (f.game, f.def_unit))->step, ==, 1);
  fd = g_file_open_tmp ("test-close-combat-XXXXXX.redoubt-game", &path, &error);
  g_assert_no_error (error);
  close (fd);
  g_assert_true (rdt_game_save_to_file (f.game, path, &error));
  g_assert_no_error (error);
  {
    const char *args[] = { "combat", path, "--game", path, "--attackers", f.att, "--defender", f.def,
                           "--json", NULL };
    Run r = { 0 };
    g_autoptr(JsonParser) p = json_parser_new ();
    JsonObject *o;

    run_cli (args, &r);
    g_assert_true (json_parser_load_from_data (p, r.out, -1, &error));
    o = json_node_get_object (json_parser_get_root (p));
    g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (o, "defending"), "sp"), ==, 1);
    g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (o, "attacker"), "sp"), ==, 4);
    g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (o, "odds"), "label"), ==, "4-1");
    run_free (&r);
  }
  g_unlink (path);
  bak = g_strconcat (path, ".bak", NULL);
  g_unlink (bak);
  game_fixture_clear (&f);
}

/* 13.1 PIN: 1-1, modified roll 5: both sides' units are pinned (and a
 * disrupted participant would be captured). */
static void
test_game_pin (void)
{
  GameFixture f = { 0 };
  g_autofree char *action = NULL;
  g_autofree char *roll = NULL;
  int die;
  const RdtGameUnit *a, *d;

  game_fixture (&f);
  die = 5 - drm_now (&f);
  g_assert_cmpint (die, >=, 0);
  g_assert_cmpint (die, <=, 9);
  roll = g_strdup_printf ("roll %d", die);
  action = g_strdup_printf ("close-combat %s %s tactics skirmish skirmish", f.att, f.def);
  ok (f.game, roll);
  ok (f.game, action);
  g_assert_true (log_has (f.game, "12.23 step 5", "row 5: “PIN”"));
  a = rdt_game_get_unit (f.game, (guint) rdt_game_find_unit (f.game, f.att_unit));
  d = rdt_game_get_unit (f.game, (guint) rdt_game_find_unit (f.game, f.def_unit));
  g_assert_nonnull (a->states);
  g_assert_true (g_strv_contains ((const char *const *) a->states, "pinned"));
  g_assert_true (g_strv_contains ((const char *const *) d->states, "pinned"));
  g_assert_true (log_has (f.game, "13.1 PIN", "is pinned"));
  game_fixture_clear (&f);
}

static void
test_unknown_lead (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex d = open_hex (s), a = nb (s, d, 0);
  RdtCloseCombatInput in;
  g_autoptr(GError) error = NULL;
  RdtCloseCombat *cc;

  place (s, "kings-own", a, 2);
  place (s, "1-maryland", d, 2);
  rdt_close_combat_input_init (&in);
  in.attackers = &a;
  in.n_attackers = 1;
  in.defender = d;
  in.lead[0] = "no-such-unit";
  cc = rdt_close_combat_new (s, &in, &error);
  g_assert_null (cc);
  g_assert_error (error, RDT_CLOSE_COMBAT_ERROR, RDT_CLOSE_COMBAT_ERROR_INVALID);
  /* Without an error to fill, still refused. */
  g_assert_null (rdt_close_combat_new (s, &in, NULL));
}

/* Random legal games with close combat replay identically from their logs:
 * a small front of British and American units face to face. */
static void
test_game_random_replay (void)
{
  g_autoptr(RdtScenario) sc = load ("brandywine.redoubt");
  RdtHex d = open_hex (sc);
  guint combats = 0, retreats = 0, choices = 0, rerolls = 0;
  const char *british[] = { "kings-own", "28th-foot", "49th-foot", NULL };
  const char *american[] = { "1-maryland", "2-maryland", "3-maryland", NULL };

  /* Three British units on one side of d's column, three Americans on d
   * and its neighbours: every pair adjacent somewhere. */
  place_full (sc, american[0], d, 3, 1, RDT_UNIT_STATUS_PARADE);
  place_full (sc, american[1], nb (sc, d, 3), 2, 0, RDT_UNIT_STATUS_PARADE);
  place_full (sc, american[2], nb (sc, d, 2), 2, 1, RDT_UNIT_STATUS_PARADE);
  place_full (sc, british[0], nb (sc, d, 0), 3, 1, RDT_UNIT_STATUS_PARADE);
  place_full (sc, british[1], nb (sc, d, 1), 2, 1, RDT_UNIT_STATUS_PARADE);
  place_full (sc, british[2], nb (sc, d, 5), 2, 0, RDT_UNIT_STATUS_PARADE);
  for (guint64 seed = 1; seed <= 4; seed++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(RdtGame) game = rdt_game_new (sc, seed, &error);
      g_autoptr(RdtGame) again = NULL;
      g_autoptr(GPtrArray) actions = g_ptr_array_new ();
      g_autofree char *a = NULL, *b = NULL;
      RdtDie chooser;

      g_assert_no_error (error);
      rdt_die_init (&chooser, seed * 17);
      for (guint i = 0; i < 150 && !rdt_game_is_over (game); i++)
        {
          g_autofree char *action = NULL;

          if (!rdt_game_perform_random (game, &chooser, 3, &action, &error))
            g_error ("seed %" G_GUINT64_FORMAT ": %s", seed, error->message);
        }
      for (guint i = 0; i < rdt_game_get_n_actions (game); i++)
        {
          g_ptr_array_add (actions, (gpointer) rdt_game_get_action (game, i));
          if (g_str_has_prefix (rdt_game_get_action (game, i), "close-combat "))
            combats++;
          /* 13.1: results with retreats; DC/AC choices; 12.23 step 6. */
          if (g_str_has_prefix (rdt_game_get_action (game, i), "retreat "))
            retreats++;
          if (strstr (rdt_game_get_action (game, i), " ac ") != NULL)
            choices++;
          if (strstr (rdt_game_get_action (game, i), " reroll ") != NULL)
            rerolls++;
        }
      again = rdt_game_replay (sc, seed, (const char *const *) actions->pdata, actions->len, &error);
      g_assert_no_error (error);
      a = rdt_game_dup_state_digest (game);
      b = rdt_game_dup_state_digest (again);
      g_assert_cmpstr (a, ==, b);
    }
  g_assert_cmpuint (combats, >, 0);
  g_assert_cmpuint (retreats, >, 0);
  g_assert_cmpuint (choices, >, 0);
  g_assert_cmpuint (rerolls, >, 0);
  g_test_message ("%u combats, %u retreats, %u with DC/AC choices, %u with re-rolls", combats, retreats, choices, rerolls);
}

/* 13.1 R: "The other friendly units in the Close Combat ... must make a
 * morale check; if they fail, they must retreat one hex also."  1-1 row 7
 * "-/R": the defender's lead retreats; the second defender (morale 0)
 * rolls 0 and fails (13.5: 0 + 0 + the army level < 5), or rolls 9 and
 * passes. */
static void
test_game_morale_checks (void)
{
  for (int pass = 0; pass < 2; pass++)
    {
      GameFixture f = { 0 };
      g_autofree char *action = NULL;
      g_autofree char *roll = NULL;
      g_autofree char *lead_d = NULL;
      int die;
      const char *second_att, *second_def;

      game_fixture_full (&f, TRUE);
      second_def = g_str_equal (f.def_unit, "kings-own") ? "28th-foot" : "2-maryland";
      second_att = g_str_equal (f.att_unit, "kings-own") ? "28th-foot" : "2-maryland";
      /* 12.23 step 2: two candidates of different morale: each side names
       * its lead (refused otherwise). */
      {
        g_autofree char *no_lead = g_strdup_printf ("close-combat %s %s tactics skirmish skirmish", f.att, f.def);
        refused (f.game, no_lead, RDT_GAME_ERROR_ILLEGAL, "12.23 step 2");
      }
      die = 7;   /* lead morale +1 against +1, same army level: DRM 0 */
      roll = g_strdup_printf ("roll %d", die);
      ok (f.game, roll);
      ok (f.game, pass ? "roll 9" : "roll 0");
      action = g_strdup_printf ("close-combat %s %s lead %s lead %s tactics skirmish skirmish", f.att, f.def,
                                f.att_unit, f.def_unit);
      ok (f.game, action);
      g_assert_true (log_has (f.game, "12.23 step 5", "Close Combat Table 1-1, row 7: “-/R”"));
      lead_d = g_strdup_printf ("Morale check %s: roll %d", second_def, pass ? 9 : 0);
      g_assert_true (log_has (f.game, "13.5, 14.23, 15.32", lead_d));
      /* The attacker's side had no result: no check. */
      {
        g_autofree char *att_check = g_strdup_printf ("Morale check %s", second_att);
        g_assert_false (log_has (f.game, "13.5, 14.23, 15.32", att_check));
      }
      g_assert_cmpuint (rdt_game_get_n_owed_retreats (f.game), ==, pass ? 1 : 2);
      game_fixture_clear (&f);
    }
}

/* 12.15: "Each Close Combat must involve either one attacking hex or one
 * defending hex only" and its EXAMPLE: "one attacking hex versus two or
 * more defending hexes ... [is] legal, but two or more attacking hexes
 * versus two or more defending hexes in a single Close Combat is illegal"
 * (older Series Rules; the current text says the same in its rule). */
static RdtCloseCombat *
combat_multi (RdtScenario  *s,
              const RdtHex *attackers,
              guint         n,
              const RdtHex *defenders,
              guint         n_def,
              const char   *lead_a,
              const char   *lead_d)
{
  RdtCloseCombatInput in;
  g_autoptr(GError) error = NULL;
  RdtCloseCombat *cc;

  rdt_close_combat_input_init (&in);
  in.attackers = attackers;
  in.n_attackers = n;
  in.defenders = defenders;
  in.n_defenders = n_def;
  in.lead[0] = lead_a;
  in.lead[1] = lead_d;
  in.morale_modifier = zero_modifiers;
  in.n_sides = rdt_scenario_get_n_sides (s);
  cc = rdt_close_combat_new (s, &in, &error);
  g_assert_no_error (error);
  g_assert_nonnull (cc);
  return cc;
}

static void
test_several_defending_hexes (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex a = open_hex (s), d1 = nb (s, a, 0), d2 = nb (s, a, 1);
  RdtHex defs[2] = { d1, d2 };
  g_autoptr(RdtCloseCombat) cc = NULL;
  g_autoptr(RdtCloseCombat) led = NULL;
  const RdtCcItem *it;

  place_full (s, "kings-own", a, 6, 1, RDT_UNIT_STATUS_PARADE);
  place_full (s, "1-maryland", d1, 2, 1, RDT_UNIT_STATUS_PARADE);
  place_full (s, "2-maryland", d2, 3, 0, RDT_UNIT_STATUS_PARADE);
  cc = combat_multi (s, &a, 1, defs, 2, NULL, NULL);
  g_assert_true (rdt_close_combat_is_legal (cc));
  g_assert_cmpuint (rdt_close_combat_get_defending_hexes (cc)->len, ==, 2);
  /* 12.23 step 1: "The players total the non-artillery SPs of all their
   * units involved in this Close Combat": 6 against 2 + 3. */
  g_assert_cmpint (rdt_close_combat_get_sp (cc, RDT_CC_DEFENDER), ==, 5);
  g_assert_cmpuint (rdt_close_combat_get_units (cc, RDT_CC_DEFENDER)->len, ==, 2);
  g_assert_cmpstr (rdt_close_combat_get_column_label (cc), ==, "1-1");
  /* Step 2: the lead is chosen among the defenders of both hexes. */
  g_assert_cmpuint (rdt_close_combat_get_lead_candidates (cc, RDT_CC_DEFENDER)->len, ==, 2);
  /* Whose terrain counts depends on the defending lead unit (ruling). */
  it = find_item (rdt_close_combat_get_drms (cc), "defending-terrain");
  g_assert_nonnull (it);
  g_assert_true (it->undecided);
  g_assert_true (rdt_close_combat_is_undecided (cc));
  led = combat_multi (s, &a, 1, defs, 2, NULL, "2-maryland");
  g_assert_null (find_item (rdt_close_combat_get_drms (led), "defending-terrain"));
  g_assert_nonnull (find_item (rdt_close_combat_get_notes (led), "defending-terrain"));
  g_assert_cmpint (rdt_close_combat_get_lead (led, RDT_CC_DEFENDER), ==,
                   rdt_scenario_find_unit_index (s, "2-maryland"));
  /* 12.13: neither defending hex is still owed an attack. */
  g_assert_null (find_item (rdt_close_combat_get_notes (led), "owed-defender"));
}

static void
test_several_against_several_illegal (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex a1 = open_hex (s), d1 = nb (s, a1, 0), d2 = nb (s, a1, 1);
  /* a2 adjacent to both d1 and d2 (the other common neighbour). */
  RdtHex a2 = nb (s, d1, 1);
  RdtHex atts[2] = { a1, a2 }, defs[2] = { d1, d2 };
  g_autoptr(RdtCloseCombat) cc = NULL;

  g_assert_true (rdt_hex_grid_are_adjacent (rdt_scenario_get_grid (s), a2, d2));
  place (s, "kings-own", a1, 4);
  place (s, "28th-foot", a2, 4);
  place (s, "1-maryland", d1, 2);
  place (s, "2-maryland", d2, 2);
  cc = combat_multi (s, atts, 2, defs, 2, "kings-own", "1-maryland");
  g_assert_false (rdt_close_combat_is_legal (cc));
  g_assert_nonnull (find_item (rdt_close_combat_get_errors (cc), "multi-hex"));
}

static void
test_several_defending_hexes_adjacent (void)
{
  g_autoptr(RdtScenario) s = load ("brandywine.redoubt");
  RdtHex a = open_hex (s), d1 = nb (s, a, 0), far = nb (s, d1, 0);
  RdtHex defs[2] = { d1, far };
  g_autoptr(RdtCloseCombat) cc = NULL;
  const RdtCcItem *it;

  place (s, "kings-own", a, 4);
  place (s, "1-maryland", d1, 2);
  place (s, "2-maryland", far, 2);
  cc = combat_multi (s, &a, 1, defs, 2, "kings-own", "1-maryland");
  g_assert_false (rdt_close_combat_is_legal (cc));
  it = find_item (rdt_close_combat_get_errors (cc), "not-adjacent");
  g_assert_nonnull (it);
  g_assert_cmpstr (it->rule, ==, "12.12");
}

static void
test_cli_several_defenders (void)
{
  char d[RDT_HEX_LABEL_SIZE], a[RDT_HEX_LABEL_SIZE], v[RDT_HEX_LABEL_SIZE];
  g_autofree char *file = cli_fixture (d, a, v);
  g_autofree char *both = g_strdup_printf ("%s,%s", d, v);
  const char *args[] = { "combat", file, "--attackers", a, "--defender", both, "--lead", "kings-own",
                         "--lead", "1-maryland", "--json", NULL };
  Run r = { 0 };
  g_autoptr(JsonParser) p = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *o;
  JsonArray *defs;

  /* 12.15: hexes d and v are both adjacent to a; 5 SP against 2 + 2. */
  run_cli (args, &r);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (json_parser_load_from_data (p, r.out, -1, &error));
  g_assert_no_error (error);
  o = json_node_get_object (json_parser_get_root (p));
  g_assert_true (json_object_get_boolean_member (o, "legal"));
  g_assert_cmpstr (json_object_get_string_member (o, "defender"), ==, d);
  defs = json_object_get_array_member (o, "defenders");
  g_assert_cmpuint (json_array_get_length (defs), ==, 2);
  g_assert_cmpstr (json_array_get_string_element (defs, 1), ==, v);
  g_assert_cmpstr (json_object_get_string_member (json_object_get_object_member (o, "odds"), "label"), ==, "1-1");
  run_free (&r);
  g_unlink (file);
}

/* 12.15: "Attacking units stacked in a single hex may combine in a single
 * attack or attack different units": --attackers HEX:UNIT+UNIT. */
static void
test_cli_split_stack (void)
{
  char d[RDT_HEX_LABEL_SIZE], a[RDT_HEX_LABEL_SIZE], v[RDT_HEX_LABEL_SIZE];
  g_autofree char *file = cli_fixture (d, a, v);
  g_autofree char *one = g_strdup_printf ("%s:kings-own", a);
  g_autofree char *wrong = g_strdup_printf ("%s:1-maryland", a);

  {
    const char *args[] = { "combat", file, "--attackers", one, "--defender", d, NULL };
    Run r = { 0 };
    run_cli (args, &r);
    /* 4 SP (28th Foot left out) against 2. */
    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "4 : 2 SP rounds in the defender's favour to 2-1 (12.23 step 1)"));
    run_free (&r);
  }
  {
    const char *args[] = { "combat", file, "--attackers", wrong, "--defender", d, NULL };
    Run r = { 0 };
    run_cli (args, &r);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "12.15"));
    run_free (&r);
  }
  g_unlink (file);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/close-combat/table/cell-by-cell-against-the-book", test_table_cells);
  g_test_add_func ("/close-combat/12.15/one-attacking-hex-against-two-defending-hexes", test_several_defending_hexes);
  g_test_add_func ("/close-combat/12.15/several-attacking-against-several-defending-hexes-illegal", test_several_against_several_illegal);
  g_test_add_func ("/close-combat/12.15/each-defending-hex-adjacent-to-the-attacking-hex", test_several_defending_hexes_adjacent);
  g_test_add_func ("/close-combat/12.15/cli-defender-several-hexes", test_cli_several_defenders);
  g_test_add_func ("/close-combat/12.15/cli-attackers-split-stack", test_cli_split_stack);
  g_test_add_func ("/close-combat/tactics-matrix/cell-by-cell-against-the-book", test_matrix_cells);
  g_test_add_func ("/close-combat/12.23-step5/lookup-every-cell", test_lookup_every_cell);
  g_test_add_func ("/close-combat/12.23-step5/roll-clamped-to-the-table", test_roll_clamped);
  g_test_add_func ("/close-combat/12.23-step1/example-5-vs-4-is-1-1-and-4-vs-5-is-1-2", test_odds_examples);
  g_test_add_func ("/close-combat/12.23-step1/rounded-in-the-defenders-favour", test_odds_rounding);
  g_test_add_func ("/close-combat/12.23-step1/below-1-3-is-1-3-with-minus-1", test_below_table_drm);
  g_test_add_func ("/close-combat/12.23-step1/above-4-1-is-4-1", test_above_table);
  g_test_add_func ("/close-combat/12.14/diversion-shift", test_diversion_shift);
  g_test_add_func ("/close-combat/12.14/diversion-below-1-3-minus-2", test_diversion_below_minus_2);
  g_test_add_func ("/close-combat/12.14/only-attackers-adjacent-to-the-diversion", test_diversion_not_adjacent_no_shift);
  g_test_add_func ("/close-combat/13.3/disrupted-defender-half-rounded-up", test_disrupted_half);
  g_test_add_func ("/close-combat/13.4/shattered-defender-counts-1", test_shattered_one);
  g_test_add_func ("/close-combat/12.3/artillery-sp-never-count", test_artillery_sp);
  g_test_add_func ("/close-combat/12.31/artillery-defending-alone-captured", test_artillery_alone);
  g_test_add_func ("/close-combat/12.12/attackers-must-be-adjacent", test_not_adjacent);
  g_test_add_func ("/close-combat/12.14/diversion-not-the-defending-hex", test_diversion_on_defender);
  g_test_add_func ("/close-combat/13.1-pin/pinned-units-receive-no-diversion", test_pinned_no_diversion);
  g_test_add_func ("/close-combat/13.3/disrupted-may-not-attack", test_disrupted_may_not_attack);
  g_test_add_func ("/close-combat/12.12-12.13/owed-elsewhere", test_owed_elsewhere);
  g_test_add_func ("/close-combat/12.23-step2/lead-parade-order-first-never-artillery", test_lead_parade_first);
  g_test_add_func ("/close-combat/12.23-step2/lead-not-into-prohibited-terrain", test_lead_prohibited);
  g_test_add_func ("/close-combat/12.4/cavalry-withdrawal-option", test_cavalry_withdrawal);
  g_test_add_func ("/close-combat/15.32/lead-morale-with-army-modifier", test_lead_morale);
  g_test_add_func ("/close-combat/12.23-step2/lead-morale-not-decided", test_lead_morale_undecided);
  g_test_add_func ("/close-combat/14.21/most-senior-leader-added-or-subtracted", test_leader_in_command);
  g_test_add_func ("/close-combat/brandywine-5.2.4-5.2.5/creek-some-or-all", test_creek_some);
  g_test_add_func ("/close-combat/brandywine-4.8/lafayette-column-shift", test_lafayette);
  g_test_add_func ("/close-combat/12.7/older-edition-surrounded-plus-1", test_surrounded);
  g_test_add_func ("/close-combat/germantown-3.6/american-surprise-turn-1", test_germantown_surprise);
  g_test_add_func ("/close-combat/germantown-3.10.4/chew-house-minus-2", test_chew_house);
  g_test_add_func ("/close-combat/12.53/leader-tactics", test_tactics_leader);
  g_test_add_func ("/close-combat/12.53/open-flank", test_tactics_open_flank);
  g_test_add_func ("/close-combat/12.53/withdraw-infantry-against-dragoons", test_withdraw_dragoons);
  g_test_add_func ("/close-combat/12.55/matrix-and-illegal-cards", test_tactics_matrix_and_illegal);
  g_test_add_func ("/close-combat/format/condition-vocabulary", test_condition_parse);
  g_test_add_func ("/close-combat/format/validator-names-a-bad-row", test_validate_bad_row);
  g_test_add_func ("/cli/combat/exit-codes-json-diversion", test_cli);
  g_test_add_func ("/close-combat/game/13.1-r-retreat-owed-before-the-phase-ends", test_game_combat_retreat);
  g_test_add_func ("/close-combat/game/12.11-12.14-12.23-refusals", test_game_combat_refusals);
  g_test_add_func ("/close-combat/game/12.23-step4-no-combat-withdraw", test_game_no_combat);
  g_test_add_func ("/close-combat/game/replays-from-the-log", test_game_combat_replays);
  g_test_add_func ("/close-combat/game/12.23-step6-12.62/momentum-rerolls-in-order", test_game_momentum_rerolls);
  g_test_add_func ("/close-combat/game/12.64/full-strength-plus-2-captured-surrenders-momentum", test_game_surrender_momentum);
  g_test_add_func ("/close-combat/game/13.1-dc/defenders-choice-of-the-captured-unit", test_game_dc_choice);
  g_test_add_func ("/close-combat/game/13.3-13.4/end-of-phase-disrupted-and-shattered", test_game_phase_end_disrupted_shattered);
  g_test_add_func ("/close-combat/game/brandywine-3.6.2.3/proctor-released-when-1127-attacked", test_game_proctor_released);
  g_test_add_func ("/close-combat/game/brandywine-4.8/lafayette-removed-after-his-shift", test_game_lafayette_once);
  g_test_add_func ("/close-combat/game/12.23-step9/other-units-advance", test_game_advance_others);
  g_test_add_func ("/cli/combat/game-positions", test_cli_game);
  g_test_add_func ("/close-combat/game/13.1-pin", test_game_pin);
  g_test_add_func ("/close-combat/game/13.1-13.5-other-units-morale-check", test_game_morale_checks);
  g_test_add_func ("/close-combat/game/random-games-replay", test_game_random_replay);
  g_test_add_func ("/close-combat/12.23-step2/unknown-lead-unit", test_unknown_lead);

  return g_test_run ();
}
