/* rdt-hex-walk.h: the exact walk of a segment between two hex centres.
 *
 * This is the geometry of ../shared/los-conventions.md, items 1-6: the ordered
 * hexes whose interior the segment meets, the hexsides it crosses (through a
 * hexside, or through one of its end corners while grazing a third hex) and the
 * hexsides it runs along (the six spine directions, 11.44).  All of it is integer
 * sign tests on the lattice of rdt-hex-grid.h; there is no floating point.
 */
#pragma once

#include "rdt-hex-grid.h"

G_BEGIN_DECLS

typedef enum {
  /* The segment meets the interior of `hex`.  The first and last steps are the
   * two end hexes. */
  RDT_WALK_HEX,
  /* The segment goes from the interior of `from` into the interior of `to`
   * across `hexside` (convention 4).  When `via_corner` it passes through an end
   * corner of the hexside and touches `grazed` at that single point only. */
  RDT_WALK_CROSS,
  /* The segment runs along `hexside` for its whole length (convention 5).  It
   * leaves `from` through the corner where `from_sides` meet and enters `to`
   * through the corner where `to_sides` meet (convention 6). */
  RDT_WALK_RUN,
} RdtWalkStepKind;

typedef struct {
  RdtWalkStepKind kind;
  RdtHex hex;
  RdtHexside hexside;
  RdtHex from;
  RdtHex to;
  gboolean via_corner;
  RdtHex grazed;
  RdtHexCorner corner;
  RdtHexCorner end_corner;
  RdtHexside from_sides[2];
  RdtHexside to_sides[2];
} RdtWalkStep;

/* A reusable buffer: walking into the same RdtHexWalk again allocates only when a
 * longer segment needs more room, so hot loops (LOS fans) stay allocation-free. */
typedef struct {
  RdtWalkStep *steps;
  guint n_steps;
  guint capacity;
  /* The walk follows a spine direction (runs along hexsides). */
  gboolean spine;
} RdtHexWalk;

void     rdt_hex_walk_init   (RdtHexWalk       *walk);
void     rdt_hex_walk_clear  (RdtHexWalk       *walk);

/* Walks from the centre of `from` to the centre of `to`.  Both may be any hexes
 * of the lattice, on or off the map.  Walking a hex to itself gives one step. */
void     rdt_hex_grid_walk   (const RdtHexGrid *grid,
                              RdtHex            from,
                              RdtHex            to,
                              RdtHexWalk       *walk);

/* The same walk one step at a time, for callers that stop early (LOS fans
 * stop at the first blocking step; issue 15).  rdt_hex_grid_walk() is this
 * iterator run to the end, so both give the same steps. */
typedef struct {
  /*< private >*/
  const RdtHexGrid *grid;
  int au, av, bu, bv, cu, cv;
  gint64 dx, dy;
  guint guard;
  RdtHex cur;
  int state;
  gboolean spine;
} RdtHexWalker;

void     rdt_hex_walker_init (RdtHexWalker     *walker,
                              const RdtHexGrid *grid,
                              RdtHex            from,
                              RdtHex            to);
/* Fills `step` with the next step and returns TRUE, or returns FALSE after
 * the end hex.  `*last` (nullable) is set when the step is the end hex. */
gboolean rdt_hex_walker_next (RdtHexWalker     *walker,
                              RdtWalkStep      *step,
                              gboolean         *last);

/* TRUE when the segment from `from` to `to` follows one of the six spine
 * directions (it then runs along hexsides instead of crossing them). */
gboolean rdt_hex_grid_is_spine_line (const RdtHexGrid *grid,
                                     RdtHex            from,
                                     RdtHex            to);

G_END_DECLS
