/* test-gridless.c: Pub Battles on a gridless map (issue 18).  Each ruling is
 * tested on a small hand-made map, by the rulebook section it applies
 * (pub-battles-brandywine.txt) and the convention that fixes its geometry
 * (docs/gridless-conventions.md); the geometry underneath is checked against
 * independent computations on random shapes (point sampling with a
 * point-in-polygon test written here, and the rules' own formulas). */
#undef G_DISABLE_ASSERT
#include "config.h"

#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>
#include <sys/wait.h>

#include "redoubt-core.h"

/* ------------------------------------------------------------- fixtures */

static RdtGridless *
new_map (double width,
         double height)
{
  RdtGridless *g = rdt_gridless_new ();

  g->id = g_strdup ("test");
  g->title = g_strdup ("test");
  g->width = width;
  g->height = height;
  for (guint t = 0; t < RDT_GL_N_PIECE_TYPES; t++)
    {
      g->specs[t].present = TRUE;
      g->specs[t].width = 0.75;
      g->specs[t].depth = 0.375;
      /* Foot move 6 (FoF range 2), Cavalry move 12 (command range 4). */
      g->specs[t].move = (t == RDT_GL_CAVALRY || t == RDT_GL_DRAGOONS || t == RDT_GL_HQ) ? 12 : 6;
    }
  return g;
}

static GArray *
points_of (const double *xy,
           guint         n)
{
  GArray *a = g_array_new (FALSE, FALSE, sizeof (RdtPoint));

  for (guint i = 0; i < n; i++)
    {
      RdtPoint p = { xy[2 * i], xy[2 * i + 1] };
      g_array_append_val (a, p);
    }
  return a;
}

static RdtGlArea *
add_area (RdtGridless   *g,
          const char    *id,
          RdtGlAreaKind  kind,
          const double  *xy,
          guint          n)
{
  RdtGlArea *a = g_new0 (RdtGlArea, 1);

  a->id = g_strdup (id);
  a->kind = kind;
  a->points = points_of (xy, n);
  g_ptr_array_add (g->areas, a);
  return a;
}

static RdtGlArea *
add_box (RdtGridless   *g,
         const char    *id,
         RdtGlAreaKind  kind,
         double         x0,
         double         y0,
         double         x1,
         double         y1)
{
  const double xy[] = { x0, y0, x1, y0, x1, y1, x0, y1 };

  return add_area (g, id, kind, xy, 4);
}

static RdtGlHill *
add_hill (RdtGridless  *g,
          const char   *id,
          int           level,
          const double *xy,
          guint         n,
          const double *crest,
          guint         nc)
{
  RdtGlHill *h = g_new0 (RdtGlHill, 1);

  h->id = g_strdup (id);
  h->level = level;
  h->points = points_of (xy, n);
  h->crest = points_of (crest, nc);
  g_ptr_array_add (g->hills, h);
  return h;
}

static RdtGlPiece *
add_piece (RdtGridless    *g,
           const char     *id,
           const char     *side,
           RdtGlPieceType  type,
           double          x,
           double          y,
           double          facing)
{
  RdtGlPiece *p = g_new0 (RdtGlPiece, 1);

  p->id = g_strdup (id);
  p->side = g_strdup (side);
  p->type = type;
  p->centre = rdt_point (x, y);
  p->facing = facing;
  g_ptr_array_add (g->pieces, p);
  return p;
}

static RdtGlLosEnd
at (double x,
    double y)
{
  RdtGlLosEnd e = { NULL, { x, y } };
  return e;
}

static RdtGlLosEnd
of (const RdtGlPiece *p)
{
  RdtGlLosEnd e = { p, { 0, 0 } };
  return e;
}

/* ------------------------------------------- independent reference code */

/* Crossing-number point-in-polygon, written separately from rdt-geom. */
static gboolean
ref_inside (const RdtPoint *poly,
            guint           n,
            double          x,
            double          y)
{
  gboolean in = FALSE;

  for (guint i = 0, j = n - 1; i < n; j = i++)
    if (((poly[i].y > y) != (poly[j].y > y)) &&
        x < (poly[j].x - poly[i].x) * (y - poly[i].y) / (poly[j].y - poly[i].y) + poly[i].x)
      in = !in;
  return in;
}

/* A random star-shaped (hence simple) polygon around (cx, cy). */
static GArray *
random_star (double cx,
             double cy,
             double rmin,
             double rmax)
{
  guint n = g_test_rand_int_range (3, 13);
  g_autofree double *angles = g_new (double, n);
  GArray *a = g_array_new (FALSE, FALSE, sizeof (RdtPoint));

  for (guint i = 0; i < n; i++)
    angles[i] = (i + g_test_rand_double_range (0.05, 0.95)) * 2 * G_PI / n;
  for (guint i = 0; i < n; i++)
    {
      double r = g_test_rand_double_range (rmin, rmax);
      RdtPoint p = { cx + r * cos (angles[i]), cy + r * sin (angles[i]) };
      g_array_append_val (a, p);
    }
  return a;
}

/* Fraction of an oriented rectangle inside @poly, by sampling a grid of
 * cell midpoints in the rectangle's own frame. */
static double
ref_rect_fraction (RdtPoint        c,
                   double          w,
                   double          d,
                   double          facing,
                   const RdtPoint *poly,
                   guint           n,
                   int             nu,
                   int             nv)
{
  double th = facing * G_PI / 180;
  double fx = sin (th), fy = -cos (th), rx = cos (th), ry = sin (th);
  long in = 0;

  for (int i = 0; i < nu; i++)
    for (int j = 0; j < nv; j++)
      {
        double u = -w / 2 + (i + 0.5) * w / nu, v = -d / 2 + (j + 0.5) * d / nv;
        if (ref_inside (poly, n, c.x + u * rx + v * fx, c.y + u * ry + v * fy))
          in++;
      }
  return (double) in / ((double) nu * nv);
}

/* ------------------------------------------------------------- geometry */

static void
test_geom_clip_area_random (void)
{
  for (int k = 0; k < 150; k++)
    {
      g_autoptr(GArray) poly = random_star (g_test_rand_double_range (4, 6), g_test_rand_double_range (4, 6), 0.2, 2.5);
      RdtPoint c = { g_test_rand_double_range (3, 7), g_test_rand_double_range (3, 7) };
      double w = g_test_rand_double_range (0.3, 3), d = g_test_rand_double_range (0.2, 2);
      double facing = g_test_rand_double_range (0, 360);
      RdtPoint corners[4];
      double got, ref;

      rdt_geom_block_corners (c, w, d, facing, corners);
      got = rdt_geom_clipped_area ((const RdtPoint *) poly->data, poly->len, corners, 4) / (w * d);
      ref = ref_rect_fraction (c, w, d, facing, (const RdtPoint *) poly->data, poly->len, 300, 300);
      if (fabs (got - ref) > 0.01)
        g_error ("case %d: clipped fraction %.6f, sampled %.6f", k, got, ref);
    }
}

/* G1: terrain areas may share edges but not overlap.  Whenever sampling
 * finds ground inside both shapes, rdt_geom_polygons_overlap() says so; the
 * shapes are stars side by side, some overlapping, some touching, some
 * apart, some one inside the other. */
static void
test_geom_polygons_overlap_random (void)
{
  guint overlapping = 0, apart = 0;

  for (int k = 0; k < 300; k++)
    {
      g_autoptr(GArray) a = random_star (5, 5, 0.5, 3);
      /* A third of the cases: a small shape well inside the other, which
       * only the inside probes find (no edges cross). */
      gboolean nested = k % 3 == 0;
      double dx = nested ? g_test_rand_double_range (-0.05, 0.05) : g_test_rand_double_range (-5, 5);
      double dy = nested ? g_test_rand_double_range (-0.05, 0.05) : g_test_rand_double_range (-5, 5);
      g_autoptr(GArray) b = nested ? random_star (5 + dx, 5 + dy, 0.2, 0.4)
                                   : random_star (5 + dx, 5 + dy, 0.3, g_test_rand_double_range (0.5, 3));
      const int n = 160;
      int both = 0;
      gboolean got = rdt_geom_polygons_overlap ((const RdtPoint *) a->data, a->len,
                                                (const RdtPoint *) b->data, b->len);
      gboolean got_swapped = rdt_geom_polygons_overlap ((const RdtPoint *) b->data, b->len,
                                                        (const RdtPoint *) a->data, a->len);

      for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
          {
            double x = -5 + 20.0 * (i + 0.5) / n, y = -5 + 20.0 * (j + 0.5) / n;

            if (ref_inside ((const RdtPoint *) a->data, a->len, x, y) &&
                ref_inside ((const RdtPoint *) b->data, b->len, x, y))
              both++;
          }
      if (both > 0 && (!got || !got_swapped))
        g_error ("case %d: %d sample points inside both shapes, rdt_geom_polygons_overlap says no", k, both);
      g_assert_cmpint (got, ==, got_swapped);
      if (both > 0)
        overlapping++;
      else if (!got)
        apart++;
    }
  g_assert_cmpuint (overlapping, >=, 50);
  g_assert_cmpuint (apart, >=, 50);
}

static void
test_geom_segment_inside_random (void)
{
  for (int k = 0; k < 150; k++)
    {
      g_autoptr(GArray) poly = random_star (5, 5, 0.5, 3);
      RdtPoint a = { g_test_rand_double_range (0, 10), g_test_rand_double_range (0, 10) };
      RdtPoint b = { g_test_rand_double_range (0, 10), g_test_rand_double_range (0, 10) };
      double len = hypot (b.x - a.x, b.y - a.y), got, ref;
      const int n = 20000;
      long in = 0;

      for (int i = 0; i < n; i++)
        {
          double t = (i + 0.5) / n;
          if (ref_inside ((const RdtPoint *) poly->data, poly->len, a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)))
            in++;
        }
      ref = len * in / n;
      got = rdt_geom_segment_inside_length (a, b, (const RdtPoint *) poly->data, poly->len, NULL, NULL);
      /* Each crossing can be off by half a sample. */
      if (fabs (got - ref) > 2 * poly->len * len / n + 1e-9)
        g_error ("case %d: inside length %.6f, sampled %.6f", k, got, ref);
    }
}

static void
test_geom_simple (void)
{
  const double bowtie[] = { 0, 0, 2, 2, 2, 0, 0, 2 };
  const double square[] = { 0, 0, 2, 0, 2, 2, 0, 2 };
  const double spike[] = { 0, 0, 2, 0, 2, 2, 2, 1, 2, 3, 0, 2 };
  g_autoptr(GArray) b = points_of (bowtie, 4);
  g_autoptr(GArray) s = points_of (square, 4);
  g_autoptr(GArray) sp = points_of (spike, 6);
  guint e1, e2;

  g_assert_false (rdt_geom_polygon_is_simple ((RdtPoint *) b->data, 4, &e1, &e2));
  g_assert_cmpuint (e1, ==, 0);
  g_assert_cmpuint (e2, ==, 2);
  g_assert_true (rdt_geom_polygon_is_simple ((RdtPoint *) s->data, 4, NULL, NULL));
  g_assert_false (rdt_geom_polygon_is_simple ((RdtPoint *) sp->data, 6, NULL, NULL));
  for (int k = 0; k < 50; k++)
    {
      g_autoptr(GArray) star = random_star (5, 5, 0.5, 3);
      g_assert_true (rdt_geom_polygon_is_simple ((RdtPoint *) star->data, star->len, NULL, NULL));
    }
}

/* G4 edge contact against sampling on random nearly-flush edges. */
static void
test_geom_edge_contact_random (void)
{
  for (int k = 0; k < 200; k++)
    {
      RdtPoint c = { 0, 0 }, d = { g_test_rand_double_range (0.2, 1), 0 };
      double off = g_test_rand_double_range (-0.03, 0.03), tilt = g_test_rand_double_range (-0.05, 0.05);
      RdtPoint a = { g_test_rand_double_range (-0.5, 0.8), off };
      RdtPoint b = { a.x + g_test_rand_double_range (0.2, 1), off + tilt };
      double eps = 1.0 / 64, len = hypot (b.x - a.x, b.y - a.y), ref, got;
      const int n = 100000;
      long in = 0;

      for (int i = 0; i < n; i++)
        {
          double t = (i + 0.5) / n, x = a.x + t * (b.x - a.x), y = a.y + t * (b.y - a.y);
          if (x >= c.x && x <= d.x && fabs (y) <= eps)
            in++;
        }
      ref = len * in / n;
      got = rdt_geom_edge_contact_length (a, b, c, d, eps);
      if (fabs (got - ref) > 4 * len / n)
        g_error ("case %d: contact %.6f, sampled %.6f", k, got, ref);
    }
}

/* ------------------------------------------------------------- terrain */

/* How the Pieces Move: "the type under the majority of the piece" (G2). */
static void
test_terrain_majority_woods (void)
{
  g_autoptr(RdtGridless) g = new_map (20, 20);
  RdtGlPiece *p;
  RdtGlTerrain t;

  add_box (g, "w", RDT_GL_AREA_WOODS, 5, 5, 10, 10);
  /* A 0.75 x 0.375 block facing up whose left 0.45 is in the woods: 60%. */
  p = add_piece (g, "a", "red", RDT_GL_INFANTRY, 4.925 + 0.45 + 0.0, 7, 0);
  p->centre.x = 5 + 0.45 - 0.375;
  rdt_gl_piece_terrain (g, p, &t);
  g_assert_cmpfloat_with_epsilon (t.fraction[RDT_GL_AREA_WOODS], 0.6, 1e-12);
  g_assert_cmpfloat_with_epsilon (t.fraction[RDT_GL_AREA_CLEAR], 0.4, 1e-12);
  g_assert_cmpint (t.has_majority, ==, RDT_GL_YES);
  g_assert_cmpint (t.majority, ==, RDT_GL_AREA_WOODS);
  g_assert_cmpstr (t.convention, ==, "G2 G3");
  g_assert_nonnull (strstr (t.rule, "How the Pieces Move"));
  /* 40% in: clear. */
  p->centre.x = 5 + 0.30 - 0.375;
  rdt_gl_piece_terrain (g, p, &t);
  g_assert_cmpint (t.has_majority, ==, RDT_GL_YES);
  g_assert_cmpint (t.majority, ==, RDT_GL_AREA_CLEAR);
}

/* Moving Intent: "equally in two types of terrain at once" is a tie (G2). */
static void
test_terrain_majority_tie (void)
{
  g_autoptr(RdtGridless) g = new_map (20, 20);
  RdtGlPiece *p;
  RdtGlTerrain t;

  add_box (g, "w", RDT_GL_AREA_WOODS, 5, 5, 10, 10);
  p = add_piece (g, "a", "red", RDT_GL_INFANTRY, 5, 7, 0);
  rdt_gl_piece_terrain (g, p, &t);
  g_assert_cmpfloat_with_epsilon (t.fraction[RDT_GL_AREA_WOODS], 0.5, 1e-12);
  g_assert_cmpint (t.has_majority, ==, RDT_GL_UNDECIDED);
  /* Rotated 90 degrees on the same edge: still exactly half. */
  p->facing = 90;
  rdt_gl_piece_terrain (g, p, &t);
  g_assert_cmpint (t.has_majority, ==, RDT_GL_UNDECIDED);
  /* Three kinds, none over half: undecided too. */
  add_box (g, "m", RDT_GL_AREA_MARSH, 4, 5, 4.9, 10);
  p->facing = 0;
  p->centre.x = 5.0 - 0.375 + 0.35;
  rdt_gl_piece_terrain (g, p, &t);
  g_assert_cmpint (t.has_majority, ==, RDT_GL_UNDECIDED);
}

static void
test_terrain_majority_random (void)
{
  g_autoptr(RdtGridless) g = new_map (20, 20);
  g_autoptr(GArray) star = random_star (10, 10, 0.3, 1.5);
  RdtGlArea *a = add_box (g, "w", RDT_GL_AREA_WOODS, 0, 0, 1, 1);
  RdtGlPiece *p = add_piece (g, "a", "red", RDT_GL_INFANTRY, 10, 10, 0);

  g_array_unref (a->points);
  a->points = g_array_ref (star);
  for (int k = 0; k < 300; k++)
    {
      RdtGlTerrain t;
      double ref;

      p->centre = rdt_point (g_test_rand_double_range (8.5, 11.5), g_test_rand_double_range (8.5, 11.5));
      p->facing = g_test_rand_double_range (0, 360);
      rdt_gl_piece_terrain (g, p, &t);
      ref = ref_rect_fraction (p->centre, 0.75, 0.375, p->facing, (const RdtPoint *) star->data,
                               star->len, 400, 200);
      g_assert_cmpfloat_with_epsilon (t.fraction[RDT_GL_AREA_WOODS], ref, 0.01);
      if (ref > 0.52)
        g_assert_true (t.has_majority == RDT_GL_YES && t.majority == RDT_GL_AREA_WOODS);
      else if (ref < 0.48)
        g_assert_true (t.has_majority == RDT_GL_YES && t.majority == RDT_GL_AREA_CLEAR);
    }
}

/* G3: the level of a block is the highest level holding its majority. */
static void
test_terrain_hill_level (void)
{
  g_autoptr(RdtGridless) g = new_map (20, 20);
  const double h1[] = { 2, 2, 10, 2, 10, 10, 2, 10 }, c1[] = { 2, 6, 10, 6 };
  const double h2[] = { 4, 4, 8, 4, 8, 8, 4, 8 }, c2[] = { 4, 6, 8, 6 };
  RdtGlPiece *p = add_piece (g, "a", "red", RDT_GL_INFANTRY, 6, 6, 0);
  RdtGlTerrain t;
  int level;

  add_hill (g, "low", 1, h1, 4, c1, 2);
  add_hill (g, "knoll", 2, h2, 4, c2, 2);
  rdt_gl_piece_terrain (g, p, &t);
  g_assert_cmpint (t.level, ==, 2);
  g_assert_cmpstr (t.hill_id, ==, "knoll");
  p->centre = rdt_point (3, 3);
  rdt_gl_piece_terrain (g, p, &t);
  g_assert_cmpint (t.level, ==, 1);
  g_assert_cmpstr (t.hill_id, ==, "low");
  p->centre = rdt_point (12, 12);
  rdt_gl_piece_terrain (g, p, &t);
  g_assert_cmpint (t.level, ==, 0);
  g_assert_null (t.hill_id);
  rdt_gl_point_terrain (g, rdt_point (5, 5), &level);
  g_assert_cmpint (level, ==, 2);
}

/* ------------------------------------------------------------- contact */

/* How to Attack: "in contact" (G4): footprints at most 1/64" apart. */
static void
test_contact_tolerance (void)
{
  g_autoptr(RdtGridless) g = new_map (20, 20);
  RdtGlPiece *a = add_piece (g, "a", "red", RDT_GL_INFANTRY, 10, 10, 0);
  RdtGlPiece *b = add_piece (g, "b", "blue", RDT_GL_INFANTRY, 10, 10 - 0.375 - 1.0 / 64, 180);
  RdtGlContact c;

  rdt_gl_contact (g, a, b, &c);
  g_assert_cmpint (c.in_contact, ==, RDT_GL_YES);
  g_assert_false (c.overlap);
  g_assert_cmpfloat_with_epsilon (c.gap, 1.0 / 64, 1e-12);
  g_assert_cmpstr (c.convention, ==, "G4");
  b->centre.y -= 0.001;
  rdt_gl_contact (g, a, b, &c);
  g_assert_cmpint (c.in_contact, ==, RDT_GL_NO);
  g_assert_cmpint (c.majority, ==, RDT_GL_NO);
  /* Overlapping blocks are in contact and flagged as stacking. */
  b->centre.y = 10 - 0.3;
  rdt_gl_contact (g, a, b, &c);
  g_assert_true (c.overlap);
}

/* How to Attack, Melee: "the majority of the pieces are in contact" (G4):
 * more than half of the shorter touching edge. */
static void
test_contact_majority_melee (void)
{
  g_autoptr(RdtGridless) g = new_map (20, 20);
  RdtGlPiece *a = add_piece (g, "a", "red", RDT_GL_INFANTRY, 10, 10, 0);
  RdtGlPiece *b = add_piece (g, "b", "blue", RDT_GL_INFANTRY, 10.25, 10 - 0.375, 180);
  RdtGlContact c;

  /* Head on, offset 1/4": 1/2" of 3/4" in contact. */
  rdt_gl_contact (g, a, b, &c);
  g_assert_cmpfloat_with_epsilon (c.front_contact, 0.5, 1e-9);
  g_assert_cmpint (c.b_edge, ==, 0);
  g_assert_cmpint (c.majority, ==, RDT_GL_YES);
  /* Offset 3/8": exactly half, a tie (Moving Intent). */
  b->centre.x = 10.375;
  rdt_gl_contact (g, a, b, &c);
  g_assert_cmpfloat_with_epsilon (c.front_contact, 0.375, 1e-9);
  g_assert_cmpint (c.majority, ==, RDT_GL_UNDECIDED);
  /* Offset 1/2": a quarter. */
  b->centre.x = 10.5;
  rdt_gl_contact (g, a, b, &c);
  g_assert_cmpint (c.in_contact, ==, RDT_GL_YES);
  g_assert_cmpint (c.majority, ==, RDT_GL_NO);
  /* Into the flank: B faces east, so its 3/8" right end (south side) is
   * the edge A's front touches; all of it is in contact. */
  b->facing = 90;
  b->centre = rdt_point (10, 10 - 0.1875 - 0.375);
  rdt_gl_contact (g, a, b, &c);
  g_assert_cmpint (c.b_edge, ==, 1);
  g_assert_cmpfloat_with_epsilon (c.b_edge_length, 0.375, 1e-9);
  g_assert_cmpfloat_with_epsilon (c.front_contact, 0.375, 1e-9);
  g_assert_cmpint (c.majority, ==, RDT_GL_YES);
}

/* ------------------------------------------------------- Field of Fire */

/* Field of Fire: "out to their front, within a 45 degree arc, to a range of
 * 1/3 Foot move" (G5): a trapezoid widening at 45 degrees from the front
 * corners, majority of the target inside. */
static void
test_fof_arc (void)
{
  g_autoptr(RdtGridless) g = new_map (20, 20);
  RdtGlPiece *a = add_piece (g, "a", "red", RDT_GL_INFANTRY, 10, 10, 0);
  RdtGlPiece *b = add_piece (g, "b", "blue", RDT_GL_INFANTRY, 10, 8, 180);
  RdtGlFof f;

  /* Straight ahead, 1.8125" from A's front edge to B's far edge: in. */
  rdt_gl_fof (g, a, b, &f);
  g_assert_true (f.projects);
  g_assert_cmpfloat_with_epsilon (f.range, 2, 1e-12);
  g_assert_cmpfloat_with_epsilon (f.fraction, 1, 1e-12);
  g_assert_cmpint (f.verdict, ==, RDT_GL_YES);
  g_assert_cmpstr (f.convention, ==, "G5");
  rdt_gl_fof_clear (&f);
  /* B's centre line exactly on the range line (2" ahead of the front edge): half in. */
  b->centre.y = 10 - 0.1875 - 2;
  rdt_gl_fof (g, a, b, &f);
  g_assert_cmpfloat_with_epsilon (f.fraction, 0.5, 1e-12);
  g_assert_cmpint (f.verdict, ==, RDT_GL_UNDECIDED);
  rdt_gl_fof_clear (&f);
  /* Beyond the range. */
  b->centre.y = 10 - 0.1875 - 2.3;
  rdt_gl_fof (g, a, b, &f);
  g_assert_cmpint (f.verdict, ==, RDT_GL_NO);
  rdt_gl_fof_clear (&f);
  /* On the 45-degree line from the front-right corner, a target whose centre
   * is on the line and which is symmetric about it (rotated 45 degrees) is
   * exactly half in. */
  b->facing = 45;
  b->centre = rdt_point (10.375 + 1, 10 - 0.1875 - 1);
  rdt_gl_fof (g, a, b, &f);
  g_assert_cmpfloat_with_epsilon (f.fraction, 0.5, 1e-9);
  g_assert_cmpint (f.verdict, ==, RDT_GL_UNDECIDED);
  rdt_gl_fof_clear (&f);
  /* Behind: out. */
  b->facing = 0;
  b->centre = rdt_point (10, 11);
  rdt_gl_fof (g, a, b, &f);
  g_assert_cmpfloat_with_epsilon (f.fraction, 0, 1e-12);
  g_assert_cmpint (f.verdict, ==, RDT_GL_NO);
  rdt_gl_fof_clear (&f);
  /* Cavalry projects no FoF. */
  a->type = RDT_GL_CAVALRY;
  b->centre = rdt_point (10, 8);
  rdt_gl_fof (g, a, b, &f);
  g_assert_false (f.projects);
  g_assert_cmpint (f.verdict, ==, RDT_GL_NO);
  rdt_gl_fof_clear (&f);
}

/* G5 against the formula of the convention, evaluated point by point. */
static void
test_fof_random (void)
{
  g_autoptr(RdtGridless) g = new_map (40, 40);
  RdtGlPiece *a = add_piece (g, "a", "red", RDT_GL_ARTILLERY, 20, 20, 0);
  RdtGlPiece *b = add_piece (g, "b", "blue", RDT_GL_INFANTRY, 20, 18, 0);

  for (int k = 0; k < 300; k++)
    {
      RdtGlFof f;
      double th, fx, fy, rx, ry, bth, bfx, bfy, brx, bry;
      long in = 0;
      const int nu = 200, nv = 100;
      double ref;

      a->facing = g_test_rand_double_range (0, 360);
      b->facing = g_test_rand_double_range (0, 360);
      b->centre = rdt_point (20 + g_test_rand_double_range (-3, 3), 20 + g_test_rand_double_range (-3, 3));
      th = a->facing * G_PI / 180;
      fx = sin (th), fy = -cos (th), rx = cos (th), ry = sin (th);
      bth = b->facing * G_PI / 180;
      bfx = sin (bth), bfy = -cos (bth), brx = cos (bth), bry = sin (bth);
      for (int i = 0; i < nu; i++)
        for (int j = 0; j < nv; j++)
          {
            double u = -0.375 + (i + 0.5) * 0.75 / nu, v = -0.1875 + (j + 0.5) * 0.375 / nv;
            double x = b->centre.x + u * brx + v * bfx, y = b->centre.y + u * bry + v * bfy;
            /* s: ahead of A's front edge; l: sideways from A's centre line. */
            double s = (x - 20) * fx + (y - 20) * fy - 0.1875;
            double l = (x - 20) * rx + (y - 20) * ry;
            if (s >= 0 && s <= 2 && fabs (l) <= 0.375 + s)
              in++;
          }
      ref = (double) in / (nu * nv);
      rdt_gl_fof (g, a, b, &f);
      if (fabs (f.fraction - ref) > 0.01)
        g_error ("case %d: FoF fraction %.6f, sampled %.6f", k, f.fraction, ref);
      if (ref > 0.52)
        g_assert_cmpint (f.verdict, ==, RDT_GL_YES);   /* nothing blocks on this map */
      else if (ref < 0.48)
        g_assert_cmpint (f.verdict, ==, RDT_GL_NO);
      rdt_gl_fof_clear (&f);
    }
}

/* Field of Fire: "limited by Line of Sight". */
static void
test_fof_limited_by_los (void)
{
  g_autoptr(RdtGridless) g = new_map (20, 20);
  RdtGlPiece *a = add_piece (g, "a", "red", RDT_GL_INFANTRY, 10, 10, 0);
  RdtGlPiece *b = add_piece (g, "b", "blue", RDT_GL_INFANTRY, 10, 8, 180);
  RdtGlFof f;

  add_piece (g, "screen", "blue", RDT_GL_CAVALRY, 10, 9, 0);
  rdt_gl_fof (g, a, b, &f);
  g_assert_cmpint (f.in_zone, ==, RDT_GL_YES);
  g_assert_cmpint (f.los.verdict, ==, RDT_GL_NO);
  g_assert_cmpint (f.verdict, ==, RDT_GL_NO);
  g_assert_cmpstr (f.convention, ==, "G5 G6");
  rdt_gl_fof_clear (&f);
}

/* --------------------------------------------------------------- flank */

/* Flanking Attacks: "You Flank the enemy IF they are in your FoF but the
 * majority of your piece is not in the enemy's FoF" (G8). */
static void
test_flank (void)
{
  g_autoptr(RdtGridless) g = new_map (20, 20);
  RdtGlPiece *a = add_piece (g, "a", "red", RDT_GL_INFANTRY, 10, 12, 0);
  RdtGlPiece *b = add_piece (g, "b", "blue", RDT_GL_INFANTRY, 10, 11, 90);
  RdtGlFlank f;

  /* B faces east across A's front: A is not in B's FoF. */
  rdt_gl_flank (g, a, b, &f);
  g_assert_cmpint (f.attacker_fof.verdict, ==, RDT_GL_YES);
  g_assert_cmpint (f.defender_fof.verdict, ==, RDT_GL_NO);
  g_assert_cmpint (f.verdict, ==, RDT_GL_YES);
  g_assert_cmpstr (f.convention, ==, "G8");
  rdt_gl_flank_clear (&f);
  /* Head on: each in the other's FoF, no flank. */
  b->facing = 180;
  rdt_gl_flank (g, a, b, &f);
  g_assert_cmpint (f.defender_fof.verdict, ==, RDT_GL_YES);
  g_assert_cmpint (f.verdict, ==, RDT_GL_NO);
  rdt_gl_flank_clear (&f);
  /* Cavalry projects no FoF: attacked from the front it is still flanked. */
  b->type = RDT_GL_CAVALRY;
  rdt_gl_flank (g, a, b, &f);
  g_assert_cmpint (f.verdict, ==, RDT_GL_YES);
  rdt_gl_flank_clear (&f);
  /* Terrain Effects, Road Column: "Treat as Flanked for combat". */
  b->type = RDT_GL_INFANTRY;
  b->road_column = TRUE;
  rdt_gl_flank (g, a, b, &f);
  g_assert_cmpint (f.verdict, ==, RDT_GL_YES);
  g_assert_nonnull (strstr (f.rule, "Road Column"));
  rdt_gl_flank_clear (&f);
  /* Terrain Effects, Buildings: "Defenders cannot be Flanked". */
  b->road_column = FALSE;
  b->facing = 90;
  add_box (g, "town", RDT_GL_AREA_BUILDINGS, 9, 10.5, 11, 11.5);
  rdt_gl_flank (g, a, b, &f);
  g_assert_cmpint (f.verdict, ==, RDT_GL_NO);
  g_assert_nonnull (strstr (f.rule, "Buildings"));
  rdt_gl_flank_clear (&f);
  /* Exactly half of the defender in the attacker's FoF: undecided (Moving Intent). */
  b->facing = 0;
  b->centre = rdt_point (10, 12 - 0.1875 - 2);
  rdt_gl_flank (g, a, b, &f);
  g_assert_cmpint (f.attacker_fof.in_zone, ==, RDT_GL_UNDECIDED);
  g_assert_cmpint (f.verdict, ==, RDT_GL_UNDECIDED);
  rdt_gl_flank_clear (&f);
}

/* ----------------------------------------------------------------- LOS */

static const RdtGlLosStep *
step (const RdtGlLos *l,
      const char     *what)
{
  for (guint i = 0; i < l->steps->len; i++)
    if (g_str_equal (g_array_index (l->steps, RdtGlLosStep, i).what, what))
      return &g_array_index (l->steps, RdtGlLosStep, i);
  g_error ("no %s step", what);
  return NULL;
}

/* Line of Sight: "You can see into Woods and Buildings up to the thickness
 * of a piece: 3/8"" (G6 b), all of them together along the line. */
static void
test_los_woods_3_8 (void)
{
  g_autoptr(RdtGridless) g = new_map (20, 20);
  RdtGlArea *w = add_box (g, "w", RDT_GL_AREA_WOODS, 10, 5, 10.375, 15);
  RdtGlLos l;

  rdt_gl_los (g, at (8, 10), at (12, 10), &l);
  g_assert_cmpfloat_with_epsilon (l.woods_length, 0.375, 1e-12);
  g_assert_cmpint (l.verdict, ==, RDT_GL_YES);   /* exactly 3/8": still seen */
  g_assert_cmpuint (l.steps->len, ==, 1);
  g_assert_cmpint (g_array_index (l.steps, RdtGlLosStep, 0).effect, ==, RDT_GL_LOS_SEEN_INTO);
  rdt_gl_los_clear (&l);
  g_array_index (w->points, RdtPoint, 1).x = 10.4;
  g_array_index (w->points, RdtPoint, 2).x = 10.4;
  rdt_gl_los (g, at (8, 10), at (12, 10), &l);
  g_assert_cmpint (l.verdict, ==, RDT_GL_NO);
  g_assert_cmpint (g_array_index (l.steps, RdtGlLosStep, 0).effect, ==, RDT_GL_LOS_BLOCKS);
  g_assert_cmpstr (l.convention, ==, "G6b");
  rdt_gl_los_clear (&l);
  /* Two strips of 1/4" each: 1/2" together, blocked by the second. */
  g_array_index (w->points, RdtPoint, 1).x = 10.25;
  g_array_index (w->points, RdtPoint, 2).x = 10.25;
  add_box (g, "town", RDT_GL_AREA_BUILDINGS, 11, 5, 11.25, 15);
  rdt_gl_los (g, at (8, 10), at (12, 10), &l);
  g_assert_cmpint (l.verdict, ==, RDT_GL_NO);
  g_assert_cmpint (g_array_index (l.steps, RdtGlLosStep, 0).effect, ==, RDT_GL_LOS_SEEN_INTO);
  g_assert_cmpint (g_array_index (l.steps, RdtGlLosStep, 1).effect, ==, RDT_GL_LOS_BLOCKS);
  rdt_gl_los_clear (&l);
  /* Running along the edge of a wood is not seeing into it. */
  rdt_gl_los (g, at (10, 4), at (10, 16), &l);
  g_assert_cmpfloat_with_epsilon (l.woods_length, 0, 1e-12);
  rdt_gl_los_clear (&l);
}

/* G6 b against sampling: random woods, random sight lines from the plain;
 * the reference adds up sample points inside the woods (own point-in-polygon)
 * and decides "more than 3/8"" itself.  Cases within the sampling error of
 * 3/8" are skipped. */
static void
test_los_woods_random (void)
{
  g_autoptr(RdtGridless) g = new_map (30, 30);
  guint checked = 0;

  g->specs[RDT_GL_INFANTRY].move = 60;   /* range out of the way */
  for (int k = 0; k < 3; k++)
    {
      g_autoptr(GArray) star = random_star (7 + 8 * k, 15, 0.1, 0.6);
      RdtGlArea *a = add_box (g, "w", RDT_GL_AREA_WOODS, 0, 0, 1, 1);
      g_array_unref (a->points);
      a->points = g_array_ref (star);
    }
  for (int k = 0; k < 400; k++)
    {
      RdtPoint p = { g_test_rand_double_range (1, 29), g_test_rand_double_range (13.5, 16.5) };
      RdtPoint q = { g_test_rand_double_range (1, 29), g_test_rand_double_range (13.5, 16.5) };
      double len = hypot (q.x - p.x, q.y - p.y), ref;
      const int n = 40000;
      long in = 0;
      RdtGlLos l;

      for (int i = 0; i < n; i++)
        {
          double t = (i + 0.5) / n, x = p.x + t * (q.x - p.x), y = p.y + t * (q.y - p.y);
          for (guint w = 0; w < g->areas->len; w++)
            {
              GArray *pts = ((RdtGlArea *) g_ptr_array_index (g->areas, w))->points;
              if (ref_inside ((const RdtPoint *) pts->data, pts->len, x, y))
                {
                  in++;
                  break;
                }
            }
        }
      ref = len * in / n;
      if (fabs (ref - 0.375) < 0.01)
        continue;
      rdt_gl_los (g, at (p.x, p.y), at (q.x, q.y), &l);
      g_assert_cmpfloat_with_epsilon (l.woods_length, ref, 0.005);
      g_assert_cmpint (l.verdict, ==, ref > 0.375 ? RDT_GL_NO : RDT_GL_YES);
      rdt_gl_los_clear (&l);
      checked++;
    }
  g_assert_cmpuint (checked, >, 300);
}

/* Line of Sight: "You can see onto a Hill up to the center crest line" (G7). */
static void
test_los_hill_crest (void)
{
  g_autoptr(RdtGridless) g = new_map (20, 20);
  const double hill[] = { 8, 6, 12, 6, 12, 14, 8, 14 }, crest[] = { 10, 6, 10, 14 };
  RdtGlLos l;

  add_hill (g, "h", 1, hill, 4, crest, 2);
  rdt_gl_los (g, at (5, 10), at (9.5, 10), &l);      /* near slope */
  g_assert_cmpint (l.verdict, ==, RDT_GL_YES);
  rdt_gl_los_clear (&l);
  rdt_gl_los (g, at (5, 10), at (10, 10), &l);       /* on the crest line */
  g_assert_cmpint (l.verdict, ==, RDT_GL_YES);
  rdt_gl_los_clear (&l);
  rdt_gl_los (g, at (5, 10), at (10.5, 10), &l);     /* past it */
  g_assert_cmpint (l.verdict, ==, RDT_GL_NO);
  g_assert_cmpstr (l.convention, ==, "G7");
  rdt_gl_los_clear (&l);
  rdt_gl_los (g, at (7, 7), at (11, 5), &l);         /* across a corner, not the crest */
  g_assert_cmpint (l.verdict, ==, RDT_GL_YES);
  g_assert_cmpint (g_array_index (l.steps, RdtGlLosStep, 0).effect, ==, RDT_GL_LOS_NOT_CROSSED);
  rdt_gl_los_clear (&l);
  rdt_gl_los (g, at (9, 10), at (11.5, 10), &l);     /* the viewer is on it */
  g_assert_cmpint (l.verdict, ==, RDT_GL_YES);
  g_assert_cmpint (g_array_index (l.steps, RdtGlLosStep, 0).effect, ==, RDT_GL_LOS_OWN_HILL);
  rdt_gl_los_clear (&l);
}

/* Line of Sight: "While on a Hill, you can see over Woods, Buildings or a
 * lower Hill IF you are closer to those blocking objects than the target"
 * (G6 c). */
static void
test_los_from_hill_over (void)
{
  g_autoptr(RdtGridless) g = new_map (30, 20);
  const double hill[] = { 1, 8, 4, 8, 4, 12, 1, 12 }, crest[] = { 2.5, 8, 2.5, 12 };
  const double low[] = { 14, 8, 16, 8, 16, 12, 14, 12 }, lcrest[] = { 15, 8, 15, 12 };
  RdtGlLos l;

  add_hill (g, "high", 2, hill, 4, crest, 2);
  add_box (g, "w", RDT_GL_AREA_WOODS, 6, 5, 7, 15);
  g->specs[RDT_GL_INFANTRY].move = 30;   /* keep the 1 Foot move range out of the way */
  /* From the hill (level 2) at x=3: the woods 3" away, the target 5" beyond them. */
  rdt_gl_los (g, at (3, 10), at (12, 10), &l);
  g_assert_cmpint (l.viewer_level, ==, 2);
  g_assert_cmpint (l.verdict, ==, RDT_GL_YES);
  g_assert_cmpint (step (&l, "woods")->effect, ==, RDT_GL_LOS_SEEN_OVER);
  g_assert_cmpstr (step (&l, "woods")->convention, ==, "G6c");
  g_assert_cmpint (step (&l, "hill")->effect, ==, RDT_GL_LOS_OWN_HILL);
  rdt_gl_los_clear (&l);
  /* Target 1" beyond the woods, viewer 3" before: blocked. */
  rdt_gl_los (g, at (3, 10), at (8, 10), &l);
  g_assert_cmpint (l.verdict, ==, RDT_GL_NO);
  rdt_gl_los_clear (&l);
  /* Equal distances (3" and 3"): not closer, blocked. */
  rdt_gl_los (g, at (3, 10), at (10, 10), &l);
  g_assert_cmpint (l.verdict, ==, RDT_GL_NO);
  rdt_gl_los_clear (&l);
  /* The same from the plain: blocked (1" of woods). */
  rdt_gl_los (g, at (5, 10), at (12, 10), &l);
  g_assert_cmpint (l.viewer_level, ==, 0);
  g_assert_cmpint (l.verdict, ==, RDT_GL_NO);
  rdt_gl_los_clear (&l);
  /* Over a lower hill: its crest is crossed, but from level 2, closer. */
  g_ptr_array_set_size (g->areas, 0);
  add_hill (g, "low", 1, low, 4, lcrest, 2);
  rdt_gl_los (g, at (3, 10), at (28, 10), &l);
  g_assert_cmpint (l.verdict, ==, RDT_GL_YES);
  rdt_gl_los_clear (&l);
  rdt_gl_los (g, at (3, 10), at (17, 10), &l);      /* target closer to it */
  g_assert_cmpint (l.verdict, ==, RDT_GL_NO);
  rdt_gl_los_clear (&l);
  /* A hill of the same level is not "lower": blocked. */
  ((RdtGlHill *) g_ptr_array_index (g->hills, 1))->level = 2;
  rdt_gl_los (g, at (3, 10), at (28, 10), &l);
  g_assert_cmpint (l.verdict, ==, RDT_GL_NO);
  rdt_gl_los_clear (&l);
}

/* Line of Sight: "pieces block line of sight" (G6 d) and "The max range
 * you can see is 1 Foot move" (G6 e). */
static void
test_los_pieces_and_range (void)
{
  g_autoptr(RdtGridless) g = new_map (20, 20);
  RdtGlPiece *a = add_piece (g, "a", "red", RDT_GL_ARTILLERY, 5, 10, 90);
  RdtGlPiece *b = add_piece (g, "b", "blue", RDT_GL_INFANTRY, 10, 10, 270);
  RdtGlPiece *c = add_piece (g, "c", "red", RDT_GL_INFANTRY, 7, 10.5, 90);
  RdtGlLos l;

  rdt_gl_los (g, of (a), of (b), &l);
  g_assert_cmpint (l.verdict, ==, RDT_GL_YES);
  /* G6: the sight line runs between the blocks' edges. */
  g_assert_cmpfloat_with_epsilon (l.start, 0.1875, 1e-12);
  g_assert_cmpfloat_with_epsilon (l.end, 5 - 0.1875, 1e-12);
  rdt_gl_los_clear (&l);
  c->centre.y = 10.2;
  rdt_gl_los (g, of (a), of (b), &l);
  g_assert_cmpint (l.verdict, ==, RDT_GL_NO);
  g_assert_cmpstr (l.convention, ==, "G6d");
  rdt_gl_los_clear (&l);
  c->centre.y = 12;
  /* 1 Foot move (6") between the edges exactly: seen; more: not. */
  b->centre.x = 5 + 0.375 + 6;
  rdt_gl_los (g, of (a), of (b), &l);
  g_assert_cmpint (l.verdict, ==, RDT_GL_YES);
  rdt_gl_los_clear (&l);
  b->centre.x += 0.01;
  rdt_gl_los (g, of (a), of (b), &l);
  g_assert_cmpint (l.verdict, ==, RDT_GL_NO);
  g_assert_cmpstr (l.convention, ==, "G6e");
  rdt_gl_los_clear (&l);
}

/* -------------------------------------------------------- command range */

/* HQs: "within 1/3 cavalry move of its HQ" (G9): between the blocks. */
static void
test_command_range (void)
{
  g_autoptr(RdtGridless) g = new_map (20, 20);
  RdtGlPiece *hq = add_piece (g, "hq", "red", RDT_GL_HQ, 5, 10, 0);
  RdtGlPiece *p = add_piece (g, "p", "red", RDT_GL_INFANTRY, 5 + 0.75 + 4, 10, 0);
  RdtGlCommandRange r;

  rdt_gl_command_range (g, hq, p, &r);
  g_assert_cmpfloat_with_epsilon (r.range, 4, 1e-12);
  g_assert_cmpfloat_with_epsilon (r.distance, 4, 1e-12);
  g_assert_cmpint (r.verdict, ==, RDT_GL_YES);
  g_assert_cmpstr (r.convention, ==, "G9");
  p->centre.x += 0.001;
  rdt_gl_command_range (g, hq, p, &r);
  g_assert_cmpint (r.verdict, ==, RDT_GL_NO);
  /* Brandywine "Units": all cavalry are dragoons: the dragoon move counts. */
  g->specs[RDT_GL_CAVALRY].present = FALSE;
  g->specs[RDT_GL_DRAGOONS].move = 15;
  rdt_gl_command_range (g, hq, p, &r);
  g_assert_cmpfloat_with_epsilon (r.range, 5, 1e-12);
  g_assert_cmpint (r.verdict, ==, RDT_GL_YES);
}

/* G9 against a brute-force distance between the two blocks' outlines. */
static void
test_command_range_random (void)
{
  g_autoptr(RdtGridless) g = new_map (20, 20);
  RdtGlPiece *hq = add_piece (g, "hq", "red", RDT_GL_HQ, 10, 10, 0);
  RdtGlPiece *p = add_piece (g, "p", "red", RDT_GL_INFANTRY, 12, 10, 0);

  for (int k = 0; k < 200; k++)
    {
      RdtPoint a[4], b[4];
      RdtGlCommandRange r;
      double ref = G_MAXDOUBLE;
      const int n = 300;
      gboolean overlap = FALSE;

      hq->facing = g_test_rand_double_range (0, 360);
      p->facing = g_test_rand_double_range (0, 360);
      p->centre = rdt_point (10 + g_test_rand_double_range (-6, 6), 10 + g_test_rand_double_range (-6, 6));
      rdt_gridless_piece_corners (g, hq, a);
      rdt_gridless_piece_corners (g, p, b);
      for (int e = 0; e < 4 && !overlap; e++)
        for (int i = 0; i < n && !overlap; i++)
          {
            double t = (double) i / n;
            double x = a[e].x + t * (a[(e + 1) % 4].x - a[e].x), y = a[e].y + t * (a[(e + 1) % 4].y - a[e].y);
            overlap = ref_inside (b, 4, x, y);
            for (int f = 0; f < 4 && !overlap; f++)
              for (int j = 0; j < n; j++)
                {
                  double u = (double) j / n;
                  double bx = b[f].x + u * (b[(f + 1) % 4].x - b[f].x), by = b[f].y + u * (b[(f + 1) % 4].y - b[f].y);
                  ref = MIN (ref, hypot (x - bx, y - by));
                }
          }
      if (overlap)
        ref = 0;
      rdt_gl_command_range (g, hq, p, &r);
      /* The samples are at most 0.75/300 apart on each outline. */
      g_assert_cmpfloat (r.distance, <=, ref + 1e-9);
      g_assert_cmpfloat (r.distance, >=, ref - 0.005);
      if (ref > 4.01)
        g_assert_cmpint (r.verdict, ==, RDT_GL_NO);
      else if (ref < 3.99)
        g_assert_cmpint (r.verdict, ==, RDT_GL_YES);
    }
}

/* -------------------------------------------------------------- format */

static char *
bundled_path (void)
{
  return g_build_filename (g_getenv ("REDOUBT_SOURCE_ROOT"), "scenarios",
                           "pub-battles-brandywine.redoubt", NULL);
}

static void
test_format_bundled (void)
{
  g_autofree char *path = bundled_path ();
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtGridless) g = rdt_gridless_load_from_file (path, diagnostics, &error);
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *text = NULL;
  gsize len;

  g_assert_no_error (error);
  g_assert_nonnull (g);
  g_assert_cmpuint (rdt_diagnostics_count (diagnostics, RDT_SEVERITY_ERROR), ==, 0);
  /* Only provisional-value warnings. */
  for (guint i = 0; i < diagnostics->len; i++)
    g_assert_nonnull (strstr (((RdtDiagnostic *) g_ptr_array_index (diagnostics, i))->message, "provisional"));
  g_assert_cmpuint (rdt_diagnostics_count (diagnostics, RDT_SEVERITY_WARNING), >, 0);
  g_assert_cmpfloat (rdt_gridless_foot_move (g), >, 0);
  g_assert_cmpfloat (rdt_gridless_cavalry_move (g), >, 0);
  /* Canonical: saving reproduces the file byte for byte. */
  bytes = rdt_gridless_to_bytes (g, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, &len, NULL));
  g_assert_cmpmem (text, len, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
}

static const char *small_head =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<gridless-scenario xmlns=\"urn:x-redoubt:format\" format-version=\"1\" id=\"t\" system=\"pub-battles\">\n"
  "  <title>t</title>\n"
  "  <gridless-map width=\"20\" height=\"10\">\n";
#define SMALL_TAIL \
  "  </gridless-map>\n" \
  "  <piece-types>\n" \
  "    <piece-type type=\"infantry\" width=\"0.75\" depth=\"0.375\" move=\"6\"/>\n" \
  "    <piece-type type=\"dragoons\" width=\"0.75\" depth=\"0.375\" move=\"12\"/>\n" \
  "  </piece-types>\n" \
  "  <sides>\n    <side id=\"red\" name=\"Red\"/>\n  </sides>\n" \
  "  <pieces>\n%s  </pieces>\n" \
  "</gridless-scenario>\n"

/* Loads a small file with @shapes (lines 5...) and @pieces; returns the
 * first error diagnostic's "line: message", or "" when there is none and
 * "LOAD: message" when loading failed. */
static char *
first_error (const char *shapes,
             const char *pieces)
{
  g_autofree char *tail = g_strdup_printf (SMALL_TAIL, pieces != NULL ? pieces : "");
  g_autofree char *text = g_strconcat (small_head, shapes, tail, NULL);
  g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RdtGridless) g = rdt_gridless_load_from_bytes (bytes, "t.redoubt", diagnostics, &error);

  if (g == NULL)
    return g_strdup_printf ("LOAD: %s", error->message);
  for (guint i = 0; i < diagnostics->len; i++)
    {
      RdtDiagnostic *d = g_ptr_array_index (diagnostics, i);
      if (d->severity == RDT_SEVERITY_ERROR)
        return g_strdup_printf ("%d: %s", d->line, d->message);
    }
  return g_strdup ("");
}

#define ASSERT_ERROR(shapes, pieces, needle) G_STMT_START {             \
    g_autofree char *e_ = first_error ((shapes), (pieces));            \
    if (strstr (e_, (needle)) == NULL)                                 \
      g_error ("expected “%s”, got “%s”", (needle), e_);               \
  } G_STMT_END

#define ASSERT_NO_ERROR(shapes, pieces) G_STMT_START {                 \
    g_autofree char *e_ = first_error ((shapes), (pieces));            \
    g_assert_cmpstr (e_, ==, "");                                      \
  } G_STMT_END

static void
test_format_checks (void)
{
  g_autoptr(GString) many = g_string_new ("    <road id=\"r\" points=\"");

  ASSERT_NO_ERROR ("    <area id=\"w\" kind=\"woods\" points=\"1,1 3,1 3,3 1,3 1,1\"/>\n", NULL);
  ASSERT_ERROR ("    <area id=\"w\" kind=\"woods\" points=\"1,1 3,1 3,3 1,3\"/>\n", NULL, "5: points=: the polygon is not closed");
  ASSERT_ERROR ("    <area id=\"w\" kind=\"woods\" points=\"1,1 3,3 3,1 1,3 1,1\"/>\n", NULL, "5: points=: the polygon intersects itself: edge 1 meets edge 3");
  ASSERT_ERROR ("    <area id=\"w\" kind=\"woods\" points=\"1,1 30,1 3,3 1,1\"/>\n", NULL, "5: points=: point 2 (30,1) is outside");
  ASSERT_ERROR ("    <area id=\"w\" kind=\"woods\" points=\"1,1 3,1 3,3 1,3 1,1\"/>\n"
                "    <area id=\"m\" kind=\"marsh\" points=\"2,2 4,2 4,4 2,4 2,2\"/>\n", NULL,
                "6: “m” overlaps “w” (line 5)");
  /* Sharing an edge is fine. */
  ASSERT_NO_ERROR ("    <area id=\"w\" kind=\"woods\" points=\"1,1 3,1 3,3 1,3 1,1\"/>\n"
                   "    <area id=\"m\" kind=\"marsh\" points=\"3,1 5,1 5,3 3,3 3,1\"/>\n", NULL);
  /* The same square twice overlaps. */
  ASSERT_ERROR ("    <area id=\"w\" kind=\"woods\" points=\"1,1 3,1 3,3 1,3 1,1\"/>\n"
                "    <area id=\"m\" kind=\"marsh\" points=\"1,1 3,1 3,3 1,3 1,1\"/>\n", NULL, "overlaps");
  ASSERT_ERROR ("    <hill id=\"h\" level=\"1\" points=\"1,1 5,1 5,5 1,5 1,1\" crest=\"1.5,3 5,3\"/>\n", NULL,
                "5: crest=: the crest line must start and end on the hill’s outline");
  ASSERT_ERROR ("    <hill id=\"h\" level=\"2\" points=\"1,1 5,1 5,5 1,5 1,1\" crest=\"1,3 5,3\"/>\n", NULL,
                "does not lie inside a hill of level 1");
  ASSERT_ERROR ("    <water id=\"r\" kind=\"river\" shape=\"line\" points=\"0,5 20,5\">\n"
                "      <crossing kind=\"ford\" at=\"10,5.5\"/>\n    </water>\n", NULL,
                "6: at=: the ford is 0.5 inch from the river");
  ASSERT_ERROR ("", "    <piece id=\"p\" side=\"red\" type=\"infantry\" at=\"19.8,5\" facing=\"0\"/>\n",
                "14: the block at (19.8,5) reaches outside");
  ASSERT_ERROR ("", "    <piece id=\"p\" side=\"blue\" type=\"infantry\" at=\"10,5\" facing=\"0\"/>\n",
                "side=\"blue\" is not a side");
  ASSERT_ERROR ("", "    <piece id=\"p\" side=\"red\" type=\"artillery\" at=\"10,5\" facing=\"0\"/>\n",
                "type=\"artillery\" has no <piece-type>");
  ASSERT_ERROR ("", "    <piece id=\"p\" side=\"red\" type=\"infantry\" at=\"10,5\" facing=\"360\"/>\n",
                "facing=: 360 is not in [0, 360)");
  ASSERT_ERROR ("    <road id=\"r\" points=\"1,1,1 2,2\"/>\n", NULL, "LOAD: t.redoubt:5: <road>: points=: “1,1,1” is not a point");
  /* The vertex cap (docs/format.md) stops the loader. */
  for (int i = 0; i <= RDT_GRIDLESS_MAX_VERTICES; i++)
    g_string_append_printf (many, "%d.%d,1 ", 1 + i / 100, i % 100);
  g_string_append (many, "\"/>\n");
  ASSERT_ERROR (many->str, NULL, "LOAD: t.redoubt:5: <road>: points=: more than 1024 points");
  /* The schema refuses what is not a number. */
  ASSERT_ERROR ("    <road id=\"r\" points=\"a,b 2,2\"/>\n", NULL, "LOAD: t.redoubt:5");
}

/* The bundled file cut at every offset: refused with file and line, never a
 * crash, until only the trailing newline is missing. */
static void
test_format_truncation (void)
{
  g_autofree char *path = bundled_path ();
  g_autofree char *content = NULL;
  gsize len = 0;
  const char *end;
  gsize complete_at;

  g_assert_true (g_file_get_contents (path, &content, &len, NULL));
  end = g_strrstr (content, "</gridless-scenario>");
  g_assert_nonnull (end);
  complete_at = (end - content) + strlen ("</gridless-scenario>");
  for (gsize cut = 0; cut < len; cut++)
    {
      g_autoptr(GBytes) prefix = g_bytes_new_take (g_memdup2 (content, cut), cut);
      g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(RdtGridless) g = rdt_gridless_load_from_bytes (prefix, "cut.redoubt", diagnostics, &error);

      if (cut >= complete_at)
        {
          g_assert_no_error (error);
          g_assert_nonnull (g);
          continue;
        }
      if (g != NULL)
        g_error ("cut at %" G_GSIZE_FORMAT " loaded", cut);
      g_assert_error (error, RDT_FORMAT_ERROR, RDT_FORMAT_ERROR_MALFORMED);
      g_assert_true (g_str_has_prefix (error->message, "cut.redoubt:"));
    }
}

/* ---------------------------------------------------------------- CLI */

static int
run_cli (const char *const *args,
         char              **out)
{
  const char *cli = g_getenv ("REDOUBT_CLI");
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *err = NULL;
  g_autofree char *ignored = NULL;
  int status = -1;

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  /* Always capture: output reaching the test's own stdout would break TAP. */
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                out != NULL ? out : &ignored, &err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

static JsonObject *
parse_json (JsonParser *parser,
            const char *text)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (json_parser_load_from_data (parser, text, -1, &error));
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (parser));
}

static void
test_cli (void)
{
  g_autofree char *path = bundled_path ();
  g_autofree char *out = NULL, *out2 = NULL, *out3 = NULL, *out4 = NULL;
  g_autoptr(JsonParser) p1 = json_parser_new ();
  g_autoptr(JsonParser) p2 = json_parser_new ();
  g_autoptr(JsonParser) p3 = json_parser_new ();
  JsonObject *o;
  JsonArray *pieces;
  gboolean saw_ferguson = FALSE;

  /* w-artillery sees ferguson across the Brandywine (streams and rivers do not block). */
  g_assert_cmpint (run_cli ((const char *[]) { "los", "--json", path, "w-artillery", "ferguson", NULL }, &out), ==, 0);
  o = parse_json (p1, out);
  g_assert_cmpstr (json_object_get_string_member (o, "verdict"), ==, "clear");
  g_assert_cmpstr (json_object_get_string_member (o, "conventions"), ==, "G6");
  /* Sullivan on Birmingham Hill to a point south of the river: a piece is in the way. */
  g_assert_cmpint (run_cli ((const char *[]) { "los", path, "sullivan", "31,16.2", NULL }, &out4), ==, 3);
  g_assert_nonnull (strstr (out4, "mathew"));
  /* Maxwell's FoF holds Ferguson, with the flank answer. */
  g_assert_cmpint (run_cli ((const char *[]) { "fof", "--json", path, "maxwell", NULL }, &out2), ==, 0);
  o = parse_json (p2, out2);
  g_assert_true (json_object_get_boolean_member (o, "projects"));
  pieces = json_object_get_array_member (o, "pieces");
  for (guint i = 0; i < json_array_get_length (pieces); i++)
    {
      JsonObject *t = json_array_get_object_element (pieces, i);
      if (g_str_equal (json_object_get_string_member (t, "piece"), "ferguson"))
        {
          saw_ferguson = TRUE;
          g_assert_cmpstr (json_object_get_string_member (t, "verdict"), ==, "yes");
          g_assert_true (json_object_has_member (t, "flank"));
        }
      else
        g_assert_cmpstr (json_object_get_string_member (t, "verdict"), !=, "yes");
    }
  g_assert_true (saw_ferguson);
  /* Stephen stands on the knoll of Birmingham Hill. */
  g_assert_cmpint (run_cli ((const char *[]) { "terrain", "--json", path, "stephen", NULL }, &out3), ==, 0);
  o = parse_json (p3, out3);
  g_assert_cmpstr (json_object_get_string_member (o, "terrain"), ==, "clear");
  g_assert_cmpint (json_object_get_int_member (o, "hill-level"), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (o, "hill"), ==, "birmingham-knoll");
  g_assert_cmpstr (json_object_get_string_member (o, "conventions"), ==, "G2 G3");
  /* Unknown piece: exit 1. */
  g_assert_cmpint (run_cli ((const char *[]) { "terrain", path, "nobody", NULL }, NULL), ==, 1);
  /* validate: valid apart from provisional warnings. */
  g_assert_cmpint (run_cli ((const char *[]) { "validate", path, NULL }, NULL), ==, 0);
  g_assert_cmpint (run_cli ((const char *[]) { "format", "--check", path, NULL }, NULL), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/gridless/geom/G0/clip-area-vs-sampling", test_geom_clip_area_random);
  g_test_add_func ("/gridless/geom/G0/segment-inside-vs-sampling", test_geom_segment_inside_random);
  g_test_add_func ("/gridless/geom/G0/simple-polygon", test_geom_simple);
  g_test_add_func ("/gridless/geom/G1/polygons-overlap-vs-sampling", test_geom_polygons_overlap_random);
  g_test_add_func ("/gridless/geom/G4/edge-contact-vs-sampling", test_geom_edge_contact_random);
  g_test_add_func ("/gridless/terrain/how-the-pieces-move/majority-woods", test_terrain_majority_woods);
  g_test_add_func ("/gridless/terrain/moving-intent/majority-tie-undecided", test_terrain_majority_tie);
  g_test_add_func ("/gridless/terrain/how-the-pieces-move/majority-vs-sampling", test_terrain_majority_random);
  g_test_add_func ("/gridless/terrain/G3/hill-level", test_terrain_hill_level);
  g_test_add_func ("/gridless/contact/how-to-attack/in-contact-tolerance", test_contact_tolerance);
  g_test_add_func ("/gridless/contact/how-to-attack/melee-majority-in-contact", test_contact_majority_melee);
  g_test_add_func ("/gridless/fof/field-of-fire/45-degree-arc-1-3-foot-move", test_fof_arc);
  g_test_add_func ("/gridless/fof/field-of-fire/arc-vs-sampling", test_fof_random);
  g_test_add_func ("/gridless/fof/field-of-fire/limited-by-line-of-sight", test_fof_limited_by_los);
  g_test_add_func ("/gridless/flank/flanking-attacks/fof-not-theirs", test_flank);
  g_test_add_func ("/gridless/los/line-of-sight/see-into-woods-3-8", test_los_woods_3_8);
  g_test_add_func ("/gridless/los/line-of-sight/onto-hill-up-to-crest", test_los_hill_crest);
  g_test_add_func ("/gridless/los/line-of-sight/from-hill-over-when-closer", test_los_from_hill_over);
  g_test_add_func ("/gridless/los/line-of-sight/pieces-block-and-1-foot-move", test_los_pieces_and_range);
  g_test_add_func ("/gridless/los/line-of-sight/woods-3-8-vs-sampling", test_los_woods_random);
  g_test_add_func ("/gridless/command/hqs/one-third-cavalry-move", test_command_range);
  g_test_add_func ("/gridless/command/hqs/distance-vs-sampling", test_command_range_random);
  g_test_add_func ("/gridless/format/bundled-brandywine-validates-and-round-trips", test_format_bundled);
  g_test_add_func ("/gridless/format/checks-name-file-and-line", test_format_checks);
  g_test_add_func ("/gridless/format/every-truncation-refused", test_format_truncation);
  g_test_add_func ("/gridless/cli/los-fof-terrain-json", test_cli);
  return g_test_run ();
}
