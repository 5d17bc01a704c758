/* test-hex-walk.c: the exact segment walk (../shared/los-conventions.md, items 1-6).
 *
 * Random lines are cross-checked against an independent brute force written
 * here: every candidate hex is clipped against the segment with exact rational
 * arithmetic (each hex interior is the intersection of six open half-planes), so
 * the hexes passed through, the order, where the segment touches a corner and
 * where it runs along a hexside all come from first principles, not from the
 * walk's own corner classification.
 */
#undef G_DISABLE_ASSERT
#include "config.h"

#include "redoubt-core.h"

/* Hex corners in the lattice, independently of the library: centre + these, in
 * positive rotation order. */
static const int corner_x[6] = { 2, 1, -1, -2, -1, 1 };
static const int corner_y[6] = { 0, 1, 1, 0, -1, -1 };

typedef struct {
  gint64 num;
  gint64 den;   /* > 0 */
} Frac;

static int
frac_cmp (Frac a,
          Frac b)
{
  /* Values are small enough (lattice < 10^4) that products fit in 64 bits. */
  gint64 l = a.num * b.den, r = b.num * a.den;
  return (l > r) - (l < r);
}

static gint64
cross (gint64 ax,
       gint64 ay,
       gint64 bx,
       gint64 by)
{
  return ax * by - ay * bx;
}

typedef struct {
  int u, v;      /* lattice centre */
  Frac lo, hi;   /* the open interval of t in which the segment is inside */
} BruteHex;

/* The open interval of t in [0, 1] where A + t D is strictly inside the hex at
 * (cu, cv).  Returns FALSE if empty. */
static gboolean
clip_hex (int    au,
          int    av,
          gint64 dx,
          gint64 dy,
          int    cu,
          int    cv,
          Frac  *lo,
          Frac  *hi)
{
  *lo = (Frac) { 0, 1 };
  *hi = (Frac) { 1, 1 };
  for (int k = 0; k < 6; k++)
    {
      gint64 px = cu + corner_x[k], py = cv + corner_y[k];
      gint64 ex = corner_x[(k + 1) % 6] - corner_x[k];
      gint64 ey = corner_y[(k + 1) % 6] - corner_y[k];
      /* Inside edge k: cross (E, P(t) - Pk) > 0, i.e. a + t b > 0. */
      gint64 a = cross (ex, ey, au - px, av - py);
      gint64 b = cross (ex, ey, dx, dy);

      if (b == 0)
        {
          if (a <= 0)
            return FALSE;
        }
      else if (b > 0)
        {
          Frac f = { -a, b };
          if (frac_cmp (f, *lo) > 0)
            *lo = f;
        }
      else
        {
          Frac f = { a, -b };
          if (frac_cmp (f, *hi) < 0)
            *hi = f;
        }
    }
  return frac_cmp (*lo, *hi) < 0;
}

static gboolean
is_centre (int u,
           int v)
{
  int q;
  if (((u % 3) + 3) % 3 != 0)
    return FALSE;
  q = u / 3;
  return (((v - q) % 2) + 2) % 2 == 0;
}

static int
compare_brute (gconstpointer a,
               gconstpointer b)
{
  return frac_cmp (((const BruteHex *) a)->lo, ((const BruteHex *) b)->lo);
}

/* Every lattice hex whose interior the segment meets, in order along it. */
static GArray *
brute_hexes (int au,
             int av,
             int bu,
             int bv)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (BruteHex));
  gint64 dx = bu - au, dy = bv - av;

  for (int u = MIN (au, bu) - 6; u <= MAX (au, bu) + 6; u++)
    for (int v = MIN (av, bv) - 4; v <= MAX (av, bv) + 4; v++)
      {
        BruteHex h = { u, v, { 0, 1 }, { 0, 1 } };
        if (is_centre (u, v) && clip_hex (au, av, dx, dy, u, v, &h.lo, &h.hi))
          g_array_append_val (out, h);
      }
  g_array_sort (out, compare_brute);
  return out;
}

/* Is A + t D (t = f) exactly the lattice point (x, y)? */
static gboolean
point_is (int    au,
          int    av,
          gint64 dx,
          gint64 dy,
          Frac   f,
          int    x,
          int    y)
{
  return au * f.den + dx * f.num == (gint64) x * f.den &&
         av * f.den + dy * f.num == (gint64) y * f.den;
}

/* Is the point M / den (integer numerators) on the closed boundary of the hex
 * at (cu, cv)? */
static gboolean
on_boundary (gint64 mx,
             gint64 my,
             gint64 den,
             int    cu,
             int    cv)
{
  gboolean zero = FALSE;

  for (int k = 0; k < 6; k++)
    {
      gint64 px = (gint64) (cu + corner_x[k]) * den, py = (gint64) (cv + corner_y[k]) * den;
      gint64 ex = corner_x[(k + 1) % 6] - corner_x[k];
      gint64 ey = corner_y[(k + 1) % 6] - corner_y[k];
      gint64 c = cross (ex, ey, mx - px, my - py);
      if (c < 0)
        return FALSE;
      zero |= c == 0;
    }
  return zero;
}

static void
lattice (RdtHexGrid *grid,
         RdtHex      hex,
         int        *u,
         int        *v)
{
  rdt_hex_grid_lattice_centre (grid, hex, u, v);
}

static gboolean
hex_at (RdtHexGrid *grid,
        RdtHex      hex,
        int         u,
        int         v)
{
  int hu, hv;
  lattice (grid, hex, &hu, &hv);
  return hu == u && hv == v;
}

static gboolean
hex_eq (RdtHex a,
        RdtHex b)
{
  return a.col == b.col && a.row == b.row;
}

/* The walk must agree with the brute force in every respect. */
static void
check_against_brute_force (RdtHexGrid *grid,
                           RdtHex      from,
                           RdtHex      to,
                           RdtHexWalk *walk)
{
  int au, av, bu, bv;
  g_autoptr(GArray) brute = NULL;
  gint64 dx, dy;
  guint step = 0;
  gboolean any_run = FALSE;

  lattice (grid, from, &au, &av);
  lattice (grid, to, &bu, &bv);
  dx = bu - au;
  dy = bv - av;
  rdt_hex_grid_walk (grid, from, to, walk);
  brute = brute_hexes (au, av, bu, bv);

  g_assert_cmpuint (walk->n_steps, ==, 2 * brute->len - 1);
  for (guint i = 0; i < brute->len; i++)
    {
      BruteHex *h = &g_array_index (brute, BruteHex, i);
      RdtWalkStep *s = &walk->steps[step++];

      g_assert_cmpint (s->kind, ==, RDT_WALK_HEX);
      g_assert_true (hex_at (grid, s->hex, h->u, h->v));
      if (i + 1 == brute->len)
        break;

      {
        BruteHex *n = &g_array_index (brute, BruteHex, i + 1);
        RdtWalkStep *t = &walk->steps[step++];
        RdtHex hh = rdt_hex_grid_hex_at_lattice (grid, h->u, h->v);
        RdtHex nh = rdt_hex_grid_hex_at_lattice (grid, n->u, n->v);

        if (frac_cmp (h->hi, n->lo) == 0)
          {
            /* The segment goes straight from one interior into the next: a
             * crossing (convention 4), through a corner if the point is one. */
            int k_corner = -1;
            RdtHexside side;

            g_assert_cmpint (t->kind, ==, RDT_WALK_CROSS);
            g_assert_true (rdt_hex_grid_are_adjacent (grid, hh, nh));
            g_assert_true (rdt_hex_grid_hexside (grid, hh, nh, &side, NULL));
            g_assert_true (rdt_hexside_equal (t->hexside, side));
            g_assert_true (hex_eq (t->from, hh));
            g_assert_true (hex_eq (t->to, nh));
            for (int k = 0; k < 6; k++)
              if (point_is (au, av, dx, dy, h->hi, h->u + corner_x[k], h->v + corner_y[k]))
                k_corner = k;
            g_assert_cmpint (t->via_corner, ==, k_corner >= 0);
            if (k_corner >= 0)
              {
                /* The grazed hex shares the corner, is not passed through and
                 * is neither end of the crossing. */
                int gu, gv;
                g_assert_cmpint (t->corner.u, ==, h->u + corner_x[k_corner]);
                g_assert_cmpint (t->corner.v, ==, h->v + corner_y[k_corner]);
                lattice (grid, t->grazed, &gu, &gv);
                g_assert_false (hex_eq (t->grazed, hh));
                g_assert_false (hex_eq (t->grazed, nh));
                g_assert_true (rdt_hex_grid_are_adjacent (grid, t->grazed, hh));
                g_assert_true (rdt_hex_grid_are_adjacent (grid, t->grazed, nh));
                for (guint j = 0; j < brute->len; j++)
                  g_assert_false (g_array_index (brute, BruteHex, j).u == gu &&
                                  g_array_index (brute, BruteHex, j).v == gv);
              }
          }
        else
          {
            /* A gap between interiors: the segment runs along a hexside
             * (convention 5).  Its midpoint lies on the boundary of both hexes of
             * the hexside the walk names. */
            gint64 den = 2 * h->hi.den * n->lo.den;
            gint64 tnum = h->hi.num * n->lo.den + n->lo.num * h->hi.den;
            gint64 mx = (gint64) au * den + dx * tnum;
            gint64 my = (gint64) av * den + dy * tnum;
            int u1, v1, u2, v2;

            g_assert_cmpint (frac_cmp (h->hi, n->lo), <, 0);
            g_assert_cmpint (t->kind, ==, RDT_WALK_RUN);
            any_run = TRUE;
            lattice (grid, t->hexside.a, &u1, &v1);
            lattice (grid, t->hexside.b, &u2, &v2);
            g_assert_true (on_boundary (mx, my, den, u1, v1));
            g_assert_true (on_boundary (mx, my, den, u2, v2));
            g_assert_true (hex_eq (t->from, hh));
            g_assert_true (hex_eq (t->to, nh));
            /* Convention 6: the run starts at a corner where two hexsides of the
             * hex left meet, and ends at one of the hex entered. */
            g_assert_true (point_is (au, av, dx, dy, h->hi, t->corner.u, t->corner.v));
            g_assert_true (point_is (au, av, dx, dy, n->lo, t->end_corner.u, t->end_corner.v));
            for (int j = 0; j < 2; j++)
              {
                g_assert_true (rdt_hexside_has_hex (t->from_sides[j], hh));
                g_assert_true (rdt_hexside_has_hex (t->to_sides[j], nh));
                g_assert_true (rdt_hexside_has_hex (t->from_sides[j], t->hexside.a) ||
                               rdt_hexside_has_hex (t->from_sides[j], t->hexside.b));
              }
          }
      }
    }
  g_assert_cmpuint (step, ==, walk->n_steps);
  g_assert_cmpint (walk->spine, ==, any_run);
  g_assert_cmpint (rdt_hex_grid_is_spine_line (grid, from, to), ==, any_run);
}

/* The walk from B to A is the walk from A to B reversed (symmetry of LOS). */
static void
check_reverse (RdtHexGrid *grid,
               RdtHexWalk *ab,
               RdtHex      from,
               RdtHex      to)
{
  RdtHexWalk ba;

  rdt_hex_walk_init (&ba);
  rdt_hex_grid_walk (grid, to, from, &ba);
  g_assert_cmpuint (ba.n_steps, ==, ab->n_steps);
  for (guint i = 0; i < ab->n_steps; i++)
    {
      RdtWalkStep *x = &ab->steps[i];
      RdtWalkStep *y = &ba.steps[ab->n_steps - 1 - i];

      g_assert_cmpint (x->kind, ==, y->kind);
      switch (x->kind)
        {
        case RDT_WALK_HEX:
          g_assert_true (hex_eq (x->hex, y->hex));
          break;
        case RDT_WALK_CROSS:
          g_assert_true (rdt_hexside_equal (x->hexside, y->hexside));
          g_assert_true (hex_eq (x->from, y->to));
          g_assert_true (hex_eq (x->to, y->from));
          g_assert_cmpint (x->via_corner, ==, y->via_corner);
          if (x->via_corner)
            {
              g_assert_true (hex_eq (x->grazed, y->grazed));
              g_assert_true (rdt_hex_corner_equal (x->corner, y->corner));
            }
          break;
        case RDT_WALK_RUN:
          g_assert_true (rdt_hexside_equal (x->hexside, y->hexside));
          g_assert_true (hex_eq (x->from, y->to));
          g_assert_true (rdt_hex_corner_equal (x->corner, y->end_corner));
          for (int j = 0; j < 2; j++)
            g_assert_true (rdt_hexside_equal (x->from_sides[j], y->to_sides[0]) ||
                           rdt_hexside_equal (x->from_sides[j], y->to_sides[1]));
          break;
        default:
          g_assert_not_reached ();
        }
    }
  rdt_hex_walk_clear (&ba);
}

static RdtHexGrid *
make_grid (RdtGridOrientation orientation,
           RdtGridShift       shift)
{
  RdtGridSettings s = { 40, 40, 1, 0, orientation, shift };
  return rdt_hex_grid_new (&s, NULL);
}

static void
test_straight_directions (gconstpointer data)
{
  g_autoptr(RdtHexGrid) grid = make_grid (GPOINTER_TO_INT (data), RDT_GRID_SHIFT_ODD);
  RdtHex centre = { 20, 20 };
  RdtHexWalk walk;

  rdt_hex_walk_init (&walk);
  for (int d = 0; d < RDT_N_DIRECTIONS; d++)
    {
      RdtHex line[8];
      RdtHex end;

      line[0] = centre;
      for (int i = 1; i < 8; i++)
        line[i] = rdt_hex_grid_neighbour (grid, line[i - 1], d);
      end = line[7];
      rdt_hex_grid_walk (grid, centre, end, &walk);
      /* HEX CROSS HEX ... through every hex of the line, no corners, no runs. */
      g_assert_cmpuint (walk.n_steps, ==, 15);
      g_assert_false (walk.spine);
      for (guint i = 0; i < walk.n_steps; i++)
        {
          RdtWalkStep *s = &walk.steps[i];
          if (i % 2 == 0)
            {
              g_assert_cmpint (s->kind, ==, RDT_WALK_HEX);
              g_assert_true (hex_eq (s->hex, line[i / 2]));
            }
          else
            {
              g_assert_cmpint (s->kind, ==, RDT_WALK_CROSS);
              g_assert_false (s->via_corner);
              g_assert_true (rdt_hexside_equal (s->hexside, rdt_hex_grid_hexside_of (grid, line[i / 2], d)));
            }
        }
      check_against_brute_force (grid, centre, end, &walk);
      check_reverse (grid, &walk, centre, end);
    }
  rdt_hex_walk_clear (&walk);
}

static void
test_spine_directions (gconstpointer data)
{
  g_autoptr(RdtHexGrid) grid = make_grid (GPOINTER_TO_INT (data), RDT_GRID_SHIFT_EVEN);
  RdtHex centre = { 20, 20 };
  RdtHexWalk walk;
  int cu, cv;

  rdt_hex_walk_init (&walk);
  lattice (grid, centre, &cu, &cv);
  for (int k = 0; k < 6; k++)
    {
      /* A spine leaves through corner k: the hex beyond the corner is three
       * corner offsets away, and the hexside between neighbours k-1 and k is run
       * along on the way. */
      const int n_runs = 4;
      RdtHex end = rdt_hex_grid_hex_at_lattice (grid, cu + 3 * n_runs * corner_x[k],
                                                cv + 3 * n_runs * corner_y[k]);
      RdtHex cur = centre;

      rdt_hex_grid_walk (grid, centre, end, &walk);
      g_assert_true (walk.spine);
      g_assert_cmpuint (walk.n_steps, ==, 2 * n_runs + 1);
      for (guint i = 0; i < walk.n_steps; i++)
        {
          RdtWalkStep *s = &walk.steps[i];
          if (i % 2 == 0)
            {
              /* Hexes passed through alternate with runs along hexsides. */
              g_assert_cmpint (s->kind, ==, RDT_WALK_HEX);
              g_assert_true (hex_eq (s->hex, cur));
            }
          else
            {
              int d_before = -1, d_after = -1;
              RdtHex a, b;
              int u, v;

              g_assert_cmpint (s->kind, ==, RDT_WALK_RUN);
              /* The hexside run along lies between two neighbours of `cur` that
               * are adjacent to each other. */
              a = s->hexside.a;
              b = s->hexside.b;
              d_before = rdt_hex_grid_direction_to (grid, cur, a);
              d_after = rdt_hex_grid_direction_to (grid, cur, b);
              g_assert_cmpint (d_before, >=, 0);
              g_assert_cmpint (d_after, >=, 0);
              g_assert_true (rdt_hex_grid_are_adjacent (grid, a, b));
              lattice (grid, cur, &u, &v);
              cur = rdt_hex_grid_hex_at_lattice (grid, u + 3 * corner_x[k], v + 3 * corner_y[k]);
              g_assert_true (hex_eq (s->to, cur));
            }
        }
      check_against_brute_force (grid, centre, end, &walk);
      check_reverse (grid, &walk, centre, end);
    }
  rdt_hex_walk_clear (&walk);
}

static void
test_corner_graze (gconstpointer data)
{
  g_autoptr(RdtHexGrid) grid = make_grid (GPOINTER_TO_INT (data), RDT_GRID_SHIFT_ODD);
  RdtHex start = { 10, 10 };
  RdtHexWalk walk;
  int cu, cv;
  RdtHex end, first, second, grazed;
  gboolean seen = FALSE;

  /* Lattice offset (15, 3): the segment passes exactly through the corner at
   * (5, 1) shared by the hexes at (3, 1), (6, 0) and (6, 2).  It goes from (3, 1)
   * straight into (6, 2), crossing that hexside through its end corner, and
   * only touches (6, 0) at that point (convention 4).  (The segment meets a
   * second corner at (10, 2) the same way.) */
  lattice (grid, start, &cu, &cv);
  end = rdt_hex_grid_hex_at_lattice (grid, cu + 15, cv + 3);
  first = rdt_hex_grid_hex_at_lattice (grid, cu + 3, cv + 1);
  second = rdt_hex_grid_hex_at_lattice (grid, cu + 6, cv + 2);
  grazed = rdt_hex_grid_hex_at_lattice (grid, cu + 6, cv + 0);

  rdt_hex_walk_init (&walk);
  rdt_hex_grid_walk (grid, start, end, &walk);
  g_assert_false (walk.spine);
  for (guint i = 0; i < walk.n_steps; i++)
    {
      RdtWalkStep *s = &walk.steps[i];
      if (s->kind == RDT_WALK_HEX)
        g_assert_false (hex_eq (s->hex, grazed));
      if (s->kind == RDT_WALK_CROSS && s->via_corner &&
          s->corner.u == cu + 5 && s->corner.v == cv + 1)
        {
          g_assert_false (seen);
          seen = TRUE;
          g_assert_true (hex_eq (s->from, first));
          g_assert_true (hex_eq (s->to, second));
          g_assert_true (hex_eq (s->grazed, grazed));
          g_assert_cmpint (s->corner.u, ==, cu + 5);
          g_assert_cmpint (s->corner.v, ==, cv + 1);
        }
    }
  g_assert_true (seen);
  check_against_brute_force (grid, start, end, &walk);
  check_reverse (grid, &walk, start, end);
  rdt_hex_walk_clear (&walk);
}

static void
test_random_lines (gconstpointer data)
{
  RdtGridOrientation orientation = GPOINTER_TO_INT (data);
  g_autoptr(RdtHexGrid) grid = make_grid (orientation, RDT_GRID_SHIFT_ODD);
  g_autoptr(RdtHexGrid) grid2 = make_grid (orientation, RDT_GRID_SHIFT_EVEN);
  RdtHexWalk walk;
  guint n_corner = 0, n_spine = 0;

  rdt_hex_walk_init (&walk);
  for (int i = 0; i < 3000; i++)
    {
      RdtHexGrid *g = (i & 1) ? grid : grid2;
      RdtHex a = { g_test_rand_int_range (1, 41), g_test_rand_int_range (0, 40) };
      RdtHex b;

      if (i % 5 == 0)
        {
          /* Force a line through corners often: spines and (5, 1)-like slopes. */
          int u, v, k = g_test_rand_int_range (0, 6), n = g_test_rand_int_range (1, 6);
          static const int su[] = { 15, 15, -15, -15, 3, -3 };
          static const int sv[] = { 3, -3, 3, -3, 9, 9 };
          lattice (g, a, &u, &v);
          if (i % 10 == 0)
            b = rdt_hex_grid_hex_at_lattice (g, u + 3 * n * corner_x[k], v + 3 * n * corner_y[k]);
          else
            b = rdt_hex_grid_hex_at_lattice (g, u + su[k], v + sv[k]);
        }
      else
        b = (RdtHex) { g_test_rand_int_range (1, 41), g_test_rand_int_range (0, 40) };

      check_against_brute_force (g, a, b, &walk);
      check_reverse (g, &walk, a, b);
      n_spine += walk.spine;
      for (guint j = 0; j < walk.n_steps; j++)
        n_corner += walk.steps[j].via_corner;
    }
  /* The sample really contains the hard cases. */
  g_assert_cmpuint (n_spine, >, 100);
  g_assert_cmpuint (n_corner, >, 100);
  rdt_hex_walk_clear (&walk);
}

static void
test_same_hex (void)
{
  g_autoptr(RdtHexGrid) grid = make_grid (RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD);
  RdtHexWalk walk;

  rdt_hex_walk_init (&walk);
  rdt_hex_grid_walk (grid, (RdtHex) { 5, 5 }, (RdtHex) { 5, 5 }, &walk);
  g_assert_cmpuint (walk.n_steps, ==, 1);
  g_assert_cmpint (walk.steps[0].kind, ==, RDT_WALK_HEX);
  g_assert_false (rdt_hex_grid_is_spine_line (grid, (RdtHex) { 5, 5 }, (RdtHex) { 5, 5 }));
  rdt_hex_walk_clear (&walk);
}

static void
test_buffer_reuse (void)
{
  g_autoptr(RdtHexGrid) grid = make_grid (RDT_GRID_FLAT_TOP, RDT_GRID_SHIFT_ODD);
  RdtHexWalk walk;
  RdtWalkStep *steps;

  /* A long walk first, then shorter ones: no reallocation (LOS fans depend on
   * the walk being allocation-free once warmed up). */
  rdt_hex_walk_init (&walk);
  rdt_hex_grid_walk (grid, (RdtHex) { 1, 0 }, (RdtHex) { 40, 39 }, &walk);
  steps = walk.steps;
  for (int i = 0; i < 200; i++)
    rdt_hex_grid_walk (grid, (RdtHex) { 1 + i % 30, i % 20 }, (RdtHex) { 30 - i % 25, 39 - i % 30 }, &walk);
  g_assert_true (walk.steps == steps);
  rdt_hex_walk_clear (&walk);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/walk/straight/six-directions/flat-top",
                        GINT_TO_POINTER (RDT_GRID_FLAT_TOP), test_straight_directions);
  g_test_add_data_func ("/walk/straight/six-directions/pointy-top",
                        GINT_TO_POINTER (RDT_GRID_POINTY_TOP), test_straight_directions);
  g_test_add_data_func ("/walk/11.44/six-spines/flat-top",
                        GINT_TO_POINTER (RDT_GRID_FLAT_TOP), test_spine_directions);
  g_test_add_data_func ("/walk/11.44/six-spines/pointy-top",
                        GINT_TO_POINTER (RDT_GRID_POINTY_TOP), test_spine_directions);
  g_test_add_data_func ("/walk/convention-4/corner-grazes-third-hex/flat-top",
                        GINT_TO_POINTER (RDT_GRID_FLAT_TOP), test_corner_graze);
  g_test_add_data_func ("/walk/convention-4/corner-grazes-third-hex/pointy-top",
                        GINT_TO_POINTER (RDT_GRID_POINTY_TOP), test_corner_graze);
  g_test_add_data_func ("/walk/random-vs-brute-force-and-reverse/flat-top",
                        GINT_TO_POINTER (RDT_GRID_FLAT_TOP), test_random_lines);
  g_test_add_data_func ("/walk/random-vs-brute-force-and-reverse/pointy-top",
                        GINT_TO_POINTER (RDT_GRID_POINTY_TOP), test_random_lines);
  g_test_add_func ("/walk/same-hex", test_same_hex);
  g_test_add_func ("/walk/buffer-reuse", test_buffer_reuse);

  return g_test_run ();
}
