/* rdt-movement-private.h: the compiled scenario that movement and retreat share. */
#pragma once

#include "rdt-board.h"
#include "rdt-movement.h"

G_BEGIN_DECLS

/* Per hex and direction: what the hexside holds, as seen from that hex. */
enum {
  _RDT_MS_ROAD_STRATEGIC   = 1 << 0,  /* a road whose type allows 9.5 */
  _RDT_MS_WATER_NO_STRAT   = 1 << 1,  /* a water feature that forbids 9.5 (Brandywine 5.1) */
  _RDT_MS_CREEK            = 1 << 2,  /* a non-ford creek of RdtMoveRules (Brandywine 5.1) */
  _RDT_MS_WATER            = 1 << 3,
};

/* Per scenario unit, as the search sees it. */
typedef struct {
  int hex;                  /* dense hex index, or -1 when not on the map */
  int side;
  int sp;                   /* 7.1 SPs (0 for artillery and leaders) */
  gboolean artillery;
  gboolean leader;
  RdtUnitStatus status;
  int board_index;          /* index on the board, or -1 */
} RdtMoveUnit;

/* Per side: what the units on the map mean for a unit of that side. */
typedef struct {
  guint8 *enemy_zoc;        /* bit 0: enemy ZOC, bit 1: enemy rifle ZOC (8.31) */
  guint8 *enemy_combat;     /* enemy combat units in the hex (saturating) */
  guint8 *enemy_leaders;    /* enemy leaders in the hex */
  guint8 *enemy_adjacent;   /* enemy combat units in adjacent hexes */
  gint16 *friendly_sp;      /* 7.1 */
  guint8 *friendly_art;
  /* 1: no enemy unit, no terrain prohibition, and no unit of the model
   * would overstack there (7.1, 7.2): entering needs only the hexside and
   * the mover's volume restrictions checked (issue 15). */
  guint8 *plain;
} RdtMoveSide;

/* What a reach needs after the search to say why an unreached hex may not be
 * entered at all (9.3, 7.2), shared by the model and the reaches it answered
 * (reference counted: a reach may outlive a rebuild of the model). */
typedef struct {
  gatomicrefcount ref_count;
  guint n_hexes;
  guint n_sides;
  guint *hex_prohibited;
  gint16 *max_sp;
  gint16 *max_art;
  guint8 **enemy_combat;    /* per side */
  guint8 **enemy_leaders;
  gint16 **friendly_sp;
  guint8 **friendly_art;
} RdtMoveSnapshot;

typedef struct {
  RdtScenario *scenario;
  RdtVolume *volume;
  RdtHexGrid *grid;
  RdtMoveRules *rules;
  gboolean dirty;
  gulong changed_id;

  guint n_hexes;
  int *nb;                  /* n_hexes * 6: neighbour index, -1 off the map */
  gint16 *hex_cost;         /* halves */
  guint *hex_prohibited;    /* RDT_UNIT_KIND_MASK bits */
  guint8 *hex_no_min;       /* Savannah 4.19 terrain */
  gint16 *side_cost;        /* n*6: crossing cost, combined types replacing parts (9.4) */
  gint16 *side_fieldwork;   /* n*6: fieldwork cost, crossing into the symbol hex */
  gint16 *road_cost;        /* n*6: -1 when no road crosses */
  guint *side_prohibited;   /* n*6 */
  guint8 *side_bits;        /* n*6: _RDT_MS_* */
  gint16 *side_water;       /* n*6: the water hexside type, -1 none (for the rule it cites) */
  gint16 *max_sp;           /* 7.1 and the volume's exceptions */
  gint16 *max_art;
  gboolean older_roads;     /* older 9.51 / 9.52 */

  /* The volume's <restriction>s: per restriction, which hexes its place
   * covers (NULL: a restriction without a place covers every hex). */
  guint n_restrictions;
  guint8 **restriction_cover;

  GArray *units;            /* RdtMoveUnit, in scenario order */
  guint n_sides;
  RdtMoveSide *sides;
  RdtBoard *board;
  RdtMoveSnapshot *snapshot;
} RdtMoveModel;

RdtMoveModel *_rdt_move_model_new        (RdtScenario        *scenario,
                                          const RdtMoveRules *rules);
void          _rdt_move_model_free       (RdtMoveModel       *model);
/* Rebuilds when the scenario changed since. */
void          _rdt_move_model_update     (RdtMoveModel       *model);
/* The unit's start hex (its hex, or the entry hex of a reinforcement, 9.11),
 * or -1. */
int           _rdt_move_model_start      (RdtMoveModel       *model,
                                          guint               unit_index,
                                          gboolean           *out_reinforcement);
/* Stacking (7.1, 7.2) of @unit_index entering hex @h with @sp SPs. */
gboolean      _rdt_move_model_overstacks (RdtMoveModel       *model,
                                          guint               unit_index,
                                          int                 h,
                                          int                 sp);
/* Volume stacking restriction between the unit and the units in @h:
 * 0 none, 1 may pass but not end (or may retreat), 2 never.  @out_rule
 * (nullable) gets the restriction's rule (transfer none). */
int           _rdt_move_model_restriction (RdtMoveModel      *model,
                                           guint              unit_index,
                                           int                h,
                                           gboolean           retreat,
                                           const char       **out_rule);
/* Whether the volume's restriction @r covers dense hex @h. */
gboolean      _rdt_move_model_covers     (RdtMoveModel       *model,
                                          guint               r,
                                          int                 h);
/* The volume's "with" restrictions (Brandywine 3.3.1 end-with, 3.3.2 and
 * Savannah 4.1 no-end-with) for @unit_index ending in @h in @context:
 * 0 none, 1 may pass but not end (or, for a retreat, must unstack),
 * 2 never (a retreat the data does not allow), 3 not decided, 4 may not end
 * there without a `with` unit (end-with).  @out_rule and
 * @out_depends (nullable) say which. */
int           _rdt_move_model_with_rules (RdtMoveModel         *model,
                                          guint                 unit_index,
                                          int                   h,
                                          gboolean              retreat,
                                          const RdtGameContext *context,
                                          const char          **out_rule,
                                          RdtDepends           *out_depends);
gboolean      _rdt_move_unit_matches     (const RdtUnit      *unit,
                                          char *const        *list);
/* The movement's model, brought up to date (transfer none). */
RdtMoveModel *_rdt_movement_get_model    (RdtMovement        *movement);

G_END_DECLS
