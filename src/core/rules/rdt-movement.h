/* rdt-movement.h: where a unit may move (Series Rules 7, 8.3, 9, 13.3, 13.4,
 * 14.33; Brandywine 3.5 and 5.1; older 9.51/9.52; Savannah 4.1 and 4.19).
 *
 * An RdtMovement compiles a scenario once into dense per-hex and per-hexside
 * tables (costs in half MPs from the volume, prohibited unit kinds, roads), keeps
 * the ZOC maps of every side (rdt-zoc.h) and owns the scratch arrays and binary
 * heap of its search, so computing a unit's reach allocates nothing once warm.
 *
 * The answer, an RdtReach, holds for every hex of the map either the cheapest
 * cost and one cheapest path, or why the unit cannot end its move there: the
 * first rule that stops it, as an RdtMoveReason with its rule number and a
 * translatable message.  The editor, `redoubt-cli moves` and the tests all read
 * the same answer.
 *
 * Brandywine 5.1 non-ford creek hexsides are volume data (hexside-type
 * crossing="whole-allowance"); RdtMoveRules.creek_types may add more.  The
 * volume's <restriction> elements (exclusive rules as data: Brandywine 3.6.1
 * bivouac, 3.6.2, 3.3.1, 3.3.2, 7.1.3.1, 7.2.1.5; Germantown 3.2.3, 3.3,
 * 3.10.1; Savannah 4.1, 4.7, 4.19) are read by default; whether each binds
 * depends on the RdtGameContext of the options.  A restriction that depends
 * on something the context does not tell is "not decided": the reach says
 * so (rdt_reach_get_undecided()) instead of calling the move legal.
 * RdtMoveRules may add rules for files without them.
 */
#pragma once

#include <glib-object.h>

#include "rdt-game-context.h"
#include "rdt-hex-grid.h"
#include "rdt-scenario.h"

G_BEGIN_DECLS

#define RDT_MOVE_ERROR (rdt_move_error_quark ())

typedef enum {
  RDT_MOVE_ERROR_UNKNOWN_UNIT,
  RDT_MOVE_ERROR_NOT_ON_MAP,
  RDT_MOVE_ERROR_INVALID,
} RdtMoveError;

GQuark rdt_move_error_quark (void);

/* Why a hex is not a legal end of the move: the first rule that stops it. */
typedef enum {
  RDT_MOVE_REASON_NONE,                 /* reachable */
  RDT_MOVE_REASON_START,                /* the hex the unit is in */
  RDT_MOVE_REASON_SHATTERED,            /* 13.4, 9.3 */
  RDT_MOVE_REASON_ENEMY_OCCUPIED,       /* 9.3 */
  RDT_MOVE_REASON_PROHIBITED_TERRAIN,   /* 9.3 */
  RDT_MOVE_REASON_PROHIBITED_HEXSIDE,   /* 9.3 */
  RDT_MOVE_REASON_OVERSTACKED,          /* 7.2, 9.3 */
  RDT_MOVE_REASON_VOLUME_STACKING,      /* the volume's restriction (Savannah 4.1) */
  RDT_MOVE_REASON_ALLOWANCE,            /* 9.2 */
  RDT_MOVE_REASON_ZOC,                  /* 8.31: only past an enemy ZOC hex */
  RDT_MOVE_REASON_NO_MINIMUM_MOVE,      /* 9.2 note, excluded by the volume (Savannah 4.19) */
  RDT_MOVE_REASON_DISRUPTED_ONE_HEX,    /* 9.3, 13.3 */
  RDT_MOVE_REASON_DISRUPTED_ADJACENT,   /* 13.3 */
  RDT_MOVE_REASON_DISRUPTED_MOVE_AWAY,  /* 13.3 */
  RDT_MOVE_REASON_PINNED_ADJACENT,      /* 9.3, 13.1 */
  RDT_MOVE_REASON_STRATEGIC_START,      /* 9.5 */
  RDT_MOVE_REASON_STRATEGIC_ADJACENT,   /* 9.5 */
  RDT_MOVE_REASON_STRATEGIC_OFF_ROAD,   /* 3.1, 9.5 */
  RDT_MOVE_REASON_STRATEGIC_ROAD_TYPE,  /* 9.5; Brandywine 3.5 Dungeon Bottom path */
  RDT_MOVE_REASON_STRATEGIC_HEXSIDE,    /* Brandywine 3.5, 5.1 primary ford */
  RDT_MOVE_REASON_CREEK,                /* Brandywine 5.1: only from the start hex */
  RDT_MOVE_REASON_CREEK_UNIT,           /* Brandywine 5.1: artillery, disrupted */
  RDT_MOVE_REASON_CREEK_ZOC,            /* Brandywine 5.1: ZOC to ZOC */
  RDT_MOVE_REASON_NOT_PLACED,           /* the unit is not on the map */
  RDT_MOVE_REASON_OFF_MAP,              /* the hex is not on the map */
  RDT_MOVE_REASON_RESTRICTED,           /* the volume's restriction: the unit may not move */
  RDT_MOVE_REASON_RESTRICTED_ENTER,     /* the volume's restriction: may not enter the hex */
  RDT_MOVE_REASON_RESTRICTED_END,       /* the volume's restriction: may not end there */
  RDT_MOVE_REASON_RESTRICTED_STRATEGIC, /* the volume's restriction: no strategic movement */
  RDT_MOVE_REASON_END_WITH,             /* the volume's restriction: must end stacked with... */
  RDT_MOVE_REASON_NO_PATH,              /* no path at all: see rdt_movement_explain() */
  RDT_MOVE_N_REASONS
} RdtMoveReason;

/* Rule number (e.g. "9.3"), stable id (e.g. "enemy-occupied") and translated
 * message, (transfer none). */
const char   *rdt_move_reason_get_rule     (RdtMoveReason reason);
const char   *rdt_move_reason_get_id       (RdtMoveReason reason);
const char   *rdt_move_reason_get_message  (RdtMoveReason reason);

/* How a reachable hex is reached. */
typedef enum {
  /* Ends movement: the hex is in an enemy ZOC (8.31). */
  RDT_REACH_ZOC_STOP        = 1 << 0,
  /* Entering costs +1 MP for an enemy rifle unit's ZOC (8.31 Important). */
  RDT_REACH_RIFLE_ZOC       = 1 << 1,
  /* Reached only by the one-hex minimum move (9.2 note). */
  RDT_REACH_MINIMUM_MOVE    = 1 << 2,
  /* Reached by spending the whole allowance across a non-ford creek
   * hexside (Brandywine 5.1). */
  RDT_REACH_WHOLE_ALLOWANCE = 1 << 3,
  /* Entering captures enemy leaders alone in the hex (14.33). */
  RDT_REACH_CAPTURE         = 1 << 4,
  /* The path passes through a hex whose leaders it captures (14.33). */
  RDT_REACH_CAPTURE_ON_PATH = 1 << 5,
  /* A pinned unit: moving costs the phasing player 1 AM (9.3, 13.1). */
  RDT_REACH_PINNED_AM       = 1 << 6,
  /* A disrupted unit that began adjacent to enemy units: it must make one of
   * these moves (13.3). */
  RDT_REACH_MUST_MOVE       = 1 << 7,
  /* The end hex stacks units the volume keeps apart at the end of a movement
   * phase; passing through is allowed (Savannah 4.1). */
  RDT_REACH_PASS_ONLY       = 1 << 8,
  /* Legal unless a rule not decided by the game context forbids it (a
   * restriction that depends on the turn, the weather or a release):
   * rdt_reach_get_undecided() names it. */
  RDT_REACH_UNDECIDED       = 1 << 9,
  /* Part of the move is off road, and the volume reduces the allowance for
   * that (Germantown 3.1.1 dense fog): the cost includes the reduction. */
  RDT_REACH_OFF_ROAD        = 1 << 10,
  /* The entry hex was blocked: the unit entered at the nearest unblocked
   * hex, paying its cost (Germantown 3.4). */
  RDT_REACH_OTHER_ENTRY     = 1 << 11,
} RdtReachFlags;

typedef struct {
  gboolean strategic;       /* 3.1, 9.5: twice the allowance, along roads only */
  /* -1: the printed movement allowance.  Otherwise MP in halves. */
  int allowance_halves;
  /* The unit is a reinforcement placed this phase (9.11): it may start in an
   * overstacked entry hex.  Set automatically for units placed by <arrive>. */
  gboolean reinforcement;
  /* (nullable) What the referee is told about the game (turn, weather,
   * releases); NULL: nothing.  Borrowed for the call. */
  const RdtGameContext *context;
} RdtMoveOptions;

void rdt_move_options_init (RdtMoveOptions *options);

/* A stacking restriction of a volume (Savannah 4.1).  Units match a group when
 * their id, nationality or formation is one of the group's strings. */
typedef struct {
  char *rule;               /* "Savannah 4.1" */
  char **group_a;
  char **group_b;
  char **exempt;            /* unit ids, nationalities or formations never restricted */
  gboolean may_pass;        /* may pass through each other during movement */
  gboolean may_retreat;     /* may stack as a result of retreat */
} RdtStackingRestriction;

/* Volume rules with no field in the format; see the top of this file. */
typedef struct {
  /* Water hexside type ids crossed only by spending the whole allowance from
   * the start hex (Brandywine 5.1 non-ford creek hexsides). */
  char **creek_types;
  char *creek_rule;                  /* "Brandywine 5.1" */
  /* Savannah 4.19: no one-hex minimum move into these terrain ids, for these
   * unit kinds (RDT_UNIT_KIND_MASK bits), or for these unit ids. */
  char **no_minimum_move_terrains;
  guint no_minimum_move_kinds;
  char **no_minimum_move_units;
  char *no_minimum_move_rule;        /* "Savannah 4.19" */
  GPtrArray *stacking_restrictions;  /* RdtStackingRestriction* */
} RdtMoveRules;

RdtMoveRules *rdt_move_rules_new        (void);
void          rdt_move_rules_free       (RdtMoveRules *rules);
/* Adds a restriction (copies the strings). */
void          rdt_move_rules_add_stacking_restriction (RdtMoveRules       *rules,
                                                       const char         *rule,
                                                       const char *const  *group_a,
                                                       const char *const  *group_b,
                                                       const char *const  *exempt,
                                                       gboolean            may_pass,
                                                       gboolean            may_retreat);

/* One reachable hex. */
typedef struct {
  RdtHex hex;
  int cost_halves;          /* MPs spent, in halves */
  guint flags;              /* RdtReachFlags */
} RdtReachHex;

typedef struct _RdtReach RdtReach;

GType          rdt_reach_get_type          (void) G_GNUC_CONST;
#define RDT_TYPE_REACH (rdt_reach_get_type ())

RdtReach      *rdt_reach_new               (void);
RdtReach      *rdt_reach_ref               (RdtReach       *reach);
void           rdt_reach_unref             (RdtReach       *reach);

const char    *rdt_reach_get_unit_id       (const RdtReach *reach);
RdtHex         rdt_reach_get_start         (const RdtReach *reach);
int            rdt_reach_get_allowance_halves (const RdtReach *reach);
gboolean       rdt_reach_get_strategic     (const RdtReach *reach);
/* A reason that stops the whole move (shattered, strategic start adjacent...),
 * or RDT_MOVE_REASON_NONE. */
RdtMoveReason  rdt_reach_get_unit_reason   (const RdtReach *reach);
/* The rule number of the unit reason: the data's rule for a restriction,
 * otherwise rdt_move_reason_get_rule(), (transfer none). */
const char    *rdt_reach_get_unit_rule     (const RdtReach *reach);
/* A rule not decided by the game context: with @hex NULL the one that may
 * stop the whole move (e.g. Germantown 3.3 without a turn), else the one
 * behind @hex's RDT_REACH_UNDECIDED flag.  FALSE when there is none.
 * @out_rule (transfer none) and @out_depends are nullable. */
gboolean       rdt_reach_get_undecided     (const RdtReach *reach,
                                            const RdtHex   *hex,
                                            const char    **out_rule,
                                            RdtDepends     *out_depends);
/* Reachable hexes, ordered by cost then label (the start hex is not one). */
guint          rdt_reach_get_n_hexes       (const RdtReach *reach);
const RdtReachHex *
               rdt_reach_get_hex           (const RdtReach *reach,
                                            guint           index);
/* TRUE if @hex is a legal end of the move; @out (nullable) gets its entry. */
gboolean       rdt_reach_lookup            (const RdtReach *reach,
                                            RdtHex          hex,
                                            RdtReachHex    *out);
/* Why @hex is not reachable (RDT_MOVE_REASON_NONE when it is). */
RdtMoveReason  rdt_reach_get_reason        (const RdtReach *reach,
                                            RdtHex          hex);
/* The rule number behind @hex's reason: the data's rule for volume
 * restrictions, otherwise rdt_move_reason_get_rule(), (transfer none). */
const char    *rdt_reach_get_reason_rule   (const RdtReach *reach,
                                            RdtHex          hex);
/* One cheapest path from the start to @hex, both included (transfer full:
 * GArray of RdtHex), or NULL when @hex is not reachable. */
GArray        *rdt_reach_dup_path          (const RdtReach *reach,
                                            RdtHex          hex);
/* Enemy leaders captured on entering @hex (14.33) (transfer full: GPtrArray of
 * unit ids), or NULL. */
GPtrArray     *rdt_reach_dup_captures      (const RdtReach *reach,
                                            RdtHex          hex);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RdtReach, rdt_reach_unref)

typedef struct _RdtMovement RdtMovement;

/* Compiles @scenario (a reference is kept; edits to it are picked up on the
 * next query).  @rules (nullable) is copied. */
RdtMovement   *rdt_movement_new            (RdtScenario        *scenario,
                                            const RdtMoveRules *rules);
void           rdt_movement_free           (RdtMovement        *movement);
/* (transfer none) */
RdtScenario   *rdt_movement_get_scenario   (RdtMovement        *movement);

/* The reach of @unit_id.  (transfer full) or NULL with @error set. */
RdtReach      *rdt_movement_reach          (RdtMovement          *movement,
                                            const char           *unit_id,
                                            const RdtMoveOptions *options,
                                            GError              **error);
/* Same, into a reused @reach (no allocation once its arrays fit the map), by
 * the unit's index in the scenario. */
gboolean       rdt_movement_reach_into     (RdtMovement          *movement,
                                            guint                 unit_index,
                                            const RdtMoveOptions *options,
                                            RdtReach             *reach,
                                            GError              **error);

/* Why @hex is not a legal end of the move, as a player needs it told
 * (`redoubt-cli moves --to`). */
typedef struct {
  /* RDT_MOVE_REASON_ALLOWANCE only when a path exists and costs too much;
   * then cost_halves is the cheapest such path's cost. */
  RdtMoveReason reason;
  char rule[64];            /* the rule number (data rules included) */
  int cost_halves;          /* -1 unless reason is ALLOWANCE */
  /* NO_PATH: the nearest hex the unit could not go on into, and why. */
  gboolean has_blocked_at;
  RdtHex blocked_at;
  RdtMoveReason blocked_reason;
  char blocked_rule[64];
} RdtMoveExplanation;

/* Fills @out for @hex, which @reach (of the same unit and options) says is
 * not reachable.  FALSE with @error as rdt_movement_reach(). */
gboolean       rdt_movement_explain        (RdtMovement          *movement,
                                            const char           *unit_id,
                                            const RdtMoveOptions *options,
                                            const RdtReach       *reach,
                                            RdtHex                hex,
                                            RdtMoveExplanation   *out,
                                            GError              **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RdtMovement, rdt_movement_free)

G_END_DECLS
