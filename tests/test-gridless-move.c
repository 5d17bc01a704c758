/* test-gridless-move.c: movement of Pub Battles blocks on a gridless map
 * (issue 18).  Each test is named by the rulebook section it applies
 * (pub-battles-brandywine.txt: How the Pieces Move, Terrain Effects) and
 * checks rdt_gl_can_reach() on a small hand-made map; the G10 geometry
 * (docs/gridless-conventions.md) is checked against brute-force searches
 * written here: sampled leg directions for the oblique cones, point
 * sampling of the path for difficult terrain, and the envelope polygon
 * against the predicate. */
#undef G_DISABLE_ASSERT
#include "config.h"

#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>
#include <sys/wait.h>

#include <glib/gstdio.h>

#include "redoubt-core.h"

/* ------------------------------------------------------------- fixtures */

/* Blocks 0.75 x 0.375; Foot move 6, Cavalry move 12. */
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
      g->specs[t].move = (t == RDT_GL_CAVALRY || t == RDT_GL_DRAGOONS || t == RDT_GL_HQ) ? 12 : 6;
      g->specs[t].move_provisional = TRUE;
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
add_box (RdtGridless   *g,
         const char    *id,
         RdtGlAreaKind  kind,
         double         x0,
         double         y0,
         double         x1,
         double         y1)
{
  const double xy[] = { x0, y0, x1, y0, x1, y1, x0, y1 };
  RdtGlArea *a = g_new0 (RdtGlArea, 1);

  a->id = g_strdup (id);
  a->kind = kind;
  a->points = points_of (xy, 4);
  g_ptr_array_add (g->areas, a);
  return a;
}

/* rdt-gridless.c: the free function the loader uses for crossings. */
GPtrArray *_rdt_gl_crossings_new (void);

static RdtGlWater *
add_water_line (RdtGridless  *g,
                const char   *id,
                gboolean      river,
                const double *xy,
                guint         n)
{
  RdtGlWater *w = g_new0 (RdtGlWater, 1);

  w->id = g_strdup (id);
  w->river = river;
  w->points = points_of (xy, n);
  w->crossings = _rdt_gl_crossings_new ();
  g_ptr_array_add (g->waters, w);
  return w;
}

static RdtGlRoad *
add_road (RdtGridless  *g,
          const char   *id,
          const double *xy,
          guint         n)
{
  RdtGlRoad *r = g_new0 (RdtGlRoad, 1);

  r->id = g_strdup (id);
  r->points = points_of (xy, n);
  g_ptr_array_add (g->roads, r);
  return r;
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

static RdtGlMove
reach (const RdtGridless *g,
       const RdtGlPiece  *p,
       double             x,
       double             y,
       double             facing,
       gboolean           road_column)
{
  RdtGlPose pose = { { x, y }, facing, road_column };
  RdtGlMove m;

  rdt_gl_can_reach (g, p, &pose, &m);
  return m;
}

/* A point @r inches from @p's centre in the direction @deg (clockwise from
 * map-up). */
static RdtPoint
ahead (const RdtGlPiece *p,
       double            deg,
       double            r)
{
  double a = deg * G_PI / 180;
  return rdt_point (p->centre.x + r * sin (a), p->centre.y - r * cos (a));
}

static RdtGlMove
reach_dir (const RdtGridless *g,
           const RdtGlPiece  *p,
           double             deg,
           double             r,
           double             facing)
{
  RdtPoint to = ahead (p, deg, r);
  return reach (g, p, to.x, to.y, facing, FALSE);
}

/* ------------------------------------------------------- rulebook cases */

/* Moving: "Pieces simply move on the map up to their max range"; Rates of
 * March: the move is scenario data, provisional. */
static void
test_full_move (void)
{
  g_autoptr(RdtGridless) g = new_map (30, 30);
  RdtGlPiece *inf = add_piece (g, "inf", "red", RDT_GL_INFANTRY, 10, 20, 0);
  RdtGlPiece *cav = add_piece (g, "cav", "red", RDT_GL_DRAGOONS, 20, 20, 0);
  RdtGlMove m;

  m = reach (g, inf, 10, 14, 0, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
  g_assert_cmpint (m.path, ==, RDT_GL_PATH_STRAIGHT);
  g_assert_cmpfloat_with_epsilon (m.path_length, 6, 1e-9);
  g_assert_true (m.move_provisional);
  g_assert_cmpstr (m.convention, ==, "G10");
  m = reach (g, inf, 10, 13.99, 0, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_NO);
  m = reach (g, cav, 20, 8.01, 0, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
  m = reach (g, cav, 20, 7.9, 0, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_NO);
}

/* Oblique Move: "Move obliquely up to a 45 degree angle" and "Each
 * additional facing change uses up 1/3 of their movement". */
static void
test_oblique (void)
{
  g_autoptr(RdtGridless) g = new_map (30, 30);
  RdtGlPiece *inf = add_piece (g, "inf", "red", RDT_GL_INFANTRY, 15, 15, 0);
  RdtGlMove m;

  m = reach_dir (g, inf, 45, 6, 0);
  g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
  g_assert_cmpint (m.facing_changes, ==, 0);
  m = reach_dir (g, inf, -45, 6, 0);
  g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
  /* 50 degrees off the facing, keeping it: turn, move, turn back (1/3). */
  m = reach_dir (g, inf, 50, 3.9, 0);
  g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
  g_assert_cmpint (m.path, ==, RDT_GL_PATH_TURN_TWICE);
  g_assert_cmpint (m.facing_changes, ==, 1);
  g_assert_cmpfloat_with_epsilon (m.allowance, 4, 1e-9);
  m = reach_dir (g, inf, 50, 4.1, 0);
  g_assert_cmpint (m.verdict, ==, RDT_GL_NO);
  /* Straight back keeping the facing: two further changes would be
   * needed to come back to it, one is enough when it ends facing back. */
  m = reach_dir (g, inf, 180, 3.9, 180);
  g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
  g_assert_cmpint (m.facing_changes, ==, 0);
  g_assert_cmpint (m.path, ==, RDT_GL_PATH_STRAIGHT);
}

/* Oblique Move: "Change their facing once at any time during their move":
 * free, so facing 0 -> 180 reaches the side by a leg in each cone. */
static void
test_free_facing_change (void)
{
  g_autoptr(RdtGridless) g = new_map (30, 30);
  RdtGlPiece *inf = add_piece (g, "inf", "red", RDT_GL_INFANTRY, 15, 15, 0);
  RdtGlMove m;

  /* Due right 3.9": legs along 45 and 135 degrees, 3.9·√2 = 5.52 long. */
  m = reach_dir (g, inf, 90, 3.9, 180);
  g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
  g_assert_cmpint (m.path, ==, RDT_GL_PATH_TWO_LEGS);
  g_assert_cmpfloat_with_epsilon (m.path_length, 3.9 * sqrt (2), 1e-9);
  g_assert_cmpint (m.facing_changes, ==, 0);
  g_assert_cmpfloat_with_epsilon (m.legs[1].x, 15 + 1.95, 1e-9);
  g_assert_cmpfloat_with_epsilon (m.legs[1].y, 15 - 1.95, 1e-9);
  /* 4.3" is 6.08 by the two legs, and over 4 by turning twice. */
  m = reach_dir (g, inf, 90, 4.3, 180);
  g_assert_cmpint (m.verdict, ==, RDT_GL_NO);
  /* Facing right at the end: one straight leg, turning at its start. */
  m = reach_dir (g, inf, 90, 6, 90);
  g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
  g_assert_cmpint (m.path, ==, RDT_GL_PATH_STRAIGHT);
  /* Turning in place is the free change. */
  m = reach (g, inf, 15, 15, 123, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
}

/* Terrain Effects, Reduced: "Moving through any or all of the difficult
 * terrain types, reduce movement by 1/3"; Woods: Reduced; Buildings: not
 * in the movement column. */
static void
test_woods_reduced (void)
{
  g_autoptr(RdtGridless) g = new_map (30, 30);
  RdtGlPiece *inf = add_piece (g, "inf", "red", RDT_GL_INFANTRY, 10, 20, 0);
  RdtGlPiece *inf2 = add_piece (g, "inf2", "red", RDT_GL_INFANTRY, 20, 20, 0);
  RdtGlMove m;

  add_box (g, "wood", RDT_GL_AREA_WOODS, 8, 16, 12, 17);
  add_box (g, "town", RDT_GL_AREA_BUILDINGS, 18, 16, 22, 17);
  m = reach (g, inf, 10, 15, 0, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_NO);
  g_assert_true (m.reduced);
  g_assert_cmpstr (m.reduced_by, ==, "woods");
  g_assert_cmpstr (m.reduced_id, ==, "wood");
  g_assert_cmpfloat_with_epsilon (m.allowance, 4, 1e-9);
  m = reach (g, inf, 10, 16.1, 0, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
  g_assert_true (m.reduced);
  /* Short of the woods: not reduced. */
  m = reach (g, inf, 10, 17.5, 0, FALSE);
  g_assert_true (!m.reduced);
  /* Through buildings: the full move. */
  m = reach (g, inf2, 20, 14, 0, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
  g_assert_true (!m.reduced);
}

/* Terrain Effects: Streams "Reduced to cross"; Hills "Reduced to cross a
 * slope". */
static void
test_stream_and_slope (void)
{
  g_autoptr(RdtGridless) g = new_map (30, 30);
  RdtGlPiece *inf = add_piece (g, "inf", "red", RDT_GL_INFANTRY, 10, 20, 0);
  RdtGlPiece *inf2 = add_piece (g, "inf2", "red", RDT_GL_INFANTRY, 20, 19, 0);
  const double stream[] = { 5, 17, 15, 17 };
  const double hill[] = { 17, 12, 23, 12, 23, 16, 17, 16 };
  const double crest[] = { 17, 14, 23, 14 };
  RdtGlHill *h = g_new0 (RdtGlHill, 1);
  RdtGlMove m;

  add_water_line (g, "brook", FALSE, stream, 2);
  h->id = g_strdup ("ridge");
  h->level = 1;
  h->points = points_of (hill, 4);
  h->crest = points_of (crest, 2);
  g_ptr_array_add (g->hills, h);

  m = reach (g, inf, 10, 15.5, 0, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_NO);
  g_assert_cmpstr (m.reduced_by, ==, "stream");
  m = reach (g, inf, 10, 16.5, 0, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
  g_assert_true (m.reduced);
  m = reach (g, inf, 10, 17.5, 0, FALSE);
  g_assert_true (!m.reduced);

  m = reach (g, inf2, 20, 15.5, 0, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
  g_assert_cmpstr (m.reduced_by, ==, "hill");
  m = reach (g, inf2, 20, 14.9, 0, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_NO);
  g_assert_cmpstr (m.reduced_id, ==, "ridge");
  m = reach (g, inf2, 20, 16.1, 0, FALSE);
  g_assert_true (!m.reduced);
}

/* Terrain Effects, Rivers: "Reduced. Cross only at bridges or fords." */
static void
test_river_fords (void)
{
  g_autoptr(RdtGridless) g = new_map (30, 30);
  RdtGlPiece *at_ford = add_piece (g, "a", "red", RDT_GL_INFANTRY, 10, 20, 0);
  RdtGlPiece *off_ford = add_piece (g, "b", "red", RDT_GL_INFANTRY, 20, 20, 0);
  const double river[] = { 0, 18, 30, 18 };
  RdtGlWater *w = add_water_line (g, "brandywine", TRUE, river, 2);
  RdtGlCrossing *ford = g_new0 (RdtGlCrossing, 1);
  RdtGlMove m;

  ford->at = rdt_point (10.2, 18);
  g_ptr_array_add (w->crossings, ford);
  m = reach (g, at_ford, 10, 17, 0, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
  g_assert_cmpstr (m.reduced_by, ==, "river");
  m = reach (g, at_ford, 10, 15.9, 0, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_NO);
  m = reach (g, off_ford, 20, 17, 0, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_NO);
  g_assert_cmpstr (m.blocker, ==, "brandywine");
}

/* Terrain Effects, Marsh: "Reduced. No Artillery or Cavalry." */
static void
test_marsh (void)
{
  g_autoptr(RdtGridless) g = new_map (30, 30);
  RdtGlPiece *inf = add_piece (g, "inf", "red", RDT_GL_INFANTRY, 10, 20, 0);
  RdtGlPiece *art = add_piece (g, "art", "red", RDT_GL_ARTILLERY, 12, 20, 0);
  RdtGlPiece *drg = add_piece (g, "drg", "red", RDT_GL_DRAGOONS, 14, 20, 0);
  RdtGlMove m;

  add_box (g, "bog", RDT_GL_AREA_MARSH, 5, 16, 20, 17);
  m = reach (g, inf, 10, 16.5, 0, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
  g_assert_cmpstr (m.reduced_by, ==, "marsh");
  m = reach (g, art, 12, 16.5, 0, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_NO);
  g_assert_cmpstr (m.blocker, ==, "bog");
  m = reach (g, drg, 14, 16.5, 0, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_NO);
  m = reach (g, art, 12, 17.5, 0, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
}

/* How the Pieces Move: "Not stack on top of each other"; HQs "do not
 * block movement. Simply push them back". */
static void
test_no_stacking (void)
{
  g_autoptr(RdtGridless) g = new_map (30, 30);
  RdtGlPiece *inf = add_piece (g, "inf", "red", RDT_GL_INFANTRY, 10, 20, 0);
  RdtGlMove m;

  add_piece (g, "friend", "red", RDT_GL_INFANTRY, 10, 17, 0);
  add_piece (g, "hq", "red", RDT_GL_HQ, 11.5, 17, 0);
  m = reach (g, inf, 10, 17.2, 0, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_NO);
  g_assert_cmpstr (m.blocker, ==, "friend");
  /* Flush behind it is not stacking. */
  m = reach (g, inf, 10, 17.375, 0, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
  m = reach (g, inf, 12.5, 17, 0, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
  /* Ending on a friendly HQ: it is pushed back. */
  m = reach (g, inf, 11.3, 17.1, 0, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
}

/* How the Pieces Move: "Move through friendly pieces but not enemy". */
static void
test_through_friends (void)
{
  g_autoptr(RdtGridless) g = new_map (30, 30);
  RdtGlPiece *inf = add_piece (g, "inf", "red", RDT_GL_INFANTRY, 10, 20, 0);
  RdtGlPiece *inf2 = add_piece (g, "inf2", "red", RDT_GL_INFANTRY, 20, 20, 0);
  RdtGlMove m;

  add_piece (g, "friend", "red", RDT_GL_INFANTRY, 10, 17, 0);
  add_piece (g, "enemy", "blue", RDT_GL_INFANTRY, 20, 17, 180);
  add_piece (g, "enemy-hq", "blue", RDT_GL_HQ, 10, 15, 180);
  m = reach (g, inf, 10, 16, 0, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
  m = reach (g, inf2, 20, 16, 0, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_NO);
  g_assert_cmpstr (m.blocker, ==, "enemy");
  /* Into flush contact: melee (How to Attack). */
  m = reach (g, inf2, 20, 17.375, 0, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
  /* Past an enemy HQ: "HQs ... do not block movement". */
  m = reach (g, inf, 10, 14, 0, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
}

/* Road Column: "move faster (x2)", "Pay 1/3 move to change into or out of
 * Road Column", "Ignore terrain and facing changes while moving along same
 * road", "You cannot move through friendly pieces while moving along the
 * same road". */
static void
test_road_column (void)
{
  g_autoptr(RdtGridless) g = new_map (40, 30);
  const double road[] = { 2, 25, 12, 25, 12, 5, 30, 5 };
  RdtGlPiece *col = add_piece (g, "col", "red", RDT_GL_INFANTRY, 4, 25, 0);
  RdtGlPiece *line = add_piece (g, "line", "red", RDT_GL_INFANTRY, 20, 20, 0);
  RdtGlMove m;

  add_road (g, "pike", road, 4);
  add_box (g, "wood", RDT_GL_AREA_WOODS, 11, 18, 13, 20);
  col->road_column = TRUE;
  /* 8 to the corner, 3.9 up through the woods: 11.9 <= 12. */
  m = reach (g, col, 12, 21.1, 0, TRUE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
  g_assert_cmpint (m.path, ==, RDT_GL_PATH_ROAD);
  g_assert_true (m.road_x2);
  g_assert_cmpfloat_with_epsilon (m.path_length, 11.9, 1e-9);
  m = reach (g, col, 12, 20.9, 0, TRUE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_NO);
  /* Out of column: 1/3 paid, the rest at 1x. */
  m = reach (g, col, 7.9, 25, 90, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
  g_assert_true (m.formation_change);
  g_assert_cmpfloat_with_epsilon (m.allowance, 4, 1e-9);
  m = reach (g, col, 8.1, 25, 90, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_NO);
  /* Into column: 1/3. */
  m = reach (g, line, 20, 16.5, 0, TRUE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
  m = reach (g, line, 20, 15.5, 0, TRUE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_NO);
  /* A friend on the road is in the way in column. */
  add_piece (g, "friend", "red", RDT_GL_INFANTRY, 9, 25, 90);
  m = reach (g, col, 12, 22, 0, TRUE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_NO);
  g_assert_cmpstr (m.blocker, ==, "friend");
}

/* Road Column: "You cannot move into an enemy Field of Fire (FoF)". */
static void
test_road_column_fof (void)
{
  g_autoptr(RdtGridless) g = new_map (40, 30);
  const double road[] = { 2, 25, 30, 25 };
  RdtGlPiece *col = add_piece (g, "col", "red", RDT_GL_INFANTRY, 4, 25, 90);
  RdtGlMove m;

  add_road (g, "pike", road, 2);
  col->road_column = TRUE;
  /* Enemy infantry at (12, 24) facing down: its FoF (1/3 Foot move = 2)
   * covers (12, 25). */
  add_piece (g, "enemy", "blue", RDT_GL_INFANTRY, 12, 23.5, 180);
  m = reach (g, col, 12, 25, 90, TRUE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_NO);
  g_assert_cmpstr (m.blocker, ==, "enemy");
  g_assert_cmpstr (m.rule, ==, "How the Pieces Move, Road Column");
  m = reach (g, col, 9, 25, 90, TRUE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
  /* Its own start position is not in the enemy's way (G6 d): on a road
   * running away from the enemy, from just in front of its FoF's edge. */
  {
    const double down[] = { 12, 20, 12, 29 };
    RdtGlPiece *col2 = add_piece (g, "col2", "red", RDT_GL_INFANTRY, 12, 24.5, 90);

    add_road (g, "lane", down, 2);
    col2->road_column = TRUE;
    m = reach (g, col2, 12, 25.3, 90, TRUE);
    g_assert_cmpint (m.verdict, ==, RDT_GL_NO);
    g_assert_cmpstr (m.blocker, ==, "enemy");
    g_assert_cmpfloat (col2->centre.y, ==, 24.5);
  }
  /* Out of column the same place is allowed (Fire Fight). */
  col->road_column = FALSE;
  m = reach (g, col, 8, 25, 90, FALSE);
  g_assert_cmpint (m.verdict, ==, RDT_GL_YES);
}

/* ---------------------------------------------------------- brute force */

/* G10, free space: the shortest path with at most the free facing change
 * found by sampling leg directions in the two cones (every 0.25 degree),
 * and by turning twice (+1/3).  Independent of the closed-form edges. */
static gboolean
brute_free_reach (RdtPoint v,
                  double   theta,
                  double   phi,
                  double   move,
                  double  *margin)
{
  double best = G_MAXDOUBLE, r = hypot (v.x, v.y);

  for (int i = -180; i <= 180; i++)
    for (int j = -180; j <= 180; j++)
      {
        double a = (theta + i * 0.25) * G_PI / 180, b = (phi + j * 0.25) * G_PI / 180;
        double ux = sin (a), uy = -cos (a), wx = sin (b), wy = -cos (b);
        double det = ux * wy - uy * wx, d, e;

        if (fabs (det) < 1e-9)
          {
            /* Parallel legs: one straight leg along them. */
            if (fabs (v.x * uy - v.y * ux) < 1e-9 && v.x * ux + v.y * uy >= 0)
              best = MIN (best, r);
            continue;
          }
        d = (v.x * wy - v.y * wx) / det;
        e = (ux * v.y - uy * v.x) / det;
        if (d >= 0 && e >= 0)
          best = MIN (best, d + e);
      }
  *margin = MIN (fabs (best - move), fabs (r - move * 2 / 3));
  return best <= move || r <= move * 2 / 3;
}

static void
test_free_space_vs_brute (void)
{
  g_autoptr(RdtGridless) g = new_map (40, 40);
  RdtGlPiece *inf = add_piece (g, "inf", "red", RDT_GL_INFANTRY, 20, 20, 0);
  int checked = 0;

  for (int k = 0; k < 120; k++)
    {
      double theta = g_test_rand_double_range (0, 360), phi = g_test_rand_double_range (0, 360);
      double deg = g_test_rand_double_range (0, 360), r = g_test_rand_double_range (0, 7);
      RdtPoint to;
      RdtGlMove m;
      double margin;
      gboolean want;

      inf->facing = theta;
      to = ahead (inf, deg, r);
      want = brute_free_reach (rdt_point (to.x - 20, to.y - 20), theta, phi, 6, &margin);
      /* Sampling finds a path a little longer than the shortest. */
      if (margin < 0.05)
        continue;
      m = reach (g, inf, to.x, to.y, phi, FALSE);
      if ((m.verdict == RDT_GL_YES) != want)
        g_error ("case %d: facing %.3f -> %.3f, %.3f\" at %.3f deg: predicate %s (%s, %.4f), brute force %s",
                 k, theta, phi, r, deg, rdt_gl_verdict_to_string (m.verdict),
                 rdt_gl_path_kind_to_string (m.path), m.path_length, want ? "yes" : "no");
      checked++;
    }
  g_assert_cmpint (checked, >, 80);
}

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

/* G10 with terrain: a straight oblique move through random woods; the path
 * is sampled every 1/2000 of its length for being inside the woods. */
static void
test_terrain_vs_sampling (void)
{
  int checked = 0;

  for (int k = 0; k < 150; k++)
    {
      g_autoptr(RdtGridless) g = new_map (40, 40);
      RdtGlPiece *inf = add_piece (g, "inf", "red", RDT_GL_INFANTRY, 20, 20, g_test_rand_double_range (0, 360));
      guint n = g_test_rand_int_range (3, 10);
      RdtGlArea *wood = g_new0 (RdtGlArea, 1);
      double cx = g_test_rand_double_range (15, 25), cy = g_test_rand_double_range (15, 25);
      double deg = inf->facing + g_test_rand_double_range (-45, 45), r = g_test_rand_double_range (0.5, 6.5);
      RdtPoint to = ahead (inf, deg, r);
      const RdtPoint *poly;
      long in = 0, runs = 0;
      gboolean was = FALSE, want;
      RdtGlMove m;
      const int steps = 2000;

      wood->id = g_strdup ("w");
      wood->kind = RDT_GL_AREA_WOODS;
      wood->points = g_array_new (FALSE, FALSE, sizeof (RdtPoint));
      for (guint i = 0; i < n; i++)
        {
          double a = (i + g_test_rand_double_range (0.1, 0.9)) * 2 * G_PI / n, rr = g_test_rand_double_range (0.5, 4);
          RdtPoint p = { cx + rr * cos (a), cy + rr * sin (a) };
          g_array_append_val (wood->points, p);
        }
      g_ptr_array_add (g->areas, wood);
      poly = (const RdtPoint *) wood->points->data;
      for (int i = 0; i <= steps; i++)
        {
          double t = (double) i / steps;
          gboolean now = ref_inside (poly, n, 20 + t * (to.x - 20), 20 + t * (to.y - 20));
          in += now;
          runs += now && !was;
          was = now;
        }
      /* A path grazing the woods for less than a few samples is too close
       * to call by sampling (the exact length, tested against sampling in
       * test-gridless, only says which cases those are). */
      if ((in > 0 && in < 5) ||
          (in == 0 && rdt_geom_segment_inside_length (inf->centre, to, poly, n, NULL, NULL) > 0 &&
           rdt_geom_segment_inside_length (inf->centre, to, poly, n, NULL, NULL) < 10 * r / steps))
        continue;
      if (fabs (r - 4) < 0.01 || fabs (r - 6) < 0.01)
        continue;
      want = r <= (in > 0 ? 4 : 6);
      m = reach (g, inf, to.x, to.y, inf->facing, FALSE);
      if (m.reduced != (in > 0) || (m.verdict == RDT_GL_YES) != want)
        g_error ("case %d: %.3f\" at %.3f deg: reduced %d (sampled %ld inside in %ld runs), verdict %s, want %s",
                 k, r, deg, m.reduced, in, runs, rdt_gl_verdict_to_string (m.verdict), want ? "yes" : "no");
      checked++;
    }
  g_assert_cmpint (checked, >, 100);
}

/* G10: the envelope polygon against the predicate, away from its rim by
 * more than the stated rim step. */
static void
test_envelope_vs_predicate (void)
{
  int checked = 0, inside = 0;

  for (int k = 0; k < 6; k++)
    {
      g_autoptr(RdtGridless) g = new_map (40, 40);
      RdtGlPiece *inf = add_piece (g, "inf", "red", RDT_GL_INFANTRY, 20, 20, g_test_rand_double_range (0, 360));
      RdtGlEnvelope env;
      const RdtPoint *poly;

      add_box (g, "wood", RDT_GL_AREA_WOODS, g_test_rand_double_range (14, 20), g_test_rand_double_range (14, 20),
               g_test_rand_double_range (21, 26), g_test_rand_double_range (21, 22));
      add_piece (g, "enemy", "blue", RDT_GL_INFANTRY, g_test_rand_double_range (15, 25),
                 g_test_rand_double_range (15, 18), g_test_rand_double_range (0, 360));
      add_piece (g, "friend", "red", RDT_GL_INFANTRY, g_test_rand_double_range (15, 25),
                 g_test_rand_double_range (22, 25), g_test_rand_double_range (0, 360));
      rdt_gl_envelope (g, inf, &env);
      g_assert_cmpuint (env.polygon->len, ==, env.rays);
      g_assert_cmpuint (env.rays, >=, (guint) (2 * G_PI * 6 / RDT_GL_ENVELOPE_RIM_STEP));
      poly = (const RdtPoint *) env.polygon->data;
      for (int i = 0; i < 300; i++)
        {
          RdtPoint p = { g_test_rand_double_range (13, 27), g_test_rand_double_range (13, 27) };
          RdtPoint v = { p.x - 20, p.y - 20 };
          double deg = atan2 (v.x, -v.y) * 180 / G_PI, diff = fmod (deg - inf->facing + 720, 360);
          double facing = (diff <= 45 || diff >= 315) ? inf->facing : deg;
          gboolean in_poly;
          RdtGlMove m;

          if (rdt_geom_point_polygon_distance (poly, env.polygon->len, p) == 0 &&
              rdt_geom_point_in_polygon (poly, env.polygon->len, p) == RDT_GEOM_BOUNDARY)
            continue;
          /* Near the rim the chords between rays are the stated tolerance. */
          {
            double dmin = G_MAXDOUBLE;
            for (guint e = 0; e < env.polygon->len; e++)
              dmin = MIN (dmin, rdt_geom_point_segment_distance (p, poly[e], poly[(e + 1) % env.polygon->len]));
            if (dmin < 2 * RDT_GL_ENVELOPE_RIM_STEP)
              continue;
          }
          m = reach (g, inf, p.x, p.y, facing, FALSE);
          /* The envelope does not check stacking at the end (G10). */
          if (m.verdict == RDT_GL_NO && g_strcmp0 (m.reason, "pieces may not stack on top of each other") == 0)
            continue;
          in_poly = ref_inside (poly, env.polygon->len, p.x, p.y);
          if (in_poly != (m.verdict == RDT_GL_YES && m.path == RDT_GL_PATH_STRAIGHT))
            g_error ("envelope %d point (%.4f, %.4f): in polygon %d, predicate %s %s (%s)", k, p.x, p.y, in_poly,
                     rdt_gl_verdict_to_string (m.verdict), rdt_gl_path_kind_to_string (m.path), m.reason);
          inside += in_poly;
          checked++;
        }
      rdt_gl_envelope_clear (&env);
    }
  g_assert_cmpint (checked, >, 1000);
  g_assert_cmpint (inside, >, 200);
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

/* `redoubt-cli moves` on the bundled Brandywine: the envelope, a ford
 * crossing (Terrain Effects, Rivers: Reduced, only at fords) and the SVG. */
static void
test_cli_moves (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("REDOUBT_SOURCE_ROOT"), "scenarios",
                                            "pub-battles-brandywine.redoubt", NULL);
  g_autofree char *dir = g_dir_make_tmp ("rdt-gl-move-XXXXXX", NULL);
  g_autofree char *svg = g_build_filename (dir, "moves.svg", NULL);
  g_autofree char *out = NULL, *out2 = NULL, *out3 = NULL, *text = NULL;
  g_autoptr(JsonParser) p1 = json_parser_new ();
  g_autoptr(JsonParser) p2 = json_parser_new ();
  g_autoptr(JsonParser) p3 = json_parser_new ();
  JsonObject *o, *env, *to;

  g_assert_cmpint (run_cli ((const char *[]) { "moves", "--json", path, "grenadiers", NULL }, &out), ==, 0);
  o = parse_json (p1, out);
  g_assert_true (json_object_get_boolean_member (o, "move-provisional"));
  env = json_object_get_object_member (o, "envelope");
  g_assert_cmpint (json_array_get_length (json_object_get_array_member (env, "polygon")), ==,
                   json_object_get_int_member (env, "rays"));
  g_assert_cmpint (json_object_get_int_member (env, "rays"), >, 500);
  g_assert_cmpstr (json_object_get_string_member (env, "conventions"), ==, "G10");
  g_assert_true (json_object_get_null_member (o, "to"));

  /* Straight north from Osborne Hill into the Brandywine away from a ford. */
  g_assert_cmpint (run_cli ((const char *[]) { "moves", "--json", path, "grenadiers", "--to", "30,11", NULL }, &out2), ==, 3);
  to = json_object_get_object_member (parse_json (p2, out2), "to");
  g_assert_cmpstr (json_object_get_string_member (to, "verdict"), ==, "no");
  g_assert_cmpstr (json_object_get_string_member (to, "blocker"), ==, "brandywine");
  g_assert_cmpstr (json_object_get_string_member (to, "rule"), ==, "Terrain Effects, Rivers");

  /* Ferguson over Chadds Ford: allowed, Reduced by the river. */
  g_assert_cmpint (run_cli ((const char *[]) { "moves", "--json", path, "ferguson", "--to", "20,11.5", "--svg", svg, NULL }, &out3), ==, 0);
  to = json_object_get_object_member (parse_json (p3, out3), "to");
  g_assert_cmpstr (json_object_get_string_member (to, "verdict"), ==, "yes");
  g_assert_true (json_object_get_boolean_member (to, "reduced"));
  g_assert_cmpstr (json_object_get_string_member (to, "reduced-by"), ==, "river");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (to, "allowance"), 4, 1e-9);
  g_assert_true (g_file_get_contents (svg, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "<svg"));
  g_assert_nonnull (strstr (text, "<polyline fill=\"none\" stroke=\"#008000\""));
  g_unlink (svg);
  g_rmdir (dir);

  /* Usage errors and unknown pieces. */
  g_assert_cmpint (run_cli ((const char *[]) { "moves", path, "nobody", NULL }, NULL), ==, 1);
  g_assert_cmpint (run_cli ((const char *[]) { "moves", path, "grenadiers", "--column", "--line", NULL }, NULL), ==, 2);
  g_assert_cmpint (run_cli ((const char *[]) { "moves", path, "grenadiers", "--to", "99,1", NULL }, NULL), ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/gridless/move/rates-of-march/full-move-straight-ahead", test_full_move);
  g_test_add_func ("/gridless/move/oblique-move/45-degrees-and-each-further-change-1-3", test_oblique);
  g_test_add_func ("/gridless/move/oblique-move/first-facing-change-free", test_free_facing_change);
  g_test_add_func ("/gridless/move/terrain-effects/woods-reduced-1-3-buildings-not", test_woods_reduced);
  g_test_add_func ("/gridless/move/terrain-effects/stream-and-hill-slope-reduced", test_stream_and_slope);
  g_test_add_func ("/gridless/move/terrain-effects/rivers-only-at-bridges-or-fords", test_river_fords);
  g_test_add_func ("/gridless/move/terrain-effects/marsh-no-artillery-or-cavalry", test_marsh);
  g_test_add_func ("/gridless/move/how-the-pieces-move/no-stacking-hqs-pushed", test_no_stacking);
  g_test_add_func ("/gridless/move/how-the-pieces-move/through-friends-not-enemies", test_through_friends);
  g_test_add_func ("/gridless/move/road-column/x2-along-road-1-3-to-change", test_road_column);
  g_test_add_func ("/gridless/move/road-column/not-into-enemy-fof", test_road_column_fof);
  g_test_add_func ("/gridless/move/G10/free-space-vs-brute-force", test_free_space_vs_brute);
  g_test_add_func ("/gridless/move/G10/woods-vs-sampling", test_terrain_vs_sampling);
  g_test_add_func ("/gridless/move/G10/envelope-vs-predicate", test_envelope_vs_predicate);
  g_test_add_func ("/gridless/move/cli/moves-json-and-svg", test_cli_moves);
  return g_test_run ();
}
