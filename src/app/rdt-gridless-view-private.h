/* rdt-gridless-view-private.h: the state of a gridless window (issue 18),
 * shared by rdt-gridless-view.c (table, rulings, vertex editing),
 * rdt-gridless-tools.c (hill, water and crossing tools, shape and piece
 * panels, the piece palette) and rdt-gridless-play.c (the game panel, saved
 * games, the log as a script).  Not installed; the app only. */
#pragma once

#include <gtk/gtk.h>

#include "rdt-gridless.h"
#include "rdt-gl-game.h"
#include "rdt-gridless-view.h"

G_BEGIN_DECLS

/* Pixels per inch of table at zoom 1. */
#define RDT_GV_SCALE 40.0
/* Vertices within this many pixels are picked and snapped to. */
#define RDT_GV_SNAP_PIXELS 8.0

/* A vertex of a terrain shape. */
typedef enum {
  SHAPE_NONE,
  SHAPE_AREA,
  SHAPE_HILL,       /* the outline */
  SHAPE_CREST,      /* a hill's crest line */
  SHAPE_WATER,
  SHAPE_ROAD,
  N_SHAPE_KINDS,
} ShapeKind;

typedef struct {
  ShapeKind kind;
  guint index;      /* in its array of the scenario */
  guint vertex;
} VertexRef;

typedef struct {
  RdtGridless *g;
  char *path;
  GtkWidget *window;
  GtkWidget *area;
  GtkWidget *scrolled;
  GtkWidget *info;
  double zoom;
  RdtGridlessViewMode mode;
  gboolean show_envelope;
  gboolean show_fof;
  char *selected;
  /* LOS: from the selected piece (or los_from point) to los_to. */
  gboolean los_shown;
  gboolean los_from_point;
  RdtPoint los_from;
  char *los_target;               /* (nullable) piece id */
  RdtPoint los_to;
  /* Measuring tape. */
  gboolean tape_shown;
  RdtPoint tape_a, tape_b;
  /* Dragging. */
  RdtPoint drag_start;            /* inches */
  double drag_px_x, drag_px_y;
  gboolean dragging_piece;
  gboolean drag_edited;           /* the undo step of this drag is pushed */
  RdtPoint drag_piece_centre;
  double pan_h, pan_v;
  GPtrArray *undo;                /* GBytes: the canonical scenario before each edit */
  GPtrArray *redo;                /* GBytes */
  gboolean dirty;
  /* Shape editing. */
  VertexRef vertex;               /* the selected vertex (kind NONE: none) */
  gboolean dragging_vertex;
  GArray *draft;                  /* RdtPoint: the shape being drawn */
  RdtGlAreaKind draft_kind;
  /* Play mode: v->g then points at the game's scenario (read through the
   * rulings only, never edited here); the edited one waits in edit_g. */
  RdtGlGame *game;
  RdtGridless *edit_g;
  GtkWidget *play_bar;
  GtkWidget *entry;
  char *play_message;             /* the last result or refusal */
  gboolean close_confirmed;
  /* Shape tools (rdt-gridless-tools.c). */
  GArray *draft_crest;            /* RdtPoint: the hill tool's crest line */
  gboolean draft_crest_stage;     /* the outline is done, clicks add the crest */
  int draft_level;                /* the hill tool's level, 1..9 */
  gboolean draft_river;           /* the water tool: river, else stream */
  gboolean draft_water_area;      /* the water tool: a polygon, else a polyline */
  gboolean crossing_bridge;       /* the crossing tool: bridge, else ford */
  gboolean dragging_crossing;     /* C mode: the selected crossing follows the pointer along its water */
  int crossing_water;             /* the selected crossing (-1: none) */
  int crossing_index;
  RdtGlPieceType place_type;      /* the palette: a new piece's type */
  guint place_side;               /* the palette: a new piece's side (index) */
  char *place_existing;           /* (nullable) the palette: a piece of the file to put back */
  gboolean show_zones;            /* Z: the scenario's set-up, entry and objective zones */
  guint generation;               /* bumped by every edit, undo and redo */
  guint panel_generation;         /* the generation the side panel shows */
  char *panel_piece;              /* the piece the attributes panel shows */
  ShapeKind panel_kind;           /* the shape the Shape panel shows */
  guint panel_index;
  char *tool_message;             /* (nullable) what the last tool gesture refused or did */
  GPtrArray *off_table;           /* RdtGlPiece: pieces taken off the table (deleted), for the palette */
  GtkWidget *side_panel;
  GtkWidget *shape_box, *shape_title, *shape_id, *shape_name, *shape_kind, *shape_level, *shape_error;
  GtkWidget *piece_box, *attr_id, *attr_name, *attr_side, *attr_type, *attr_command, *attr_quality,
            *attr_status, *attr_column, *attr_facing, *attr_width, *attr_depth, *attr_error;
  GtkWidget *palette_box, *palette_side, *palette_type, *palette_existing;
  /* Play panel (rdt-gridless-play.c). */
  GtkWidget *game_box, *log_view, *cup_label, *dice_label;
  GBytes *game_scenario;          /* the scenario as the game began (saved games replay it) */
  GtkNativeDialog *chooser;       /* (nullable) (weak) the file chooser open */
  /* Start choices, set-up, off-map pieces, Reserve Cards (rdt-gridless-setup.c). */
  GtkWidget *start_dialog;        /* (nullable) (weak) */
  GtkWidget *phase_label, *victory_label, *offmap_title, *offmap_list, *column_check,
            *end_setup_button, *reserve_box;
  char *armed_piece;              /* (nullable) the piece the next click on the table puts there */
  char *armed_verb;               /* (nullable) place, enter, deploy or reveal */
  /* Recovery (autosave of unsaved edits). */
  char *recovery_id;
  guint autosave_source;
  gboolean autosaved_current;
  /* The map's <underlay> scan (issue 18), decoded off the main thread. */
  cairo_surface_t *underlay;      /* (nullable) */
  GCancellable *underlay_cancel;  /* (nullable) */
} View;


/* rdt-gridless-view.c */
View        *_rdt_gv_of            (GtkWidget  *area);
void         _rdt_gv_refresh       (View       *v);
void         _rdt_gv_begin_edit    (View       *v);
double       _rdt_gv_scale         (View       *v);
RdtGlPiece  *_rdt_gv_find_piece    (View       *v,
                                    const char *id);
RdtGlPiece  *_rdt_gv_piece_at      (View       *v,
                                    RdtPoint    p);
GArray      *_rdt_gv_shape_points  (View       *v,
                                    ShapeKind   kind,
                                    guint       index);
/* A point snapped onto a vertex within the snapping tolerance. */
RdtPoint     _rdt_gv_snap          (View       *v,
                                    RdtPoint    p);
gboolean     _rdt_gv_play_apply    (View       *v,
                                    const char *line);
void         _rdt_gv_set_message   (View       *v,
                                    const char *text);
/* Replaces the scenario being edited by @restored (transfer full), as undo does. */
void         _rdt_gv_replace       (View        *v,
                                    RdtGridless *restored);
/* A fresh id "PREFIX-N" unused by every shape and piece. (transfer full) */
char        *_rdt_gv_new_id        (View       *v,
                                    const char *prefix);
/* rdt_gridless_validate: the number of errors. */
guint        _rdt_gv_count_errors  (const RdtGridless *g,
                                    char            **first);

/* rdt-gridless-tools.c */
gboolean     _rdt_gv_tools_click   (View            *v,
                                    RdtPoint         at);
gboolean     _rdt_gv_tools_key     (View            *v,
                                    guint            keyval,
                                    GdkModifierType  state);
void         _rdt_gv_tools_draw    (View            *v,
                                    cairo_t         *cr,
                                    double           scale);
void         _rdt_gv_tools_info    (View            *v,
                                    GString         *s);
GtkWidget   *_rdt_gv_tools_panel_new (View          *v);
void         _rdt_gv_tools_panel_update (View       *v);
void         _rdt_gv_tools_clear   (View            *v);
/* C mode: selects the crossing under @at (TRUE), which a drag then moves
 * along its own water (the nearest point of its line, or inside its polygon). */
gboolean     _rdt_gv_tools_crossing_grab (View      *v,
                                          RdtPoint   at);
void         _rdt_gv_tools_crossing_move (View      *v,
                                          RdtPoint   to);
/* RdtGlPiece copies, freed with the array. */
GPtrArray   *_rdt_gv_off_table_new (void);

/* rdt-gridless-play.c */
GtkWidget   *_rdt_gv_play_panel_new (View           *v);
void         _rdt_gv_play_panel_update (View        *v);
gboolean     _rdt_gv_play_key      (View            *v,
                                    guint            keyval,
                                    GdkModifierType  state);
/* rdt-gridless-setup.c */
void         _rdt_gv_start_dialog  (View            *v,
                                    guint64          seed);
GtkWidget   *_rdt_gv_setup_panel_new (View          *v);
void         _rdt_gv_setup_panel_update (View       *v);
void         _rdt_gv_setup_draw    (View            *v,
                                    cairo_t         *cr,
                                    double           scale);
/* `place`, `enter`, `deploy` or `reveal` of @id at @at. */
gboolean     _rdt_gv_drop_piece    (View            *v,
                                    const char      *id,
                                    RdtPoint         at);
/* The phase, with its rule. (transfer full) */
char        *_rdt_gv_phase_text    (View            *v);
/* Recovery: arms the autosave timer; removes the file once clean. */
void         _rdt_gv_recovery_changed (View         *v);

G_END_DECLS
