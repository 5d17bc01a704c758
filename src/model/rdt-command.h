/* rdt-command.h: one undoable edit of a document.
 *
 * The model layer has no GTK dependency: the editor's widgets build commands and
 * hand them to the document's undo stack; tests do the same headless.  A
 * command is applied once when it is executed, then reverted and re-applied as
 * the user undoes and redoes.
 */
#pragma once

#include <glib-object.h>

#include "rdt-model-types.h"

G_BEGIN_DECLS

#define RDT_TYPE_COMMAND (rdt_command_get_type ())
G_DECLARE_DERIVABLE_TYPE (RdtCommand, rdt_command, RDT, COMMAND, GObject)

struct _RdtCommandClass
{
  GObjectClass parent_class;

  /* Make the change.  Returns FALSE and sets `error` when it cannot (nothing
   * was changed then). */
  gboolean (*apply)     (RdtCommand   *self,
                         RdtDocument  *document,
                         GError      **error);
  /* Undo exactly what the last apply did.  Cannot fail. */
  void     (*revert)    (RdtCommand   *self,
                         RdtDocument  *document);
  /* A short, translated description for the Undo/Redo menu items. */
  char    *(*dup_label) (RdtCommand   *self);

  gpointer padding[8];
};

gboolean  rdt_command_apply     (RdtCommand   *self,
                                 RdtDocument  *document,
                                 GError      **error);
void      rdt_command_revert    (RdtCommand   *self,
                                 RdtDocument  *document);
char     *rdt_command_dup_label (RdtCommand   *self);

G_END_DECLS
