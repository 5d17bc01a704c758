/* test-hex-grid.c: the XXYY hex grid (rdt-hex-grid.h). */
#undef G_DISABLE_ASSERT
#include "config.h"

#include <math.h>
#include <string.h>

#include "redoubt-core.h"

static RdtHexGrid *
make_grid (int                columns,
           int                rows,
           int                first_column,
           int                first_row,
           RdtGridOrientation orientation,
           RdtGridShift       shift)
{
  RdtGridSettings s = { columns, rows, first_column, first_row, orientation, shift };
  g_autoptr(GError) error = NULL;
  RdtHexGrid *grid = rdt_hex_grid_new (&s, &error);

  g_assert_no_error (error);
  g_assert_nonnull (grid);
  return grid;
}

/* The Germantown map as ../shared/rules/README.md derives it from the 3.2.1
 * example: flat-top columns, odd columns shifted down, a row 00. */
static RdtHexGrid *
germantown_grid (void)
{
  return make_grid (50, 30, 1, 0, RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD);
}

static RdtHex
hex_of (RdtHexGrid *grid,
        const char *label)
{
  g_autoptr(GError) error = NULL;
  RdtHex hex;

  g_assert_true (rdt_hex_grid_parse_label (grid, label, &hex, &error));
  g_assert_no_error (error);
  return hex;
}

static void
test_germantown_successive_neighbours (void)
{
  g_autoptr(RdtHexGrid) grid = germantown_grid ();

  /* Germantown 3.2.1, die roll 0-1: 3304, 3405, 3505 are successive hexes along
   * the Lime Kiln Road. */
  g_assert_true (rdt_hex_grid_are_adjacent (grid, hex_of (grid, "3304"), hex_of (grid, "3405")));
  g_assert_true (rdt_hex_grid_are_adjacent (grid, hex_of (grid, "3405"), hex_of (grid, "3505")));
  g_assert_false (rdt_hex_grid_are_adjacent (grid, hex_of (grid, "3304"), hex_of (grid, "3505")));
  g_assert_cmpint (rdt_hex_grid_distance (grid, hex_of (grid, "3304"), hex_of (grid, "3505")), ==, 2);
  /* 3806 to 3807 to 3907 (the rest of the road south). */
  g_assert_true (rdt_hex_grid_are_adjacent (grid, hex_of (grid, "3806"), hex_of (grid, "3807")));
  g_assert_true (rdt_hex_grid_are_adjacent (grid, hex_of (grid, "3807"), hex_of (grid, "3907")));
}

static void
test_germantown_hexsides (void)
{
  g_autoptr(RdtHexGrid) grid = germantown_grid ();
  const char *sides[] = { "3503|3603", "3306-3307", "3907|3908", "3603|3503" };

  /* Germantown 3.2.1: Saw Mill Creek 3503|3603, Mill Creek 3306-3307, Luken's
   * Mill flechette 3907|3908 are hexsides: their hexes are adjacent. */
  for (gsize i = 0; i < G_N_ELEMENTS (sides); i++)
    {
      g_autoptr(GError) error = NULL;
      RdtHexside side;
      char buf[RDT_HEXSIDE_LABEL_SIZE];

      g_assert_true (rdt_hex_grid_parse_hexside (grid, sides[i], &side, &error));
      g_assert_no_error (error);
      rdt_hex_grid_format_hexside (grid, side, buf);
      /* Canonical: lower hex first, whatever order it was written in. */
      if (i == 0 || i == 3)
        g_assert_cmpstr (buf, ==, "3503|3603");
    }
}

static void
test_germantown_straight_walk (void)
{
  g_autoptr(RdtHexGrid) grid = germantown_grid ();
  const char *line[] = { "3304", "3205", "3105", "3006" };
  RdtHexWalk walk;
  int dir = -1;
  guint n_hexes = 0;

  /* Germantown 3.2.1, die roll 6: 3304, 3205, 3105, 3006 is a straight line
   * (the brigade moves northwest through the heavy woods). */
  for (gsize i = 0; i + 1 < G_N_ELEMENTS (line); i++)
    {
      int d = rdt_hex_grid_direction_to (grid, hex_of (grid, line[i]), hex_of (grid, line[i + 1]));
      g_assert_cmpint (d, >=, 0);
      if (dir >= 0)
        g_assert_cmpint (d, ==, dir);
      dir = d;
    }
  /* The segment from 3304 to 3006 passes exactly through 3205 and 3105. */
  rdt_hex_walk_init (&walk);
  rdt_hex_grid_walk (grid, hex_of (grid, "3304"), hex_of (grid, "3006"), &walk);
  for (guint i = 0; i < walk.n_steps; i++)
    if (walk.steps[i].kind == RDT_WALK_HEX)
      {
        char buf[RDT_HEX_LABEL_SIZE];
        rdt_hex_grid_format_label (grid, walk.steps[i].hex, buf);
        g_assert_cmpstr (buf, ==, line[n_hexes]);
        n_hexes++;
      }
  g_assert_cmpuint (n_hexes, ==, 4);
  rdt_hex_walk_clear (&walk);
}

static void
test_germantown_directions (void)
{
  g_autoptr(RdtHexGrid) grid = germantown_grid ();
  RdtHex h = hex_of (grid, "3304");

  /* From an odd column XX the neighbours in XX±1 are rows YY and YY+1. */
  const char *expected[] = { "3303", "3404", "3405", "3305", "3205", "3204" };
  for (int d = 0; d < RDT_N_DIRECTIONS; d++)
    {
      char buf[RDT_HEX_LABEL_SIZE];
      rdt_hex_grid_format_label (grid, rdt_hex_grid_neighbour (grid, h, d), buf);
      g_assert_cmpstr (buf, ==, expected[d]);
    }
  /* From an even column, rows YY-1 and YY. */
  h = hex_of (grid, "3405");
  {
    const char *even[] = { "3404", "3504", "3505", "3406", "3305", "3304" };
    for (int d = 0; d < RDT_N_DIRECTIONS; d++)
      {
        char buf[RDT_HEX_LABEL_SIZE];
        rdt_hex_grid_format_label (grid, rdt_hex_grid_neighbour (grid, h, d), buf);
        g_assert_cmpstr (buf, ==, even[d]);
      }
  }
  g_assert_cmpstr (rdt_hex_grid_direction_name (grid, RDT_DIR_0), ==, "N");
  g_assert_cmpstr (rdt_hex_grid_direction_name (grid, RDT_DIR_3), ==, "S");
}

typedef struct {
  int columns, rows, first_column, first_row;
  RdtGridOrientation orientation;
  RdtGridShift shift;
} GridCase;

static const GridCase grid_cases[] = {
  { 50, 30, 1, 0, RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD },
  { 50, 30, 1, 0, RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_EVEN },
  { 17, 23, 0, 1, RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD },
  { 17, 23, 0, 1, RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_EVEN },
  { 31, 12, 1, 0, RDT_GRID_POINTY_TOP, RDT_GRID_SHIFT_ODD },
  { 31, 12, 1, 0, RDT_GRID_POINTY_TOP, RDT_GRID_SHIFT_EVEN },
  { 12, 31, 0, 1, RDT_GRID_POINTY_TOP, RDT_GRID_SHIFT_ODD },
  { 12, 31, 0, 1, RDT_GRID_POINTY_TOP, RDT_GRID_SHIFT_EVEN },
  { 120, 7, 3, 95, RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD },
  { 1, 1, 1, 1, RDT_GRID_POINTY_TOP, RDT_GRID_SHIFT_ODD },
};

static void
test_label_round_trip (void)
{
  for (gsize c = 0; c < G_N_ELEMENTS (grid_cases); c++)
    {
      const GridCase *gc = &grid_cases[c];
      g_autoptr(RdtHexGrid) grid = make_grid (gc->columns, gc->rows, gc->first_column,
                                              gc->first_row, gc->orientation, gc->shift);
      guint n = rdt_hex_grid_get_n_hexes (grid);

      g_assert_cmpuint (n, ==, (guint) (gc->columns * gc->rows));
      for (guint i = 0; i < n; i++)
        {
          RdtHex hex = rdt_hex_grid_hex_at_index (grid, i);
          char buf[RDT_HEX_LABEL_SIZE];
          RdtHex back;
          g_autoptr(GError) error = NULL;
          double x, y;
          RdtHex picked;

          g_assert_cmpint (rdt_hex_grid_hex_index (grid, hex), ==, (int) i);
          rdt_hex_grid_format_label (grid, hex, buf);
          g_assert_true (rdt_hex_grid_parse_label (grid, buf, &back, &error));
          g_assert_no_error (error);
          g_assert_cmpint (back.col, ==, hex.col);
          g_assert_cmpint (back.row, ==, hex.row);

          /* The lattice centre maps back to the same hex. */
          {
            int u, v;
            rdt_hex_grid_lattice_centre (grid, hex, &u, &v);
            back = rdt_hex_grid_hex_at_lattice (grid, u, v);
            g_assert_cmpint (back.col, ==, hex.col);
            g_assert_cmpint (back.row, ==, hex.row);
          }
          /* Drawing centres pick back their hex, also slightly off centre. */
          rdt_hex_grid_hex_centre (grid, hex, &x, &y);
          g_assert_cmpfloat (x, >, 0.0);
          g_assert_cmpfloat (y, >, 0.0);
          picked = rdt_hex_grid_hex_at_point (grid, x + 0.3, y - 0.3);
          g_assert_cmpint (picked.col, ==, hex.col);
          g_assert_cmpint (picked.row, ==, hex.row);
        }
    }
}

static void
test_label_first_row_00_and_column_01 (void)
{
  g_autoptr(RdtHexGrid) grid = germantown_grid ();
  char buf[RDT_HEX_LABEL_SIZE];

  rdt_hex_grid_format_label (grid, (RdtHex) { 28, 0 }, buf);
  g_assert_cmpstr (buf, ==, "2800");
  rdt_hex_grid_format_label (grid, (RdtHex) { 1, 0 }, buf);
  g_assert_cmpstr (buf, ==, "0100");
  g_assert_cmpint (hex_of (grid, "0100").col, ==, 1);
  g_assert_cmpint (hex_of (grid, "2800").row, ==, 0);
}

static void
test_label_errors (void)
{
  g_autoptr(RdtHexGrid) grid = germantown_grid ();
  const char *malformed[] = { "", "330", "33045", "33a4", " 3304", "-304", "3304 ", "ab12" };
  g_autoptr(GError) error = NULL;
  RdtHex hex;

  for (gsize i = 0; i < G_N_ELEMENTS (malformed); i++)
    {
      g_clear_error (&error);
      g_assert_false (rdt_hex_grid_parse_label (grid, malformed[i], &hex, &error));
      g_assert_error (error, RDT_GRID_ERROR, RDT_GRID_ERROR_MALFORMED_LABEL);
    }
  g_clear_error (&error);
  /* Column 00 does not exist on a map whose first column is 01. */
  g_assert_false (rdt_hex_grid_parse_label (grid, "0005", &hex, &error));
  g_assert_error (error, RDT_GRID_ERROR, RDT_GRID_ERROR_OFF_MAP);
  g_assert_nonnull (strstr (error->message, "0005"));
  g_assert_nonnull (strstr (error->message, "off the map"));
  g_clear_error (&error);
  g_assert_false (rdt_hex_grid_parse_label (grid, "5100", &hex, &error));
  g_assert_error (error, RDT_GRID_ERROR, RDT_GRID_ERROR_OFF_MAP);
  g_clear_error (&error);
  g_assert_false (rdt_hex_grid_parse_label (grid, "0130", &hex, &error));
  g_assert_error (error, RDT_GRID_ERROR, RDT_GRID_ERROR_OFF_MAP);
  g_clear_error (&error);
  g_assert_false (rdt_hex_grid_parse_hexside (grid, "3304|3306", NULL, &error));
  g_assert_error (error, RDT_GRID_ERROR, RDT_GRID_ERROR_NOT_ADJACENT);
  g_clear_error (&error);
  g_assert_false (rdt_hex_grid_parse_hexside (grid, "3304", NULL, &error));
  g_assert_error (error, RDT_GRID_ERROR, RDT_GRID_ERROR_MALFORMED_LABEL);
}

static void
test_wide_labels (void)
{
  /* A map with more than 99 columns pads every column number to three digits. */
  g_autoptr(RdtHexGrid) grid = make_grid (120, 7, 3, 95, RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD);
  char buf[RDT_HEX_LABEL_SIZE];

  rdt_hex_grid_format_label (grid, (RdtHex) { 3, 95 }, buf);
  g_assert_cmpstr (buf, ==, "003095");
  rdt_hex_grid_format_label (grid, (RdtHex) { 122, 101 }, buf);
  g_assert_cmpstr (buf, ==, "122101");
}

static void
test_invalid_settings (void)
{
  RdtGridSettings bad[] = {
    { 0, 10, 1, 1, RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD },
    { 10, -1, 1, 1, RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD },
    { 10, 10, -1, 1, RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD },
    { 990, 10, 20, 1, RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD },
    { 10, 10, 1, 1, 7, RDT_GRID_SHIFT_ODD },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_assert_null (rdt_hex_grid_new (&bad[i], &error));
      g_assert_error (error, RDT_GRID_ERROR, RDT_GRID_ERROR_INVALID_SETTINGS);
    }
}

static void
test_neighbours_symmetric (void)
{
  for (gsize c = 0; c < G_N_ELEMENTS (grid_cases); c++)
    {
      const GridCase *gc = &grid_cases[c];
      g_autoptr(RdtHexGrid) grid = make_grid (gc->columns, gc->rows, gc->first_column,
                                              gc->first_row, gc->orientation, gc->shift);
      for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid); i++)
        {
          RdtHex hex = rdt_hex_grid_hex_at_index (grid, i);
          for (int d = 0; d < RDT_N_DIRECTIONS; d++)
            {
              RdtHex n = rdt_hex_grid_neighbour (grid, hex, d);
              RdtHex back = rdt_hex_grid_neighbour (grid, n, (d + 3) % 6);
              g_assert_cmpint (back.col, ==, hex.col);
              g_assert_cmpint (back.row, ==, hex.row);
              g_assert_cmpint (rdt_hex_grid_distance (grid, hex, n), ==, 1);
              g_assert_cmpint (rdt_hex_grid_direction_to (grid, hex, n), ==, d);
              /* Each neighbour differs in line by at most one. */
              g_assert_cmpint (ABS (n.col - hex.col), <=, 1);
              g_assert_cmpint (ABS (n.row - hex.row), <=, 1);
            }
        }
    }
}

static void
test_pointy_top_neighbours (void)
{
  /* Pointy-top, odd rows shifted right: from an odd row YY the neighbours in rows
   * YY±1 are columns XX and XX+1; in the same row XX±1. */
  g_autoptr(RdtHexGrid) grid = make_grid (20, 20, 1, 1, RDT_GRID_POINTY_TOP, RDT_GRID_SHIFT_ODD);
  RdtHex h = hex_of (grid, "0505");
  const char *expect[] = { "0405", "0506", "0606", "0605", "0604", "0504" };
  for (int d = 0; d < RDT_N_DIRECTIONS; d++)
    {
      char buf[RDT_HEX_LABEL_SIZE];
      RdtHexDirection parsed;
      rdt_hex_grid_format_label (grid, rdt_hex_grid_neighbour (grid, h, d), buf);
      g_assert_cmpstr (buf, ==, expect[d]);
      g_assert_true (rdt_hex_grid_parse_direction (grid, rdt_hex_grid_direction_name (grid, d), &parsed));
      g_assert_cmpint (parsed, ==, d);
    }
  g_assert_cmpstr (rdt_hex_grid_direction_name (grid, RDT_DIR_0), ==, "W");
  g_assert_cmpstr (rdt_hex_grid_direction_name (grid, RDT_DIR_3), ==, "E");
  /* On screen, neighbour W is left of the hex and E right, at the same height. */
  {
    double x0, y0, x1, y1;
    rdt_hex_grid_hex_centre (grid, h, &x0, &y0);
    rdt_hex_grid_hex_centre (grid, rdt_hex_grid_neighbour (grid, h, RDT_DIR_0), &x1, &y1);
    g_assert_cmpfloat (x1, <, x0);
    g_assert_cmpfloat_with_epsilon (y1, y0, 1e-9);
  }
}

static void
test_screen_direction_names (void)
{
  /* The names fit the drawing: N is up, NE is up-right, on flat-top maps. */
  g_autoptr(RdtHexGrid) grid = germantown_grid ();
  RdtHex h = hex_of (grid, "1010");
  double x0, y0;

  rdt_hex_grid_hex_centre (grid, h, &x0, &y0);
  for (int d = 0; d < RDT_N_DIRECTIONS; d++)
    {
      const char *name = rdt_hex_grid_direction_name (grid, d);
      double x, y;
      rdt_hex_grid_hex_centre (grid, rdt_hex_grid_neighbour (grid, h, d), &x, &y);
      if (strchr (name, 'N'))
        g_assert_cmpfloat (y, <, y0);
      if (strchr (name, 'S'))
        g_assert_cmpfloat (y, >, y0);
      if (strchr (name, 'E'))
        g_assert_cmpfloat (x, >, x0);
      if (strchr (name, 'W'))
        g_assert_cmpfloat (x, <, x0);
      /* Neighbours are √3 apart (hex radius 1). */
      g_assert_cmpfloat_with_epsilon (hypot (x - x0, y - y0), sqrt (3.0), 1e-9);
    }
}

static void
test_distance_11_2 (void)
{
  g_autoptr(RdtHexGrid) grid = germantown_grid ();

  /* 11.2: range counts the target's hex but not the firer's: adjacent is 1. */
  g_assert_cmpint (rdt_hex_grid_distance (grid, hex_of (grid, "3304"), hex_of (grid, "3304")), ==, 0);
  g_assert_cmpint (rdt_hex_grid_distance (grid, hex_of (grid, "3304"), hex_of (grid, "3405")), ==, 1);
  g_assert_cmpint (rdt_hex_grid_distance (grid, hex_of (grid, "3304"), hex_of (grid, "3006")), ==, 3);
  g_assert_cmpint (rdt_hex_grid_distance (grid, hex_of (grid, "3304"), hex_of (grid, "3307")), ==, 3);
  g_assert_cmpint (rdt_hex_grid_distance (grid, hex_of (grid, "0100"), hex_of (grid, "0110")), ==, 10);
  /* Moving along columns alternately costs no rows. */
  g_assert_cmpint (rdt_hex_grid_distance (grid, hex_of (grid, "0105"), hex_of (grid, "1105")), ==, 10);
}

static void
test_ring_and_range (void)
{
  g_autoptr(RdtHexGrid) grid = germantown_grid ();
  RdtHex centre = hex_of (grid, "2015");

  for (int r = 0; r <= 6; r++)
    {
      g_autoptr(GArray) ring = rdt_hex_grid_ring (grid, centre, r);
      g_autoptr(GArray) range = rdt_hex_grid_range (grid, centre, r);
      g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);

      g_assert_cmpuint (ring->len, ==, r == 0 ? 1 : 6 * (guint) r);
      g_assert_cmpuint (range->len, ==, 1 + 3 * (guint) r * (guint) (r + 1));
      for (guint i = 0; i < ring->len; i++)
        g_assert_cmpint (rdt_hex_grid_distance (grid, centre, g_array_index (ring, RdtHex, i)), ==, r);
      for (guint i = 0; i < range->len; i++)
        {
          RdtHex h = g_array_index (range, RdtHex, i);
          int idx = rdt_hex_grid_hex_index (grid, h);
          g_assert_cmpint (idx, >=, 0);
          g_assert_false (g_hash_table_contains (seen, GINT_TO_POINTER (idx + 1)));
          g_hash_table_add (seen, GINT_TO_POINTER (idx + 1));
          g_assert_cmpint (rdt_hex_grid_distance (grid, centre, h), <=, r);
        }
    }
  /* Rings are clipped at the map edge: the corner hex 0100 has 2 or 3 on-map
   * neighbours, never 6. */
  {
    g_autoptr(GArray) ring = rdt_hex_grid_ring (grid, hex_of (grid, "0100"), 1);
    g_assert_cmpuint (ring->len, <, 4);
    g_assert_cmpuint (ring->len, >=, 2);
  }
  /* Brute force: range equals every on-map hex within the distance. */
  {
    g_autoptr(GArray) range = rdt_hex_grid_range (grid, hex_of (grid, "0302"), 4);
    guint count = 0;
    for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid); i++)
      if (rdt_hex_grid_distance (grid, hex_of (grid, "0302"), rdt_hex_grid_hex_at_index (grid, i)) <= 4)
        count++;
    g_assert_cmpuint (range->len, ==, count);
  }
}

static void
test_hexside_identity (void)
{
  g_autoptr(RdtHexGrid) grid = germantown_grid ();
  RdtHex a = hex_of (grid, "3306"), b = hex_of (grid, "3307");
  RdtHexside s1, s2;

  g_assert_true (rdt_hex_grid_hexside (grid, a, b, &s1, NULL));
  g_assert_true (rdt_hex_grid_hexside (grid, b, a, &s2, NULL));
  g_assert_true (rdt_hexside_equal (s1, s2));
  g_assert_cmpint (rdt_hexside_compare (s1, s2), ==, 0);
  g_assert_true (rdt_hexside_has_hex (s1, a));
  g_assert_true (rdt_hexside_has_hex (s1, b));
  g_assert_false (rdt_hexside_has_hex (s1, hex_of (grid, "3308")));
  g_assert_cmpint (rdt_hexside_other (s1, a).row, ==, 7);
  /* The hexside of a in direction d is the hexside of its neighbour in d+3. */
  for (int d = 0; d < RDT_N_DIRECTIONS; d++)
    {
      RdtHexside x = rdt_hex_grid_hexside_of (grid, a, d);
      RdtHexside y = rdt_hex_grid_hexside_of (grid, rdt_hex_grid_neighbour (grid, a, d), (d + 3) % 6);
      g_assert_true (rdt_hexside_equal (x, y));
    }
}

static void
test_corners (void)
{
  for (gsize c = 0; c < G_N_ELEMENTS (grid_cases); c++)
    {
      const GridCase *gc = &grid_cases[c];
      g_autoptr(RdtHexGrid) grid = make_grid (gc->columns, gc->rows, gc->first_column,
                                              gc->first_row, gc->orientation, gc->shift);
      for (guint i = 0; i < rdt_hex_grid_get_n_hexes (grid); i += 7)
        {
          RdtHex hex = rdt_hex_grid_hex_at_index (grid, i);
          for (guint k = 0; k < 6; k++)
            {
              RdtHexCorner corner = rdt_hex_grid_corner_of (grid, hex, k);
              RdtHex three[3];
              RdtHex before = rdt_hex_grid_neighbour (grid, hex, (k + 5) % 6);
              RdtHex after = rdt_hex_grid_neighbour (grid, hex, k);
              gboolean has_hex = FALSE, has_before = FALSE, has_after = FALSE;

              /* Corner k lies between the hexsides in directions k-1 and k; its
               * three hexes are the hex and those two neighbours. */
              rdt_hex_grid_corner_hexes (grid, corner, three);
              for (int j = 0; j < 3; j++)
                {
                  has_hex |= three[j].col == hex.col && three[j].row == hex.row;
                  has_before |= three[j].col == before.col && three[j].row == before.row;
                  has_after |= three[j].col == after.col && three[j].row == after.row;
                }
              g_assert_true (has_hex && has_before && has_after);
              /* The same corner seen from a neighbour has the same identity. */
              {
                gboolean found = FALSE;
                for (guint kk = 0; kk < 6; kk++)
                  found |= rdt_hex_corner_equal (rdt_hex_grid_corner_of (grid, after, kk), corner);
                g_assert_true (found);
              }
            }
        }
    }
}

static void
test_map_edge_hexsides (void)
{
  for (gsize c = 0; c < G_N_ELEMENTS (grid_cases); c++)
    {
      const GridCase *gc = &grid_cases[c];
      g_autoptr(RdtHexGrid) grid = make_grid (gc->columns, gc->rows, gc->first_column,
                                              gc->first_row, gc->orientation, gc->shift);
      g_autoptr(GArray) edge = rdt_hex_grid_map_edge_hexsides (grid);
      g_autoptr(GArray) inner = rdt_hex_grid_inner_hexsides (grid);
      guint n = rdt_hex_grid_get_n_hexes (grid);

      /* Every hex has six hexsides; inner ones are shared by two hexes. */
      g_assert_cmpuint (edge->len + 2 * inner->len, ==, 6 * n);
      for (guint i = 0; i < edge->len; i++)
        g_assert_true (rdt_hex_grid_hexside_is_map_edge (grid, g_array_index (edge, RdtHexside, i)));
      for (guint i = 0; i < inner->len; i++)
        g_assert_false (rdt_hex_grid_hexside_is_map_edge (grid, g_array_index (inner, RdtHexside, i)));
    }
  /* Counted by hand: one hex has six edge hexsides; two hexes side by side ten;
   * a 2 x 2 block with odd columns shifted down has five inner hexsides, so
   * 24 - 2 * 5 = 14 edge hexsides. */
  {
    const struct { int c, r; guint edge; } cases[] = { { 1, 1, 6 }, { 2, 1, 10 }, { 2, 2, 14 } };
    for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        g_autoptr(RdtHexGrid) small = make_grid (cases[i].c, cases[i].r, 1, 1, RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD);
        g_autoptr(GArray) edge = rdt_hex_grid_map_edge_hexsides (small);
        g_assert_cmpuint (edge->len, ==, cases[i].edge);
      }
  }
}

static void
test_hexside_at_point (void)
{
  g_autoptr(RdtHexGrid) grid = germantown_grid ();
  RdtHex hex = hex_of (grid, "1010");

  for (int d = 0; d < RDT_N_DIRECTIONS; d++)
    {
      RdtHexCorner c1 = rdt_hex_grid_corner_of (grid, hex, d);
      RdtHexCorner c2 = rdt_hex_grid_corner_of (grid, hex, (d + 1) % 6);
      double x0, y0, x1, y1, x2, y2, px, py;
      RdtHex near;
      RdtHexside side;

      rdt_hex_grid_hex_centre (grid, hex, &x0, &y0);
      rdt_hex_grid_corner_point (grid, c1, &x1, &y1);
      rdt_hex_grid_corner_point (grid, c2, &x2, &y2);
      /* A point just inside the hex near the middle of its side d. */
      px = x0 + 0.8 * ((x1 + x2) / 2 - x0);
      py = y0 + 0.8 * ((y1 + y2) / 2 - y0);
      side = rdt_hex_grid_hexside_at_point (grid, px, py, &near);
      g_assert_true (rdt_hexside_equal (side, rdt_hex_grid_hexside_of (grid, hex, d)));
      g_assert_cmpint (near.col, ==, hex.col);
      g_assert_cmpint (near.row, ==, hex.row);
    }
}

/* docs/format.md, <grid shift>: flat-top maps shift columns down, pointy-top
 * maps shift rows right, by the parity of the printed number (row 00 is
 * even). */
static void
test_format_shift_doc (void)
{
  static const struct {
    RdtGridOrientation orientation;
    RdtGridShift shift;
    int first;
  } cases[] = {
    { RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD, 1 }, { RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_EVEN, 1 },
    { RDT_GRID_POINTY_TOP, RDT_GRID_SHIFT_ODD, 1 }, { RDT_GRID_POINTY_TOP, RDT_GRID_SHIFT_EVEN, 1 },
    { RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD, 0 }, { RDT_GRID_POINTY_TOP, RDT_GRID_SHIFT_ODD, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (RdtHexGrid) grid = make_grid (6, 6, cases[i].first, cases[i].first,
                                               cases[i].orientation, cases[i].shift);
      int f = cases[i].first;
      /* Two neighbouring lines: the first line `f` and the next, f + 1. */
      RdtHex a, b;
      double ax, ay, bx, by;
      gboolean odd_line_a = (f % 2) != 0;
      gboolean a_shifted = (cases[i].shift == RDT_GRID_SHIFT_ODD) == odd_line_a;

      if (cases[i].orientation == RDT_GRID_FLAT_TOP)
        {
          a = (RdtHex) { f, f + 1 };        /* column f */
          b = (RdtHex) { f + 1, f + 1 };    /* column f + 1, same row number */
          rdt_hex_grid_hex_centre (grid, a, &ax, &ay);
          rdt_hex_grid_hex_centre (grid, b, &bx, &by);
          /* The shifted column sits half a hex (sqrt 3 / 2) lower. */
          g_assert_cmpfloat (fabs ((a_shifted ? ay - by : by - ay) - sqrt (3) / 2), <, 1e-9);
        }
      else
        {
          a = (RdtHex) { f + 1, f };        /* row f */
          b = (RdtHex) { f + 1, f + 1 };    /* row f + 1, same column number */
          rdt_hex_grid_hex_centre (grid, a, &ax, &ay);
          rdt_hex_grid_hex_centre (grid, b, &bx, &by);
          /* The shifted row sits half a hex to the right. */
          g_assert_cmpfloat (fabs ((a_shifted ? ax - bx : bx - ax) - sqrt (3) / 2), <, 1e-9);
        }
    }
}

/* A hex beyond any label (a neighbour of row 00 or column 00) is written
 * "off map" in reports, never "?" (issue 12). */
static void
test_label_off_map (void)
{
  g_autoptr (RdtHexGrid) grid = make_grid (6, 6, 0, 0, RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD);
  char label[RDT_HEX_LABEL_SIZE];

  rdt_hex_grid_format_label (grid, (RdtHex) { 3, -1 }, label);
  g_assert_cmpstr (label, ==, "off map");
  rdt_hex_grid_format_label (grid, (RdtHex) { -1, 2 }, label);
  g_assert_cmpstr (label, ==, "off map");
  rdt_hex_grid_format_label (grid, (RdtHex) { 3, 0 }, label);
  g_assert_cmpstr (label, ==, "0300");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/grid/germantown-3.2.1/successive-neighbours", test_germantown_successive_neighbours);
  g_test_add_func ("/grid/germantown-3.2.1/hexsides", test_germantown_hexsides);
  g_test_add_func ("/grid/germantown-3.2.1/straight-walk-3304-3006", test_germantown_straight_walk);
  g_test_add_func ("/grid/germantown-3.2.1/odd-even-columns", test_germantown_directions);
  g_test_add_func ("/grid/labels/round-trip-every-hex", test_label_round_trip);
  g_test_add_func ("/grid/labels/first-row-00-first-column-01", test_label_first_row_00_and_column_01);
  g_test_add_func ("/grid/labels/errors", test_label_errors);
  g_test_add_func ("/grid/labels/wide", test_wide_labels);
  g_test_add_func ("/grid/settings/invalid", test_invalid_settings);
  g_test_add_func ("/grid/neighbours/symmetric", test_neighbours_symmetric);
  g_test_add_func ("/grid/neighbours/pointy-top", test_pointy_top_neighbours);
  g_test_add_func ("/grid/format.md/shift-which-lines", test_format_shift_doc);
  g_test_add_func ("/grid/label/off-map-never-question-mark", test_label_off_map);
  g_test_add_func ("/grid/directions/names-fit-the-drawing", test_screen_direction_names);
  g_test_add_func ("/grid/distance/11.2-counts-target-not-firer", test_distance_11_2);
  g_test_add_func ("/grid/ring-and-range", test_ring_and_range);
  g_test_add_func ("/grid/hexside/identity", test_hexside_identity);
  g_test_add_func ("/grid/corners/identity", test_corners);
  g_test_add_func ("/grid/hexside/map-edge", test_map_edge_hexsides);
  g_test_add_func ("/grid/hexside/at-point", test_hexside_at_point);

  return g_test_run ();
}
