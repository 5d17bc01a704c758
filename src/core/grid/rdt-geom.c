/* rdt-geom.c: plane geometry for the gridless maps (issue 18); see rdt-geom.h
 * and docs/gridless-conventions.md (G0 tolerances). */
#include "config.h"

#include <math.h>

#include "rdt-geom.h"

static inline RdtPoint
sub (RdtPoint a,
     RdtPoint b)
{
  return rdt_point (a.x - b.x, a.y - b.y);
}

static inline double
cross (RdtPoint a,
       RdtPoint b)
{
  return a.x * b.y - a.y * b.x;
}

static inline double
dot (RdtPoint a,
     RdtPoint b)
{
  return a.x * b.x + a.y * b.y;
}

static inline RdtPoint
lerp (RdtPoint a,
      RdtPoint b,
      double   t)
{
  return rdt_point (a.x + t * (b.x - a.x), a.y + t * (b.y - a.y));
}

double
rdt_geom_distance (RdtPoint a,
                   RdtPoint b)
{
  return hypot (a.x - b.x, a.y - b.y);
}

double
rdt_geom_polygon_signed_area (const RdtPoint *poly,
                              guint           n)
{
  double sum = 0;

  for (guint i = 0; i < n; i++)
    {
      RdtPoint a = poly[i], b = poly[(i + 1) % n];
      sum += a.x * b.y - b.x * a.y;
    }
  return sum / 2;
}

double
rdt_geom_polygon_area (const RdtPoint *poly,
                       guint           n)
{
  return fabs (rdt_geom_polygon_signed_area (poly, n));
}

double
rdt_geom_point_segment_distance (RdtPoint p,
                                 RdtPoint a,
                                 RdtPoint b)
{
  RdtPoint ab = sub (b, a);
  double len2 = dot (ab, ab);
  double t;

  if (len2 <= 0)
    return rdt_geom_distance (p, a);
  t = CLAMP (dot (sub (p, a), ab) / len2, 0.0, 1.0);
  return rdt_geom_distance (p, lerp (a, b, t));
}

RdtGeomWhere
rdt_geom_point_in_polygon (const RdtPoint *poly,
                           guint           n,
                           RdtPoint        p)
{
  gboolean inside = FALSE;

  for (guint i = 0; i < n; i++)
    {
      RdtPoint a = poly[i], b = poly[(i + 1) % n];

      /* A point more than 2 eps outside the edge's bounding box is farther
       * than eps from the edge whatever the rounding: skip the exact
       * distance (hypot) for it (issue 15; same answers, faster). */
      if (p.x < MIN (a.x, b.x) - 2 * RDT_GEOM_EPS_LEN || p.x > MAX (a.x, b.x) + 2 * RDT_GEOM_EPS_LEN ||
          p.y < MIN (a.y, b.y) - 2 * RDT_GEOM_EPS_LEN || p.y > MAX (a.y, b.y) + 2 * RDT_GEOM_EPS_LEN)
        continue;
      if (rdt_geom_point_segment_distance (p, a, b) <= RDT_GEOM_EPS_LEN)
        return RDT_GEOM_BOUNDARY;
    }
  /* Crossing number: a ray towards +x, half-open rule on y. */
  for (guint i = 0, j = n - 1; i < n; j = i++)
    {
      RdtPoint a = poly[i], b = poly[j];
      if ((a.y > p.y) != (b.y > p.y))
        {
          double x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y);
          if (p.x < x)
            inside = !inside;
        }
    }
  return inside ? RDT_GEOM_INSIDE : RDT_GEOM_OUTSIDE;
}

/* Orientation of c relative to ab: +1, -1, or 0 within the tolerance. */
static int
orient (RdtPoint a,
        RdtPoint b,
        RdtPoint c)
{
  double cr = cross (sub (b, a), sub (c, a));
  double dx = fabs (b.x - a.x), dy = fabs (b.y - a.y);
  double len;

  /* max(|dx|,|dy|) <= hypot(dx,dy) <= |dx|+|dy|, and rounding is monotonic,
   * so these two bounds decide most cases exactly as the hypot below would
   * without calling it (issue 15). */
  if (fabs (cr) <= RDT_GEOM_EPS_LEN * MAX (MAX (dx, dy), 1e-12))
    return 0;
  if (fabs (cr) > RDT_GEOM_EPS_LEN * MAX (dx + dy, 1e-12))
    return cr > 0 ? 1 : -1;
  len = rdt_geom_distance (a, b);
  if (fabs (cr) <= RDT_GEOM_EPS_LEN * MAX (len, 1e-12))
    return 0;
  return cr > 0 ? 1 : -1;
}

/* The interiors of ab and cd cross at one point (not touching, not collinear). */
static gboolean
proper_crossing (RdtPoint a,
                 RdtPoint b,
                 RdtPoint c,
                 RdtPoint d)
{
  int o1, o2, o3, o4;

  o1 = orient (a, b, c);
  if (o1 == 0)
    return FALSE;
  o2 = orient (a, b, d);
  if (o1 * o2 >= 0)
    return FALSE;
  o3 = orient (c, d, a);
  if (o3 == 0)
    return FALSE;
  o4 = orient (c, d, b);
  return o3 * o4 < 0;
}

double
rdt_geom_segment_segment_distance (RdtPoint a,
                                   RdtPoint b,
                                   RdtPoint c,
                                   RdtPoint d)
{
  double m;

  if (proper_crossing (a, b, c, d))
    return 0;
  m = rdt_geom_point_segment_distance (a, c, d);
  m = MIN (m, rdt_geom_point_segment_distance (b, c, d));
  m = MIN (m, rdt_geom_point_segment_distance (c, a, b));
  m = MIN (m, rdt_geom_point_segment_distance (d, a, b));
  return m;
}

gboolean
rdt_geom_segments_touch (RdtPoint a,
                         RdtPoint b,
                         RdtPoint c,
                         RdtPoint d)
{
  return rdt_geom_segment_segment_distance (a, b, c, d) <= RDT_GEOM_EPS_LEN;
}

double
rdt_geom_point_polygon_distance (const RdtPoint *poly,
                                 guint           n,
                                 RdtPoint        p)
{
  double m = G_MAXDOUBLE;

  if (rdt_geom_point_in_polygon (poly, n, p) != RDT_GEOM_OUTSIDE)
    return 0;
  for (guint i = 0; i < n; i++)
    m = MIN (m, rdt_geom_point_segment_distance (p, poly[i], poly[(i + 1) % n]));
  return m;
}

double
rdt_geom_convex_distance (const RdtPoint *a,
                          guint           na,
                          const RdtPoint *b,
                          guint           nb)
{
  double m = G_MAXDOUBLE;

  /* One inside the other: no edge pair is close, but the distance is 0. */
  if (rdt_geom_point_in_polygon (b, nb, a[0]) != RDT_GEOM_OUTSIDE ||
      rdt_geom_point_in_polygon (a, na, b[0]) != RDT_GEOM_OUTSIDE)
    return 0;
  for (guint i = 0; i < na; i++)
    for (guint j = 0; j < nb; j++)
      m = MIN (m, rdt_geom_segment_segment_distance (a[i], a[(i + 1) % na],
                                                     b[j], b[(j + 1) % nb]));
  return m;
}

GArray *
rdt_geom_clip_convex (const RdtPoint *subject,
                      guint           n,
                      const RdtPoint *convex,
                      guint           m)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (RdtPoint));
  g_autoptr(GArray) in = g_array_new (FALSE, FALSE, sizeof (RdtPoint));
  double sign = rdt_geom_polygon_signed_area (convex, m) >= 0 ? 1 : -1;

  g_array_append_vals (out, subject, n);
  for (guint e = 0; e < m && out->len > 0; e++)
    {
      RdtPoint a = convex[e], b = convex[(e + 1) % m];
      GArray *tmp = in;

      in = out;
      out = tmp;
      g_array_set_size (out, 0);
      for (guint i = 0; i < in->len; i++)
        {
          RdtPoint p = g_array_index (in, RdtPoint, i);
          RdtPoint q = g_array_index (in, RdtPoint, (i + 1) % in->len);
          double sp = sign * cross (sub (b, a), sub (p, a));
          double sq = sign * cross (sub (b, a), sub (q, a));

          if (sp >= 0)
            g_array_append_val (out, p);
          if ((sp >= 0) != (sq >= 0))
            {
              RdtPoint x = lerp (p, q, sp / (sp - sq));
              g_array_append_val (out, x);
            }
        }
    }
  return out;
}

double
rdt_geom_clipped_area (const RdtPoint *subject,
                       guint           n,
                       const RdtPoint *convex,
                       guint           m)
{
  g_autoptr(GArray) clipped = rdt_geom_clip_convex (subject, n, convex, m);

  return rdt_geom_polygon_area ((const RdtPoint *) clipped->data, clipped->len);
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y ? 1 : 0;
}

double
rdt_geom_segment_inside_length (RdtPoint        a,
                                RdtPoint        b,
                                const RdtPoint *poly,
                                guint           n,
                                double         *t_first,
                                double         *t_last)
{
  g_autoptr(GArray) ts = g_array_new (FALSE, FALSE, sizeof (double));
  double len = rdt_geom_distance (a, b);
  RdtPoint ab = sub (b, a);
  double zero = 0, one = 1, total = 0, first = -1, last = -1;

  if (t_first != NULL)
    *t_first = -1;
  if (t_last != NULL)
    *t_last = -1;
  if (len <= 0)
    return 0;
  g_array_append_val (ts, zero);
  g_array_append_val (ts, one);
  for (guint i = 0; i < n; i++)
    {
      RdtPoint c = poly[i], d = poly[(i + 1) % n];
      RdtPoint cd = sub (d, c);
      double den = cross (ab, cd);

      if (fabs (den) > 1e-15 * MAX (len * rdt_geom_distance (c, d), 1e-30))
        {
          double t = cross (sub (c, a), cd) / den;
          double u = cross (sub (c, a), ab) / den;
          if (t > 0 && t < 1 && u >= -1e-12 && u <= 1 + 1e-12)
            g_array_append_val (ts, t);
        }
      else if (rdt_geom_point_segment_distance (c, a, b) <= RDT_GEOM_EPS_LEN ||
               rdt_geom_point_segment_distance (d, a, b) <= RDT_GEOM_EPS_LEN)
        {
          /* Collinear: the ends of the shared run split the segment. */
          double tc = dot (sub (c, a), ab) / (len * len);
          double td = dot (sub (d, a), ab) / (len * len);
          if (tc > 0 && tc < 1)
            g_array_append_val (ts, tc);
          if (td > 0 && td < 1)
            g_array_append_val (ts, td);
        }
    }
  g_array_sort (ts, compare_double);
  for (guint i = 0; i + 1 < ts->len; i++)
    {
      double t0 = g_array_index (ts, double, i), t1 = g_array_index (ts, double, i + 1);

      if ((t1 - t0) * len <= 1e-12)
        continue;
      if (rdt_geom_point_in_polygon (poly, n, lerp (a, b, (t0 + t1) / 2)) == RDT_GEOM_INSIDE)
        {
          total += (t1 - t0) * len;
          if (first < 0)
            first = t0;
          last = t1;
        }
    }
  if (t_first != NULL)
    *t_first = first;
  if (t_last != NULL)
    *t_last = last;
  return total;
}

gboolean
rdt_geom_segment_crosses_polyline (RdtPoint        a,
                                   RdtPoint        b,
                                   const RdtPoint *line,
                                   guint           n,
                                   double         *t_out)
{
  double len = rdt_geom_distance (a, b);
  RdtPoint ab = sub (b, a);
  double best = 2;

  if (len <= RDT_GEOM_EPS_LEN)
    return FALSE;
  for (guint i = 0; i + 1 < n; i++)
    {
      RdtPoint c = line[i], d = line[i + 1];
      RdtPoint cd = sub (d, c);
      double den = cross (ab, cd);
      double t, u, ulen = rdt_geom_distance (c, d);

      if (fabs (den) <= 1e-15 * MAX (len * ulen, 1e-30))
        continue;   /* parallel or collinear: running along is not crossing */
      t = cross (sub (c, a), cd) / den;
      u = cross (sub (c, a), ab) / den;
      if (u < -RDT_GEOM_EPS_LEN / MAX (ulen, 1e-30) || u > 1 + RDT_GEOM_EPS_LEN / MAX (ulen, 1e-30))
        continue;
      if (t * len > RDT_GEOM_EPS_LEN && (1 - t) * len > RDT_GEOM_EPS_LEN)
        best = MIN (best, t);
    }
  if (best > 1)
    return FALSE;
  if (t_out != NULL)
    *t_out = best;
  return TRUE;
}

/* Narrows [*lo, *hi] to the t with m <= alpha + beta t <= M. */
static void
narrow (double *lo,
        double *hi,
        double  alpha,
        double  beta,
        double  m,
        double  M)
{
  double t0, t1;

  if (fabs (beta) < 1e-15)
    {
      if (alpha < m || alpha > M)
        *hi = *lo - 1;
      return;
    }
  t0 = (m - alpha) / beta;
  t1 = (M - alpha) / beta;
  if (t0 > t1)
    {
      double x = t0;
      t0 = t1;
      t1 = x;
    }
  *lo = MAX (*lo, t0);
  *hi = MIN (*hi, t1);
}

double
rdt_geom_edge_contact_length (RdtPoint a,
                              RdtPoint b,
                              RdtPoint c,
                              RdtPoint d,
                              double   eps)
{
  double lcd = rdt_geom_distance (c, d), lab = rdt_geom_distance (a, b);
  RdtPoint e, nrm;
  double lo = 0, hi = 1;

  if (lcd <= 0 || lab <= 0)
    return 0;
  e = rdt_point ((d.x - c.x) / lcd, (d.y - c.y) / lcd);
  nrm = rdt_point (-e.y, e.x);
  /* p(t) = a + t (b - a): its foot on cd lies within cd ... */
  narrow (&lo, &hi, dot (sub (a, c), e), dot (sub (b, a), e), 0, lcd);
  /* ... and it is within eps of the line through cd.  Both are linear in t,
   * so the answer is exact up to rounding. */
  narrow (&lo, &hi, dot (sub (a, c), nrm), dot (sub (b, a), nrm), -eps, eps);
  return MAX (0.0, hi - lo) * lab;
}

gboolean
rdt_geom_polygon_is_simple (const RdtPoint *poly,
                            guint           n,
                            guint          *edge_a,
                            guint          *edge_b)
{
#define FAIL(i, j) G_STMT_START { if (edge_a) *edge_a = (i); if (edge_b) *edge_b = (j); return FALSE; } G_STMT_END
  if (n < 3)
    FAIL (0, 0);
  for (guint i = 0; i < n; i++)
    if (rdt_geom_distance (poly[i], poly[(i + 1) % n]) <= RDT_GEOM_EPS_LEN)
      FAIL (i, i);
  for (guint i = 0; i < n; i++)
    {
      RdtPoint a = poly[i], b = poly[(i + 1) % n];

      for (guint j = i + 1; j < n; j++)
        {
          RdtPoint c = poly[j], d = poly[(j + 1) % n];

          if (j == i + 1)
            {
              /* Adjacent edges share b == c: they may not fold back on each other. */
              if (rdt_geom_point_segment_distance (d, a, b) <= RDT_GEOM_EPS_LEN ||
                  rdt_geom_point_segment_distance (a, c, d) <= RDT_GEOM_EPS_LEN)
                FAIL (i, j);
              continue;
            }
          if (i == 0 && j == n - 1)
            {
              /* The closing edge d == a. */
              if (rdt_geom_point_segment_distance (c, a, b) <= RDT_GEOM_EPS_LEN ||
                  rdt_geom_point_segment_distance (b, c, d) <= RDT_GEOM_EPS_LEN)
                FAIL (i, j);
              continue;
            }
          if (rdt_geom_segments_touch (a, b, c, d))
            FAIL (i, j);
        }
    }
  if (rdt_geom_polygon_area (poly, n) <= RDT_GEOM_EPS_LEN * RDT_GEOM_EPS_LEN)
    FAIL (0, 0);
#undef FAIL
  return TRUE;
}

/* A point 1/1000" inside @poly next to the middle of edge i. */
static RdtPoint
inner_probe (const RdtPoint *poly,
             guint           n,
             guint           i,
             double          sign)
{
  RdtPoint a = poly[i], b = poly[(i + 1) % n];
  RdtPoint m = lerp (a, b, 0.5);
  double len = rdt_geom_distance (a, b);
  /* Left of ab in a positive-area polygon is (-dy, dx). */
  RdtPoint normal = rdt_point (-(b.y - a.y) / len * sign, (b.x - a.x) / len * sign);

  return rdt_point (m.x + 1e-3 * normal.x, m.y + 1e-3 * normal.y);
}

/* The bounding box of @poly (x0, y0, x1, y1), widened by the tolerance. */
static void
polygon_box (const RdtPoint *poly,
             guint           n,
             double          box[4])
{
  box[0] = box[1] = G_MAXDOUBLE;
  box[2] = box[3] = -G_MAXDOUBLE;
  for (guint i = 0; i < n; i++)
    {
      box[0] = MIN (box[0], poly[i].x);
      box[1] = MIN (box[1], poly[i].y);
      box[2] = MAX (box[2], poly[i].x);
      box[3] = MAX (box[3], poly[i].y);
    }
  box[0] -= RDT_GEOM_EPS_LEN;
  box[1] -= RDT_GEOM_EPS_LEN;
  box[2] += RDT_GEOM_EPS_LEN;
  box[3] += RDT_GEOM_EPS_LEN;
}

/* Strictly inside @poly; a point beyond its box is not, without the walk of
 * its edges (issue 15: most probes of neighbouring shapes are). */
static gboolean
inside_polygon (const RdtPoint *poly,
                guint           n,
                const double    box[4],
                RdtPoint        p)
{
  if (p.x < box[0] || p.y < box[1] || p.x > box[2] || p.y > box[3])
    return FALSE;
  return rdt_geom_point_in_polygon (poly, n, p) == RDT_GEOM_INSIDE;
}

gboolean
rdt_geom_polygons_overlap (const RdtPoint *a,
                           guint           na,
                           const RdtPoint *b,
                           guint           nb)
{
  double sign_a, sign_b, box_a[4], box_b[4];

  polygon_box (a, na, box_a);
  polygon_box (b, nb, box_b);
  for (guint i = 0; i < na; i++)
    {
      RdtPoint p = a[i], q = a[(i + 1) % na];
      double x0 = MIN (p.x, q.x) - RDT_GEOM_EPS_LEN, x1 = MAX (p.x, q.x) + RDT_GEOM_EPS_LEN;
      double y0 = MIN (p.y, q.y) - RDT_GEOM_EPS_LEN, y1 = MAX (p.y, q.y) + RDT_GEOM_EPS_LEN;

      /* An edge beyond the other shape's box crosses none of its edges. */
      if (x1 < box_b[0] || x0 > box_b[2] || y1 < box_b[1] || y0 > box_b[3])
        continue;

      for (guint j = 0; j < nb; j++)
        {
          RdtPoint r = b[j], s = b[(j + 1) % nb];

          /* Segments whose boxes are apart cannot cross properly (both
           * orientation tests are beyond the tolerance there): skip the
           * four orientation tests (issue 15). */
          if (MAX (r.x, s.x) < x0 || MIN (r.x, s.x) > x1 || MAX (r.y, s.y) < y0 || MIN (r.y, s.y) > y1)
            continue;
          if (proper_crossing (p, q, r, s))
            return TRUE;
        }
    }
  /* The orientation of each polygon once, not once per probe. */
  sign_a = rdt_geom_polygon_signed_area (a, na) >= 0 ? 1 : -1;
  sign_b = rdt_geom_polygon_signed_area (b, nb) >= 0 ? 1 : -1;
  for (guint i = 0; i < na; i++)
    if (inside_polygon (b, nb, box_b, a[i]) || inside_polygon (b, nb, box_b, inner_probe (a, na, i, sign_a)))
      return TRUE;
  for (guint j = 0; j < nb; j++)
    if (inside_polygon (a, na, box_a, b[j]) || inside_polygon (a, na, box_a, inner_probe (b, nb, j, sign_b)))
      return TRUE;
  return FALSE;
}

RdtPoint
rdt_geom_facing_vector (double facing_degrees)
{
  double r = facing_degrees * G_PI / 180;

  return rdt_point (sin (r), -cos (r));
}

void
rdt_geom_block_corners (RdtPoint centre,
                        double   width,
                        double   depth,
                        double   facing_degrees,
                        RdtPoint out[4])
{
  RdtPoint f = rdt_geom_facing_vector (facing_degrees);
  RdtPoint r = rdt_point (-f.y, f.x);   /* the block's right hand (y down) */
  double hw = width / 2, hd = depth / 2;

  out[0] = rdt_point (centre.x + f.x * hd - r.x * hw, centre.y + f.y * hd - r.y * hw);
  out[1] = rdt_point (centre.x + f.x * hd + r.x * hw, centre.y + f.y * hd + r.y * hw);
  out[2] = rdt_point (centre.x - f.x * hd + r.x * hw, centre.y - f.y * hd + r.y * hw);
  out[3] = rdt_point (centre.x - f.x * hd - r.x * hw, centre.y - f.y * hd - r.y * hw);
}
