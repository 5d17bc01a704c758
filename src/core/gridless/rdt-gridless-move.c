/* rdt-gridless-move.c: movement of a Pub Battles block on a gridless map
 * (issue 18).  Rules: pub-battles-brandywine.txt, How the Pieces Move and
 * Terrain Effects; geometry: docs/gridless-conventions.md G10. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "rdt-gridless-move.h"

#define RULE_MOVING N_("How the Pieces Move, Moving")
#define RULE_OBLIQUE N_("How the Pieces Move, Oblique Move")
#define RULE_REDUCED N_("Terrain Effects, Reduced")
#define RULE_ROAD N_("How the Pieces Move, Road Column")
#define RULE_RIVERS N_("Terrain Effects, Rivers")
#define RULE_MARSH N_("Terrain Effects, Marsh")
#define RULE_HQS N_("How the Pieces Move, HQs")

/* G10: overlapping footprints (stacking, moving through an enemy) overlap by
 * more than this area, square inches; flush blocks do not. */
#define OVERLAP_AREA 1e-6
/* G10: a cone edge admits a direction this close to it, degrees. */
#define EPS_ANGLE 1e-7

const char *
rdt_gl_path_kind_to_string (RdtGlPathKind kind)
{
  static const char *const names[] = { "none", "straight", "two-legs", "turn-twice", "road" };

  g_return_val_if_fail (kind <= RDT_GL_PATH_ROAD, "none");
  return names[kind];
}

/* ------------------------------------------------------------- helpers */

static const RdtPoint *
pts (GArray *a)
{
  return (const RdtPoint *) a->data;
}

/* The facing (degrees clockwise from map-up, y down) of a direction. */
static double
direction_of (RdtPoint v)
{
  double a = atan2 (v.x, -v.y) * 180 / G_PI;

  return a < 0 ? a + 360 : a;
}

static double
angle_diff (double a,
            double b)
{
  double d = fmod (a - b, 360);

  if (d > 180)
    d -= 360;
  else if (d < -180)
    d += 360;
  return d;
}

static gboolean
in_cone (double direction,
         double facing)
{
  return fabs (angle_diff (direction, facing)) <= RDT_GL_OBLIQUE_DEGREES + EPS_ANGLE;
}

static gboolean
mounted_or_guns (RdtGlPieceType type)
{
  /* Marsh: "No Artillery or Cavalry"; Brandywine, Units: "All cavalry in
   * this battle are dragoons". */
  return type == RDT_GL_ARTILLERY || type == RDT_GL_CAVALRY || type == RDT_GL_DRAGOONS;
}

static void
corners_at (const RdtGridless *g,
            const RdtGlPiece  *piece,
            RdtPoint           centre,
            double             facing,
            RdtPoint           out[4])
{
  const RdtGlPieceSpec *s = rdt_gridless_get_spec (g, piece->type);

  rdt_geom_block_corners (centre, s != NULL ? s->width : 0, s != NULL ? s->depth : 0, facing, out);
}

static double
cross3 (RdtPoint o,
        RdtPoint a,
        RdtPoint b)
{
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

static int
compare_points (gconstpointer a,
                gconstpointer b)
{
  const RdtPoint *p = a, *q = b;

  if (p->x != q->x)
    return p->x < q->x ? -1 : 1;
  if (p->y != q->y)
    return p->y < q->y ? -1 : 1;
  return 0;
}

/* Convex hull (monotone chain) of the footprint at both ends of a leg: the
 * ground a block covers moving straight without turning.  @out gets at most
 * 8 points; returns their number. */
static guint
swept_hull (const RdtPoint a[4],
            const RdtPoint b[4],
            RdtPoint       out[8])
{
  RdtPoint p[8], h[16];
  guint k = 0;

  memcpy (p, a, 4 * sizeof (RdtPoint));
  memcpy (p + 4, b, 4 * sizeof (RdtPoint));
  qsort (p, 8, sizeof (RdtPoint), compare_points);
  for (guint i = 0; i < 8; i++)
    {
      while (k >= 2 && cross3 (h[k - 2], h[k - 1], p[i]) <= 1e-12)
        k--;
      h[k++] = p[i];
    }
  for (int i = 6, t = k + 1; i >= 0; i--)
    {
      while (k >= (guint) t && cross3 (h[k - 2], h[k - 1], p[i]) <= 1e-12)
        k--;
      h[k++] = p[i];
    }
  k--;
  k = MIN (k, 8);
  memcpy (out, h, k * sizeof (RdtPoint));
  return k;
}

static gboolean
inside_map (const RdtGridless *g,
            const RdtPoint    *p,
            guint              n)
{
  for (guint i = 0; i < n; i++)
    if (p[i].x < -RDT_GEOM_EPS_LEN || p[i].y < -RDT_GEOM_EPS_LEN ||
        p[i].x > g->width + RDT_GEOM_EPS_LEN || p[i].y > g->height + RDT_GEOM_EPS_LEN)
      return FALSE;
  return TRUE;
}

static gboolean
overlaps (const RdtPoint *a,
          guint           na,
          const RdtPoint *b,
          guint           nb)
{
  return rdt_geom_clipped_area (a, na, b, nb) > OVERLAP_AREA;
}

/* ------------------------------------------------------------ one leg */

typedef struct {
  gboolean blocked;
  const char *blocker;       /* id */
  const char *reason;
  const char *rule;
  gboolean difficult;        /* Terrain Effects, Reduced */
  double difficult_at;       /* parameter along the leg where it starts */
  const char *difficult_kind;
  const char *difficult_id;
} LegCheck;

static void
note_difficult (LegCheck   *lc,
                double      t,
                const char *kind,
                const char *id)
{
  if (!lc->difficult || t < lc->difficult_at)
    {
      lc->difficult = TRUE;
      lc->difficult_at = t;
      lc->difficult_kind = kind;
      lc->difficult_id = id;
    }
}

static void
block (LegCheck   *lc,
       const char *id,
       const char *reason,
       const char *rule)
{
  if (lc->blocked)
    return;
  lc->blocked = TRUE;
  lc->blocker = id;
  lc->reason = reason;
  lc->rule = rule;
}

/* G10: the leg a -> b of the centre, the block facing @facing all along.
 * Terrain is met by the centre's segment; enemies and the map edge by the
 * swept footprint. */
static void
check_leg (const RdtGridless *g,
           const RdtGlPiece  *piece,
           RdtPoint           a,
           RdtPoint           b,
           double             facing,
           LegCheck          *lc)
{
  const RdtGlPieceSpec *spec = rdt_gridless_get_spec (g, piece->type);
  double half_width = spec != NULL ? spec->width / 2 : 0;
  RdtPoint ca[4], cb[4], hull[8];
  guint nh;
  gboolean moves = rdt_geom_distance (a, b) > RDT_GEOM_EPS_LEN;

  memset (lc, 0, sizeof *lc);
  corners_at (g, piece, a, facing, ca);
  corners_at (g, piece, b, facing, cb);
  nh = swept_hull (ca, cb, hull);
  if (!inside_map (g, hull, nh))
    block (lc, NULL, N_("the block would leave the map"), RULE_MOVING);

  /* "Move through friendly pieces but not enemy"; HQs "do not block
   * movement". */
  for (guint i = 0; i < g->pieces->len; i++)
    {
      const RdtGlPiece *o = g_ptr_array_index (g->pieces, i);
      RdtPoint oc[4];

      if (o->destroyed)   /* a destroyed piece has left the table (issue 18) */
        continue;

      if (o == piece || o->type == RDT_GL_HQ || g_strcmp0 (o->side, piece->side) == 0)
        continue;
      rdt_gridless_piece_corners (g, o, oc);
      if (overlaps (hull, nh, oc, 4))
        block (lc, o->id, N_("the path crosses an enemy block: pieces move through friendly pieces but not enemy"),
               RULE_MOVING);
    }

  if (!moves)
    return;

  for (guint i = 0; i < g->areas->len; i++)
    {
      const RdtGlArea *ar = g_ptr_array_index (g->areas, i);
      double t0 = -1;

      if (ar->kind == RDT_GL_AREA_BUILDINGS)
        continue; /* Buildings: no movement reduction in the Terrain Effects chart */
      if (rdt_geom_segment_inside_length (a, b, pts (ar->points), ar->points->len, &t0, NULL) <= RDT_GEOM_EPS_LEN)
        continue;
      if (ar->kind == RDT_GL_AREA_MARSH && mounted_or_guns (piece->type))
        block (lc, ar->id, N_("Marsh: no Artillery or Cavalry"), RULE_MARSH);
      note_difficult (lc, t0, rdt_gl_area_kind_to_string (ar->kind), ar->id);
    }
  for (guint i = 0; i < g->waters->len; i++)
    {
      const RdtGlWater *w = g_ptr_array_index (g->waters, i);
      double t0 = -1;
      gboolean met;

      if (w->area)
        met = rdt_geom_segment_inside_length (a, b, pts (w->points), w->points->len, &t0, NULL) > RDT_GEOM_EPS_LEN;
      else
        met = rdt_geom_segment_crosses_polyline (a, b, pts (w->points), w->points->len, &t0);
      if (!met)
        continue;
      note_difficult (lc, t0, w->river ? "river" : "stream", w->id);
      if (w->river)
        {
          /* Rivers: "Cross only at bridges or fords": the centre's leg passes
           * within half the block's width of a crossing (G10). */
          gboolean at_crossing = FALSE;

          for (guint k = 0; k < w->crossings->len && !at_crossing; k++)
            {
              const RdtGlCrossing *c = g_ptr_array_index (w->crossings, k);
              at_crossing = rdt_geom_point_segment_distance (c->at, a, b) <= half_width + RDT_GEOM_EPS_LEN;
            }
          if (!at_crossing)
            block (lc, w->id, N_("Rivers: cross only at bridges or fords"), RULE_RIVERS);
        }
    }
  for (guint i = 0; i < g->hills->len; i++)
    {
      const RdtGlHill *h = g_ptr_array_index (g->hills, i);
      g_autoptr(GArray) ring = g_array_sized_new (FALSE, FALSE, sizeof (RdtPoint), h->points->len + 1);
      double t0 = -1;

      g_array_append_vals (ring, h->points->data, h->points->len);
      g_array_append_val (ring, g_array_index (h->points, RdtPoint, 0));
      /* Hills: "Reduced to cross a slope": the leg crosses the hill's outline. */
      if (rdt_geom_segment_crosses_polyline (a, b, pts (ring), ring->len, &t0))
        note_difficult (lc, t0, "hill", h->id);
    }
}

gboolean
rdt_gl_leg_passable (const RdtGridless  *g,
                     const RdtGlPiece   *piece,
                     RdtPoint            a,
                     RdtPoint            b,
                     double              facing,
                     const char        **blocker,
                     const char        **reason,
                     const char        **rule)
{
  LegCheck lc;

  g_return_val_if_fail (g != NULL && piece != NULL, FALSE);
  check_leg (g, piece, a, b, facing, &lc);
  if (blocker != NULL)
    *blocker = lc.blocked ? lc.blocker : NULL;
  if (reason != NULL)
    *reason = lc.blocked ? lc.reason : NULL;
  if (rule != NULL)
    *rule = lc.blocked ? lc.rule : NULL;
  return !lc.blocked;
}

/* ---------------------------------------------------------- the pose */

/* Things about the end pose that no path changes: the map, stacking, and
 * Road Column's "cannot move into an enemy Field of Fire". */
static gboolean
check_end (const RdtGridless *g,
           const RdtGlPiece  *piece,
           const RdtGlPose   *pose,
           RdtGlMove         *out)
{
  RdtGlPiece moved = *piece;
  RdtPoint c[4];

  moved.centre = pose->to;
  moved.facing = pose->facing;
  moved.road_column = pose->road_column;
  rdt_gridless_piece_corners (g, &moved, c);
  rdt_gl_piece_terrain (g, &moved, &out->end_terrain);
  if (!inside_map (g, c, 4))
    {
      out->verdict = RDT_GL_NO;
      out->reason = N_("the block would leave the map");
      out->rule = RULE_MOVING;
      return FALSE;
    }
  for (guint i = 0; i < g->pieces->len; i++)
    {
      const RdtGlPiece *o = g_ptr_array_index (g->pieces, i);
      RdtPoint oc[4];

      if (o->destroyed)   /* a destroyed piece has left the table (issue 18) */
        continue;

      /* HQs "do not block movement. Simply push them back". */
      if (o == piece || o->type == RDT_GL_HQ)
        continue;
      rdt_gridless_piece_corners (g, o, oc);
      if (overlaps (c, 4, oc, 4))
        {
          out->verdict = RDT_GL_NO;
          out->blocker = o->id;
          out->reason = N_("pieces may not stack on top of each other");
          out->rule = RULE_MOVING;
          return FALSE;
        }
    }
  if (pose->road_column)
    for (guint i = 0; i < g->pieces->len; i++)
      {
        const RdtGlPiece *o = g_ptr_array_index (g->pieces, i);
        RdtGlPiece *real = (RdtGlPiece *) piece;
        RdtGlPiece saved = *real;
        RdtGlFof fof;

        if (o->destroyed)   /* a destroyed piece has left the table (issue 18) */
          continue;
        RdtGlVerdict v;

        if (o == piece || g_strcmp0 (o->side, piece->side) == 0)
          continue;
        /* The piece itself at the end pose, so that its start position is
         * not a block on the enemy's sight line (G6 d); put back at once. */
        real->centre = moved.centre;
        real->facing = moved.facing;
        real->road_column = moved.road_column;
        rdt_gl_fof (g, o, real, &fof);
        real->centre = saved.centre;
        real->facing = saved.facing;
        real->road_column = saved.road_column;
        v = fof.verdict;
        rdt_gl_fof_clear (&fof);
        if (v != RDT_GL_NO)
          {
            out->verdict = v == RDT_GL_YES ? RDT_GL_NO : RDT_GL_UNDECIDED;
            out->blocker = o->id;
            out->reason = v == RDT_GL_YES ? N_("in Road Column a piece cannot move into an enemy Field of Fire")
                                          : N_("exactly half in an enemy Field of Fire in Road Column (Moving Intent)");
            out->rule = RULE_ROAD;
            out->convention = "G10 G5";
            return FALSE;
          }
      }
  return TRUE;
}

/* Road Column along one road: where a point projects on a polyline (the
 * distance along it), and how far it is from it. */
static double
project_on_road (const RdtGlRoad *road,
                 RdtPoint         p,
                 double          *distance)
{
  double best = G_MAXDOUBLE, at = 0, run = 0;

  for (guint i = 0; i + 1 < road->points->len; i++)
    {
      RdtPoint a = g_array_index (road->points, RdtPoint, i);
      RdtPoint b = g_array_index (road->points, RdtPoint, i + 1);
      double len = rdt_geom_distance (a, b);
      double t = len > 0 ? ((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / (len * len) : 0;
      RdtPoint f;
      double d;

      t = CLAMP (t, 0, 1);
      f = rdt_point (a.x + t * (b.x - a.x), a.y + t * (b.y - a.y));
      d = rdt_geom_distance (p, f);
      if (d < best)
        {
          best = d;
          at = run + t * len;
        }
      run += len;
    }
  *distance = best;
  return at;
}

static RdtPoint
point_on_road (const RdtGlRoad *road,
               double           s)
{
  double run = 0;

  for (guint i = 0; i + 1 < road->points->len; i++)
    {
      RdtPoint a = g_array_index (road->points, RdtPoint, i);
      RdtPoint b = g_array_index (road->points, RdtPoint, i + 1);
      double len = rdt_geom_distance (a, b);

      if (s <= run + len || i + 2 == road->points->len)
        {
          double t = len > 0 ? CLAMP ((s - run) / len, 0, 1) : 0;
          return rdt_point (a.x + t * (b.x - a.x), a.y + t * (b.y - a.y));
        }
      run += len;
    }
  return g_array_index (road->points, RdtPoint, 0);
}

/* G10: on the road means the centre within half the block's depth of it. */
static const RdtGlRoad *
common_road (const RdtGridless *g,
             const RdtGlPiece  *piece,
             RdtPoint           to,
             double            *s0,
             double            *s1)
{
  const RdtGlPieceSpec *spec = rdt_gridless_get_spec (g, piece->type);
  double tol = (spec != NULL ? spec->depth / 2 : 0) + RDT_GEOM_EPS_LEN;

  for (guint i = 0; i < g->roads->len; i++)
    {
      const RdtGlRoad *r = g_ptr_array_index (g->roads, i);
      double d0, d1;

      *s0 = project_on_road (r, piece->centre, &d0);
      *s1 = project_on_road (r, to, &d1);
      if (d0 <= tol && d1 <= tol)
        return r;
    }
  return NULL;
}

/* ------------------------------------------ Road Column along a road */

const char rdt_gl_reading_road_column[] =
  N_("Road Column: “Turn piece lengthwise along the road” is read as: the road runs under the block from one "
     "short end to the other (every point of the block's long axis within half the block's depth of one road)");

/* The parameters t in [0, 1] of a + t·d within @r of the point @c (a disk):
 * FALSE when none. */
static gboolean
interval_disk (RdtPoint a,
               RdtPoint d,
               RdtPoint c,
               double   r,
               double  *t0,
               double  *t1)
{
  double ax = a.x - c.x, ay = a.y - c.y;
  double qa = d.x * d.x + d.y * d.y, qb = 2 * (d.x * ax + d.y * ay), qc = ax * ax + ay * ay - r * r;
  double disc, sq;

  if (qa <= 0)
    {
      *t0 = 0;
      *t1 = 1;
      return qc <= 0;
    }
  disc = qb * qb - 4 * qa * qc;
  if (disc < 0)
    return FALSE;
  sq = sqrt (disc);
  *t0 = (-qb - sq) / (2 * qa);
  *t1 = (-qb + sq) / (2 * qa);
  return TRUE;
}

/* Liang–Barsky: restrict [*t0, *t1] to lo <= p0 + t·dp <= hi. */
static gboolean
interval_clip (double  p0,
               double  dp,
               double  lo,
               double  hi,
               double *t0,
               double *t1)
{
  if (fabs (dp) < 1e-300)
    return p0 >= lo && p0 <= hi;
  {
    double ta = (lo - p0) / dp, tb = (hi - p0) / dp;
    *t0 = MAX (*t0, MIN (ta, tb));
    *t1 = MIN (*t1, MAX (ta, tb));
  }
  return *t0 <= *t1;
}

typedef struct {
  double t0, t1;
} Span;

static int
span_compare (gconstpointer a,
              gconstpointer b)
{
  const Span *x = a, *y = b;
  return x->t0 < y->t0 ? -1 : x->t0 > y->t0;
}

/* How much of the axis a + t·d (t in [0, 1]) lies within @r of @road (the
 * union of its segments' capsules: exact), and the middle of the first part
 * that does not (when *gap). */
static double
axis_cover (const RdtGlRoad *road,
            RdtPoint         a,
            RdtPoint         d,
            double           r,
            gboolean        *gap,
            double          *gap_t)
{
  g_autoptr(GArray) spans = g_array_new (FALSE, FALSE, sizeof (Span));
  double reach = 0, covered = 0;

  *gap = FALSE;
  *gap_t = 0;
  for (guint i = 0; i + 1 < road->points->len; i++)
    {
      RdtPoint p = g_array_index (road->points, RdtPoint, i);
      RdtPoint q = g_array_index (road->points, RdtPoint, i + 1);
      double len = rdt_geom_distance (p, q), lo = G_MAXDOUBLE, hi = -G_MAXDOUBLE, t0, t1;

      /* The capsule is the two end disks and the rectangle between them;
       * it is convex, so its part of the axis is one interval. */
      if (interval_disk (a, d, p, r, &t0, &t1))
        lo = MIN (lo, t0), hi = MAX (hi, t1);
      if (interval_disk (a, d, q, r, &t0, &t1))
        lo = MIN (lo, t0), hi = MAX (hi, t1);
      if (len > 0)
        {
          RdtPoint u = rdt_point ((q.x - p.x) / len, (q.y - p.y) / len), n = rdt_point (-u.y, u.x);
          double sx = a.x - p.x, sy = a.y - p.y;
          t0 = -G_MAXDOUBLE;
          t1 = G_MAXDOUBLE;
          if (interval_clip (sx * u.x + sy * u.y, d.x * u.x + d.y * u.y, 0, len, &t0, &t1) &&
              interval_clip (sx * n.x + sy * n.y, d.x * n.x + d.y * n.y, -r, r, &t0, &t1))
            lo = MIN (lo, t0), hi = MAX (hi, t1);
        }
      lo = MAX (lo, 0);
      hi = MIN (hi, 1);
      if (lo <= hi)
        g_array_append_val (spans, ((Span) { lo, hi }));
    }
  g_array_sort (spans, span_compare);
  for (guint i = 0; i < spans->len; i++)
    {
      Span *s = &g_array_index (spans, Span, i);
      if (s->t0 > reach && !*gap)
        {
          *gap = TRUE;
          *gap_t = (reach + s->t0) / 2;
        }
      if (s->t1 > reach)
        {
          covered += s->t1 - MAX (reach, s->t0);
          reach = s->t1;
        }
    }
  if (reach < 1 && !*gap)
    {
      *gap = TRUE;
      *gap_t = (reach + 1) / 2;
    }
  return CLAMP (covered, 0, 1);
}

void
rdt_gl_along_road (const RdtGridless *g,
                   const RdtGlPiece  *piece,
                   const char        *road_id,
                   RdtGlAlongRoad    *out)
{
  const RdtGlPieceSpec *spec;
  RdtPoint f, side, a, d;
  double half_long, best = -1;

  g_return_if_fail (g != NULL && piece != NULL && out != NULL);
  memset (out, 0, sizeof *out);
  out->verdict = RDT_GL_NO;
  out->rule = RULE_ROAD;
  out->convention = "G10";
  out->reading = rdt_gl_reading_road_column;
  out->off = piece->centre;
  out->off_distance = G_MAXDOUBLE;
  out->reason = N_("in Road Column a piece is turned lengthwise along a road: there is no road");
  spec = rdt_gridless_get_spec (g, piece->type);
  if (spec == NULL)
    return;
  /* The long axis: along the front edge (G0 2) unless the block is deeper
   * than wide. */
  f = rdt_geom_facing_vector (piece->facing);
  side = rdt_point (-f.y, f.x);
  if (spec->width >= spec->depth)
    {
      half_long = spec->width / 2;
      out->tolerance = spec->depth / 2;
    }
  else
    {
      side = f;
      half_long = spec->depth / 2;
      out->tolerance = spec->width / 2;
    }
  a = rdt_point (piece->centre.x - side.x * half_long, piece->centre.y - side.y * half_long);
  d = rdt_point (2 * side.x * half_long, 2 * side.y * half_long);
  for (guint i = 0; i < g->roads->len; i++)
    {
      const RdtGlRoad *road = g_ptr_array_index (g->roads, i);
      gboolean gap;
      double gap_t, covered;

      if (road_id != NULL && g_strcmp0 (road->id, road_id) != 0)
        continue;
      if (road->points->len < 2)
        continue;
      covered = axis_cover (road, a, d, out->tolerance + RDT_GEOM_EPS_LEN, &gap, &gap_t);
      if (!gap)
        {
          out->verdict = RDT_GL_YES;
          out->road = road->id;
          out->covered = 1;
          out->reason = N_("in Road Column, lengthwise along the road");
          return;
        }
      if (covered > best)
        {
          best = covered;
          out->road = road->id;
          out->covered = covered;
          out->off = rdt_point (a.x + gap_t * d.x, a.y + gap_t * d.y);
          project_on_road (road, out->off, &out->off_distance);
          out->reason = N_("in Road Column a piece is turned lengthwise along the road: the road does not run under "
                           "the block from one short end to the other");
        }
    }
}

gboolean
rdt_gl_road_column_pose (const RdtGridless *g,
                         const RdtGlPiece  *piece,
                         RdtPoint           at,
                         const char        *road_id,
                         double             reach,
                         RdtPoint          *centre,
                         double            *facing)
{
  double best = G_MAXDOUBLE;

  g_return_val_if_fail (g != NULL && piece != NULL && centre != NULL && facing != NULL, FALSE);
  for (guint i = 0; i < g->roads->len; i++)
    {
      const RdtGlRoad *road = g_ptr_array_index (g->roads, i);

      if (road_id != NULL && g_strcmp0 (road->id, road_id) != 0)
        continue;
      for (guint k = 0; k + 1 < road->points->len; k++)
        {
          RdtPoint a = g_array_index (road->points, RdtPoint, k), b = g_array_index (road->points, RdtPoint, k + 1);
          double len = rdt_geom_distance (a, b), t, d, f, g1;
          RdtPoint p;

          if (len <= 0)
            continue;
          t = CLAMP (((at.x - a.x) * (b.x - a.x) + (at.y - a.y) * (b.y - a.y)) / (len * len), 0, 1);
          p = rdt_point (a.x + t * (b.x - a.x), a.y + t * (b.y - a.y));
          d = rdt_geom_distance (p, at);
          if (d > reach || d >= best)
            continue;
          best = d;
          *centre = p;
          /* The front edge runs along (cos f, sin f) (G0: clockwise from
           * map-up, y down): f is the segment's direction, or f + 180. */
          f = fmod (atan2 (b.y - a.y, b.x - a.x) * 180 / G_PI + 360, 360);
          g1 = fabs (fmod (f - piece->facing + 540, 360) - 180);
          *facing = g1 <= 90 ? f : fmod (f + 180, 360);
        }
    }
  return best < G_MAXDOUBLE;
}

/* Road Column along one road: 2x, terrain and facing changes ignored, no
 * moving through friendly pieces (nor enemy ones). */
static gboolean
road_move (const RdtGridless *g,
           const RdtGlPiece  *piece,
           const RdtGlRoad   *road,
           double             s0,
           double             s1,
           RdtGlMove         *out)
{
  double lo = MIN (s0, s1), hi = MAX (s0, s1);
  guint steps = (guint) CLAMP (ceil ((hi - lo) / 0.01), 1, 100000);

  out->path = RDT_GL_PATH_ROAD;
  out->road_x2 = TRUE;
  out->path_length = hi - lo;
  out->allowance = 2 * out->move;
  out->rule = RULE_ROAD;
  out->convention = "G10";
  for (guint i = 0; i < g->pieces->len; i++)
    {
      const RdtGlPiece *o = g_ptr_array_index (g->pieces, i);
      RdtPoint oc[4];

      if (o->destroyed)   /* a destroyed piece has left the table (issue 18) */
        continue;

      if (o == piece || o->type == RDT_GL_HQ)
        continue;
      rdt_gridless_piece_corners (g, o, oc);
      /* The stretch of road the centre runs along, walked at 1/100 inch:
       * a block on it (within the road tolerance) is in the way. */
      for (guint k = 0; k <= steps; k++)
        {
          RdtPoint p = point_on_road (road, lo + (hi - lo) * k / steps);
          if (rdt_geom_point_polygon_distance (oc, 4, p) <= RDT_GEOM_EPS_LEN)
            {
              out->verdict = RDT_GL_NO;
              out->blocker = o->id;
              out->reason = g_strcmp0 (o->side, piece->side) == 0
                              ? N_("in Road Column a piece cannot move through friendly pieces along the same road")
                              : N_("pieces move through friendly pieces but not enemy");
              return FALSE;
            }
        }
    }
  if (out->path_length > out->allowance + RDT_GEOM_EPS_LEN)
    {
      out->verdict = RDT_GL_NO;
      out->reason = N_("farther along the road than 2x the move in Road Column");
      return FALSE;
    }
  out->verdict = RDT_GL_YES;
  out->reason = N_("along the road in Road Column: 2x the move, terrain and facing changes ignored");
  return TRUE;
}

typedef struct {
  RdtGlPathKind kind;
  RdtPoint pts[3];
  double facings[2];
  guint n_legs;
  double length;
  int facing_changes;
} Candidate;

/* Oblique Move: the one free facing change lets the centre reach
 * L·conv({0} ∪ arc(θ) ∪ arc(φ)) (G10): a leg in the start cone, the change,
 * a leg in the final cone.  The shortest such path for a point in neither
 * cone runs along the two cone edges that face the gap. */
static gboolean
two_leg (RdtPoint   c,
         RdtPoint   p,
         double     theta,
         double     phi,
         Candidate *out)
{
  RdtPoint v = rdt_point (p.x - c.x, p.y - c.y);
  double best = G_MAXDOUBLE;

  for (int i = -1; i <= 1; i += 2)
    for (int j = -1; j <= 1; j += 2)
      {
        RdtPoint u = rdt_geom_facing_vector (theta + i * RDT_GL_OBLIQUE_DEGREES);
        RdtPoint w = rdt_geom_facing_vector (phi + j * RDT_GL_OBLIQUE_DEGREES);
        double det = u.x * w.y - u.y * w.x;
        double d, e;

        if (fabs (det) < 1e-12)
          continue;
        d = (v.x * w.y - v.y * w.x) / det;
        e = (u.x * v.y - u.y * v.x) / det;
        if (d < -RDT_GEOM_EPS_LEN || e < -RDT_GEOM_EPS_LEN || d + e >= best)
          continue;
        best = d + e;
        d = MAX (d, 0);
        out->kind = RDT_GL_PATH_TWO_LEGS;
        out->pts[0] = c;
        out->pts[1] = rdt_point (c.x + d * u.x, c.y + d * u.y);
        out->pts[2] = p;
        out->facings[0] = theta;
        out->facings[1] = phi;
        out->n_legs = 2;
        out->length = d + MAX (e, 0);
        out->facing_changes = 0;
      }
  return best < G_MAXDOUBLE;
}

/* Try one path: its legs, then the allowance after the thirds. */
static gboolean
try_candidate (const RdtGridless *g,
               const RdtGlPiece  *piece,
               const Candidate   *cand,
               gboolean           formation,
               RdtGlMove         *out)
{
  LegCheck total = { 0 };
  int thirds;

  for (guint i = 0; i < cand->n_legs; i++)
    {
      LegCheck lc;

      check_leg (g, piece, cand->pts[i], cand->pts[i + 1], cand->facings[i], &lc);
      if (lc.blocked && !total.blocked)
        {
          total.blocked = TRUE;
          total.blocker = lc.blocker;
          total.reason = lc.reason;
          total.rule = lc.rule;
        }
      if (lc.difficult && !total.difficult)
        {
          total.difficult = TRUE;
          total.difficult_kind = lc.difficult_kind;
          total.difficult_id = lc.difficult_id;
        }
    }
  out->path = cand->kind;
  memcpy (out->legs, cand->pts, sizeof cand->pts);
  out->n_legs_points = cand->n_legs + 1;
  out->path_length = cand->length;
  out->facing_changes = cand->facing_changes;
  out->reduced = total.difficult;
  out->reduced_by = total.difficult_kind;
  out->reduced_id = total.difficult_id;
  out->blocker = NULL;
  /* "Each additional facing change uses up 1/3 of their movement"; Reduced:
   * "reduce movement by 1/3. This is in addition to any Formation and Road
   * Column change costs." */
  thirds = cand->facing_changes + (formation ? 1 : 0) + (total.difficult ? 1 : 0);
  out->allowance = MAX (0, out->move * (3 - thirds) / 3);
  if (total.blocked)
    {
      out->verdict = RDT_GL_NO;
      out->blocker = total.blocker;
      out->reason = total.reason;
      out->rule = total.rule;
      return FALSE;
    }
  if (cand->length > out->allowance + RDT_GEOM_EPS_LEN)
    {
      out->verdict = RDT_GL_NO;
      out->reason = total.difficult ? N_("longer than the move after its thirds: the path meets difficult terrain (1/3)")
                                    : N_("longer than the move after its thirds");
      out->rule = total.difficult ? RULE_REDUCED : (cand->facing_changes > 0 ? RULE_OBLIQUE : RULE_MOVING);
      return FALSE;
    }
  out->verdict = RDT_GL_YES;
  out->reason = cand->kind == RDT_GL_PATH_TURN_TWICE
                  ? N_("within the move after a further facing change (1/3)")
                  : N_("within the move, facing within the 45-degree oblique");
  out->rule = total.difficult ? RULE_REDUCED : RULE_OBLIQUE;
  return TRUE;
}

void
rdt_gl_can_reach (const RdtGridless *g,
                  const RdtGlPiece  *piece,
                  const RdtGlPose   *pose,
                  RdtGlMove         *out)
{
  const RdtGlPieceSpec *spec;
  RdtPoint c, v;
  double r, alpha, s0 = 0, s1 = 0;
  gboolean formation;
  const RdtGlRoad *road;
  Candidate cands[2];
  guint nc = 0;
  RdtGlMove first = { 0 };

  g_return_if_fail (g != NULL && piece != NULL && pose != NULL && out != NULL);

  memset (out, 0, sizeof *out);
  out->convention = "G10";
  out->rule = RULE_MOVING;
  spec = rdt_gridless_get_spec (g, piece->type);
  out->move = spec != NULL ? spec->move : 0;
  out->move_provisional = spec != NULL && spec->move_provisional;
  out->legs[0] = piece->centre;
  out->n_legs_points = 1;

  if (!check_end (g, piece, pose, out))
    return;

  /* Road Column: along the same road, 2x; "Pay 1/3 move to change into or
   * out of Road Column" otherwise. */
  formation = pose->road_column != piece->road_column;
  out->formation_change = formation;
  if (piece->road_column && pose->road_column &&
      (road = common_road (g, piece, pose->to, &s0, &s1)) != NULL)
    {
      road_move (g, piece, road, s0, s1, out);
      out->legs[1] = pose->to;
      out->n_legs_points = 2;
      return;
    }

  c = piece->centre;
  v = rdt_point (pose->to.x - c.x, pose->to.y - c.y);
  r = hypot (v.x, v.y);
  alpha = direction_of (v);
  if (r <= RDT_GEOM_EPS_LEN)
    {
      /* Turning in place: the free change ("rotate from the center point"). */
      cands[nc++] = (Candidate) { RDT_GL_PATH_STRAIGHT, { c, c, c }, { pose->facing, pose->facing }, 1, 0, 0 };
    }
  else if (in_cone (alpha, piece->facing) || in_cone (alpha, pose->facing))
    {
      /* One leg: turn at its end (start cone) or at its start (final cone). */
      double f = in_cone (alpha, piece->facing) ? piece->facing : pose->facing;
      cands[nc++] = (Candidate) { RDT_GL_PATH_STRAIGHT, { c, pose->to, pose->to }, { f, f }, 1, r, 0 };
    }
  else if (two_leg (c, pose->to, piece->facing, pose->facing, &cands[nc]))
    nc++;
  if (r > RDT_GEOM_EPS_LEN)
    /* Turn to face the leg, move, turn again: a further change (1/3). */
    cands[nc++] = (Candidate) { RDT_GL_PATH_TURN_TWICE, { c, pose->to, pose->to }, { alpha, alpha }, 1, r, 1 };

  for (guint i = 0; i < nc; i++)
    {
      if (try_candidate (g, piece, &cands[i], formation, out))
        return;
      if (i == 0)
        first = *out;
    }
  /* Report the path with the free change when it fails too. */
  if (nc > 0)
    *out = first;
}

/* ------------------------------------------------------------ envelope */

void
rdt_gl_envelope_clear (RdtGlEnvelope *env)
{
  g_clear_pointer (&env->polygon, g_array_unref);
  g_clear_pointer (&env->road, g_array_unref);
}

/* The envelope's work budget (leg checks × shape points and blocks): about
 * three seconds on the reference machine of docs/performance.md. */
#define ENVELOPE_WORK_BUDGET 1.2e8
/* 2 end checks and the bisection from the full move to the ray tolerance. */
#define ENVELOPE_CHECKS_PER_RAY (2 + log2 (MAX (out->full, 1.0) / RDT_GL_ENVELOPE_RAY_TOLERANCE))

static gboolean
ray_ok (const RdtGridless *g,
        const RdtGlPiece  *piece,
        RdtPoint           u,
        double             facing,
        double             r,
        double             full,
        double             reduced)
{
  LegCheck lc;
  RdtPoint b = rdt_point (piece->centre.x + r * u.x, piece->centre.y + r * u.y);

  check_leg (g, piece, piece->centre, b, facing, &lc);
  if (lc.blocked)
    return FALSE;
  return r <= (lc.difficult ? reduced : full) + RDT_GEOM_EPS_LEN;
}

void
rdt_gl_envelope (const RdtGridless *g,
                 const RdtGlPiece  *piece,
                 RdtGlEnvelope     *out)
{
  const RdtGlPieceSpec *spec;
  guint n;

  g_return_if_fail (g != NULL && piece != NULL && out != NULL);

  memset (out, 0, sizeof *out);
  out->rule = RULE_OBLIQUE;
  out->convention = "G10";
  out->polygon = g_array_new (FALSE, FALSE, sizeof (RdtPoint));
  spec = rdt_gridless_get_spec (g, piece->type);
  out->move = spec != NULL ? spec->move : 0;
  out->full = out->move;
  out->reduced = out->move * 2 / 3;
  out->rim_step = RDT_GL_ENVELOPE_RIM_STEP;
  if (out->move <= 0)
    return;
  if (piece->road_column)
    {
      /* Road Column: the stretch of the road the piece is on within 2x. */
      double tol = (spec != NULL ? spec->depth / 2 : 0) + RDT_GEOM_EPS_LEN;

      out->road_column = TRUE;
      out->rule = RULE_ROAD;
      for (guint i = 0; i < g->roads->len && out->road == NULL; i++)
        {
          const RdtGlRoad *road = g_ptr_array_index (g->roads, i);
          double d, s0 = project_on_road (road, piece->centre, &d), total = 0;
          guint steps;

          if (d > tol)
            continue;
          for (guint k = 0; k + 1 < road->points->len; k++)
            total += rdt_geom_distance (g_array_index (road->points, RdtPoint, k),
                                        g_array_index (road->points, RdtPoint, k + 1));
          out->road = g_array_new (FALSE, FALSE, sizeof (RdtPoint));
          steps = 200;
          for (guint k = 0; k <= steps; k++)
            {
              double s = CLAMP (s0 - 2 * out->move + 4 * out->move * k / steps, 0, total);
              RdtPoint p = point_on_road (road, s);
              g_array_append_val (out->road, p);
            }
        }
      if (out->road != NULL)
        return;
      /* A column on no road moves at 1x like any block (rdt_gl_can_reach
       * agrees: the road rules apply "along the same road" only), so its
       * envelope is the ray polygon below (issue-18 audit: it was empty). */
      out->road_column = FALSE;
      out->rule = RULE_OBLIQUE;
    }

  /* G10: rays from the centre, close enough that the rim between two ray
   * ends is at most RDT_GL_ENVELOPE_RIM_STEP long at full move. */
  n = (guint) CLAMP (ceil (2 * G_PI * out->full / out->rim_step), 64, 20000);
  /* A work budget, so that no file within the caps of docs/format.md makes
   * the envelope take minutes (2000 shapes, 16384 points and 1000 pieces
   * with a 600" move took 275 s): each ray costs about
   * ENVELOPE_CHECKS_PER_RAY leg checks, each walking every shape point and
   * every block.  Fewer rays make a coarser rim, and the answer says so:
   * rim_step is the step actually drawn (G10 8). */
  {
    double work = 16;

    for (guint i = 0; i < g->areas->len; i++)
      work += ((RdtGlArea *) g_ptr_array_index (g->areas, i))->points->len;
    for (guint i = 0; i < g->waters->len; i++)
      {
        const RdtGlWater *w = g_ptr_array_index (g->waters, i);
        work += w->points->len + w->crossings->len;
      }
    for (guint i = 0; i < g->hills->len; i++)
      {
        const RdtGlHill *h = g_ptr_array_index (g->hills, i);
        work += h->points->len + h->crest->len;
      }
    work += 4.0 * g->pieces->len;
    if ((double) n * ENVELOPE_CHECKS_PER_RAY * work > ENVELOPE_WORK_BUDGET)
      n = (guint) MAX (64.0, floor (ENVELOPE_WORK_BUDGET / (ENVELOPE_CHECKS_PER_RAY * work)));
    out->rim_step = MAX (out->rim_step, 2 * G_PI * out->full / n);
  }
  out->rays = n;
  for (guint k = 0; k < n; k++)
    {
      double alpha = 360.0 * k / n;
      RdtPoint u = rdt_geom_facing_vector (alpha);
      double facing = in_cone (alpha, piece->facing) ? piece->facing : alpha;
      double lo = 0, hi = out->full, r;
      RdtPoint p;

      if (ray_ok (g, piece, u, facing, hi, out->full, out->reduced))
        r = hi;
      else if (!ray_ok (g, piece, u, facing, RDT_GEOM_EPS_LEN, out->full, out->reduced))
        r = 0;
      else
        {
          /* Blocking only grows with the leg's length, and so does meeting
           * difficult terrain: the reachable part of a ray is one interval. */
          while (hi - lo > RDT_GL_ENVELOPE_RAY_TOLERANCE)
            {
              double mid = (lo + hi) / 2;
              if (ray_ok (g, piece, u, facing, mid, out->full, out->reduced))
                lo = mid;
              else
                hi = mid;
            }
          r = lo;
        }
      p = rdt_point (piece->centre.x + r * u.x, piece->centre.y + r * u.y);
      g_array_append_val (out->polygon, p);
    }
}
