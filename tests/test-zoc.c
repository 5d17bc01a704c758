/* test-zoc.c: zones of control, Series Rules 8.1 to 8.2 (and 8.31, 12.7, 3.1
 * Surrounded, Brandywine 3.8 and 4.5.4, Germantown 3.10.1, Savannah 4.19). */
#undef G_DISABLE_ASSERT
#include "config.h"

#include <string.h>

#include "redoubt-core.h"

#define H(c, r) ((RdtHex) { (c), (r) })

static RdtBoard *
make_board (void)
{
  RdtGridSettings s = { 10, 10, 1, 1, RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD };
  g_autoptr (GError) error = NULL;
  g_autoptr (RdtHexGrid) grid = rdt_hex_grid_new (&s, &error);
  RdtBoard *board;

  g_assert_no_error (error);
  board = rdt_board_new (grid);
  rdt_board_add_side (board, "British");
  rdt_board_add_side (board, "American");
  return board;
}

static int
add_unit (RdtBoard          *board,
          RdtHex             hex,
          int                side,
          guint              flags,
          RdtBoardUnitState  state)
{
  g_autoptr (GError) error = NULL;
  RdtBoardUnit u = { NULL, hex, side, state, flags, 0, NULL };
  int index = rdt_board_add_unit (board, &u, &error);

  g_assert_no_error (error);
  return index;
}

static RdtHex
nb (RdtBoard *board,
    RdtHex    hex,
    int       dir)
{
  return rdt_hex_grid_neighbour (rdt_board_get_grid (board), hex, dir);
}

static guint
zoc_count (RdtBoard *board,
           int       side,
           RdtHex    hex)
{
  RdtZocMap *map = rdt_zoc_map_new (board, side);
  guint n = rdt_zoc_map_get_count (map, hex);
  rdt_zoc_map_free (map);
  return n;
}

static void
test_8_1_six_hexes (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  RdtHexGrid *grid = rdt_board_get_grid (board);
  RdtZocMap *map;
  guint covered = 0;

  /* "All Parade Order combat units exert a ZOC into all six adjacent hexes." */
  add_unit (board, H (5, 5), 0, RDT_BOARD_UNIT_COMBAT, RDT_UNIT_STATE_PARADE_ORDER);
  map = rdt_zoc_map_new (board, 0);
  for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid); i++)
    {
      RdtHex h = rdt_hex_grid_hex_at_index (grid, i);
      guint n = rdt_zoc_map_get_count (map, h);
      g_assert_cmpuint (n, ==, rdt_hex_grid_distance (grid, h, H (5, 5)) == 1 ? 1 : 0);
      covered += n;
      g_assert_false (rdt_zoc_map_get_rifle (map, h));
    }
  g_assert_cmpuint (covered, ==, 6);
  g_assert_cmpint (rdt_zoc_unit_into (board, 0, H (5, 4)), ==, RDT_ZOC_REASON_EXERTS);
  g_assert_cmpint (rdt_zoc_unit_into (board, 0, H (5, 3)), ==, RDT_ZOC_REASON_NOT_ADJACENT);
  rdt_zoc_map_free (map);
  /* The other side's map is empty. */
  g_assert_cmpuint (zoc_count (board, 1, H (5, 4)), ==, 0);
}

static void
test_8_1_disrupted_shattered (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  int u = add_unit (board, H (5, 5), 0, RDT_BOARD_UNIT_COMBAT, RDT_UNIT_STATE_DISRUPTED);

  /* "A unit loses its ZOC while it is disrupted or shattered." */
  g_assert_cmpuint (zoc_count (board, 0, H (5, 4)), ==, 0);
  g_assert_cmpint (rdt_zoc_unit_into (board, u, H (5, 4)), ==, RDT_ZOC_REASON_NOT_PARADE_ORDER);
  rdt_board_set_unit_state (board, u, RDT_UNIT_STATE_SHATTERED);
  g_assert_cmpuint (zoc_count (board, 0, H (5, 4)), ==, 0);
  /* A volume state such as panicked or lost. */
  rdt_board_set_unit_state (board, u, RDT_UNIT_STATE_NO_ZOC);
  g_assert_cmpuint (zoc_count (board, 0, H (5, 4)), ==, 0);
  g_assert_cmpint (rdt_zoc_unit_into (board, u, H (5, 4)), ==, RDT_ZOC_REASON_STATE_NO_ZOC);
  /* "The ZOC is restored if the unit rallies to Parade Order." */
  rdt_board_set_unit_state (board, u, RDT_UNIT_STATE_PARADE_ORDER);
  g_assert_cmpuint (zoc_count (board, 0, H (5, 4)), ==, 1);
}

static void
test_8_1_combat_units_only (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  int leader = add_unit (board, H (5, 5), 0, 0, RDT_UNIT_STATE_PARADE_ORDER);

  g_assert_cmpuint (zoc_count (board, 0, H (5, 4)), ==, 0);
  g_assert_cmpint (rdt_zoc_unit_into (board, leader, H (5, 4)), ==, RDT_ZOC_REASON_NOT_COMBAT_UNIT);
}

static void
test_8_1_ford_and_creek (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  g_autoptr (GError) error = NULL;
  int u = add_unit (board, H (5, 5), 0, RDT_BOARD_UNIT_COMBAT, RDT_UNIT_STATE_PARADE_ORDER);

  /* "ZOCs do extend across Ford and non-Ford Creek hexsides." */
  rdt_board_add_water (board, H (5, 5), H (5, 4), TRUE, &error);
  g_assert_no_error (error);
  rdt_board_add_water (board, H (5, 5), H (5, 6), FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (zoc_count (board, 0, H (5, 4)), ==, 1);
  g_assert_cmpuint (zoc_count (board, 0, H (5, 6)), ==, 1);
  g_assert_cmpint (rdt_zoc_unit_into (board, u, H (5, 4)), ==, RDT_ZOC_REASON_EXERTS_ACROSS_WATER);
  g_assert_cmpint (rdt_zoc_unit_into (board, u, H (5, 6)), ==, RDT_ZOC_REASON_EXERTS_ACROSS_WATER);
}

typedef struct {
  const char *terrain;
} TerrainCase;

static void
test_out_of_not_into_terrain (gconstpointer data)
{
  const TerrainCase *tc = data;
  g_autoptr (RdtBoard) board = make_board ();
  g_autoptr (GError) error = NULL;
  int a, b;

  /* 8.1 Exception: "A ZOC extends out of, but not into, light forest/orchard,
   * heavy forest..."; the exclusive rules add their terrain through data. */
  rdt_board_set_hex (board, H (5, 4), tc->terrain, RDT_BOARD_HEX_NO_ZOC_INTO, &error);
  g_assert_no_error (error);
  a = add_unit (board, H (5, 5), 0, RDT_BOARD_UNIT_COMBAT, RDT_UNIT_STATE_PARADE_ORDER);
  b = add_unit (board, H (5, 4), 1, RDT_BOARD_UNIT_COMBAT, RDT_UNIT_STATE_PARADE_ORDER);
  g_assert_cmpint (rdt_zoc_unit_into (board, a, H (5, 4)), ==, RDT_ZOC_REASON_INTO_TERRAIN);
  g_assert_cmpuint (zoc_count (board, 0, H (5, 4)), ==, 0);
  /* Out of it: yes. */
  g_assert_cmpint (rdt_zoc_unit_into (board, b, H (5, 5)), ==, RDT_ZOC_REASON_EXERTS);
  g_assert_cmpuint (zoc_count (board, 1, H (5, 5)), ==, 1);
  g_assert_cmpuint (zoc_count (board, 1, H (5, 3)), ==, 1);
}

static void
test_8_1_fieldworks (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  g_autoptr (GError) error = NULL;
  int inside, outside;

  /* 8.1 Exception and 3.1 "Out of Fieldworks: An attack or ZOC which crosses a
   * fieldworks hexside from the hex which contains the fieldworks symbol". */
  rdt_board_add_fieldwork (board, H (5, 5), H (5, 4), FALSE, &error);
  g_assert_no_error (error);
  inside = add_unit (board, H (5, 5), 0, RDT_BOARD_UNIT_COMBAT, RDT_UNIT_STATE_PARADE_ORDER);
  outside = add_unit (board, H (5, 4), 1, RDT_BOARD_UNIT_COMBAT, RDT_UNIT_STATE_PARADE_ORDER);
  g_assert_cmpint (rdt_zoc_unit_into (board, inside, H (5, 4)), ==, RDT_ZOC_REASON_EXERTS_OUT_OF_FIELDWORKS);
  g_assert_cmpint (rdt_zoc_unit_into (board, outside, H (5, 5)), ==, RDT_ZOC_REASON_INTO_FIELDWORKS);
  g_assert_cmpuint (zoc_count (board, 1, H (5, 5)), ==, 0);
  g_assert_cmpuint (zoc_count (board, 0, H (5, 4)), ==, 1);
  /* The outside unit still projects into its other neighbours. */
  g_assert_cmpuint (zoc_count (board, 1, H (5, 3)), ==, 1);
  /* 8.1 says nothing of breaches: a breached fieldwork still stops it. */
  {
    g_autoptr (RdtBoard) b2 = make_board ();
    int o;
    rdt_board_add_fieldwork (b2, H (5, 5), H (5, 4), TRUE, &error);
    g_assert_no_error (error);
    o = add_unit (b2, H (5, 4), 1, RDT_BOARD_UNIT_COMBAT, RDT_UNIT_STATE_PARADE_ORDER);
    g_assert_cmpint (rdt_zoc_unit_into (b2, o, H (5, 5)), ==, RDT_ZOC_REASON_INTO_FIELDWORKS);
  }
}

static void
test_8_31_rifle_and_amusette (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  RdtZocMap *map;

  /* 8.31: "+1 MP to enter or exit an enemy rifle unit's ZOC"; Brandywine
   * 4.5.4: "Amusettes exert a ZOC in the standard way. Unlike rifle units,
   * there is no additional movement point cost". */
  add_unit (board, H (2, 2), 0, RDT_BOARD_UNIT_COMBAT | RDT_BOARD_UNIT_RIFLE, RDT_UNIT_STATE_PARADE_ORDER);
  add_unit (board, H (7, 7), 0, RDT_BOARD_UNIT_AMUSETTE, RDT_UNIT_STATE_PARADE_ORDER);
  map = rdt_zoc_map_new (board, 0);
  g_assert_cmpuint (rdt_zoc_map_get_count (map, H (2, 3)), ==, 1);
  g_assert_true (rdt_zoc_map_get_rifle (map, H (2, 3)));
  g_assert_cmpuint (rdt_zoc_map_get_count (map, H (7, 8)), ==, 1);
  g_assert_false (rdt_zoc_map_get_rifle (map, H (7, 8)));
  rdt_zoc_map_free (map);
}

static void
test_enemy_units_into (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  g_autoptr (GArray) units = NULL;
  int e1, e2;

  e1 = add_unit (board, H (5, 4), 1, RDT_BOARD_UNIT_COMBAT, RDT_UNIT_STATE_PARADE_ORDER);
  add_unit (board, H (5, 6), 0, RDT_BOARD_UNIT_COMBAT, RDT_UNIT_STATE_PARADE_ORDER);
  e2 = add_unit (board, H (4, 5), 1, RDT_BOARD_UNIT_COMBAT, RDT_UNIT_STATE_PARADE_ORDER);
  add_unit (board, H (6, 5), 1, RDT_BOARD_UNIT_COMBAT, RDT_UNIT_STATE_DISRUPTED);
  units = rdt_zoc_enemy_units_into (board, H (5, 5), 0);
  g_assert_cmpuint (units->len, ==, 2);
  g_assert_cmpuint (g_array_index (units, guint, 0), ==, (guint) e1);
  g_assert_cmpuint (g_array_index (units, guint, 1), ==, (guint) e2);
}

static void
test_surrounded (void)
{
  RdtZocSurrounded detail;

  /* 3.1 Surrounded: "When enemy units or their ZOC occupy all six hexes
   * adjacent to a unit." Enemies in three alternate neighbours; their ZOCs
   * cover the other three. */
  {
    g_autoptr (RdtBoard) board = make_board ();
    add_unit (board, H (5, 5), 0, RDT_BOARD_UNIT_COMBAT, RDT_UNIT_STATE_PARADE_ORDER);
    for (int d = 0; d < 6; d += 2)
      add_unit (board, nb (board, H (5, 5), d), 1, RDT_BOARD_UNIT_COMBAT, RDT_UNIT_STATE_PARADE_ORDER);
    g_assert_true (rdt_zoc_is_surrounded (board, H (5, 5), 0, &detail));
    for (int d = 0; d < 6; d++)
      g_assert_cmpint (detail.what[d], ==, d % 2 ? RDT_ZOC_ADJ_ENEMY_ZOC : RDT_ZOC_ADJ_ENEMY_UNIT);
    g_assert_cmpstr (detail.rules, ==, "3.1 Surrounded, 8.2");

    /* 8.2: "A combat unit negates an enemy ZOC in its hex for the purpose of
     * the surrounded Close Combat modifier" -- even a disrupted one. */
    add_unit (board, nb (board, H (5, 5), 3), 0, RDT_BOARD_UNIT_COMBAT, RDT_UNIT_STATE_DISRUPTED);
    g_assert_false (rdt_zoc_is_surrounded (board, H (5, 5), 0, &detail));
    g_assert_cmpint (detail.what[3], ==, RDT_ZOC_ADJ_NEGATED);
  }
  /* Disrupted enemies still occupy their hexes but project no ZOC. */
  {
    g_autoptr (RdtBoard) board = make_board ();
    for (int d = 0; d < 6; d += 2)
      add_unit (board, nb (board, H (5, 5), d), 1, RDT_BOARD_UNIT_COMBAT, RDT_UNIT_STATE_DISRUPTED);
    g_assert_false (rdt_zoc_is_surrounded (board, H (5, 5), 0, &detail));
    g_assert_cmpint (detail.what[0], ==, RDT_ZOC_ADJ_ENEMY_UNIT);
    g_assert_cmpint (detail.what[1], ==, RDT_ZOC_ADJ_OPEN);
  }
}

static void
test_8_2_not_for_retreat (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  g_autoptr (GArray) units = NULL;

  /* 8.2: "It does not negate an enemy ZOC in its hex for retreat purposes
   * (13.22)": the ZOC map and the list of projecting units keep it. */
  add_unit (board, H (5, 4), 1, RDT_BOARD_UNIT_COMBAT, RDT_UNIT_STATE_PARADE_ORDER);
  add_unit (board, H (5, 5), 0, RDT_BOARD_UNIT_COMBAT, RDT_UNIT_STATE_PARADE_ORDER);
  g_assert_cmpuint (zoc_count (board, 1, H (5, 5)), ==, 1);
  units = rdt_zoc_enemy_units_into (board, H (5, 5), 0);
  g_assert_cmpuint (units->len, ==, 1);
}

static void
test_12_7_prohibited_terrain (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  g_autoptr (GError) error = NULL;
  RdtZocSurrounded detail;

  /* Older 12.7: "occupied by enemy units, enemy ZOCs or prohibited terrain".
   * Enemies in neighbours 0 and 2 cover 5, 1 and 3; neighbour 4 is
   * prohibited terrain. */
  add_unit (board, nb (board, H (5, 5), 0), 1, RDT_BOARD_UNIT_COMBAT, RDT_UNIT_STATE_PARADE_ORDER);
  add_unit (board, nb (board, H (5, 5), 2), 1, RDT_BOARD_UNIT_COMBAT, RDT_UNIT_STATE_PARADE_ORDER);
  rdt_board_set_hex (board, nb (board, H (5, 5), 4), "swamp", RDT_BOARD_HEX_PROHIBITED, &error);
  g_assert_no_error (error);
  g_assert_false (rdt_zoc_is_surrounded (board, H (5, 5), 0, &detail));
  g_assert_cmpint (detail.what[4], ==, RDT_ZOC_ADJ_OPEN);
  rdt_board_set_surrounded_counts_prohibited (board, TRUE);
  g_assert_true (rdt_zoc_is_surrounded (board, H (5, 5), 0, &detail));
  g_assert_cmpint (detail.what[4], ==, RDT_ZOC_ADJ_PROHIBITED);
  g_assert_cmpstr (detail.rules, ==, "12.7, 8.2");
}

static void
test_map_edge (void)
{
  g_autoptr (RdtBoard) board = make_board ();
  RdtZocSurrounded detail;

  /* Off-map hexes hold neither enemy units nor ZOC: never surrounded there. */
  add_unit (board, H (1, 2), 1, RDT_BOARD_UNIT_COMBAT, RDT_UNIT_STATE_PARADE_ORDER);
  add_unit (board, H (2, 1), 1, RDT_BOARD_UNIT_COMBAT, RDT_UNIT_STATE_PARADE_ORDER);
  g_assert_false (rdt_zoc_is_surrounded (board, H (1, 1), 0, &detail));
  g_assert_cmpint (detail.what[0], ==, RDT_ZOC_ADJ_OFF_MAP);
}

/* 11.2: "The range for artillery units is three hexes (see Exclusive Rules
 * for exceptions)": the volume's <series-rules artillery-range> and a unit's
 * range= reach the board built from the scenario. */
static RdtBoard *
board_of_text (const char *text)
{
  g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtScenario) sc = rdt_scenario_load_from_bytes (bytes, "range.redoubt", NULL, &error);
  RdtBoard *board;

  g_assert_no_error (error);
  g_assert_nonnull (sc);
  board = rdt_board_new_from_scenario (sc, NULL, &error);
  g_assert_no_error (error);
  return board;
}

static void
test_11_2_artillery_range_from_data (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "movement", "volume-rules.redoubt", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtBoard) plain = NULL;
  g_autoptr(RdtBoard) ranged = NULL;
  g_autoptr(RdtLos) los = NULL;
  GString *s;
  g_autofree char *variant = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  plain = board_of_text (text);
  g_assert_cmpint (rdt_board_get_artillery_range (plain), ==, 3);

  s = g_string_new (text);
  g_assert_cmpuint (g_string_replace (s, "<series-rules edition=\"current\">",
                                      "<series-rules edition=\"current\" artillery-range=\"4\">", 1), ==, 1);
  g_assert_cmpuint (g_string_replace (s, "name=\"Steady regiment\" side=\"british\" kind=\"infantry\" movement=\"4\"",
                                      "name=\"Steady regiment\" side=\"british\" kind=\"infantry\" movement=\"4\" range=\"2\"", 1), ==, 1);
  variant = g_string_free (s, FALSE);
  ranged = board_of_text (variant);
  g_assert_cmpint (rdt_board_get_artillery_range (ranged), ==, 4);
  los = rdt_los_new (ranged);
  for (guint i = 0; i < rdt_board_get_n_units (ranged); i++)
    {
      const RdtBoardUnit *u = rdt_board_get_unit (ranged, i);
      g_assert_cmpint (rdt_los_unit_range (los, i), ==, g_strcmp0 (u->id, "steady") == 0 ? 2 : 4);
    }
}

int
main (int   argc,
      char *argv[])
{
  static const TerrainCase forest = { "light-forest" };
  static const TerrainCase meeting_house = { "meeting-house" };
  static const TerrainCase chew_house = { "chew-house" };
  static const TerrainCase swamp = { "swamp" };

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/zoc/8.1/parade-order-six-adjacent-hexes", test_8_1_six_hexes);
  g_test_add_func ("/zoc/8.1/disrupted-shattered-none-restored-on-rally", test_8_1_disrupted_shattered);
  g_test_add_func ("/zoc/8.1/combat-units-only", test_8_1_combat_units_only);
  g_test_add_func ("/zoc/8.1/note/ford-and-creek-hexsides", test_8_1_ford_and_creek);
  g_test_add_data_func ("/zoc/8.1/exception/out-of-not-into/forest", &forest, test_out_of_not_into_terrain);
  g_test_add_data_func ("/zoc/brandywine-3.8/meeting-house-and-town", &meeting_house, test_out_of_not_into_terrain);
  g_test_add_data_func ("/zoc/germantown-3.10.1/chew-house", &chew_house, test_out_of_not_into_terrain);
  g_test_add_data_func ("/zoc/savannah-4.19/swamp-and-city", &swamp, test_out_of_not_into_terrain);
  g_test_add_func ("/zoc/8.1/exception/fieldworks-out-of-symbol-hex-only", test_8_1_fieldworks);
  g_test_add_func ("/zoc/8.31/rifle-flag-and-brandywine-4.5.4-amusette", test_8_31_rifle_and_amusette);
  g_test_add_func ("/zoc/enemy-units-into-hex", test_enemy_units_into);
  g_test_add_func ("/zoc/8.2/surrounded-and-negation", test_surrounded);
  g_test_add_func ("/zoc/8.2/no-negation-for-retreat", test_8_2_not_for_retreat);
  g_test_add_func ("/zoc/12.7/older-edition-prohibited-terrain", test_12_7_prohibited_terrain);
  g_test_add_func ("/zoc/3.1/surrounded-at-map-edge", test_map_edge);
  g_test_add_func ("/board/11.2/artillery-range-from-data", test_11_2_artillery_range_from_data);

  return g_test_run ();
}
