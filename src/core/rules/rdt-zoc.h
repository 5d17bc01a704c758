/* rdt-zoc.h: zones of control (Series Rules 8) on an RdtBoard.
 *
 * 8.1: Parade Order combat units exert a ZOC into all six adjacent hexes;
 * disrupted and shattered units (and volume states such as panicked) exert
 * none.  A ZOC extends out of but not into terrain whose data says so, and
 * across a fieldworks hexside only out of the hex holding the symbol (3.1 "Out
 * of Fieldworks"); it crosses ford and non-ford creek hexsides (8.1 Note).
 * 8.31: a rifle unit's ZOC costs +1 MP to enter or exit; Brandywine 4.5.4:
 * amusettes exert a ZOC without that cost.  Surrounded: 3.1, 8.2 and 12.7, with
 * prohibited terrain counting in the older edition's 12.7.
 */
#pragma once

#include <glib.h>

#include "rdt-board.h"

G_BEGIN_DECLS

/* Why a unit does or does not exert a ZOC into a hex. */
typedef enum {
  RDT_ZOC_REASON_EXERTS,
  RDT_ZOC_REASON_EXERTS_ACROSS_WATER,   /* across a ford or creek hexside */
  RDT_ZOC_REASON_EXERTS_OUT_OF_FIELDWORKS,
  RDT_ZOC_REASON_NOT_ADJACENT,
  RDT_ZOC_REASON_OFF_MAP,
  RDT_ZOC_REASON_NOT_COMBAT_UNIT,
  RDT_ZOC_REASON_NOT_PARADE_ORDER,      /* disrupted or shattered */
  RDT_ZOC_REASON_STATE_NO_ZOC,          /* a volume state (panicked...) */
  RDT_ZOC_REASON_INTO_TERRAIN,
  RDT_ZOC_REASON_INTO_FIELDWORKS,
  RDT_ZOC_REASON_HEXSIDE_NO_ZOC,
  RDT_ZOC_N_REASONS
} RdtZocReason;

/* (transfer none) */
const char  *rdt_zoc_reason_get_id       (RdtZocReason reason);
const char  *rdt_zoc_reason_get_rule     (RdtZocReason reason);
const char  *rdt_zoc_reason_get_message  (RdtZocReason reason);
gboolean     rdt_zoc_reason_exerts       (RdtZocReason reason);

/* Does the unit exert a ZOC at all (8.1): EXERTS, NOT_COMBAT_UNIT,
 * NOT_PARADE_ORDER or STATE_NO_ZOC. */
RdtZocReason rdt_zoc_unit_has_zoc        (const RdtBoard *board,
                                          guint           unit);

/* Does the unit exert a ZOC into `hex`, and why (or why not). */
RdtZocReason rdt_zoc_unit_into           (const RdtBoard *board,
                                          guint           unit,
                                          RdtHex          hex);

/* The ZOC that one side's units exert over the map. */
typedef struct _RdtZocMap RdtZocMap;

RdtZocMap   *rdt_zoc_map_new             (RdtBoard       *board,
                                          int             side);
void         rdt_zoc_map_free            (RdtZocMap      *map);
int          rdt_zoc_map_get_side        (const RdtZocMap *map);
/* Number of the side's units whose ZOC covers the hex (0 outside the map). */
guint        rdt_zoc_map_get_count       (const RdtZocMap *map,
                                          RdtHex          hex);
/* 8.31: at least one of them is a rifle unit (amusettes excepted, 4.5.4). */
gboolean     rdt_zoc_map_get_rifle       (const RdtZocMap *map,
                                          RdtHex          hex);

/* Units of enemy sides (another player than `side`'s) whose ZOC covers `hex`, in board order
 * (transfer full: GArray of guint). */
GArray      *rdt_zoc_enemy_units_into    (const RdtBoard *board,
                                          RdtHex          hex,
                                          int             side);

/* What occupies one hex adjacent to a possibly surrounded unit. */
typedef enum {
  RDT_ZOC_ADJ_OPEN,
  RDT_ZOC_ADJ_OFF_MAP,
  RDT_ZOC_ADJ_ENEMY_UNIT,
  RDT_ZOC_ADJ_ENEMY_ZOC,
  /* An enemy ZOC negated by a friendly combat unit in the hex (8.2). */
  RDT_ZOC_ADJ_NEGATED,
  /* Prohibited terrain (older 12.7 only). */
  RDT_ZOC_ADJ_PROHIBITED,
} RdtZocAdjacent;

typedef struct {
  RdtHex hexes[6];
  RdtZocAdjacent what[6];
  /* "3.1, 8.2" (current edition) or "12.7, 8.2" (older edition). */
  const char *rules;
} RdtZocSurrounded;

/* 3.1 Surrounded / 12.7: all six hexes adjacent to `hex` hold enemy units or
 * (unnegated) enemy ZOC, or, in the older edition, prohibited terrain.
 * `side` is the side of the unit in `hex`.  `detail` (nullable) says what each
 * adjacent hex holds. */
gboolean     rdt_zoc_is_surrounded       (const RdtBoard   *board,
                                          RdtHex            hex,
                                          int               side,
                                          RdtZocSurrounded *detail);
const char  *rdt_zoc_adjacent_get_id     (RdtZocAdjacent    what);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RdtZocMap, rdt_zoc_map_free)

G_END_DECLS
