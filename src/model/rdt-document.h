/* rdt-document.h: one open scenario in the editor.
 *
 * Wraps an RdtScenario with the file it lives in (path and RdtFileStamp, so a
 * save refuses to overwrite a file someone else changed), the undo stack and
 * the unsaved-changes state.  No GTK: tests drive it headless.
 */
#pragma once

#include <glib-object.h>

#include "rdt-command.h"
#include "rdt-file-io.h"
#include "rdt-model-types.h"
#include "rdt-scenario.h"
#include "rdt-undo-stack.h"

G_BEGIN_DECLS

#define RDT_TYPE_DOCUMENT (rdt_document_get_type ())
G_DECLARE_FINAL_TYPE (RdtDocument, rdt_document, RDT, DOCUMENT, GObject)

RdtDocument  *rdt_document_new              (RdtScenario   *scenario);
RdtDocument  *rdt_document_new_from_file    (const char    *path,
                                             GPtrArray     *diagnostics,
                                             GError       **error);

RdtScenario  *rdt_document_get_scenario     (RdtDocument   *self);
RdtUndoStack *rdt_document_get_undo_stack   (RdtDocument   *self);
/* (nullable): NULL for a new, never saved document. */
const char   *rdt_document_get_path         (RdtDocument   *self);
/* (transfer full): the file's base name, or "Untitled Map". */
char         *rdt_document_dup_display_name (RdtDocument   *self);
gboolean      rdt_document_get_dirty        (RdtDocument   *self);
/* Marks the document as holding unsaved work that is not in the undo history
 * (restored from a recovery file). */
void          rdt_document_set_modified     (RdtDocument   *self,
                                             gboolean       modified);
const RdtFileStamp *
              rdt_document_get_stamp        (RdtDocument   *self);

gboolean      rdt_document_execute          (RdtDocument   *self,
                                             RdtCommand    *command,
                                             GError       **error);
gboolean      rdt_document_undo             (RdtDocument   *self);
gboolean      rdt_document_redo             (RdtDocument   *self);

/* Saves through the canonical writer, atomically.  Fails with
 * RDT_FILE_ERROR_CHANGED_ON_DISK when the file changed since it was loaded or
 * saved, unless @overwrite. */
gboolean      rdt_document_save             (RdtDocument   *self,
                                             gboolean       overwrite,
                                             GError       **error);
gboolean      rdt_document_save_as          (RdtDocument   *self,
                                             const char    *path,
                                             GError       **error);
/* (transfer none) The names of the temporary files, left next to the file by
 * an earlier save that was killed, that the last save removed (issue 11;
 * rdt_file_remove_stale_temporaries()); an empty array when none. */
const char * const *rdt_document_get_removed_temporaries (RdtDocument *self);
/* Loads the file again, dropping unsaved changes and the undo history. */
gboolean      rdt_document_reload           (RdtDocument   *self,
                                             GPtrArray     *diagnostics,
                                             GError       **error);
/* TRUE when the file on disk no longer holds what was loaded or saved. */
gboolean      rdt_document_changed_on_disk  (RdtDocument   *self);

G_END_DECLS
