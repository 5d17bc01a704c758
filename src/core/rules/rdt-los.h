/* rdt-los.h: line of sight (Series Rules 11.4) on an RdtBoard.
 *
 * The geometry is the exact segment walk of rdt-hex-walk.h; this module applies
 * 11.41 to 11.44 and the conventions of ../shared/los-conventions.md to it:
 * cases A, B (both editions) and C of 11.43 with up-slope detection at both
 * ends, blocking hexes (terrain from data, combat units of either side), hex
 * spines, and the corner rule (convention 6).
 *
 * An RdtLos holds one walk buffer and a dense per-hex "blocks" table built from
 * the board and the options, rebuilt only when either changes, so repeated
 * queries (fans, artillery target lists, benchmarks) never allocate.
 */
#pragma once

#include <glib.h>

#include "rdt-board.h"
#include "rdt-los-report.h"
#include "rdt-game-context.h"

G_BEGIN_DECLS

typedef struct _RdtLos RdtLos;

/* (transfer full) The engine keeps a reference on `board`. */
RdtLos        *rdt_los_new                (RdtBoard        *board);
void           rdt_los_free               (RdtLos          *los);
/* (transfer none) */
RdtBoard      *rdt_los_get_board          (RdtLos          *los);

/* Options that disputes need: combat units do not block; a list of hexes
 * block as if occupied by combat units (replacing any earlier list). */
void           rdt_los_set_ignore_units   (RdtLos          *los,
                                           gboolean         ignore_units);
void           rdt_los_set_occupied       (RdtLos          *los,
                                           const RdtHex    *hexes,
                                           guint            n_hexes);

/* The LOS from the centre of `from` to the centre of `to`.  `report`
 * (nullable, initialised with rdt_los_report_init()) receives the full report;
 * without it the answer stops at the first blocking step. */
RdtLosVerdict  rdt_los_check              (RdtLos          *los,
                                           RdtHex           from,
                                           RdtHex           to,
                                           RdtLosReport    *report);

/* One hex of a LOS fan. */
typedef struct {
  RdtHex hex;
  int distance;
  RdtLosVerdict verdict;
  RdtLosCase los_case;
  guint up_slope;             /* RdtLosUpSlope */
  /* The first blocking reason, or the top-level reason when clear. */
  RdtLosReason reason;
} RdtLosFanEntry;

/* Every on-map hex within `range` of `from`, in the order of
 * rdt_hex_grid_range(), or with range < 0 the whole map in index order (column
 * by column), each with its verdict (transfer full: GArray of RdtLosFanEntry).
 * The targets share the blocking table and the hexside table; each walks its
 * segment only as far as its verdict needs (the case from the two end
 * crossings, then up to the first blocking step), and gets exactly the answer
 * of rdt_los_check() (test-los-fan). */
GArray        *rdt_los_fan                (RdtLos          *los,
                                           RdtHex           from,
                                           int              range);

/* 11.2: the unit's artillery range (its own, or the board's default). */
int            rdt_los_unit_range         (RdtLos          *los,
                                           guint            unit);

typedef struct {
  guint unit;                 /* index of the target unit on the board */
  RdtHex hex;
  int range;                  /* counting the target's hex, not the firer's (11.2) */
  /* Beyond a range limit that depends on something not told (Germantown
   * 3.1.1, 3.1.2 fog): neither legal nor refused.  Always FALSE from
   * rdt_los_artillery_targets(). */
  gboolean undecided;
} RdtLosTarget;

/* Legal artillery targets of `unit` (11.2): enemy combat units within range
 * and in LOS, ordered by range then board order (transfer full: GArray of
 * RdtLosTarget).  The firing unit itself never blocks: it stands in an end hex. */
GArray        *rdt_los_artillery_targets  (RdtLos          *los,
                                           guint            unit);

/* The same in a game context: the volume's artillery-range restrictions
 * (Germantown 3.1.1 dense fog: range 1, 3.1.2 moderate fog: range 2) that
 * bind the unit (an index of @scenario, the scenario the board was built
 * from: same units, same order) shorten the range; one that is not decided
 * (the turn or the weather not told; @context NULL: nothing told) leaves
 * the targets beyond its range "undecided" (RdtLosTarget.undecided) and
 * sets @out_undecided_rule (nullable; transfer full, NULL when every
 * target is decided) to its rule and @out_depends (nullable) to what it
 * depends on.  @out_range (nullable): the range in force, after the
 * restrictions that bind (the 11.2 range when none does).  @scenario NULL:
 * as rdt_los_artillery_targets(). */
GArray        *rdt_los_artillery_targets_in_context (RdtLos               *los,
                                                     guint                 unit,
                                                     RdtScenario          *scenario,
                                                     const RdtGameContext *context,
                                                     char                **out_undecided_rule,
                                                     RdtDepends           *out_depends,
                                                     int                  *out_range);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RdtLos, rdt_los_free)

G_END_DECLS
