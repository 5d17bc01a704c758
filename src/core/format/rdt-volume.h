/* rdt-volume.h: the data of one game volume (Brandywine, Germantown, Savannah).
 *
 * Everything a volume's Terrain Effects Chart, player aid cards and Series Rules
 * edition decide lives here as data, never as code keyed on a volume name
 * (../../../shared/rules/README.md "Where two editions disagree").  Values the
 * rulebooks do not state carry a provisional mark: a bit per field in
 * RdtEffects.provisional, a flag per table cell.
 *
 * Movement costs are stored in half MPs (heavy woods 1½ MP = 3 halves,
 * Germantown 3.2.1 example).
 */
#pragma once

#include <glib-object.h>

#include "rdt-unit.h"

G_BEGIN_DECLS

#define RDT_VOLUME_ERROR (rdt_volume_error_quark ())

typedef enum {
  RDT_VOLUME_ERROR_DUPLICATE_ID,
  RDT_VOLUME_ERROR_NOT_FOUND,
  RDT_VOLUME_ERROR_INVALID,
} RdtVolumeError;

GQuark rdt_volume_error_quark (void);

/* Which field of RdtEffects is provisional (not stated in the rulebooks). */
typedef enum {
  RDT_EFFECT_MP            = 1 << 0,
  RDT_EFFECT_PROHIBITED    = 1 << 1,
  RDT_EFFECT_BLOCKS_LOS    = 1 << 2,
  RDT_EFFECT_ZOC           = 1 << 3,
  RDT_EFFECT_STRATEGIC     = 1 << 4,
  RDT_EFFECT_SLOPE_FOR_LOS = 1 << 5,
  RDT_EFFECT_COVERED       = 1 << 6,
  RDT_EFFECT_FIRE_DRM      = 1 << 7,
  RDT_EFFECT_CC_DRM        = 1 << 8,
} RdtEffectField;

/* The effects chart entry of a terrain type (entering the hex), a hexside type
 * (crossing it; costs add to the hex's, 9.4) or a combined type (replaces the
 * parts it combines, 9.4 "Up Slope/Creek"). */
typedef struct {
  int mp_halves;            /* MP cost in halves; for roads the cost along the road */
  guint prohibited;         /* RDT_UNIT_KIND_MASK bits of unit kinds that may not enter/cross */
  gboolean blocks_los;      /* 11.42 blocking terrain */
  gboolean zoc;             /* terrain: ZOC extends into it; hexside: across it (10.x) */
  gboolean strategic;       /* 9.6 strategic movement allowed */
  gboolean slope_for_los;   /* hexside counts as a slope hexside for 11.43 */
  gboolean covered;         /* covered terrain (11.3: heavy woods, light woods, orchard) */
  int fire_drm;
  int cc_drm;
  guint provisional;        /* RdtEffectField bits */
} RdtEffects;

typedef struct {
  char *id;                 /* "clear", "heavy-woods"... */
  char *name;
  RdtEffects effects;
  char *rule;               /* (nullable) where the values come from, e.g. "Germantown 3.2.1" */
  char *note;               /* (nullable) */
  /* How the map draws it (not rule data): a "#rrggbb" fill and a symbol pattern
   * name (RDT_TERRAIN_PATTERNS); NULL lets the program choose. */
  char *colour;
  char *pattern;
  int line;                 /* source line when loaded; 0 otherwise */
} RdtTerrainType;

/* The symbol patterns a terrain type may name, space-separated. */
#define RDT_TERRAIN_PATTERNS "none trees light-trees orchard marsh buildings fields waves"

/* Hexside types come in kinds; a hexside has at most one feature of each kind,
 * so a slope may combine with a creek (9.4) and a road may cross a ford. */
typedef enum {
  RDT_HEXSIDE_KIND_WATER,      /* primary/secondary ford, creek, stream/run, river */
  RDT_HEXSIDE_KIND_SLOPE,      /* has a high side (11.43) */
  RDT_HEXSIDE_KIND_FIELDWORK,  /* fieldwork, flechette, ..., siege works: has a symbol hex */
  RDT_HEXSIDE_KIND_ROAD,       /* road, track, path crossing the hexside */
  RDT_HEXSIDE_KIND_OTHER,
  RDT_N_HEXSIDE_KINDS
} RdtHexsideKind;

typedef struct {
  char *id;                 /* "primary-ford", "slope", "redoubt", "road"... */
  char *name;
  RdtHexsideKind kind;
  RdtEffects effects;
  char *rule;
  char *note;
  int line;
  /* crossing="whole-allowance": crossed only by a unit that starts adjacent
   * and spends its whole allowance, never artillery or disrupted units, never
   * from one enemy ZOC into another (Brandywine 5.1 non-ford creek); retreats
   * across it follow Brandywine 5.2.9 and 5.2.10. */
  gboolean whole_allowance;
} RdtHexsideType;

typedef enum {
  RDT_SLOPE_ANY,
  RDT_SLOPE_UP,             /* crossing into the high-side hex */
  RDT_SLOPE_DOWN,
} RdtSlopeDirection;

/* A combined terrain type (9.4: "Up Slope/Creek and Down Slope/Creek hexsides
 * are each treated as a distinct combined terrain type"). */
typedef struct {
  char *id;
  char *name;
  int slope_type;           /* index of the slope hexside type */
  int other_type;           /* index of the other hexside type (e.g. creek) */
  RdtSlopeDirection direction;
  RdtEffects effects;
  char *rule;
  char *note;
  int line;
} RdtCombinedType;

/* 7.1: six SPs of non-artillery combat units plus one artillery unit. */
typedef struct {
  char *id;
  char *area;               /* (nullable) area id the exception applies in */
  char *terrain;            /* (nullable) terrain id the exception applies in */
  int max_sp;
  int max_artillery;
  char *rule;
  char *note;
  int line;
} RdtStackingException;

typedef struct {
  int max_sp;
  int max_artillery;
  gboolean provisional;
  char *rule;               /* (nullable) normally "7.1" */
  GPtrArray *exceptions;    /* RdtStackingException* */
  int line;
  /* RDT_UNIT_KIND_MASK bits of unit kinds that never count against stacking
   * (<stacking free="amusette">: Brandywine 4.5.2). */
  guint free_kinds;
} RdtStacking;

/* Rules where the Series Rules editions differ (rules/README.md). */
typedef enum {
  RDT_VARIANT_LOS_SLOPE,    /* 11.43 B slope orientation */
  RDT_VARIANT_RALLY,        /* 15.1 rally eligibility ("not adjacent" in the older) */
  RDT_VARIANT_ROADS,        /* 9.51 roads */
  RDT_VARIANT_SURROUNDED,   /* 12.7 surrounded */
  RDT_N_VARIANTS
} RdtVariantRule;

typedef enum {
  RDT_EDITION_CURRENT,      /* Brandywine, Germantown */
  RDT_EDITION_OLDER,        /* Savannah 1779 */
} RdtEdition;

/* An editable table: the Close Combat Table and Tactics Matrix (transcribed after
 * 16 in the series rules) and the tables the rulebooks lack (to-hit, damage,
 * CC DRMs, AM levels).  Cells are strings exactly as printed ("AC/-", "NC", "+2"). */
typedef struct {
  char *key;                /* row header: die roll, tactic, ... */
  GPtrArray *cells;         /* char*, one per column */
  GArray *provisional;      /* gboolean, one per column */
} RdtTableRow;

typedef struct {
  char *id;                 /* "close-combat", "tactics-matrix", "to-hit"... */
  char *name;
  char *rule;               /* (nullable) */
  char *corner;             /* (nullable) top-left header, e.g. "Defender \\ Attacker" */
  GPtrArray *columns;       /* char* column headers */
  GPtrArray *rows;          /* RdtTableRow* */
  char *note;
  int line;
} RdtTable;

/* A volume-defined unit state ("first-fire", "pinned"...), beyond 13.x statuses. */
typedef struct {
  char *id;
  char *name;
  char *rule;
  int line;
  /* zoc="false": a unit in this state exerts no ZOC (8.1; Germantown 3.2.3
   * panic, lost units). */
  gboolean no_zoc;
} RdtStateType;

/* An exclusive rule about who may move where, as data (<restriction>,
 * docs/format.md "Restrictions").  The selectors say which units it binds;
 * the place (area or terrain, or everything outside it) and the time (turns,
 * weather, a release, the arrival turn) say where and when.  The movement,
 * retreat and stacking code read them (src/core/rules/rdt-game-context.h
 * decides whether one applies in a given game context). */
typedef enum {
  RDT_RESTRICTION_NO_MOVE,          /* the unit may not move (place: where it is) */
  RDT_RESTRICTION_NO_ENTER,         /* may not enter the place, even passing */
  RDT_RESTRICTION_NO_END,           /* may pass, never end a move (or a retreat) there */
  RDT_RESTRICTION_NO_STRATEGIC,     /* no strategic movement (9.5) */
  RDT_RESTRICTION_NO_MINIMUM_MOVE,  /* 9.2 Note does not apply (place: the hex entered or left) */
  RDT_RESTRICTION_END_WITH,         /* may end only in a hex holding a `with` unit */
  RDT_RESTRICTION_NO_END_WITH,      /* may pass, never end a move stacked with a `with` unit */
  RDT_RESTRICTION_OFF_ROAD_PENALTY, /* allowance reduced by mp_halves if any of the move is off road */
  RDT_RESTRICTION_BLOCKED_ENTRY,    /* an arrival whose entry hex is enemy-occupied or in an enemy
                                     * ZOC enters at the nearest unblocked hex, paying its cost */
  RDT_RESTRICTION_MAY_PASS_OVERSTACKED, /* an exception: may move through the place in excess of
                                         * stacking limits, never end there so (Brandywine 3.3.3) */
  RDT_RESTRICTION_ARTILLERY_RANGE,  /* the unit's artillery range is at most `range` (Germantown 3.1.1,
                                     * 3.1.2 fog); no place */
  RDT_N_RESTRICTION_EFFECTS
} RdtRestrictionEffect;

typedef enum {
  RDT_RESTRICTION_UNITS_ANY,
  RDT_RESTRICTION_UNITS_AT_START,   /* units with a <setup> placement */
  RDT_RESTRICTION_UNITS_ARRIVING,   /* units with an <arrive> placement */
} RdtRestrictionPlacement;

typedef struct {
  char *id;
  RdtRestrictionEffect effect;
  gboolean on_move;                 /* applies="move" */
  gboolean on_retreat;              /* applies="retreat" */
  char *scenario;                   /* nullable: every scenario of the volume */
  /* Which units: all given selectors must match. */
  char *side;                       /* side id */
  guint kinds;                      /* RDT_UNIT_KIND_MASK bits, 0 = any */
  char **units;                     /* unit ids, nationalities or formations */
  char **exempt;                    /* ids, nationalities or formations never bound */
  char **states;                    /* bound only in one of these states */
  RdtRestrictionPlacement placement;
  char **entries;                   /* arriving at one of these entry ids */
  /* Where: area ids of the scenario (space-separated: any of them) and/or
   * a terrain id; outside = every other hex.  Neither: everywhere. */
  char *area;
  char *terrain;
  gboolean outside;
  /* When: turns first_turn..last_turn (0 0: every turn), the weather id,
   * until the release of that id, only on the unit's arrival turn. */
  int first_turn;
  int last_turn;
  char *weather;
  char *until_released;
  gboolean arrival_turn;
  /* END_WITH / NO_END_WITH: the other units (kinds and ids, nationalities
   * or formations; with_combat: combat units only). */
  guint with_kinds;
  char **with_units;
  gboolean with_combat;
  gboolean may_pass;                /* NO_END_WITH: may pass through them (default) */
  int mp_halves;                    /* OFF_ROAD_PENALTY: the reduction (default 1 MP) */
  int range;                        /* ARTILLERY_RANGE: the maximum range in hexes (default 1) */
  gboolean may_retreat;             /* NO_END_WITH: a retreat may stack them */
  /* NO_END_WITH: the unit classes the rule reads (Savannah 4.1).  Set, the
   * restriction never forbids: it is "not decided" (RDT_DEPENDS_UNIT_DATA)
   * for a pair where a unit has no class and each unit either has none or
   * one of these; off for every other pair. */
  char **undecided_classes;
  char *rule;                       /* "Brandywine 3.6.1" */
  char *note;
  int line;
} RdtRestriction;

#define RDT_TYPE_VOLUME (rdt_volume_get_type ())
G_DECLARE_FINAL_TYPE (RdtVolume, rdt_volume, RDT, VOLUME, GObject)

RdtVolume      *rdt_volume_new                 (const char        *id);
const char     *rdt_volume_get_id              (RdtVolume         *volume);
const char     *rdt_volume_get_title           (RdtVolume         *volume);
void            rdt_volume_set_title           (RdtVolume         *volume,
                                                const char        *title);
/* Where it was loaded from, or NULL when inline in a scenario. */
const char     *rdt_volume_get_path            (RdtVolume         *volume);
void            rdt_volume_set_path            (RdtVolume         *volume,
                                                const char        *path);

/* Terrain types, by dense index (scenarios store indices per hex). */
guint           rdt_volume_get_n_terrains      (RdtVolume         *volume);
const RdtTerrainType *
                rdt_volume_get_terrain         (RdtVolume         *volume,
                                                guint              index);
int             rdt_volume_find_terrain        (RdtVolume         *volume,
                                                const char        *id);
/* Sets how a terrain type is drawn: @colour "#rrggbb" or NULL, @pattern one of
 * RDT_TERRAIN_PATTERNS or NULL.  Returns FALSE (nothing changed) for a malformed
 * colour or an unknown pattern. */
gboolean        rdt_volume_set_terrain_look    (RdtVolume         *volume,
                                                guint              index,
                                                const char        *colour,
                                                const char        *pattern);
gboolean        rdt_terrain_colour_is_valid    (const char        *colour);
gboolean        rdt_terrain_pattern_is_valid   (const char        *pattern);
/* (transfer full) of @terrain; returns its index, or -1 with error on a duplicate id. */
int             rdt_volume_add_terrain         (RdtVolume         *volume,
                                                RdtTerrainType    *terrain,
                                                GError           **error);

/* Edits a terrain type's effects chart entry; @out_old (nullable) receives
 * the previous values for undo.  Call rdt_scenario_volume_changed() after. */
void            rdt_volume_set_terrain_effects (RdtVolume         *volume,
                                                guint              index,
                                                const RdtEffects  *effects,
                                                RdtEffects        *out_old);

guint           rdt_volume_get_n_hexside_types (RdtVolume         *volume);
const RdtHexsideType *
                rdt_volume_get_hexside_type    (RdtVolume         *volume,
                                                guint              index);
int             rdt_volume_find_hexside_type   (RdtVolume         *volume,
                                                const char        *id);
int             rdt_volume_add_hexside_type    (RdtVolume         *volume,
                                                RdtHexsideType    *type,
                                                GError           **error);

void            rdt_volume_set_hexside_effects (RdtVolume         *volume,
                                                guint              index,
                                                const RdtEffects  *effects,
                                                RdtEffects        *out_old);

guint           rdt_volume_get_n_combined      (RdtVolume         *volume);
const RdtCombinedType *
                rdt_volume_get_combined        (RdtVolume         *volume,
                                                guint              index);
/* The combined type for crossing a slope together with @other_type, in
 * @direction (UP: entering the high-side hex), or NULL. */
const RdtCombinedType *
                rdt_volume_lookup_combined     (RdtVolume         *volume,
                                                int                slope_type,
                                                int                other_type,
                                                RdtSlopeDirection  direction);
int             rdt_volume_add_combined        (RdtVolume         *volume,
                                                RdtCombinedType   *combined,
                                                GError           **error);

const RdtStacking *
                rdt_volume_get_stacking        (RdtVolume         *volume);
void            rdt_volume_set_stacking_limit  (RdtVolume         *volume,
                                                int                max_sp,
                                                int                max_artillery,
                                                gboolean           provisional);
void            rdt_volume_set_stacking_rule   (RdtVolume         *volume,
                                                const char        *rule,
                                                int                line);
void            rdt_volume_add_stacking_exception (RdtVolume      *volume,
                                                   RdtStackingException *exception);

RdtEdition      rdt_volume_get_edition         (RdtVolume         *volume);
/* 11.2: the artillery range in hexes the volume states (<series-rules
 * artillery-range>), or 0 when it states none (three hexes). */
int             rdt_volume_get_artillery_range (RdtVolume         *volume);
void            rdt_volume_set_stacking_free_kinds (RdtVolume     *volume,
                                                    guint          kinds);
/* 7.1 with the volume's free kinds: the SPs @unit counts for stacking, and
 * whether it counts as an artillery unit. */
int             rdt_volume_unit_stacking_sp    (RdtVolume         *volume,
                                                const RdtUnit     *unit,
                                                gboolean          *out_artillery);
void            rdt_volume_set_artillery_range (RdtVolume         *volume,
                                                int                range);
RdtEdition      rdt_volume_get_variant         (RdtVolume         *volume,
                                                RdtVariantRule     rule);
void            rdt_volume_set_variant         (RdtVolume         *volume,
                                                RdtVariantRule     rule,
                                                RdtEdition         edition);
/* Sets the edition and every variant to it. */
void            rdt_volume_set_edition         (RdtVolume         *volume,
                                                RdtEdition         edition);

guint           rdt_volume_get_n_tables        (RdtVolume         *volume);
const RdtTable *rdt_volume_get_table           (RdtVolume         *volume,
                                                guint              index);
const RdtTable *rdt_volume_find_table          (RdtVolume         *volume,
                                                const char        *id);
gboolean        rdt_volume_add_table           (RdtVolume         *volume,
                                                RdtTable          *table,
                                                GError           **error);
/* A cell by row key and column header, or NULL. */
const char     *rdt_table_lookup               (const RdtTable    *table,
                                                const char        *row_key,
                                                const char        *column,
                                                gboolean          *out_provisional);
/* Edits one cell; returns FALSE with error if the table/row/column is unknown.
 * @out_old (transfer full, nullable) receives the previous value for undo. */
gboolean        rdt_volume_set_table_cell      (RdtVolume         *volume,
                                                const char        *table_id,
                                                const char        *row_key,
                                                const char        *column,
                                                const char        *value,
                                                gboolean           provisional,
                                                char             **out_old,
                                                gboolean          *out_old_provisional,
                                                GError           **error);

guint           rdt_volume_get_n_states        (RdtVolume         *volume);
const RdtStateType *
                rdt_volume_get_state           (RdtVolume         *volume,
                                                guint              index);
int             rdt_volume_find_state          (RdtVolume         *volume,
                                                const char        *id);
int             rdt_volume_add_state           (RdtVolume         *volume,
                                                RdtStateType      *state,
                                                GError           **error);

guint           rdt_volume_get_n_restrictions  (RdtVolume         *volume);
const RdtRestriction *
                rdt_volume_get_restriction     (RdtVolume         *volume,
                                                guint              index);
/* Takes @restriction; FALSE with @error when its id is taken. */
gboolean        rdt_volume_add_restriction     (RdtVolume         *volume,
                                                RdtRestriction    *restriction,
                                                GError           **error);
void            rdt_restriction_free           (RdtRestriction    *restriction);
/* "no-move", "no-enter", "no-end", "no-strategic", "no-minimum-move",
 * "end-with", "no-end-with", "off-road-penalty", "blocked-entry", "may-pass-overstacked", "artillery-range". */
const char     *rdt_restriction_effect_to_string   (RdtRestrictionEffect  effect);
gboolean        rdt_restriction_effect_from_string (const char           *text,
                                                    RdtRestrictionEffect *out_effect);

/* Number of provisional values (effects fields, cells, stacking). */
guint           rdt_volume_count_provisional   (RdtVolume         *volume);

/* Struct helpers. */
RdtTerrainType *rdt_terrain_type_new           (const char        *id,
                                                const char        *name);
void            rdt_terrain_type_free          (RdtTerrainType    *terrain);
RdtHexsideType *rdt_hexside_type_new           (const char        *id,
                                                const char        *name,
                                                RdtHexsideKind     kind);
void            rdt_hexside_type_free          (RdtHexsideType    *type);
void            rdt_combined_type_free         (RdtCombinedType   *combined);
void            rdt_stacking_exception_free    (RdtStackingException *exception);
RdtTable       *rdt_table_new                  (const char        *id,
                                                const char        *name);
void            rdt_table_free                 (RdtTable          *table);
/* Appends a row; @cells is NULL-terminated and copied; all cells not provisional. */
RdtTableRow    *rdt_table_add_row              (RdtTable          *table,
                                                const char        *key,
                                                const char *const *cells);
void            rdt_state_type_free            (RdtStateType      *state);

/* File names: "water", "slope", "fieldwork", "road", "other"; "any", "up", "down";
 * "current", "older"; "11.43 B", "15.1", "9.51", "12.7". */
const char     *rdt_hexside_kind_to_string     (RdtHexsideKind     kind);
gboolean        rdt_hexside_kind_from_string   (const char        *text,
                                                RdtHexsideKind    *out_kind);
const char     *rdt_edition_to_string          (RdtEdition         edition);
gboolean        rdt_edition_from_string        (const char        *text,
                                                RdtEdition        *out_edition);
const char     *rdt_variant_rule_to_string     (RdtVariantRule     rule);
gboolean        rdt_variant_rule_from_string   (const char        *text,
                                                RdtVariantRule    *out_rule);

G_END_DECLS
