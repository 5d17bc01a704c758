/* rdt-retreat.h: legal retreats (Series Rules 13.2, 13.3; Brandywine 3.2,
 * 5.2.8-5.2.10; Germantown 3.8; Savannah 4.1 and 4.19 "Retreat Priorities").
 *
 * A retreat of one hex ends in an adjacent hex; a retreat of three hexes ends
 * three hexes from the start counting by the shortest distance (13.3), so every
 * step moves one hex further away.  Each hex entered must pass 13.22: not
 * enemy-occupied, not in an enemy ZOC even with friendly units there (8.2), not
 * prohibited terrain, not off the map, within the stacking limits (7.2) unless a
 * two-step unit takes a step loss (13.23 Exception).  Among the legal ends the
 * preferred ones are those not adjacent to an enemy unit (13.21, 13.3), then
 * those in the direction the volume requires (13.21 and "Important").  With no
 * legal end the unit is captured (13.23).
 *
 * The retreat priorities are scenario data (<side><retreat>, docs/format.md),
 * used unless RdtRetreatOptions gives an RdtRetreatPriority.
 */
#pragma once

#include <glib-object.h>

#include "rdt-movement.h"

G_BEGIN_DECLS

typedef enum {
  RDT_RETREAT_REASON_NONE,
  RDT_RETREAT_REASON_OFF_MAP,              /* 13.22 */
  RDT_RETREAT_REASON_ENEMY_OCCUPIED,       /* 13.22 */
  RDT_RETREAT_REASON_ENEMY_ZOC,            /* 13.22, 8.2 */
  RDT_RETREAT_REASON_PROHIBITED_TERRAIN,   /* 13.22 */
  RDT_RETREAT_REASON_PROHIBITED_HEXSIDE,   /* 13.22 */
  RDT_RETREAT_REASON_STACKING,             /* 13.22, 7.2 */
  RDT_RETREAT_REASON_VOLUME_STACKING,      /* Savannah 4.1 */
  RDT_RETREAT_REASON_CREEK_ARTILLERY,      /* Brandywine 5.2.9 Exception */
  RDT_RETREAT_REASON_CREEK_LATER,          /* Brandywine 5.2.10 */
  RDT_RETREAT_REASON_CAPTURED,             /* 13.23: no legal retreat */
  RDT_RETREAT_REASON_RESTRICTED,           /* the volume's restriction (data rule) */
  RDT_RETREAT_N_REASONS
} RdtRetreatReason;

const char   *rdt_retreat_reason_get_rule    (RdtRetreatReason reason);
const char   *rdt_retreat_reason_get_id      (RdtRetreatReason reason);
const char   *rdt_retreat_reason_get_message (RdtRetreatReason reason);

typedef enum {
  RDT_RETREAT_TOWARD_NONE,
  /* Toward one hex: Brandywine 3.2.1 (hex 1727), Savannah "each army must
   * retreat toward its HQ". */
  RDT_RETREAT_TOWARD_HEX,
  /* Brandywine 3.2.2: toward the unit's own entry hex (a reinforcement's
   * <arrive> entry), else the nearest entry hex of the scenario. */
  RDT_RETREAT_TOWARD_ENTRY,
  /* Germantown 3.8: compass bearings, degrees clockwise from map north. */
  RDT_RETREAT_TOWARD_BEARINGS,
} RdtRetreatToward;

typedef struct {
  RdtRetreatToward toward;
  RdtHex hex;                /* TOWARD_HEX */
  double bearings[8];        /* TOWARD_BEARINGS: e.g. 0, 315, 270 (N, NW, W) */
  guint n_bearings;
  /* Where map north points on the drawn grid, in degrees clockwise from
   * "up" (0 for a map printed north up). */
  double north;
  const char *rule;          /* (nullable) e.g. "Germantown 3.8" */
} RdtRetreatPriority;

/* Compass names (N NE E SE S SW W NW, separated by spaces or commas) into
 * @priority's bearings. */
gboolean rdt_retreat_priority_parse_directions (const char         *text,
                                                RdtRetreatPriority *priority);
/* The retreat priority the scenario gives @side (<side><retreat>), or FALSE
 * when it gives none.  rdt_movement_retreat() uses it when the options give
 * none (RDT_RETREAT_TOWARD_NONE). */
gboolean rdt_retreat_priority_from_scenario    (RdtScenario        *scenario,
                                                int                 side,
                                                RdtRetreatPriority *priority);

typedef struct {
  int hexes;                 /* 1 or 3 */
  RdtRetreatPriority priority;
  /* (nullable) What the referee is told about the game; restrictions of the
   * volume that depend on what it does not tell are "not decided". */
  const RdtGameContext *context;
} RdtRetreatOptions;

void rdt_retreat_options_init (RdtRetreatOptions *options,
                               int                hexes);

typedef enum {
  /* Among the ends 13.21 and 13.3 require when there is a choice. */
  RDT_RETREAT_PREFERRED      = 1 << 0,
  /* Ends adjacent to an enemy combat unit. */
  RDT_RETREAT_ADJACENT_ENEMY = 1 << 1,
  /* In the volume's retreat direction. */
  RDT_RETREAT_TOWARD         = 1 << 2,
  /* Only by taking a step loss (13.23 Exception). */
  RDT_RETREAT_STEP_LOSS      = 1 << 3,
  /* Across a non-ford creek hexside as the first hex: an additional "D"
   * result after the retreat (Brandywine 5.2.9). */
  RDT_RETREAT_CREEK_D        = 1 << 4,
  /* Stacks units the volume keeps apart; allowed by retreat, they must
   * unstack next movement phase (Savannah 4.1). */
  RDT_RETREAT_MUST_UNSTACK   = 1 << 5,
  /* Legal unless a restriction not decided by the game context forbids it
   * (rdt_retreat_get_undecided()). */
  RDT_RETREAT_UNDECIDED      = 1 << 6,
} RdtRetreatFlags;

typedef struct {
  RdtHex hex;                /* the end hex */
  guint flags;               /* RdtRetreatFlags */
  RdtHex path[4];            /* start, then each hex entered */
  guint path_len;
} RdtRetreatEnd;

/* A hex the retreat could not enter, at which step, and why. */
typedef struct {
  RdtHex hex;
  int step;                  /* 1 = the first hex of the retreat */
  RdtRetreatReason reason;
  /* The rule number: the data's for RDT_RETREAT_REASON_RESTRICTED and
   * VOLUME_STACKING, otherwise rdt_retreat_reason_get_rule() (transfer none,
   * valid as long as the retreat). */
  const char *rule;
} RdtRetreatBlock;

typedef struct _RdtRetreat RdtRetreat;

GType         rdt_retreat_get_type        (void) G_GNUC_CONST;
#define RDT_TYPE_RETREAT (rdt_retreat_get_type ())

RdtRetreat   *rdt_retreat_ref             (RdtRetreat       *retreat);
void          rdt_retreat_unref           (RdtRetreat       *retreat);

const char   *rdt_retreat_get_unit_id     (const RdtRetreat *retreat);
RdtHex        rdt_retreat_get_start       (const RdtRetreat *retreat);
int           rdt_retreat_get_hexes       (const RdtRetreat *retreat);
/* 13.23: no legal end at all. */
gboolean      rdt_retreat_is_captured     (const RdtRetreat *retreat);
/* Legal ends, preferred first, then by label. */
guint         rdt_retreat_get_n_ends      (const RdtRetreat *retreat);
const RdtRetreatEnd *
              rdt_retreat_get_end         (const RdtRetreat *retreat,
                                           guint             index);
gboolean      rdt_retreat_lookup          (const RdtRetreat *retreat,
                                           RdtHex            hex,
                                           RdtRetreatEnd    *out);
/* Hexes a retreat step could not enter (first reason found per hex). */
guint         rdt_retreat_get_n_blocks    (const RdtRetreat *retreat);
const RdtRetreatBlock *
              rdt_retreat_get_block       (const RdtRetreat *retreat,
                                           guint             index);
/* The reason for @hex, if it was blocked, else RDT_RETREAT_REASON_NONE. */
RdtRetreatReason
              rdt_retreat_get_reason      (const RdtRetreat *retreat,
                                           RdtHex            hex);
/* A restriction not decided by the game context that may close some ends
 * (those flagged RDT_RETREAT_UNDECIDED), or FALSE. */
gboolean      rdt_retreat_get_undecided   (const RdtRetreat *retreat,
                                           const char      **out_rule,
                                           RdtDepends       *out_depends);
/* The priority rule used (nullable, transfer none). */
const char   *rdt_retreat_get_priority_rule (const RdtRetreat *retreat);

/* Where @unit_id may retreat.  (transfer full) or NULL with @error. */
RdtRetreat   *rdt_movement_retreat        (RdtMovement             *movement,
                                           const char              *unit_id,
                                           const RdtRetreatOptions *options,
                                           GError                 **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RdtRetreat, rdt_retreat_unref)

G_END_DECLS
