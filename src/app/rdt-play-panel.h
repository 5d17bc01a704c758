/* rdt-play-panel.h: the side panel of the editor's play mode (issue 13).
 *
 * Shows an RdtGame: the turn and phase bar (turn, player turn, phase with its
 * rule number, Next Phase), each army's morale with its level and momentum
 * chits (16, 12.6), the pool, victory points, the die roller with the last
 * rolls and their purpose (2.3), the units still to deploy (draggable onto the
 * map, "Deploy All as Listed"), the reinforcements to come (9.1), the
 * eliminated and captured boxes and the log, whose lines cite rule numbers.
 * The panel never changes the game itself: every button emits "perform" with
 * an action of docs/play.md, which the window performs (rdt-window-play.c).
 */
#pragma once

#include <gtk/gtk.h>

#include "rdt-game.h"

G_BEGIN_DECLS

#define RDT_TYPE_PLAY_PANEL (rdt_play_panel_get_type ())
G_DECLARE_FINAL_TYPE (RdtPlayPanel, rdt_play_panel, RDT, PLAY_PANEL, GtkBox)

GtkWidget   *rdt_play_panel_new        (void);
/* Shows @game (nullable; a reference is kept). */
void         rdt_play_panel_set_game   (RdtPlayPanel *self,
                                        RdtGame      *game);
/* Shows the game's present state again (after any action). */
void         rdt_play_panel_refresh    (RdtPlayPanel *self);
/* For tests and the window: the phase bar's text, the log's line count. */
const char  *rdt_play_panel_get_phase_text (RdtPlayPanel *self);
guint        rdt_play_panel_get_n_log_rows (RdtPlayPanel *self);

/* Issue 14: adds @section (the combat panel) at the top of the panel. */
void         rdt_play_panel_add_section (RdtPlayPanel *self,
                                         GtkWidget    *section);

G_END_DECLS
