/* test-movement-reuse.c: a reach reused from unit to unit answers exactly as
 * a fresh one (issue 15).
 *
 * rdt_movement_reach_into() resets only the per-hex entries the previous
 * search wrote (and the engine only the hexes it closed), so every answer of
 * a reused RdtReach — reachable hexes with costs and flags, the reason and
 * its rule for every hex of the map (9.2, 9.3, 7.2, 8.31, 13.3, 3.1/9.5),
 * paths and 14.33 captures — must equal that of a new RdtReach from a new
 * RdtMovement, on every bundled scenario, for normal and strategic movement
 * and a reduced allowance, in an order that mixes units of both sides. */
#undef G_DISABLE_ASSERT
#include "config.h"

#include <string.h>

#include "redoubt-core.h"

static void
assert_same (RdtScenario    *sc,
             const RdtReach *a,
             const RdtReach *b,
             const char     *what)
{
  RdtHexGrid *grid = rdt_scenario_get_grid (sc);

  if (rdt_reach_get_unit_reason (a) != rdt_reach_get_unit_reason (b) ||
      rdt_reach_get_n_hexes (a) != rdt_reach_get_n_hexes (b))
    g_error ("%s: unit reason %d/%d, %u/%u hexes", what,
             rdt_reach_get_unit_reason (a), rdt_reach_get_unit_reason (b),
             rdt_reach_get_n_hexes (a), rdt_reach_get_n_hexes (b));
  for (guint i = 0; i < rdt_reach_get_n_hexes (a); i++)
    {
      const RdtReachHex *x = rdt_reach_get_hex (a, i), *y = rdt_reach_get_hex (b, i);
      if (x->hex.col != y->hex.col || x->hex.row != y->hex.row ||
          x->cost_halves != y->cost_halves || x->flags != y->flags)
        g_error ("%s: reachable hex %u differs", what, i);
    }
  for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid); i++)
    {
      RdtHex h = rdt_hex_grid_hex_at_index (grid, i);
      g_autoptr(GArray) pa = rdt_reach_dup_path (a, h);
      g_autoptr(GArray) pb = rdt_reach_dup_path (b, h);
      g_autoptr(GPtrArray) ca = rdt_reach_dup_captures (a, h);
      g_autoptr(GPtrArray) cb = rdt_reach_dup_captures (b, h);
      g_autofree char *label = rdt_hex_grid_dup_label (grid, h);

      if (rdt_reach_get_reason (a, h) != rdt_reach_get_reason (b, h))
        g_error ("%s: hex %s: reason %d, fresh %d", what, label,
                 rdt_reach_get_reason (a, h), rdt_reach_get_reason (b, h));
      if (g_strcmp0 (rdt_reach_get_reason_rule (a, h), rdt_reach_get_reason_rule (b, h)) != 0)
        g_error ("%s: hex %s: rule %s, fresh %s", what, label,
                 rdt_reach_get_reason_rule (a, h), rdt_reach_get_reason_rule (b, h));
      if ((pa == NULL) != (pb == NULL) ||
          (pa != NULL && (pa->len != pb->len ||
                          memcmp (pa->data, pb->data, pa->len * sizeof (RdtHex)) != 0)))
        g_error ("%s: hex %s: the paths differ", what, label);
      if ((ca == NULL) != (cb == NULL) || (ca != NULL && ca->len != cb->len))
        g_error ("%s: hex %s: the captures differ", what, label);
    }
}

static void
check_scenario (gconstpointer data)
{
  const char *file = data;
  g_autofree char *path = g_build_filename (g_getenv ("REDOUBT_SOURCE_ROOT"), "scenarios", file, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) sc = rdt_scenario_load_from_file (path, NULL, &error);
  g_autoptr(RdtMovement) mv = NULL;
  g_autoptr(RdtReach) reused = rdt_reach_new ();
  guint n, compared = 0, moving = 0;

  g_assert_no_error (error);
  mv = rdt_movement_new (sc, NULL);
  n = rdt_scenario_get_n_units (sc);
  for (int mode = 0; mode < 3; mode++)
    {
      RdtMoveOptions opts;

      rdt_move_options_init (&opts);
      opts.strategic = mode == 1;
      opts.allowance_halves = mode == 2 ? 3 : -1;
      /* Units from both ends of the list alternately: sides, kinds and
       * states follow each other in every combination. */
      for (guint k = 0; k < n; k++)
        {
          guint u = k % 2 == 0 ? k / 2 : n - 1 - k / 2;
          g_autoptr(RdtMovement) fresh_mv = NULL;
          g_autoptr(RdtReach) fresh = rdt_reach_new ();
          g_autofree char *what = NULL;
          gboolean ok_a, ok_b;

          ok_a = rdt_movement_reach_into (mv, u, &opts, reused, NULL);
          /* A fresh engine only now and then: building one compiles the model. */
          if (k % 16 == 0)
            {
              fresh_mv = rdt_movement_new (sc, NULL);
              ok_b = rdt_movement_reach_into (fresh_mv, u, &opts, fresh, NULL);
            }
          else
            ok_b = rdt_movement_reach_into (mv, u, &opts, fresh, NULL);
          g_assert_cmpint (ok_a, ==, ok_b);
          if (!ok_a)
            continue;
          what = g_strdup_printf ("%s unit %s mode %d", file, rdt_scenario_get_unit (sc, u)->id, mode);
          assert_same (sc, reused, fresh, what);
          compared++;
          moving += rdt_reach_get_n_hexes (fresh) > 0;
        }
    }
  g_test_message ("%s: %u reaches compared, %u with somewhere to go", file, compared, moving);
  g_assert_cmpuint (compared, >, 50);
  g_assert_cmpuint (moving, >, compared / 4);
}

int
main (int    argc,
      char **argv)
{
  static const char *files[] = {
    /* (The Savannah scenarios set units up in areas: none has a hex yet.) */
    "brandywine.redoubt", "brandywine-howes-flank-attack.redoubt",
    "brandywine-knyphausens-feint.redoubt", "germantown.redoubt",
  };

  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *name = g_strdup_printf ("/movement/reuse-9.2/%s", files[i]);
      g_test_add_data_func (name, files[i], check_scenario);
    }
  return g_test_run ();
}
