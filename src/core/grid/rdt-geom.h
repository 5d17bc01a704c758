/* rdt-geom.h: plane geometry in inches of table for the gridless maps (issue 18).
 *
 * Pure geometry, no scenario: points, simple polygons, clipping against a
 * convex polygon, segments against polygons, distances.  Coordinates are
 * doubles; every comparison that decides a rule uses the tolerances below,
 * which docs/gridless-conventions.md states (G0).  Functions never allocate
 * unless they say so.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  double x;
  double y;
} RdtPoint;

/* G0: two lengths closer than this (in inches) are equal; a point closer than
 * this to a boundary is on it. */
#define RDT_GEOM_EPS_LEN 1e-6
/* G0: two area fractions closer than this are equal (so "more than half"
 * means fraction > 1/2 + RDT_GEOM_EPS_FRACTION). */
#define RDT_GEOM_EPS_FRACTION 1e-9

typedef enum {
  RDT_GEOM_OUTSIDE,
  RDT_GEOM_BOUNDARY,   /* within RDT_GEOM_EPS_LEN of an edge */
  RDT_GEOM_INSIDE,
} RdtGeomWhere;

static inline RdtPoint
rdt_point (double x, double y)
{
  RdtPoint p = { x, y };
  return p;
}

double       rdt_geom_distance               (RdtPoint        a,
                                              RdtPoint        b);
/* Signed area (shoelace); positive when the vertices run clockwise on a map
 * whose y axis points down (counter-clockwise in the usual y-up sense). */
double       rdt_geom_polygon_signed_area    (const RdtPoint *poly,
                                              guint           n);
double       rdt_geom_polygon_area           (const RdtPoint *poly,
                                              guint           n);
RdtGeomWhere rdt_geom_point_in_polygon       (const RdtPoint *poly,
                                              guint           n,
                                              RdtPoint        p);
double       rdt_geom_point_segment_distance (RdtPoint        p,
                                              RdtPoint        a,
                                              RdtPoint        b);
double       rdt_geom_segment_segment_distance (RdtPoint      a,
                                              RdtPoint        b,
                                              RdtPoint        c,
                                              RdtPoint        d);
/* TRUE when the closed segments ab and cd share a point. */
gboolean     rdt_geom_segments_touch         (RdtPoint        a,
                                              RdtPoint        b,
                                              RdtPoint        c,
                                              RdtPoint        d);
/* 0 when p is inside or on the polygon, else its distance to the boundary. */
double       rdt_geom_point_polygon_distance (const RdtPoint *poly,
                                              guint           n,
                                              RdtPoint        p);
/* Smallest distance between two convex polygons; 0 when they touch or overlap. */
double       rdt_geom_convex_distance        (const RdtPoint *a,
                                              guint           na,
                                              const RdtPoint *b,
                                              guint           nb);

/* Sutherland–Hodgman: @subject (any simple polygon) clipped by @convex (a
 * convex polygon, either orientation).  The result may contain zero-width
 * bridges but its area is exactly that of the intersection, which is all the
 * callers use.  (transfer full): a GArray of RdtPoint. */
GArray      *rdt_geom_clip_convex            (const RdtPoint *subject,
                                              guint           n,
                                              const RdtPoint *convex,
                                              guint           m);
/* Area of (subject ∩ convex). */
double       rdt_geom_clipped_area           (const RdtPoint *subject,
                                              guint           n,
                                              const RdtPoint *convex,
                                              guint           m);

/* The part of segment ab strictly inside the polygon (a sight line running
 * along an edge is not inside).  Returns its length in inches; @t_first and
 * @t_last (nullable) get the parameters (0..1 along ab) where the inside part
 * starts and ends, or -1 when there is none. */
double       rdt_geom_segment_inside_length  (RdtPoint        a,
                                              RdtPoint        b,
                                              const RdtPoint *poly,
                                              guint           n,
                                              double         *t_first,
                                              double         *t_last);
/* TRUE when segment ab crosses the polyline at a point strictly between a
 * and b (more than RDT_GEOM_EPS_LEN from both ends); a collinear run along a
 * polyline segment is not a crossing.  @t (nullable) gets the first such
 * parameter along ab. */
gboolean     rdt_geom_segment_crosses_polyline (RdtPoint      a,
                                              RdtPoint        b,
                                              const RdtPoint *line,
                                              guint           n,
                                              double         *t);
/* Edge contact (G4): the length of the part of segment ab that lies within
 * @eps of the line through cd and whose perpendicular foot falls on cd.  For
 * two flush edges this is the length of their overlap. */
double       rdt_geom_edge_contact_length    (RdtPoint        a,
                                              RdtPoint        b,
                                              RdtPoint        c,
                                              RdtPoint        d,
                                              double          eps);

/* Checks a closed polygon (n >= 3 distinct vertices, the closing edge
 * implicit) for zero-length edges, zero area and self-intersection,
 * touching included.  On failure @edge_a and @edge_b (nullable) get the two
 * offending edge indices (edge i runs from vertex i to vertex i+1). */
gboolean     rdt_geom_polygon_is_simple      (const RdtPoint *poly,
                                              guint           n,
                                              guint          *edge_a,
                                              guint          *edge_b);
/* TRUE when the interiors of two simple polygons overlap (shared edges and
 * touching corners are not an overlap). */
gboolean     rdt_geom_polygons_overlap       (const RdtPoint *a,
                                              guint           na,
                                              const RdtPoint *b,
                                              guint           nb);

/* The footprint of a block: centre, width along the front edge, depth,
 * facing in degrees clockwise from map-up (the -y direction).  Writes
 * front-left, front-right, back-right, back-left (as seen by the block). */
void         rdt_geom_block_corners          (RdtPoint        centre,
                                              double          width,
                                              double          depth,
                                              double          facing_degrees,
                                              RdtPoint        out[4]);
/* Unit vector of a facing (clockwise from map-up, y down). */
RdtPoint     rdt_geom_facing_vector          (double          facing_degrees);

G_END_DECLS
