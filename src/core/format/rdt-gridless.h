/* rdt-gridless.h: a gridless scenario (Pub Battles, issue 18): a table in
 * inches, terrain shapes, and blocks as oriented rectangles.
 *
 * A plain data record (not a GObject yet: the editor's document wrapper comes
 * with the editor tools).  Loaded and saved by rdt-gridless-io.h; the rulings
 * on it live in src/core/gridless/.  Coordinates are inches of table, x to the
 * right, y down the map (as on a scan); facings are degrees clockwise from
 * map-up.  docs/format.md ("Gridless scenarios") describes every element and
 * docs/gridless-conventions.md the geometry.
 */
#pragma once

#include <glib.h>

#include "rdt-geom.h"

G_BEGIN_DECLS

/* Caps (docs/format.md): every loop over file data is bounded by these. */
#define RDT_GRIDLESS_MAX_SIZE          1000.0  /* inches, each side of the table */
#define RDT_GRIDLESS_MAX_UNDERLAY_PPI  10000   /* pixels per inch of an underlay scan */
#define RDT_GRIDLESS_MAX_VERTICES      1024    /* per shape */
#define RDT_GRIDLESS_MAX_SHAPES        2000    /* areas + hills + waters + roads */
#define RDT_GRIDLESS_MAX_TOTAL_VERTICES 16384  /* all shapes together */
#define RDT_GRIDLESS_MAX_PIECES        1000
#define RDT_GRIDLESS_MAX_CROSSINGS     200     /* per water */
/* Data tolerance (G0): a crest end or a ford must lie this close to its line. */
#define RDT_GRIDLESS_DATA_TOLERANCE    0.01

typedef enum {
  RDT_GL_AREA_WOODS,
  RDT_GL_AREA_BUILDINGS,
  RDT_GL_AREA_MARSH,
  RDT_GL_AREA_RIVER,
  RDT_GL_AREA_STREAM,
  RDT_GL_AREA_CLEAR,      /* never in a file: what no area covers */
  RDT_GL_N_AREA_KINDS,
} RdtGlAreaKind;

typedef enum {
  RDT_GL_HQ,
  RDT_GL_INFANTRY,
  RDT_GL_CAVALRY,
  RDT_GL_DRAGOONS,
  RDT_GL_ARTILLERY,
  RDT_GL_BAGGAGE,
  RDT_GL_N_PIECE_TYPES,
} RdtGlPieceType;

typedef enum {
  RDT_GL_QUALITY_REGULAR,
  RDT_GL_QUALITY_ELITE,
  RDT_GL_QUALITY_MILITIA,
} RdtGlQuality;

typedef struct {
  char *id;
  char *name;             /* (nullable) */
  RdtGlAreaKind kind;     /* woods..stream */
  GArray *points;         /* RdtPoint, closed ring without the repeated first point */
  int line;
} RdtGlArea;

typedef struct {
  char *id;
  char *name;             /* (nullable) */
  int level;              /* 1 = a hill on the plain, 2 = a hill on a hill... */
  GArray *points;         /* RdtPoint, closed ring */
  GArray *crest;          /* RdtPoint polyline, ends on the outline */
  int line;
} RdtGlHill;

typedef struct {
  RdtPoint at;
  gboolean bridge;        /* else a ford */
  char *name;             /* (nullable) */
  int line;
} RdtGlCrossing;

typedef struct {
  char *id;
  char *name;             /* (nullable) */
  gboolean river;         /* else a stream */
  gboolean area;          /* a polygon (it also counts as terrain); else a polyline */
  GArray *points;
  GPtrArray *crossings;   /* RdtGlCrossing */
  int line;
} RdtGlWater;

typedef struct {
  char *id;
  char *name;             /* (nullable) */
  GArray *points;         /* polyline */
  int line;
} RdtGlRoad;

/* Block size and move length of one piece type: scenario data, provisional
 * until measured on the printed bars (Rates of March). */
typedef struct {
  gboolean present;
  double width;           /* along the front edge */
  double depth;           /* front to back (3/8" on the Pub Battles blocks) */
  double move;            /* one move, inches */
  gboolean width_provisional;
  gboolean depth_provisional;
  gboolean move_provisional;
  int line;
} RdtGlPieceSpec;

typedef struct {
  char *id;
  char *name;
  int line;
} RdtGlSide;

typedef struct {
  char *id;
  char *name;
  char *side;
  char *hq;               /* (nullable) piece id */
  char *chit;             /* (nullable) the Command Chit's letter */
  int rating;             /* HQ rating, 0 when not given */
  gboolean rating_provisional; /* provisional="rating": not stated in the text */
  gboolean army;          /* an Army HQ's command (HQs: "Army HQs can also Command Attacks") */
  int line;
} RdtGlCommand;

typedef struct {
  char *id;
  char *name;             /* (nullable) */
  char *side;
  char *command;          /* (nullable) */
  RdtGlPieceType type;
  RdtPoint centre;
  double facing;          /* degrees clockwise from map-up, [0, 360) */
  gboolean spent;
  RdtGlQuality quality;
  gboolean road_column;
  /* Set by play (issue 18, Applying Hits: "is destroyed"; and while a piece
   * is off map: not yet placed at set-up or entered, RdtGlPieceState.off_map):
   * the piece is not on the table, every ruling (LOS, movement, contact)
   * ignores it.  Never read from nor written to a file. */
  gboolean destroyed;
  int line;
} RdtGlPiece;

/* Scenario zones (issue 18, Brandywine Scenario, Setup; docs/format.md
 * "Gridless scenarios", <zones>): where a side places its commands at set-up,
 * where the British reinforcements enter (Start Options), where a command
 * enters under the Early Start Option, and objective areas a <victory>
 * condition may name.  Shapes are closed rings like areas. */
typedef enum {
  RDT_GL_ZONE_PLACEMENT,      /* Setup: "Place ... in any location on this side of the river" */
  RDT_GL_ZONE_REINFORCEMENT,  /* Setup: "enters the map ... from one of the three zones" */
  RDT_GL_ZONE_EARLY_ENTRY,    /* Early Start Option: "enters the map along the main road" */
  RDT_GL_ZONE_OBJECTIVE,      /* named by <condition kind="holds"> */
  RDT_GL_N_ZONE_KINDS,
} RdtGlZoneKind;

#define RDT_GL_MAX_TURN 999     /* every turn number in a file is clamped to this */

typedef struct {
  char *id;
  char *name;             /* (nullable) */
  RdtGlZoneKind kind;
  char *side;
  char **commands;        /* (nullable) NULL-terminated command ids placed/entering here */
  char *option;           /* (nullable) reinforcement: the option word (right, centre, left) */
  int order;              /* placement: 1 places first, 2 second ... */
  int turn;               /* reinforcement: the game starts and they enter on this turn (Start Options) */
  int turns_early;        /* early-entry: how many turns earlier the game starts (Early Start Option: 2) */
  char *road;             /* (nullable) early-entry: the road it enters along */
  gboolean schematic;     /* the shape is schematic (the map sheet is not transcribed) */
  gboolean turn_provisional;
  GArray *points;         /* RdtPoint, closed ring */
  int line;
} RdtGlZone;

/* <victory> (issue 18, Brandywine Objectives are prose only): the last
 * turn, and the conditions users enter, tried in file order. */
typedef enum {
  RDT_GL_VICTORY_LOSSES,       /* side's destroyed pieces (trains double, Optional Baggage Trains) >= at-least */
  RDT_GL_VICTORY_INEFFECTIVE,  /* side's Ineffective commands >= at-least */
  RDT_GL_VICTORY_HOLDS,        /* side alone has non-HQ pieces (majority) in zone */
  RDT_GL_N_VICTORY_KINDS,
} RdtGlVictoryKind;

typedef struct {
  char *winner;           /* side id */
  RdtGlVictoryKind kind;
  char *side;             /* the side counted */
  int at_least;
  char *zone;             /* (nullable) holds: an objective zone */
  gboolean provisional;   /* a condition the rulebook does not state */
  char *text;             /* (nullable) what the condition means, for the report */
  int line;
} RdtGlCondition;

typedef struct {
  char *path;             /* (nullable) */
  char *id;
  char *title;
  char *description;      /* (nullable) */
  double width, height;   /* the table, inches */
  int map_line;
  GPtrArray *areas;       /* RdtGlArea */
  GPtrArray *hills;       /* RdtGlHill */
  GPtrArray *waters;      /* RdtGlWater */
  GPtrArray *roads;       /* RdtGlRoad */
  RdtGlPieceSpec specs[RDT_GL_N_PIECE_TYPES];
  GPtrArray *sides;       /* RdtGlSide */
  GPtrArray *commands;    /* RdtGlCommand */
  GPtrArray *pieces;      /* RdtGlPiece */
  GPtrArray *notes;       /* char * */
  /* Issue 18, Brandywine Scenario (set-up, Start Options, Objectives). */
  GPtrArray *zones;       /* RdtGlZone */
  gboolean has_victory;   /* a <victory> element */
  int last_turn;          /* the scenario's last turn (0: none) */
  gboolean last_turn_provisional;
  int victory_line;
  GPtrArray *conditions;  /* RdtGlCondition */
  /* (nullable) <commands combat-order= combat-order-rule=> (issue 18, How to
   * Resolve Combat, Order: "The side with the better Command Ratings chooses
   * the order"; Brandywine, HQ Ratings: "The British player decides the
   * order of combat"): the side that chooses, and the rule that says so. */
  char *combat_order;
  char *combat_order_rule;
  int commands_line;
  /* (nullable) A scan of the printed map under the table (issue 18: "a map
   * size in inches of table, scaled to a scan underlay"): the image's pixel
   * (underlay_origin_x, underlay_origin_y) is the table's corner (0, 0), and
   * underlay_ppi pixels make one inch.  docs/format.md. */
  char *underlay_href;
  double underlay_origin_x, underlay_origin_y, underlay_ppi;
  int underlay_line;
} RdtGridless;

RdtGridless       *rdt_gridless_new              (void);
void               rdt_gridless_free             (RdtGridless       *gridless);

const char        *rdt_gl_area_kind_to_string    (RdtGlAreaKind      kind);
gboolean           rdt_gl_area_kind_from_string  (const char        *text,
                                                  RdtGlAreaKind     *kind);
const char        *rdt_gl_piece_type_to_string   (RdtGlPieceType     type);
gboolean           rdt_gl_piece_type_from_string (const char        *text,
                                                  RdtGlPieceType    *type);
const char        *rdt_gl_quality_to_string      (RdtGlQuality       quality);
const char        *rdt_gl_zone_kind_to_string    (RdtGlZoneKind      kind);
gboolean           rdt_gl_zone_kind_from_string  (const char        *text,
                                                  RdtGlZoneKind     *kind);
const char        *rdt_gl_victory_kind_to_string (RdtGlVictoryKind   kind);
gboolean           rdt_gl_victory_kind_from_string (const char      *text,
                                                  RdtGlVictoryKind  *kind);
/* (transfer none) (nullable) */
const RdtGlZone   *rdt_gridless_find_zone        (const RdtGridless *gridless,
                                                  const char        *id);
/* The fraction (0..1) of @piece's footprint inside @zone (a closed ring). */
double             rdt_gridless_zone_fraction    (const RdtGridless *gridless,
                                                  const RdtGlZone   *zone,
                                                  const RdtGlPiece  *piece);

/* (transfer none) (nullable) */
const RdtGlPiece  *rdt_gridless_find_piece       (const RdtGridless *gridless,
                                                  const char        *id);
const RdtGlPieceSpec *rdt_gridless_get_spec      (const RdtGridless *gridless,
                                                  RdtGlPieceType     type);
/* The footprint of a piece: front-left, front-right, back-right, back-left. */
void               rdt_gridless_piece_corners    (const RdtGridless *gridless,
                                                  const RdtGlPiece  *piece,
                                                  RdtPoint           out[4]);
/* One Foot move (the infantry move) and one Cavalry move (cavalry, else
 * dragoons: Brandywine "Units": all cavalry are dragoons); 0 when the
 * scenario lacks the type (validation reports it). */
double             rdt_gridless_foot_move        (const RdtGridless *gridless);
double             rdt_gridless_cavalry_move     (const RdtGridless *gridless);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RdtGridless, rdt_gridless_free)

G_END_DECLS
