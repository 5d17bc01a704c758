/* rdt-recovery.h: autosaved copies of unsaved work, for after a crash.
 *
 * Each open document with unsaved changes writes, every minute, its canonical
 * bytes to $XDG_STATE_HOME/redoubt/recovery/ID.redoubt with a key file
 * ID.info naming the original file and the writing process.  A clean save or
 * close removes both.  On the next start, files whose process is gone are
 * offered for restoring.
 */
#pragma once

#include <glib.h>

#include "rdt-scenario.h"

G_BEGIN_DECLS

typedef struct {
  char *id;
  char *data_path;
  char *info_path;
  char *original_path;      /* (nullable): the document was never saved */
  gint64 saved_at;          /* unix seconds */
} RdtRecoveryEntry;

void      rdt_recovery_entry_free   (RdtRecoveryEntry *entry);

/* (transfer full) the recovery folder. */
char     *rdt_recovery_dup_dir      (void);
char     *rdt_recovery_new_id       (void);
gboolean  rdt_recovery_write        (const char       *id,
                                     RdtScenario      *scenario,
                                     const char       *original_path,
                                     GError          **error);
/* The same for any document given as its bytes (a gridless scenario). */
gboolean  rdt_recovery_write_bytes  (const char       *id,
                                     GBytes           *bytes,
                                     const char       *original_path,
                                     GError          **error);
void      rdt_recovery_remove       (const char       *id);
/* Entries left by processes that no longer run (transfer full: GPtrArray of
 * RdtRecoveryEntry), oldest first. */
GPtrArray *rdt_recovery_list_orphans (void);
/* Loads the autosaved scenario; relative references resolve against the
 * original file's folder.  (transfer full) */
RdtScenario *rdt_recovery_load      (const RdtRecoveryEntry *entry,
                                     GError          **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RdtRecoveryEntry, rdt_recovery_entry_free)

G_END_DECLS
