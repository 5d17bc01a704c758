/* rdt-overlay-controller.h: the rule overlays of the editor (issue 7).
 *
 * Listens to the map view's hex signals and, by mode, asks the rules core:
 * the LOS tool (press on a hex and drag: the line follows the pointer hex by
 * hex), the LOS fan (11.4 figure, range by default the artillery range of
 * 11.2; ignore units; hexes treated as occupied with Ctrl+click), the ZOC of a
 * side (8.1, 8.31), the movement of the selected unit (9; hover shows the
 * cheapest path or the rule that stops it; strategic 9.5; retreat
 * destinations 13.2 on request) and the targets of a selected artillery unit
 * (11.2).  The overlay items come from rdt-rule-overlays.h, the same code as
 * `redoubt-cli render`, and are drawn by a transparent area laid over the map
 * view.  The ruling text is the core's own (for LOS, rdt_los_report_to_text(),
 * as printed by `redoubt-cli los`).
 */
#pragma once

#include <gtk/gtk.h>

#include "rdt-map-view.h"
#include "rdt-scenario.h"
#include "rdt-los-report.h"
#include "rdt-movement.h"

G_BEGIN_DECLS

typedef enum {
  RDT_OVERLAY_MODE_NONE,
  RDT_OVERLAY_MODE_LOS,
  RDT_OVERLAY_MODE_FAN,
  RDT_OVERLAY_MODE_ZOC,
  RDT_OVERLAY_MODE_MOVES,
  RDT_OVERLAY_MODE_TARGETS,
} RdtOverlayMode;

/* The scenario the overlays ask about (transfer none, nullable). */
typedef RdtScenario *(*RdtOverlayScenarioFunc) (gpointer user_data);

#define RDT_TYPE_OVERLAY_CONTROLLER (rdt_overlay_controller_get_type ())
G_DECLARE_FINAL_TYPE (RdtOverlayController, rdt_overlay_controller, RDT, OVERLAY_CONTROLLER, GObject)

RdtOverlayController *rdt_overlay_controller_new      (RdtMapView             *view,
                                                       RdtOverlayScenarioFunc  func,
                                                       gpointer                user_data);
/* (transfer none) The transparent area to lay over the map view (GtkOverlay). */
GtkWidget      *rdt_overlay_controller_get_area        (RdtOverlayController *self);

void            rdt_overlay_controller_set_mode        (RdtOverlayController *self,
                                                        RdtOverlayMode        mode);
RdtOverlayMode  rdt_overlay_controller_get_mode        (RdtOverlayController *self);
/* The scenario changed (edits, another file): rebuild the board. */
void            rdt_overlay_controller_invalidate      (RdtOverlayController *self);

/* The LOS tool, as the map view's press, drag and release drive it. */
void            rdt_overlay_controller_los_press       (RdtOverlayController *self,
                                                        RdtHex                hex);
void            rdt_overlay_controller_los_drag        (RdtOverlayController *self,
                                                        RdtHex                hex);
void            rdt_overlay_controller_los_release     (RdtOverlayController *self);
void            rdt_overlay_controller_set_los         (RdtOverlayController *self,
                                                        RdtHex                from,
                                                        RdtHex                to);

/* The fan: centre, range (< 0: the board's artillery range, 11.2). */
void            rdt_overlay_controller_set_fan         (RdtOverlayController *self,
                                                        RdtHex                from);
void            rdt_overlay_controller_set_fan_range   (RdtOverlayController *self,
                                                        int                   range);
int             rdt_overlay_controller_get_artillery_range (RdtOverlayController *self);
void            rdt_overlay_controller_set_ignore_units (RdtOverlayController *self,
                                                        gboolean              ignore);
void            rdt_overlay_controller_toggle_occupied (RdtOverlayController *self,
                                                        RdtHex                hex);
void            rdt_overlay_controller_clear_occupied  (RdtOverlayController *self);

void            rdt_overlay_controller_set_zoc_side    (RdtOverlayController *self,
                                                        int                   side);

/* The selected unit (nullable) for movement and artillery targets. */
void            rdt_overlay_controller_set_unit        (RdtOverlayController *self,
                                                        const char           *unit_id);
void            rdt_overlay_controller_set_strategic   (RdtOverlayController *self,
                                                        gboolean              strategic);
void            rdt_overlay_controller_set_show_retreat (RdtOverlayController *self,
                                                        gboolean              show);
/* The game context the movement and retreat overlays are asked in (issue
 * 12), as `redoubt-cli moves --turn --weather --released` takes it: @turn
 * RDT_GAME_TURN_UNKNOWN (0) when not set, @weather NULL when not set,
 * @released NULL when the releases are not told (an empty vector: none was
 * made).  The strings are copied.  A rule that depends on what is not set is
 * "not decided": its hexes are hatched and the hover line says so. */
void            rdt_overlay_controller_set_game_context (RdtOverlayController *self,
                                                        int                   turn,
                                                        const char           *weather,
                                                        const char *const    *released);
/* (transfer none) (nullable) The movement answer shown, for comparison. */
RdtReach       *rdt_overlay_controller_get_reach       (RdtOverlayController *self);
void            rdt_overlay_controller_hover           (RdtOverlayController *self,
                                                        RdtHex                hex,
                                                        gboolean              on_map);

/* What the overlay answers now. */
/* (transfer none) A one-line verdict ("Clear", "Blocked", "12 hexes..."). */
const char     *rdt_overlay_controller_get_summary     (RdtOverlayController *self);
/* (transfer none) The ruling in words, with rule numbers and hex labels. */
const char     *rdt_overlay_controller_get_text        (RdtOverlayController *self);
/* (transfer none) The hover line of the movement overlay, or "". */
const char     *rdt_overlay_controller_get_hover_text  (RdtOverlayController *self);
/* (transfer none) (nullable) The LOS report when the LOS tool has a line. */
const RdtLosReport *
                rdt_overlay_controller_get_los_report  (RdtOverlayController *self);
/* (transfer none) GArray of RdtRenderOverlay. */
GArray         *rdt_overlay_controller_get_items       (RdtOverlayController *self);

/* A PNG of the area around the question with the overlay and its caption,
 * drawn by the render library. */
gboolean        rdt_overlay_controller_export_png      (RdtOverlayController *self,
                                                        const char           *path,
                                                        GError              **error);
/* The same at @scale times the default size (clamped to 1..4); the image's
 * size in pixels in @out_width and @out_height (nullable). */
gboolean        rdt_overlay_controller_export_png_scaled (RdtOverlayController *self,
                                                          const char           *path,
                                                          double                scale,
                                                          int                  *out_width,
                                                          int                  *out_height,
                                                          GError              **error);

G_END_DECLS
