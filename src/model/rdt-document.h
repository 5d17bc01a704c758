/* rdt-document.h: one open scenario in the editor.
 *
 * Wraps an RdtScenario with the file it lives in (path and RdtFileStamp, so a
 * save refuses to overwrite a file someone else changed), the undo stack and
 * the unsaved-changes state, and what the file holds that the model could not
 * keep (issue 11: a save over it is refused until the user agrees to drop
 * it).  No GTK: tests drive it headless.
 */
#pragma once

#include <glib-object.h>

#include "rdt-command.h"
#include "rdt-file-io.h"
#include "rdt-model-types.h"
#include "rdt-scenario.h"
#include "rdt-undo-stack.h"

G_BEGIN_DECLS

/**
 * RDT_DOCUMENT_ERROR:
 *
 * Error domain of the document's saves.
 */
#define RDT_DOCUMENT_ERROR (rdt_document_error_quark ())

typedef enum {
  /* Saving over the file would write it without content the model could not
   * keep when it was loaded (rdt_document_get_dropped()); the user has not
   * agreed to drop it (rdt_document_confirm_drop()). */
  RDT_DOCUMENT_ERROR_WOULD_DROP,
  /* Save As into another folder: a file the scenario refers to cannot be
   * copied there (a different file of that name is in the way; issue 16). */
  RDT_DOCUMENT_ERROR_FILE_IN_THE_WAY,
} RdtDocumentError;

GQuark        rdt_document_error_quark      (void);

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
/* (transfer full): the file's base name, or for a new map its title (or
 * "Untitled Map"). */
char         *rdt_document_dup_display_name (RdtDocument   *self);
char         *rdt_document_dup_suggested_file_name (RdtDocument *self);
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

/* What the file as loaded holds that the model could not keep (issue 11).
 * The loader's findings about the file as last loaded or saved (not the
 * validator's, which are recomputed from the model): (transfer none), never
 * NULL. */
GPtrArray    *rdt_document_get_file_findings (RdtDocument  *self);
/* The findings (RdtDiagnostic.dropped) naming what a save over
 * rdt_document_get_dropped_path() would drop; (transfer none), empty when
 * nothing would be.  They stay until a save over that file after
 * rdt_document_confirm_drop(), or a reload of it that finds none. */
GPtrArray    *rdt_document_get_dropped      (RdtDocument   *self);
/* (nullable): the file the dropped findings are about. */
const char   *rdt_document_get_dropped_path (RdtDocument   *self);
/* The user agreed that the next save over that file drops them. */
void          rdt_document_confirm_drop     (RdtDocument   *self);
/* TRUE when the last save left an existing PATH.bak alone because it holds
 * content the model cannot keep and the replaced file did not (a .bak that
 * is the only copy of dropped content is never replaced by a file without
 * it). */
gboolean      rdt_document_get_backup_kept  (RdtDocument   *self);
/* Reads the file at the document's path again only to learn what it holds
 * that the model cannot keep (after restoring unsaved work into a document
 * for that path): saving over it then asks too.  FALSE with @error when the
 * file cannot be read; a file that does not load counts as all dropped. */
gboolean      rdt_document_check_file       (RdtDocument   *self,
                                             GError       **error);

/* Saves through the canonical writer, atomically.  Fails with
 * RDT_FILE_ERROR_CHANGED_ON_DISK when the file changed since it was loaded or
 * saved, unless @overwrite; fails with RDT_DOCUMENT_ERROR_WOULD_DROP, writing
 * nothing, when the file holds content the model could not keep and the user
 * has not confirmed dropping it.  Save As to another file is not refused:
 * the original stays as it is. */
gboolean      rdt_document_save             (RdtDocument   *self,
                                             gboolean       overwrite,
                                             GError       **error);
gboolean      rdt_document_save_as          (RdtDocument   *self,
                                             const char    *path,
                                             GError       **error);
/* (transfer none) The references (underlay, counter art, volume href) the
 * last Save As copied into the new file's folder so they keep working
 * (issue 16); an empty array when none. */
const char * const *rdt_document_get_carried_files (RdtDocument *self);
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
