/* rdt-undo-stack.h: the document's history of commands.
 *
 * Emits "changed" whenever what can be undone or redone, or the clean state,
 * changes; the editor's win.undo and win.redo actions follow it.
 */
#pragma once

#include <glib-object.h>

#include "rdt-command.h"
#include "rdt-model-types.h"

G_BEGIN_DECLS

#define RDT_TYPE_UNDO_STACK (rdt_undo_stack_get_type ())
G_DECLARE_FINAL_TYPE (RdtUndoStack, rdt_undo_stack, RDT, UNDO_STACK, GObject)

RdtUndoStack *rdt_undo_stack_new            (RdtDocument  *document);

gboolean      rdt_undo_stack_execute        (RdtUndoStack *self,
                                             RdtCommand   *command,
                                             GError      **error);
void          rdt_undo_stack_push_applied   (RdtUndoStack *self,
                                             RdtCommand   *command);
gboolean      rdt_undo_stack_undo           (RdtUndoStack *self);
gboolean      rdt_undo_stack_redo           (RdtUndoStack *self);
gboolean      rdt_undo_stack_can_undo       (RdtUndoStack *self);
gboolean      rdt_undo_stack_can_redo       (RdtUndoStack *self);
char         *rdt_undo_stack_dup_undo_label (RdtUndoStack *self);
char         *rdt_undo_stack_dup_redo_label (RdtUndoStack *self);
guint         rdt_undo_stack_get_n_undo     (RdtUndoStack *self);
guint         rdt_undo_stack_get_n_redo     (RdtUndoStack *self);

/* The clean point is where the document was last loaded or saved. */
void          rdt_undo_stack_mark_clean     (RdtUndoStack *self);
gboolean      rdt_undo_stack_is_clean       (RdtUndoStack *self);
void          rdt_undo_stack_clear          (RdtUndoStack *self);

G_END_DECLS
