/* rdt-hex-walk.c: the exact segment walk of ../shared/los-conventions.md, items 1-6.
 *
 * The walk goes hex by hex.  Inside the current hex H it finds where the segment
 * leaves H: every corner of H is classified by the sign of the cross product of
 * the segment's direction with the corner (relative to the start centre).  With
 * the corners in positive rotation order, the segment leaves through the edge
 * whose corners go from negative to positive, or through the corner that is on
 * the line with a negative corner before it and a positive one after it.  At a
 * corner three hexes meet: H and its two neighbours Na and Nb; the third edge,
 * Na|Nb, continues the ray from H's centre through the corner.  The segment then
 * runs along Na|Nb (a spine direction), or enters Na or Nb, grazing the other.
 */
#include "config.h"

#include <string.h>

#include "rdt-hex-walk.h"
#include "rdt-hex-grid-private.h"

void
rdt_hex_walk_init (RdtHexWalk *walk)
{
  memset (walk, 0, sizeof *walk);
}

void
rdt_hex_walk_clear (RdtHexWalk *walk)
{
  g_clear_pointer (&walk->steps, g_free);
  walk->n_steps = 0;
  walk->capacity = 0;
}

static inline gint64
cross (gint64 ax,
       gint64 ay,
       gint64 bx,
       gint64 by)
{
  return ax * by - ay * bx;
}

static inline int
sign64 (gint64 x)
{
  return (x > 0) - (x < 0);
}

gboolean
rdt_hex_grid_is_spine_line (const RdtHexGrid *grid,
                            RdtHex            from,
                            RdtHex            to)
{
  int au, av, bu, bv, dx, dy;

  rdt_hex_grid_lattice_centre (grid, from, &au, &av);
  rdt_hex_grid_lattice_centre (grid, to, &bu, &bv);
  dx = bu - au;
  dy = bv - av;
  if (dx == 0 && dy == 0)
    return FALSE;
  /* Parallel to a centre-to-corner ray: (±2, 0) or (±1, ±1). */
  return dy == 0 || dx == dy || dx == -dy;
}

enum {
  WALKER_FIRST,      /* the start hex comes next */
  WALKER_MOVE,       /* a crossing or a run comes next */
  WALKER_HEX,        /* the hex just entered comes next */
  WALKER_DONE,
};

void
rdt_hex_walker_init (RdtHexWalker     *w,
                     const RdtHexGrid *grid,
                     RdtHex            from,
                     RdtHex            to)
{
  g_return_if_fail (grid != NULL);
  g_return_if_fail (w != NULL);

  memset (w, 0, sizeof *w);
  w->grid = grid;
  w->cur = from;
  w->state = WALKER_FIRST;
  rdt_hex_grid_lattice_centre (grid, from, &w->au, &w->av);
  rdt_hex_grid_lattice_centre (grid, to, &w->bu, &w->bv);
  w->dx = w->bu - w->au;
  w->dy = w->bv - w->av;
  w->cu = w->au;
  w->cv = w->av;
  /* A segment of hex distance d meets fewer than 2d + 2 hexes; the guard only
   * protects against a bug turning into a hang. */
  w->guard = 4 * (guint) rdt_hex_grid_distance (grid, from, to) + 8;
}

/* Leaves the current hex: fills `step` with the crossing or run. */
static inline gboolean
walker_move (RdtHexWalker *w,
             RdtWalkStep  *step)
{
  const RdtHexGrid *grid = w->grid;
  int cu = w->cu, cv = w->cv, au = w->au, av = w->av;
  gint64 dx = w->dx, dy = w->dy;
  gint64 c[6];
  int exit_edge = -1, exit_corner = -1;
  RdtHex cur = w->cur;

  for (int k = 0; k < 6; k++)
    c[k] = cross (dx, dy,
                  (gint64) cu + _rdt_corner_du[k] - au,
                  (gint64) cv + _rdt_corner_dv[k] - av);

  for (int k = 0; k < 6; k++)
    {
      int prev = (k + 5) % 6, next = (k + 1) % 6;
      if (c[k] == 0 && c[prev] < 0 && c[next] > 0)
        {
          exit_corner = k;
          break;
        }
      if (c[k] < 0 && c[next] > 0)
        {
          exit_edge = k;
          break;
        }
    }

  if (exit_edge >= 0)
    {
      int nu = cu + _rdt_neighbour_du[exit_edge];
      int nv = cv + _rdt_neighbour_dv[exit_edge];
      RdtHex next = rdt_hex_grid_hex_at_lattice (grid, nu, nv);

      step->kind = RDT_WALK_CROSS;
      step->hexside = _rdt_hexside_make (cur, next);
      step->from = cur;
      step->to = next;
      cu = nu;
      cv = nv;
      cur = next;
    }
  else if (exit_corner >= 0)
    {
      int k = exit_corner, ka = (k + 5) % 6;
      int eu = _rdt_corner_du[k], ev = _rdt_corner_dv[k];
      RdtHex na = rdt_hex_grid_hex_at_lattice (grid, cu + _rdt_neighbour_du[ka],
                                               cv + _rdt_neighbour_dv[ka]);
      RdtHex nb = rdt_hex_grid_hex_at_lattice (grid, cu + _rdt_neighbour_du[k],
                                               cv + _rdt_neighbour_dv[k]);
      RdtHexCorner corner = { cu + eu, cv + ev };
      gint64 side_d = cross (eu, ev, dx, dy);

      if (side_d == 0)
        {
          /* Along the Na|Nb hexside to its far corner, then into the hex
           * beyond, whose centre is three corner offsets from ours. */
          int nu = cu + 3 * eu, nv = cv + 3 * ev;
          RdtHex next = rdt_hex_grid_hex_at_lattice (grid, nu, nv);

          step->kind = RDT_WALK_RUN;
          step->hexside = _rdt_hexside_make (na, nb);
          step->from = cur;
          step->to = next;
          step->corner = corner;
          step->end_corner = (RdtHexCorner) { cu + 2 * eu, cv + 2 * ev };
          step->from_sides[0] = _rdt_hexside_make (cur, na);
          step->from_sides[1] = _rdt_hexside_make (cur, nb);
          step->to_sides[0] = _rdt_hexside_make (next, na);
          step->to_sides[1] = _rdt_hexside_make (next, nb);
          w->spine = TRUE;
          cu = nu;
          cv = nv;
          cur = next;
        }
      else
        {
          gint64 side_a = cross (eu, ev,
                                 _rdt_neighbour_du[ka] - eu,
                                 _rdt_neighbour_dv[ka] - ev);
          gboolean into_a = sign64 (side_d) == sign64 (side_a);
          RdtHex next = into_a ? na : nb;
          int dir = into_a ? ka : k;

          step->kind = RDT_WALK_CROSS;
          step->hexside = _rdt_hexside_make (cur, next);
          step->from = cur;
          step->to = next;
          step->via_corner = TRUE;
          step->grazed = into_a ? nb : na;
          step->corner = corner;
          cu += _rdt_neighbour_du[dir];
          cv += _rdt_neighbour_dv[dir];
          cur = next;
        }
    }
  else
    {
      g_critical ("Segment walk lost its way at lattice (%d, %d)", cu, cv);
      return FALSE;
    }
  w->cu = cu;
  w->cv = cv;
  w->cur = cur;
  return TRUE;
}

static inline gboolean
walker_next (RdtHexWalker *w,
             RdtWalkStep  *step,
             gboolean     *last)
{
  memset (step, 0, sizeof *step);
  switch (w->state)
    {
    case WALKER_FIRST:
    case WALKER_HEX:
      step->kind = RDT_WALK_HEX;
      step->hex = w->cur;
      if (w->cu == w->bu && w->cv == w->bv)
        {
          w->state = WALKER_DONE;
          *last = TRUE;
        }
      else
        {
          w->state = WALKER_MOVE;
          *last = FALSE;
        }
      return TRUE;
    case WALKER_MOVE:
      *last = FALSE;
      if (w->guard-- == 0)
        {
          g_critical ("Segment walk did not reach its end hex");
          w->state = WALKER_DONE;
          return FALSE;
        }
      if (!walker_move (w, step))
        {
          w->state = WALKER_DONE;
          return FALSE;
        }
      w->state = WALKER_HEX;
      return TRUE;
    default:
      return FALSE;
    }
}

gboolean
rdt_hex_walker_next (RdtHexWalker *walker,
                     RdtWalkStep  *step,
                     gboolean     *last)
{
  gboolean ignored;

  g_return_val_if_fail (walker != NULL && step != NULL, FALSE);
  return walker_next (walker, step, last != NULL ? last : &ignored);
}

void
rdt_hex_grid_walk (const RdtHexGrid *grid,
                   RdtHex            from,
                   RdtHex            to,
                   RdtHexWalk       *walk)
{
  RdtHexWalker w;
  gboolean last = FALSE;

  g_return_if_fail (grid != NULL);
  g_return_if_fail (walk != NULL);

  walk->n_steps = 0;
  walk->spine = FALSE;
  rdt_hex_walker_init (&w, grid, from, to);
  while (!last)
    {
      if (walk->n_steps == walk->capacity)
        {
          walk->capacity = MAX (16, walk->capacity * 2);
          walk->steps = g_renew (RdtWalkStep, walk->steps, walk->capacity);
        }
      if (!walker_next (&w, &walk->steps[walk->n_steps], &last))
        break;
      walk->n_steps++;
    }
  walk->spine = w.spine;
}
