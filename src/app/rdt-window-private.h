/* rdt-window-private.h: the window's state, shared by rdt-window.c, its
 * actions (rdt-window-actions.c) and tools (rdt-window-tools.c), and by the
 * GUI tests, which drive the tools as the map view's signals would. */
#pragma once

#include "rdt-diagnostic.h"
#include "rdt-game.h"
#include "rdt-window.h"

G_BEGIN_DECLS

typedef enum {
  RDT_TOOL_SELECT,
  RDT_TOOL_BRUSH,
  RDT_TOOL_FILL,
  RDT_TOOL_PICK,
  RDT_TOOL_HEXSIDE,
  RDT_TOOL_ROAD,
  RDT_TOOL_AREA,
  RDT_TOOL_LOCATION,
  RDT_TOOL_COUNTER,
  RDT_TOOL_CALIBRATE,
  RDT_N_TOOLS
} RdtTool;

typedef enum {
  RDT_SELECTION_NONE,
  RDT_SELECTION_HEX,
  RDT_SELECTION_HEXSIDE,
  RDT_SELECTION_UNIT,
  RDT_SELECTION_AREA,
} RdtSelectionKind;

struct _RdtWindow
{
  GtkApplicationWindow parent_instance;

  /* Template children. */
  GtkLabel *title_label;
  GtkLabel *subtitle_label;
  GtkWidget *undo_button;
  GtkWidget *redo_button;
  GtkInfoBar *info_bar;
  GtkLabel *info_label;
  GtkBox *map_box;
  GtkWidget *empty_page;
  GtkLabel *tool_title;
  GtkLabel *tool_hint;
  GtkWidget *terrain_label;
  GtkDropDown *terrain_dropdown;
  /* How the chosen terrain is drawn (volume data, issue 6); built in code. */
  GtkWidget *terrain_look_box;
  GtkColorButton *terrain_colour;
  GtkDropDown *terrain_pattern;
  gboolean syncing_look;
  GtkWidget *radius_box;
  GtkSpinButton *radius_spin;
  GtkWidget *hexside_label;
  GtkDropDown *hexside_dropdown;
  GtkWidget *name_label;
  GtkEntry *name_entry;
  /* The calibration tool's own hex-label field (issue 16); built in code. */
  GtkWidget *calibration_label;
  GtkEntry *calibration_entry;
  /* The scenario's notes, over the top of the map (rdt-window-map.c). */
  GtkWidget *notes_banner;
  GtkLabel *notes_label;
  GtkDropDown *location_kind_dropdown;
  GtkDropDown *area_dropdown;
  GtkWidget *area_buttons;
  GtkAdjustment *opacity_adjustment;
  GtkSearchEntry *unit_filter_entry;
  GtkListView *unit_list;
  GtkLabel *inspector_label;
  GtkLabel *validation_title;
  GtkListBox *validation_list;
  GtkLabel *hover_label;
  GtkLabel *status_label;
  GtkLabel *zoom_label;
  GMenu *recent_section;

  GtkWidget *map;               /* RdtMapView */
  /* The pointer over the map, widget coordinates (exact calibration clicks). */
  double pointer_x;
  double pointer_y;
  gboolean pointer_valid;
  GSettings *settings;

  RdtDocument *document;
  gulong scenario_changed_id;
  RdtScenario *watched_scenario;

  RdtTool tool;
  /* The command a drag builds (brush, road, area); pushed on release. */
  RdtCommand *stroke;
  RdtHex stroke_last;
  gboolean stroke_has_last;
  /* The last hexside the hexside tool set, for the flip key. */
  RdtHexside last_side;
  gboolean has_last_side;
  /* Calibration clicks: up to three image points and hexes. */
  guint n_calibration;
  RdtHex calibration_hexes[3];
  double calibration_x[3];
  double calibration_y[3];

  RdtSelectionKind selection;
  RdtHex selected_hex;
  RdtHexside selected_side;
  char *selected_id;

  /* Unit list: all units as GtkStringObject ids, filtered. */
  GListStore *unit_store;
  GtkFilter *unit_filter;
  GtkSingleSelection *unit_selection;

  GPtrArray *diagnostics;       /* RdtDiagnostic*, the last validation */
  guint validate_idle;
  guint autosave_timeout;
  char *recovery_id;
  gboolean autosaved_current;   /* the recovery file holds the present state */
  GFileMonitor *monitor;
  gboolean asking_disk_change;
  GdkTexture *underlay_texture;
  /* The underlay being decoded in a thread (rdt-window-map.c). */
  GCancellable *underlay_cancellable;
  gint underlay_progress;          /* thousandths, atomic */
  guint underlay_progress_timeout;
  GtkWidget *underlay_progress_box;
  GtkLabel *underlay_progress_label;
  GtkProgressBar *underlay_progress_bar;
  char *underlay_error;            /* the last refusal, as shown */
  gboolean close_confirmed;
  /* Issue 11: the info bar shows the "cannot keep" warning; a save is made
   * to close the window (the drop question then closes it too). */
  gboolean drop_warning_shown;
  gboolean saving_to_close;

  /* Play mode (issue 13, rdt-window-play.c): the game, or NULL in set-up. */
  RdtGame *game;
  GtkWidget *play_panel;        /* RdtPlayPanel, owned */
  GtkWidget *combat_panel;      /* RdtCombatPanel, inside play_panel (issue 14) */
  GtkWidget *play_setup_side;   /* the set-up side panel while playing */
  int play_setup_position;      /* its width, restored on leaving play */
  guint play_setup_enabled;     /* set-up actions enabled before play (mask) */
  char *play_picked;            /* the counter picked up */
  RdtReach *play_reach;         /* its legal destinations (shaded) */
  GArray *play_deploy_hexes;    /* RdtHex: its set-up hexes, picked from the list */
  char *play_force;             /* what the refusal's Force button performs */
  gboolean play_unsaved;        /* actions since the game was started, opened or saved */
};

/* Responses of the question asked before a save that would drop what the
 * editor could not load (issue 11); Cancel is GTK_RESPONSE_CANCEL. */
enum {
  RDT_WINDOW_RESPONSE_SAVE_AS = 1,
  RDT_WINDOW_RESPONSE_DROP_AND_SAVE = 2,
  /* Issue 13: force a drop the rules refused (sandbox override). */
  RDT_WINDOW_RESPONSE_FORCE = 3,
};

/* rdt-window-actions.c */
void     _rdt_window_install_actions  (RdtWindow *self);
char    *_rdt_window_recent_label     (const char *uri);
void     _rdt_window_update_actions   (RdtWindow *self);

/* rdt-window.c */
void     _rdt_window_set_document     (RdtWindow   *self,
                                       RdtDocument *document);
void     _rdt_window_show_message     (RdtWindow   *self,
                                       GtkMessageType type,
                                       const char  *message);
void     _rdt_window_report_error     (RdtWindow   *self,
                                       const char  *what,
                                       const GError *error);
void     _rdt_window_show_saved       (RdtWindow   *self);
gboolean _rdt_window_save             (RdtWindow   *self,
                                       gboolean     overwrite);
void     _rdt_window_save_as          (RdtWindow   *self);
gboolean _rdt_window_autosave_now     (RdtWindow   *self);
void     _rdt_window_select_hex       (RdtWindow   *self,
                                       RdtHex       hex);
void     _rdt_window_select_unit      (RdtWindow   *self,
                                       const char  *id);
void     _rdt_window_select_hexside   (RdtWindow   *self,
                                       RdtHexside   side);
void     _rdt_window_refresh_units    (RdtWindow   *self);
void     _rdt_window_units_follow     (RdtWindow   *self);
void     _rdt_window_setup_units      (RdtWindow   *self);
void     _rdt_window_setup_map        (RdtWindow   *self);
void     _rdt_window_map_follow       (RdtWindow   *self);
void     _rdt_window_map_set_tool     (RdtWindow   *self);
void     _rdt_window_map_apply_settings (RdtWindow *self);
void     _rdt_window_stop_underlay    (RdtWindow   *self);
void     _rdt_window_show_hex         (RdtWindow   *self,
                                       RdtHex       hex);
void     _rdt_window_print            (RdtWindow   *self);
void     _rdt_window_update_inspector (RdtWindow   *self);
void     _rdt_window_validate_now     (RdtWindow   *self);
void     _rdt_window_execute          (RdtWindow   *self,
                                       RdtCommand  *command);
void     _rdt_window_export           (RdtWindow   *self,
                                       const char  *path,
                                       gboolean     visible_only,
                                       GError     **error_out);
gboolean _rdt_window_print_to_pdf     (RdtWindow   *self,
                                       const char  *path,
                                       GError     **error);
gboolean _rdt_window_overlay_takes_presses (RdtWindow *self);
void     _rdt_window_fold_provisional (RdtWindow   *self);
GtkWidget *_rdt_window_finding_label  (RdtWindow   *self,
                                       const RdtDiagnostic *diagnostic);

/* rdt-window-counters.c: counter menu, stack expander, stack tooltip. */
void     _rdt_window_setup_counters   (RdtWindow   *self);
GMenuModel *_rdt_window_dup_counter_menu (RdtWindow *self,
                                       RdtUnit     *unit);
gboolean _rdt_window_popup_counter_menu (RdtWindow *self,
                                       double       x,
                                       double       y);
GtkPopover *_rdt_window_get_counter_menu (RdtWindow *self);
gboolean _rdt_window_spread_stack     (RdtWindow   *self,
                                       RdtHex       hex);
GtkPopover *_rdt_window_get_stack_popover (RdtWindow *self);
char    *_rdt_window_dup_stack_tooltip (RdtWindow  *self,
                                       RdtHex       hex);

/* rdt-window-palette.c: the counter palette. */
/* rdt-window-counters.c: the countersheet cutter (issue 16). */
GtkWidget *_rdt_window_open_cutter    (RdtWindow   *self,
                                       const char  *href);
void     _rdt_window_cut_countersheet (GSimpleAction *action,
                                       GVariant      *parameter,
                                       gpointer       user_data);
void     _rdt_window_setup_palette    (RdtWindow   *self);
void     _rdt_window_palette_rebuild  (RdtWindow   *self);
GtkWidget *_rdt_window_get_palette    (RdtWindow   *self);
GdkPaintable *_rdt_window_counter_paintable (RdtWindow *self,
                                            const RdtUnit *unit,
                                            int        size);
GdkTexture *_rdt_window_counter_texture (RdtWindow *self,
                                       const RdtUnit *unit,
                                       int          size);
char    *_rdt_window_dup_palette_status (RdtWindow *self,
                                       const RdtUnit *unit);

/* rdt-window-tools.c: what the map view's press, drag and release signals do.
 * @x, @y are map units (rdt-hex-grid.h drawing geometry). */
void     _rdt_window_set_tool         (RdtWindow   *self,
                                       RdtTool      tool);
void     _rdt_window_tool_press       (RdtWindow   *self,
                                       double       x,
                                       double       y);
void     _rdt_window_tool_drag        (RdtWindow   *self,
                                       double       x,
                                       double       y);
void     _rdt_window_tool_release     (RdtWindow   *self,
                                       double       x,
                                       double       y);
void     _rdt_window_tool_hover       (RdtWindow   *self,
                                       double       x,
                                       double       y);
void     _rdt_window_flip_last_hexside (RdtWindow  *self);
void     _rdt_window_refresh_tool_options (RdtWindow *self);
const char *_rdt_window_chosen_area_id (RdtWindow  *self);
const char *_rdt_tool_to_string       (RdtTool      tool);
gboolean _rdt_tool_from_string        (const char  *text,
                                       RdtTool     *out_tool);
/* Drop a unit from the order of battle on a hex (map units). */
/* A palette drag of a volume's unit the scenario lacks (issue 16) carries
 * this prefix and the unit id; the drop adds the unit, placed. */
#define RDT_PALETTE_VOLUME_PREFIX "rdt-volume-unit:"
void     _rdt_window_drop_unit        (RdtWindow   *self,
                                       const char  *id,
                                       double       x,
                                       double       y);

/* rdt-window-play.c: play mode (issue 13). */
void     _rdt_window_setup_play       (RdtWindow   *self);
void     _rdt_window_dispose_play     (RdtWindow   *self);
void     _rdt_window_play_update_actions (RdtWindow *self);
void     _rdt_window_play_overlays    (RdtWindow   *self);
gboolean _rdt_window_play_start       (RdtWindow   *self,
                                       guint64      seed,
                                       GError     **error);
void     _rdt_window_play_stop        (RdtWindow   *self);
/* Before closing the window: TRUE when it asked first (an unsaved game). */
gboolean _rdt_window_play_ask_before_close (RdtWindow *self);
gboolean _rdt_window_play_perform     (RdtWindow   *self,
                                       const char  *action,
                                       GError     **error);
const char *_rdt_window_play_unit_at  (RdtWindow   *self,
                                       RdtHex       hex);
void     _rdt_window_play_pick        (RdtWindow   *self,
                                       RdtHex       hex);
void     _rdt_window_play_pick_unit   (RdtWindow   *self,
                                       const char  *id);
gboolean _rdt_window_play_drop        (RdtWindow   *self,
                                       const char  *id,
                                       RdtHex       hex,
                                       gboolean     force);
char    *_rdt_window_play_dup_stack_tooltip (RdtWindow *self,
                                       RdtHex       hex);
gboolean _rdt_window_play_undo        (RdtWindow   *self,
                                       gboolean     redo);
gboolean _rdt_window_play_save_game   (RdtWindow   *self,
                                       const char  *path,
                                       GError     **error);
gboolean _rdt_window_play_open_game   (RdtWindow   *self,
                                       const char  *path,
                                       GError     **error);
gboolean _rdt_window_play_export_script (RdtWindow *self,
                                       const char  *path,
                                       GError     **error);
/* rdt-window.c: a button of the info bar's present message. */
void     _rdt_window_add_info_button  (RdtWindow   *self,
                                       const char  *label,
                                       int          response);

G_END_DECLS
