/* rdt-scenario.h: the document: one scenario with its map, counters and set-up.
 *
 * An RdtScenario holds everything a .redoubt file carries (docs/format.md): the
 * grid, the terrain of every hex (a dense array indexed by
 * rdt_hex_grid_hex_index()), hexside features, named locations, entry hexes,
 * areas, the underlay, sides, units and their set-up, turns and victory data.
 * It refers to an RdtVolume for the terrain/hexside types and tables.
 *
 * Every mutator emits "changed" (detailed by what changed: "terrain", "hexside",
 * "unit", "area", "location", "entry", "grid", "underlay", "side", "info") with an
 * RdtChange describing the edit, and hands back the old value so the editor can
 * build exact undo commands on top of it.
 */
#pragma once

#include <glib-object.h>

#include "rdt-file-io.h"
#include "rdt-hex-grid.h"
#include "rdt-hex-labels.h"
#include "rdt-unit.h"
#include "rdt-volume.h"

G_BEGIN_DECLS

#define RDT_SCENARIO_ERROR (rdt_scenario_error_quark ())

typedef enum {
  RDT_SCENARIO_ERROR_OFF_MAP,
  RDT_SCENARIO_ERROR_NOT_ADJACENT,
  RDT_SCENARIO_ERROR_UNKNOWN_TYPE,
  RDT_SCENARIO_ERROR_DUPLICATE_ID,
  RDT_SCENARIO_ERROR_NOT_FOUND,
  RDT_SCENARIO_ERROR_INVALID,
} RdtScenarioError;

GQuark rdt_scenario_error_quark (void);

/* No feature of that kind. */
#define RDT_NO_TYPE (-1)

/* The features of one hexside: at most one per RdtHexsideKind.  Each is an index
 * into the volume's hexside types, or RDT_NO_TYPE. */
typedef struct {
  RdtHexside side;
  int water;
  int slope;
  RdtHex slope_high;        /* one of side.a / side.b (11.43: the solid-line side) */
  int fieldwork;
  RdtHex fieldwork_symbol;  /* the hex that holds the fieldworks symbol */
  gboolean breached;
  int road;                 /* road, track or path crossing the hexside */
  int other;
  int line;                 /* source line when loaded; 0 otherwise */
} RdtHexsideFeatures;

/* Initialises @features to "nothing on @side". */
void     rdt_hexside_features_init   (RdtHexsideFeatures       *features,
                                      RdtHexside                side);
gboolean rdt_hexside_features_is_empty (const RdtHexsideFeatures *features);
/* Compares the features, ignoring line. */
gboolean rdt_hexside_features_equal  (const RdtHexsideFeatures *a,
                                      const RdtHexsideFeatures *b);
/* The feature of @kind (an index or RDT_NO_TYPE). */
int      rdt_hexside_features_get    (const RdtHexsideFeatures *features,
                                      RdtHexsideKind            kind);

typedef enum {
  RDT_SIDE_RETREAT_NONE,
  RDT_SIDE_RETREAT_HEX,           /* toward a hex (Brandywine 3.2.1, Savannah HQ) */
  RDT_SIDE_RETREAT_ENTRY,         /* toward the entry hexes (Brandywine 3.2.2) */
  RDT_SIDE_RETREAT_DIRECTIONS,    /* compass directions (Germantown 3.8) */
} RdtSideRetreatKind;

typedef struct {
  char *id;                 /* "british", "american" */
  char *name;
  int army_morale;          /* at-start army morale (16.x); -1 if not set */
  int momentum;             /* at-start momentum; -1 if not set */
  /* The player who plays this side, or NULL: the side is its own player.
   * Sides with the same player are allies, never enemies (Savannah: the French
   * and the Americans are one player). */
  char *player;
  /* Retreat priorities (13.21 "specific game rules"; Brandywine 3.2,
   * Germantown 3.8, Savannah 4.19): <retreat> in the <side>. */
  RdtSideRetreatKind retreat;
  RdtHex retreat_hex;             /* RDT_SIDE_RETREAT_HEX */
  char *retreat_directions;       /* RDT_SIDE_RETREAT_DIRECTIONS: "N NW W" */
  double retreat_north;           /* where map north points, degrees clockwise from up */
  char *retreat_rule;             /* nullable: "Germantown 3.8" */
  gboolean retreat_provisional;   /* the hex is not fixed by the rulebooks */
} RdtSide;

/* The player of @side: its `player`, or its id. */
const char    *rdt_side_get_player            (const RdtSide         *side);

typedef struct {
  char *id;                 /* "american-bivouac" */
  char *name;
  GArray *hexes;            /* RdtHex, sorted by hex index, no duplicates */
  int line;
} RdtArea;

typedef struct {
  RdtHex hex;
  char *name;               /* "Birmingham Meeting House" */
  int line;
} RdtLocation;

typedef struct {
  char *id;                 /* "A", "V-1" */
  RdtHex hex;
  char *name;               /* (nullable) */
  int line;
} RdtEntryHex;

/* A victory objective hex: who scores, how many VPs, when. */
typedef struct {
  RdtHex hex;
  int side;                 /* index of the side that scores holding it, -1 = either */
  int vp;
  char *when;               /* "end" (held at game end) or "each-turn" */
  int line;
} RdtObjective;

/* A victory level: @side wins at @level when its VP margin is at least @margin. */
typedef struct {
  int side;
  char *level;              /* "decisive", "substantial", "marginal"... */
  int margin;
  int line;
} RdtVictoryCondition;

typedef struct {
  gboolean present;
  char *href;               /* image path relative to the scenario file */
  double origin_x;          /* image pixel of the first hex's centre */
  double origin_y;
  double hex_size;          /* image pixels from hex centre to corner */
  double rotation;          /* degrees, clockwise */
} RdtUnderlay;

typedef enum {
  RDT_CHANGE_TERRAIN,
  RDT_CHANGE_HEXSIDE,
  RDT_CHANGE_UNIT_ADDED,
  RDT_CHANGE_UNIT_REMOVED,
  RDT_CHANGE_UNIT_MOVED,
  RDT_CHANGE_UNIT_CHANGED,  /* step, status, values */
  RDT_CHANGE_AREA,
  RDT_CHANGE_LOCATION,
  RDT_CHANGE_ENTRY,
  RDT_CHANGE_GRID,
  RDT_CHANGE_UNDERLAY,
  RDT_CHANGE_SIDE,
  RDT_CHANGE_INFO,          /* title, turns, victory... */
  RDT_CHANGE_VOLUME,
} RdtChangeKind;

/* What the "changed" signal carries (valid during emission only). */
typedef struct {
  RdtChangeKind kind;
  RdtHex hex;               /* TERRAIN, LOCATION, ENTRY, UNIT_MOVED (new hex, if any) */
  RdtHexside side;          /* HEXSIDE */
  const char *id;           /* unit, area or entry id (nullable) */
} RdtChange;

#define RDT_TYPE_SCENARIO (rdt_scenario_get_type ())
G_DECLARE_FINAL_TYPE (RdtScenario, rdt_scenario, RDT, SCENARIO, GObject)

/* A new scenario with every hex of the grid set to the volume's first terrain
 * (or @default_terrain if non-NULL). */
RdtScenario   *rdt_scenario_new               (RdtVolume             *volume,
                                               const RdtGridSettings *settings,
                                               const char            *default_terrain,
                                               GError               **error);

/* Identity and text. */
const char    *rdt_scenario_get_id            (RdtScenario           *scenario);
void           rdt_scenario_set_id            (RdtScenario           *scenario,
                                               const char            *id);
const char    *rdt_scenario_get_title         (RdtScenario           *scenario);
void           rdt_scenario_set_title         (RdtScenario           *scenario,
                                               const char            *title);
const char    *rdt_scenario_get_description   (RdtScenario           *scenario);
void           rdt_scenario_set_description   (RdtScenario           *scenario,
                                               const char            *description);
/* The file it was loaded from or saved to (nullable). */
const char    *rdt_scenario_get_path          (RdtScenario           *scenario);
void           rdt_scenario_set_path          (RdtScenario           *scenario,
                                               const char            *path);

/* The volume and how the file refers to it: by id (resolved against the data
 * dirs), by a path relative to the file, or inline (both NULL). */
RdtVolume     *rdt_scenario_get_volume        (RdtScenario           *scenario);
const char    *rdt_scenario_get_volume_ref    (RdtScenario           *scenario);
const char    *rdt_scenario_get_volume_href   (RdtScenario           *scenario);
void           rdt_scenario_set_volume_link   (RdtScenario           *scenario,
                                               const char            *ref,
                                               const char            *href);

/* Grid.  Changing the settings keeps the terrain of hexes whose label stays on
 * the map; use dup/restore_terrain around it for undo. */
RdtHexGrid    *rdt_scenario_get_grid          (RdtScenario           *scenario);
gboolean       rdt_scenario_set_grid_settings (RdtScenario           *scenario,
                                               const RdtGridSettings *settings,
                                               GError               **error);

/* Display labels (issue 17): the label format the editor shows and the CLI
 * accepts besides the plain XXYY label (rdt-hex-labels.h); NULL when the map
 * shows plain labels.  Files, rules and JSON keep the plain label. */
const RdtHexLabelFormat *
               rdt_scenario_get_hex_labels    (RdtScenario           *scenario);
gboolean       rdt_scenario_set_hex_labels    (RdtScenario           *scenario,
                                               const RdtHexLabelFormat *format,
                                               GError               **error);
char          *rdt_scenario_dup_hex_label     (RdtScenario           *scenario,
                                               RdtHex                 hex);
gboolean       rdt_scenario_parse_hex_label   (RdtScenario           *scenario,
                                               const char            *text,
                                               RdtHex                *out_hex,
                                               GError               **error);

/* Terrain: indices into the volume's terrain types. */
guint          rdt_scenario_get_default_terrain (RdtScenario         *scenario);
void           rdt_scenario_set_default_terrain (RdtScenario         *scenario,
                                                 guint                terrain);
/* The dense per-hex array (length n_hexes), (transfer none). */
const guint16 *rdt_scenario_get_terrain_array (RdtScenario           *scenario);
/* Terrain index of an on-map hex, or -1 off the map. */
int            rdt_scenario_get_terrain       (RdtScenario           *scenario,
                                               RdtHex                 hex);
const RdtTerrainType *
               rdt_scenario_get_terrain_type  (RdtScenario           *scenario,
                                               RdtHex                 hex);
gboolean       rdt_scenario_set_terrain       (RdtScenario           *scenario,
                                               RdtHex                 hex,
                                               guint                  terrain,
                                               guint                 *out_old,
                                               GError               **error);
/* (transfer full) GArray of guint16, and put it back (length must match). */
GArray        *rdt_scenario_dup_terrain       (RdtScenario           *scenario);
gboolean       rdt_scenario_restore_terrain   (RdtScenario           *scenario,
                                               GArray                *terrain);

/* Hexsides.  get returns NULL when the hexside has no features. */
const RdtHexsideFeatures *
               rdt_scenario_get_hexside       (RdtScenario           *scenario,
                                               RdtHexside             side);
/* Replaces all features of features->side (an empty set removes it).  Checks
 * that the hexes are adjacent, the types exist and are of the right kind, and
 * the slope high side / fieldwork symbol is one of the two hexes.  @out_old
 * receives the previous features (empty if none). */
gboolean       rdt_scenario_set_hexside       (RdtScenario           *scenario,
                                               const RdtHexsideFeatures *features,
                                               RdtHexsideFeatures    *out_old,
                                               GError               **error);
gboolean       rdt_scenario_remove_hexside    (RdtScenario           *scenario,
                                               RdtHexside             side,
                                               RdtHexsideFeatures    *out_old);
/* All hexsides with features, sorted (transfer full: GArray of RdtHexsideFeatures). */
GArray        *rdt_scenario_dup_hexsides      (RdtScenario           *scenario);
guint          rdt_scenario_get_n_hexsides    (RdtScenario           *scenario);

/* Named locations (one per hex). */
guint          rdt_scenario_get_n_locations   (RdtScenario           *scenario);
const RdtLocation *
               rdt_scenario_get_location      (RdtScenario           *scenario,
                                               guint                  index);
const char    *rdt_scenario_get_location_name (RdtScenario           *scenario,
                                               RdtHex                 hex);
/* @name NULL removes; @out_old_name (transfer full, nullable) gets the old name. */
void           rdt_scenario_set_location      (RdtScenario           *scenario,
                                               RdtHex                 hex,
                                               const char            *name,
                                               char                 **out_old_name);

/* Entry hexes. */
guint          rdt_scenario_get_n_entries     (RdtScenario           *scenario);
const RdtEntryHex *
               rdt_scenario_get_entry         (RdtScenario           *scenario,
                                               guint                  index);
const RdtEntryHex *
               rdt_scenario_find_entry        (RdtScenario           *scenario,
                                               const char            *id);
/* @hex NULL removes.  Returns TRUE if there was an old entry (in *out_old_hex). */
gboolean       rdt_scenario_set_entry         (RdtScenario           *scenario,
                                               const char            *id,
                                               const RdtHex          *hex,
                                               RdtHex                *out_old_hex);

/* Areas. */
guint          rdt_scenario_get_n_areas       (RdtScenario           *scenario);
const RdtArea *rdt_scenario_get_area          (RdtScenario           *scenario,
                                               guint                  index);
const RdtArea *rdt_scenario_find_area         (RdtScenario           *scenario,
                                               const char            *id);
gboolean       rdt_scenario_area_contains     (const RdtArea         *area,
                                               RdtHex                 hex);
gboolean       rdt_scenario_add_area          (RdtScenario           *scenario,
                                               const char            *id,
                                               const char            *name,
                                               GError               **error);
/* (transfer full) the removed area, for undo (re-add with insert_area). */
RdtArea       *rdt_scenario_remove_area       (RdtScenario           *scenario,
                                               const char            *id,
                                               guint                 *out_position);
gboolean       rdt_scenario_insert_area       (RdtScenario           *scenario,
                                               RdtArea               *area,
                                               int                    position,
                                               GError               **error);
gboolean       rdt_scenario_rename_area       (RdtScenario           *scenario,
                                               const char            *id,
                                               const char            *new_name,
                                               char                 **out_old_name);
/* Adds or removes one hex; returns whether it was in the area before. */
gboolean       rdt_scenario_set_area_hex      (RdtScenario           *scenario,
                                               const char            *id,
                                               RdtHex                 hex,
                                               gboolean               in_area);
void           rdt_area_free                  (RdtArea               *area);

/* The underlay (a scanned map) and its calibration. */
const RdtUnderlay *
               rdt_scenario_get_underlay      (RdtScenario           *scenario);
/* @underlay NULL removes; @out_old (nullable) receives a copy to free with
 * rdt_underlay_clear. */
void           rdt_scenario_set_underlay      (RdtScenario           *scenario,
                                               const RdtUnderlay     *underlay,
                                               RdtUnderlay           *out_old);
void           rdt_underlay_clear             (RdtUnderlay           *underlay);

/* Sides. */
guint          rdt_scenario_get_n_sides       (RdtScenario           *scenario);
const RdtSide *rdt_scenario_get_side          (RdtScenario           *scenario,
                                               guint                  index);
int            rdt_scenario_find_side         (RdtScenario           *scenario,
                                               const char            *id);
int            rdt_scenario_add_side          (RdtScenario           *scenario,
                                               const char            *id,
                                               const char            *name,
                                               int                    army_morale,
                                               int                    momentum,
                                               GError               **error);

/* Sets the player of side @index (NULL: the side is its own player). */
void           rdt_scenario_set_side_player   (RdtScenario           *scenario,
                                               guint                  index,
                                               const char            *player);
/* Sets the retreat priority of side @index (@directions: compass names
 * separated by spaces, N NE E SE S SW W NW; @rule nullable). */
void           rdt_scenario_set_side_retreat  (RdtScenario           *scenario,
                                               guint                  index,
                                               RdtSideRetreatKind     kind,
                                               RdtHex                 hex,
                                               const char            *directions,
                                               double                 north,
                                               const char            *rule,
                                               gboolean               provisional);
/* TRUE when sides @a and @b are played by different players: "enemy" in every
 * rule means another player, not another side. */
gboolean       rdt_scenario_sides_are_enemies (RdtScenario           *scenario,
                                               int                    a,
                                               int                    b);
/* Number of distinct players. */
guint          rdt_scenario_get_n_players     (RdtScenario           *scenario);

/* Turns and player order. */
int            rdt_scenario_get_n_turns       (RdtScenario           *scenario);
int            rdt_scenario_get_first_turn    (RdtScenario           *scenario);
/* Side index of the first player, or -1 when decided by initiative. */
int            rdt_scenario_get_first_player  (RdtScenario           *scenario);
const char    *rdt_scenario_get_player_order  (RdtScenario           *scenario);
void           rdt_scenario_set_turns         (RdtScenario           *scenario,
                                               int                    first_turn,
                                               int                    n_turns,
                                               int                    first_player,
                                               const char            *player_order);

/* Initiative by turn (issue 13), <turns><initiative/></turns>: on game turns
 * @from..@to, either the player of side @first has the initiative (a fixed
 * order, Germantown 1.2), or side @side adds @drm to its initiative roll
 * (Brandywine 7.3.1.2), or the player of side @level rolls with that army's
 * Initiative DRM (Savannah 4.19).  Exactly one of @first, @side, @level is set. */
typedef struct {
  int from;
  int to;                   /* inclusive; equal to @from for one turn */
  int first;                /* side index, or -1 */
  int side;                 /* side index, or -1 (with @drm) */
  int drm;
  /* Side index whose army level gives its player's Initiative DRM (16.2;
   * Savannah 4.19), or -1. */
  int level;
  char *rule;               /* (nullable) "Brandywine 7.3.1.2" */
  int line;
} RdtTurnInitiative;

guint          rdt_scenario_get_n_turn_initiatives (RdtScenario     *scenario);
const RdtTurnInitiative *
               rdt_scenario_get_turn_initiative    (RdtScenario     *scenario,
                                                    guint            index);
/* Appends a copy of @initiative. */
void           rdt_scenario_add_turn_initiative    (RdtScenario             *scenario,
                                                    const RdtTurnInitiative *initiative);
void           rdt_scenario_clear_turn_initiatives (RdtScenario     *scenario);

/* Units, in file order. */
guint          rdt_scenario_get_n_units       (RdtScenario           *scenario);
RdtUnit       *rdt_scenario_get_unit          (RdtScenario           *scenario,
                                               guint                  index);
RdtUnit       *rdt_scenario_find_unit         (RdtScenario           *scenario,
                                               const char            *id);
int            rdt_scenario_find_unit_index   (RdtScenario           *scenario,
                                               const char            *id);
/* Takes ownership of @unit; @position -1 appends.  Fails on a duplicate id. */
gboolean       rdt_scenario_add_unit          (RdtScenario           *scenario,
                                               RdtUnit               *unit,
                                               int                    position,
                                               GError               **error);
/* (transfer full) the removed unit and its position, for undo. */
RdtUnit       *rdt_scenario_remove_unit       (RdtScenario           *scenario,
                                               const char            *id,
                                               guint                 *out_position);
/* Sets the placement; @out_old (nullable) receives the old one (clear it with
 * rdt_placement_clear). */
gboolean       rdt_scenario_move_unit         (RdtScenario           *scenario,
                                               const char            *id,
                                               const RdtPlacement    *placement,
                                               RdtPlacement          *out_old,
                                               GError               **error);
/* Shows step @step (flip the counter); returns the old step or -1 on error. */
int            rdt_scenario_set_unit_step     (RdtScenario           *scenario,
                                               const char            *id,
                                               int                    step,
                                               GError               **error);
gboolean       rdt_scenario_set_unit_status   (RdtScenario           *scenario,
                                               const char            *id,
                                               RdtUnitStatus          status,
                                               RdtUnitStatus         *out_old,
                                               GError               **error);
/* Replaces a unit's values wholesale (same id or a new unique id); @out_old
 * (transfer full, nullable) gets the previous copy. */
gboolean       rdt_scenario_replace_unit      (RdtScenario           *scenario,
                                               const char            *id,
                                               const RdtUnit         *unit,
                                               RdtUnit              **out_old,
                                               GError               **error);
/* Units set up in @hex (transfer container: GPtrArray of RdtUnit*, borrowed). */
GPtrArray     *rdt_scenario_units_in_hex      (RdtScenario           *scenario,
                                               RdtHex                 hex);

/* Victory data. */
guint          rdt_scenario_get_n_objectives  (RdtScenario           *scenario);
const RdtObjective *
               rdt_scenario_get_objective     (RdtScenario           *scenario,
                                               guint                  index);
void           rdt_scenario_add_objective     (RdtScenario           *scenario,
                                               RdtHex                 hex,
                                               int                    side,
                                               int                    vp,
                                               const char            *when);
guint          rdt_scenario_get_n_victory_conditions (RdtScenario    *scenario);
const RdtVictoryCondition *
               rdt_scenario_get_victory_condition    (RdtScenario    *scenario,
                                                      guint           index);
void           rdt_scenario_add_victory_condition    (RdtScenario    *scenario,
                                                      int             side,
                                                      const char     *level,
                                                      int             margin);

/* Free-form notes ("notes" elements: special rules in prose), in order. */
GPtrArray     *rdt_scenario_get_notes         (RdtScenario           *scenario);

/* Source line of the <hex> element that set @hex's terrain, or 0. */
int            rdt_scenario_get_hex_line      (RdtScenario           *scenario,
                                               RdtHex                 hex);

/* What the file at rdt_scenario_get_path() looked like when it was loaded or
 * last saved (rdt-file-io.h), so saving refuses to overwrite a file that
 * changed on disk since.  Cleared (valid FALSE) for a new document. */
const RdtFileStamp *
               rdt_scenario_get_file_stamp    (RdtScenario           *scenario);
void           rdt_scenario_set_file_stamp    (RdtScenario           *scenario,
                                               const RdtFileStamp    *stamp);
/* Whether the document was saved during this session (the first save keeps a
 * .bak of the previous file). */
gboolean       rdt_scenario_get_saved_once    (RdtScenario           *scenario);
void           rdt_scenario_set_saved_once    (RdtScenario           *scenario,
                                               gboolean               saved);

/* Emits "changed" with RDT_CHANGE_VOLUME after the volume's data was edited. */
void           rdt_scenario_volume_changed    (RdtScenario           *scenario);
/* Sets how terrain type @index is drawn (rdt_volume_set_terrain_look()) and
 * emits "changed" (RDT_CHANGE_VOLUME). */
gboolean       rdt_scenario_set_terrain_look  (RdtScenario           *scenario,
                                               guint                  index,
                                               const char            *colour,
                                               const char            *pattern);

G_END_DECLS
