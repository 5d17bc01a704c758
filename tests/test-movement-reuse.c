/* test-movement-reuse.c: a reach reused from unit to unit answers exactly as
 * a fresh one (issue 15).
 *
 * rdt_movement_reach_into() resets only the per-hex entries the previous
 * search wrote (and the engine only the hexes it closed), so every answer of
 * a reused RdtReach — reachable hexes with costs and flags, the reason and
 * its rule for every hex of the map (9.2, 9.3, 7.2, 8.31, 13.3, 3.1/9.5),
 * paths and 14.33 captures — must equal that of a new RdtReach from a new
 * RdtMovement, on every bundled scenario, for normal and strategic movement
 * and a reduced allowance, in an order that mixes units of both sides.
 *
 * The volumes' <restriction>s (Brandywine 3.6.1, 3.6.2, 3.3.1-3.3.3, 4.1,
 * 7.1.3.1, 7.2.1.5; Germantown 3.1.1, 3.2.3, 3.3, 3.4, 3.10.1) mark per-hex
 * arrays of the engine (forbid, forbid_rule, forbid_undecided) and of the
 * reach (rule_index, undecided): each scenario is run with no game context
 * (rules not decided) and with several turns, weathers and releases (rules
 * on and off), and with caller stacking restrictions (Savannah 4.1 style,
 * pass-only and no-pass), so that the undecided answers (per hex and for
 * the whole move) and the restriction reasons and rules are compared too.
 * Units set up in areas are set in hexes of their areas so that the
 * at-start rules bind; a synthetic volume (load_synthetic()) numbers the
 * same hexes' rules differently from mover to mover; and one pass runs with
 * the leaders off the map before they come back (14.33, an edit between
 * searches of the same engine). */
#undef G_DISABLE_ASSERT
#include "config.h"

#include <string.h>

#include "redoubt-core.h"

typedef struct {
  guint compared;
  guint moving;
  guint unit_undecided;     /* reaches a rule not decided may stop */
  guint hex_undecided;      /* hexes a rule not decided may close */
  guint restricted;         /* hexes a decided <restriction> closes */
  guint stacking;           /* hexes a stacking restriction closes */
} Stats;

/* The hex's label, for a failure message only (g_error() aborts). */
#define LABEL rdt_hex_grid_dup_label (grid, h)

static void
assert_same (RdtScenario    *sc,
             const RdtReach *a,
             const RdtReach *b,
             const char     *what,
             Stats          *stats)
{
  RdtHexGrid *grid = rdt_scenario_get_grid (sc);

  const char *ra = NULL, *rb = NULL;
  RdtDepends da = RDT_DEPENDS_NOTHING, db = RDT_DEPENDS_NOTHING;
  gboolean ua, ub;

  if (rdt_reach_get_unit_reason (a) != rdt_reach_get_unit_reason (b) ||
      rdt_reach_get_n_hexes (a) != rdt_reach_get_n_hexes (b))
    g_error ("%s: unit reason %d/%d, %u/%u hexes", what,
             rdt_reach_get_unit_reason (a), rdt_reach_get_unit_reason (b),
             rdt_reach_get_n_hexes (a), rdt_reach_get_n_hexes (b));
  if (g_strcmp0 (rdt_reach_get_unit_rule (a), rdt_reach_get_unit_rule (b)) != 0)
    g_error ("%s: unit rule %s, fresh %s", what, rdt_reach_get_unit_rule (a), rdt_reach_get_unit_rule (b));
  ua = rdt_reach_get_undecided (a, NULL, &ra, &da);
  ub = rdt_reach_get_undecided (b, NULL, &rb, &db);
  if (ua != ub || g_strcmp0 (ra, rb) != 0 || da != db)
    g_error ("%s: undecided for the move %s (%d), fresh %s (%d)", what, ra, da, rb, db);
  if (ua)
    stats->unit_undecided++;
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
      RdtReachHex ea = { { 0, 0 }, 0, 0 }, eb = { { 0, 0 }, 0, 0 };
      RdtMoveReason why;

      if (rdt_reach_lookup (a, h, &ea) != rdt_reach_lookup (b, h, &eb) ||
          ea.cost_halves != eb.cost_halves || ea.flags != eb.flags)
        g_error ("%s: hex %s: lookup differs", what, LABEL);
      ra = rb = NULL;
      da = db = RDT_DEPENDS_NOTHING;
      ua = rdt_reach_get_undecided (a, &h, &ra, &da);
      ub = rdt_reach_get_undecided (b, &h, &rb, &db);
      if (ua != ub || g_strcmp0 (ra, rb) != 0 || da != db)
        g_error ("%s: hex %s: undecided %s (%d), fresh %s (%d)", what, LABEL, ra, da, rb, db);
      stats->hex_undecided += ua;
      why = rdt_reach_get_reason (b, h);
      stats->restricted += why == RDT_MOVE_REASON_RESTRICTED_ENTER || why == RDT_MOVE_REASON_RESTRICTED_END ||
                           why == RDT_MOVE_REASON_END_WITH;
      stats->stacking += why == RDT_MOVE_REASON_VOLUME_STACKING;
      if (rdt_reach_get_reason (a, h) != rdt_reach_get_reason (b, h))
        g_error ("%s: hex %s: reason %d, fresh %d", what, LABEL,
                 rdt_reach_get_reason (a, h), rdt_reach_get_reason (b, h));
      if (g_strcmp0 (rdt_reach_get_reason_rule (a, h), rdt_reach_get_reason_rule (b, h)) != 0)
        g_error ("%s: hex %s: rule %s, fresh %s", what, LABEL,
                 rdt_reach_get_reason_rule (a, h), rdt_reach_get_reason_rule (b, h));
      if ((pa == NULL) != (pb == NULL) ||
          (pa != NULL && (pa->len != pb->len ||
                          memcmp (pa->data, pb->data, pa->len * sizeof (RdtHex)) != 0)))
        g_error ("%s: hex %s: the paths differ", what, LABEL);
      if ((ca == NULL) != (cb == NULL) || (ca != NULL && ca->len != cb->len))
        g_error ("%s: hex %s: the captures differ", what, LABEL);
    }
}

/* What the referee is told (rdt-game-context.h): nothing; turn 1 and no
 * release (Brandywine 3.6.1 on, Germantown 3.3 and 3.1.1 on); turn 2 and the
 * releases not told (3.6.1 not decided); turn 4 and the weather not told
 * (Germantown 3.1.1 not decided), Greene released (3.6.1.1); turn 5 in dense
 * fog with Sullivan released; turn 6 (3.6.1 off, 7.2.1.5 on arrival). */
static const char *const no_release[] = { NULL };
static const char *const greene[] = { "greene", NULL };
static const char *const sullivan[] = { "sullivan", "delaware-blues", NULL };

static const RdtGameContext *
context_at (guint i)
{
  static RdtGameContext contexts[5];
  static gboolean done;

  if (!done)
    {
      for (guint c = 0; c < G_N_ELEMENTS (contexts); c++)
        rdt_game_context_init (&contexts[c]);
      contexts[0].turn = 1;
      contexts[0].released = no_release;
      contexts[1].turn = 2;
      contexts[2].turn = 4;
      contexts[2].released = greene;
      contexts[3].turn = 5;
      contexts[3].weather = "dense-fog";
      contexts[3].released = sullivan;
      contexts[4].turn = 6;
      contexts[4].weather = "clear";
      contexts[4].released = no_release;
      done = TRUE;
    }
  return i == 0 ? NULL : &contexts[i - 1];
}
#define N_CONTEXTS 6

/* A volume whose <restriction>s give the same hexes different rule indices
 * from one mover to the next: an American finds a decided rule (no-end in
 * the north, 1.1) before the undecided one (1.2, outside the camp), a
 * British unit an undecided one (1.3, the east) first, so a per-hex rule
 * index left over from the previous search names the wrong rule.
 * All kinds of restriction the movement reads per hex are there: no-enter
 * and no-end decided and not, may-pass-overstacked, end-with, no-end-with
 * passing or not, no-minimum-move, off-road-penalty, no-move. */
static RdtScenario *
load_synthetic (void)
{
  g_autoptr(GString) xml = g_string_new (NULL);
  g_autoptr(GString) camp = g_string_new (NULL), west = g_string_new (NULL);
  g_autoptr(GString) east = g_string_new (NULL), north = g_string_new (NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed (15);
  g_autoptr(GPtrArray) diags = g_ptr_array_new_with_free_func ((GDestroyNotify) rdt_diagnostic_free);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  gboolean used[15][15] = { { FALSE } };
  RdtScenario *sc;

  for (int c = 1; c <= 14; c++)
    for (int r = 1; r <= 14; r++)
      {
        if (c >= 3 && c <= 8 && r >= 3 && r <= 11)
          g_string_append_printf (camp, " %02d%02d", c, r);
        if (c <= 9)
          g_string_append_printf (west, " %02d%02d", c, r);
        if (c >= 10)
          g_string_append_printf (east, " %02d%02d", c, r);
        if (r <= 4)
          g_string_append_printf (north, " %02d%02d", c, r);
      }
  g_string_append (xml,
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<scenario xmlns=\"urn:x-redoubt:format\" format-version=\"1\" id=\"reuse\">\n"
    "  <title>Reuse</title>\n"
    "  <volume id=\"reuse\">\n"
    "    <title>Reuse</title>\n"
    "    <series-rules edition=\"current\"/>\n"
    "    <stacking max-sp=\"6\" max-artillery=\"1\" rule=\"7.1\"/>\n"
    "    <terrain id=\"clear\" name=\"Clear\" mp=\"1\"/>\n"
    "    <terrain id=\"woods\" name=\"Woods\" mp=\"2\"/>\n"
    "    <terrain id=\"swamp\" name=\"Swamp\" mp=\"3\"/>\n"
    "    <hexside-type id=\"road\" name=\"Road\" kind=\"road\" mp=\"1\" strategic=\"true\"/>\n"
    "    <restriction id=\"north-end\" effect=\"no-end\" side=\"american\" area=\"north\" rule=\"Test 1.1\"/>\n"
    "    <restriction id=\"camp\" effect=\"no-enter\" side=\"american\" placement=\"at-start\" area=\"camp\" "
    "outside=\"true\" turns=\"1-5\" until-released=\"sullivan\" rule=\"Test 1.2\"/>\n"
    "    <restriction id=\"west\" effect=\"no-enter\" side=\"british\" area=\"west\" outside=\"true\" "
    "turns=\"1-3\" rule=\"Test 1.3\"/>\n"
    "    <restriction id=\"camp-end\" effect=\"no-end\" side=\"british\" area=\"camp\" turns=\"2-4\" rule=\"Test 1.4\"/>\n"
    "    <restriction id=\"battery\" effect=\"may-pass-overstacked\" side=\"american\" kinds=\"artillery\" "
    "area=\"east\" rule=\"Test 1.5\"/>\n"
    "    <restriction id=\"with\" effect=\"end-with\" units=\"a1 a3\" with-kinds=\"light-infantry\" rule=\"Test 1.6\"/>\n"
    "    <restriction id=\"no-with\" effect=\"no-end-with\" side=\"british\" kinds=\"infantry\" with-units=\"hessian\" "
    "with-combat=\"true\" may-retreat=\"true\" rule=\"Test 1.7\"/>\n"
    "    <restriction id=\"no-pass\" effect=\"no-end-with\" units=\"a5 a7 a9\" with-units=\"militia\" may-pass=\"false\" "
    "rule=\"Test 1.8\"/>\n"
    "    <restriction id=\"no-min\" effect=\"no-minimum-move\" terrain=\"swamp\" rule=\"Test 1.9\"/>\n"
    "    <restriction id=\"fog\" effect=\"off-road-penalty\" turns=\"4-6\" weather=\"dense-fog\" rule=\"Test 1.10\"/>\n"
    "    <restriction id=\"north\" effect=\"no-move\" side=\"british\" area=\"north\" turns=\"1\" rule=\"Test 1.11\"/>\n"
    "  </volume>\n"
    "  <map default-terrain=\"clear\">\n"
    "    <grid columns=\"14\" rows=\"14\" first-column=\"1\" first-row=\"1\" orientation=\"flat-top\" shift=\"odd\"/>\n");
  for (int c = 1; c <= 14; c++)
    for (int r = 1; r <= 14; r++)
      {
        double x = g_rand_double (rand);
        if (x < 0.15)
          g_string_append_printf (xml, "    <hex at=\"%02d%02d\" terrain=\"woods\"/>\n", c, r);
        else if (x < 0.22)
          g_string_append_printf (xml, "    <hex at=\"%02d%02d\" terrain=\"swamp\"/>\n", c, r);
      }
  for (int r = 1; r < 14; r++)
    g_string_append_printf (xml, "    <hexside at=\"07%02d|07%02d\" road=\"road\"/>\n", r, r + 1);
  g_string_append_printf (xml,
    "    <area id=\"camp\" name=\"Camp\">%s</area>\n    <area id=\"west\" name=\"West\">%s</area>\n"
    "    <area id=\"east\" name=\"East\">%s</area>\n    <area id=\"north\" name=\"North\">%s</area>\n"
    "  </map>\n"
    "  <sides>\n    <side id=\"british\" name=\"British\"/>\n    <side id=\"american\" name=\"American\"/>\n  </sides>\n"
    "  <turns first=\"1\" count=\"12\"/>\n  <units>\n",
    camp->str + 1, west->str + 1, east->str + 1, north->str + 1);
  for (int i = 0; i < 64; i++)
    {
      gboolean american = i % 2 == 1;
      const char *kind = i % 5 == 0 ? "artillery" : i % 7 == 3 ? "light-infantry" : "infantry";
      const char *nat = american ? (i % 4 == 1 ? "militia" : "continental") : (i % 4 == 0 ? "hessian" : "british");
      int c, r;

      do
        {
          c = g_rand_int_range (rand, 1, 15);
          r = g_rand_int_range (rand, 1, 15);
        }
      while (used[c][r]);
      used[c][r] = TRUE;
      g_string_append_printf (xml,
        "    <unit id=\"%c%d\" name=\"Unit %d\" side=\"%s\" nationality=\"%s\" kind=\"%s\" movement=\"%d\">"
        "<step strength=\"%d\" morale=\"0\"/><setup hex=\"%02d%02d\"%s/></unit>\n",
        american ? 'a' : 'b', i, i, american ? "american" : "british", nat, kind, 3 + i % 4,
        1 + i % 4, c, r, i % 11 == 6 ? " status=\"disrupted\"" : "");
    }
  g_string_append (xml, "  </units>\n</scenario>\n");
  bytes = g_bytes_new (xml->str, xml->len);
  sc = rdt_scenario_load_from_bytes (bytes, "reuse.redoubt", diags, &error);
  g_assert_no_error (error);
  g_assert_nonnull (sc);
  for (guint i = 0; i < diags->len; i++)
    {
      const RdtDiagnostic *d = g_ptr_array_index (diags, i);
      if (d->severity == RDT_SEVERITY_ERROR)
        g_error ("reuse.redoubt:%d: %s", d->line, d->message);
    }
  return sc;
}

/* Sets every unit set up in an area (area deployment) in a hex of its area,
 * spread over the area, so that the at-start units the exclusive rules bind
 * (Brandywine 3.6.1 bivouac, 3.6.2.2, 3.6.2.3, 4.1; Germantown 3.3) move. */
static guint
deploy_areas (RdtScenario *sc)
{
  guint n = rdt_scenario_get_n_units (sc), deployed = 0;
  g_autoptr(GHashTable) used = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < n; i++)
    {
      RdtUnit *u = rdt_scenario_get_unit (sc, i);
      const RdtArea *area;
      RdtPlacement at = { 0 };
      guint j;
      g_autoptr(GError) error = NULL;

      if (u->placement.kind != RDT_PLACEMENT_AREA)
        continue;
      area = rdt_scenario_find_area (sc, u->placement.area);
      g_assert_nonnull (area);
      g_assert_cmpuint (area->hexes->len, >, 0);
      j = GPOINTER_TO_UINT (g_hash_table_lookup (used, area->id));
      g_hash_table_insert (used, area->id, GUINT_TO_POINTER (j + 1));
      at.kind = RDT_PLACEMENT_HEX;
      at.hex = g_array_index (area->hexes, RdtHex, (j * 7) % area->hexes->len);
      g_assert_true (rdt_scenario_move_unit (sc, u->id, &at, NULL, &error));
      g_assert_no_error (error);
      deployed++;
    }
  return deployed;
}

/* Takes every leader off the map (14.33: nobody to capture), remembering
 * where each was in @held (unit id -> RdtPlacement*). */
static void
hold_leaders (RdtScenario *sc,
              GHashTable  *held)
{
  for (guint i = 0; i < rdt_scenario_get_n_units (sc); i++)
    {
      RdtUnit *u = rdt_scenario_get_unit (sc, i);
      RdtPlacement off = { 0 }, *old;
      g_autoptr(GError) error = NULL;

      if (!rdt_unit_is_leader (u) || u->placement.kind == RDT_PLACEMENT_UNUSED)
        continue;
      old = g_new0 (RdtPlacement, 1);
      off.kind = RDT_PLACEMENT_UNUSED;
      g_assert_true (rdt_scenario_move_unit (sc, u->id, &off, old, &error));
      g_assert_no_error (error);
      g_hash_table_insert (held, g_strdup (u->id), old);
    }
}

static void
placement_free (gpointer p)
{
  rdt_placement_clear (p);
  g_free (p);
}

static void
restore_leaders (RdtScenario *sc,
                 GHashTable  *held)
{
  GHashTableIter it;
  gpointer id, at;

  g_hash_table_iter_init (&it, held);
  while (g_hash_table_iter_next (&it, &id, &at))
    {
      g_autoptr(GError) error = NULL;
      g_assert_true (rdt_scenario_move_unit (sc, id, at, NULL, &error));
      g_assert_no_error (error);
    }
  g_hash_table_remove_all (held);
}

static void
check_scenario (gconstpointer data)
{
  const char *file = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) sc = NULL;
  RdtMoveRules *stacking = rdt_move_rules_new ();
  g_autoptr(RdtReach) reused = rdt_reach_new ();
  static const char *const british[] = { "british", NULL }, *const hessian[] = { "hessian", NULL };
  static const char *const continental[] = { "continental", NULL }, *const militia[] = { "militia", NULL };
  Stats stats = { 0 };
  g_autoptr(GHashTable) held = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, placement_free);
  guint n;

  if (strcmp (file, "synthetic") == 0)
    sc = load_synthetic ();
  else
    {
      g_autofree char *path = g_build_filename (g_getenv ("REDOUBT_SOURCE_ROOT"), "scenarios", file, NULL);

      sc = rdt_scenario_load_from_file (path, NULL, &error);
      g_assert_no_error (error);
    }
  /* Caller stacking restrictions (Savannah 4.1 style) between nationalities
   * the scenarios have: pass only, and not even passing. */
  rdt_move_rules_add_stacking_restriction (stacking, "Savannah 4.1", british, hessian, NULL, TRUE, TRUE);
  rdt_move_rules_add_stacking_restriction (stacking, "Savannah 4.1", continental, militia, NULL, FALSE, TRUE);
  g_test_message ("%s: %u units deployed in their areas", file, deploy_areas (sc));
  n = rdt_scenario_get_n_units (sc);
  for (int with_rules = 0; with_rules < 2; with_rules++)
    {
      const RdtMoveRules *rules = with_rules ? stacking : NULL;
      g_autoptr(RdtMovement) mv = rdt_movement_new (sc, rules);

      for (int mode = with_rules ? 0 : -1; mode < 3; mode++)
        for (guint pass = 0; pass < N_CONTEXTS; pass++)
          {
            /* Without the caller's rules every context; with them two. */
            if (with_rules && pass >= 2)
              break;
            /* 14.33: first one pass with the leaders off the map, then with
             * them back: an edit between searches of the same engine (the
             * model is compiled again, and whether an enemy leader is on
             * the map is not the old snapshot's answer). */
            if (mode == -1 && pass == 0)
              hold_leaders (sc, held);
            else if (mode == -1)
              break;
            else if (g_hash_table_size (held) > 0)
              restore_leaders (sc, held);
            /* Units from both ends of the list alternately: sides, kinds and
             * states follow each other in every combination, and so do the
             * game contexts (one search's restrictions on, the next's not
             * decided or off). */
            for (guint k = 0; k < n; k++)
              {
                guint u = k % 2 == 0 ? k / 2 : n - 1 - k / 2;
                g_autoptr(RdtMovement) fresh_mv = NULL;
                g_autoptr(RdtReach) fresh = rdt_reach_new ();
                g_autofree char *what = NULL;
                RdtMoveOptions opts;
                gboolean ok_a, ok_b;

                rdt_move_options_init (&opts);
                opts.strategic = mode == 1;
                /* (mode -1: normal movement, leaders held back.) */
                opts.allowance_halves = mode == 2 ? 3 : -1;
                opts.context = context_at ((k + pass) % N_CONTEXTS);
                ok_a = rdt_movement_reach_into (mv, u, &opts, reused, NULL);
                /* A fresh engine every third unit (building one compiles
                 * the model); a fresh reach always. */
                if (k % 3 == 0)
                  {
                    fresh_mv = rdt_movement_new (sc, rules);
                    ok_b = rdt_movement_reach_into (fresh_mv, u, &opts, fresh, NULL);
                  }
                else
                  ok_b = rdt_movement_reach_into (mv, u, &opts, fresh, NULL);
                g_assert_cmpint (ok_a, ==, ok_b);
                if (!ok_a)
                  continue;
                what = g_strdup_printf ("%s unit %s mode %d context %u%s", file,
                                        rdt_scenario_get_unit (sc, u)->id, mode,
                                        (k + pass) % N_CONTEXTS, with_rules ? " stacking rules" : "");
                assert_same (sc, reused, fresh, what, &stats);
                stats.compared++;
                stats.moving += rdt_reach_get_n_hexes (fresh) > 0;
              }
          }
    }
  rdt_move_rules_free (stacking);
  g_test_message ("%s: %u reaches compared, %u with somewhere to go; undecided: %u moves, %u hexes; "
                  "closed by a restriction: %u hexes, by stacking: %u",
                  file, stats.compared, stats.moving, stats.unit_undecided, stats.hex_undecided,
                  stats.restricted, stats.stacking);
  g_assert_cmpuint (stats.compared, >, 50);
  g_assert_cmpuint (stats.moving, >, stats.compared / 4);
  /* The restriction arrays were exercised. */
  g_assert_cmpuint (stats.hex_undecided + stats.unit_undecided, >, 0);
  g_assert_cmpuint (stats.restricted, >, 0);
  g_assert_cmpuint (stats.stacking, >, 0);
}

int
main (int    argc,
      char **argv)
{
  static const char *files[] = {
    /* (The Savannah scenarios set units up in areas: none has a hex yet.) */
    "brandywine.redoubt", "brandywine-howes-flank-attack.redoubt",
    "brandywine-knyphausens-feint.redoubt", "brandywine-short-campaign.redoubt",
    "germantown.redoubt",
    /* The volume above (load_synthetic()). */
    "synthetic",
  };

  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *name = g_strdup_printf ("/movement/reuse-9.2/%s", files[i]);
      g_test_add_data_func (name, files[i], check_scenario);
    }
  return g_test_run ();
}
