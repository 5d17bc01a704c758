#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "rdt-diagnostic.h"
#include "rdt-file-io.h"
#include "rdt-recovery.h"
#include "rdt-scenario-io.h"

#define GROUP "Recovery"

void
rdt_recovery_entry_free (RdtRecoveryEntry *entry)
{
  if (entry == NULL)
    return;
  g_free (entry->id);
  g_free (entry->data_path);
  g_free (entry->info_path);
  g_free (entry->original_path);
  g_free (entry);
}

char *
rdt_recovery_dup_dir (void)
{
  return g_build_filename (g_get_user_state_dir (), "redoubt", "recovery", NULL);
}

char *
rdt_recovery_new_id (void)
{
  return g_uuid_string_random ();
}

static char *
dup_path (const char *id,
          const char *suffix)
{
  g_autofree char *dir = rdt_recovery_dup_dir ();
  g_autofree char *name = g_strconcat (id, suffix, NULL);

  return g_build_filename (dir, name, NULL);
}

gboolean
rdt_recovery_write (const char   *id,
                    RdtScenario  *scenario,
                    const char   *original_path,
                    GError      **error)
{
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (id != NULL, FALSE);
  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), FALSE);

  bytes = rdt_scenario_to_bytes (scenario, error);
  if (bytes == NULL)
    return FALSE;
  return rdt_recovery_write_bytes (id, bytes, original_path, error);
}

/* The canonical bytes of any document (a gridless scenario, issue 18). */
gboolean
rdt_recovery_write_bytes (const char   *id,
                          GBytes       *bytes,
                          const char   *original_path,
                          GError      **error)
{
  g_autofree char *dir = rdt_recovery_dup_dir ();
  g_autofree char *data_path = dup_path (id, ".redoubt");
  g_autofree char *info_path = dup_path (id, ".info");
  g_autoptr(GKeyFile) info = g_key_file_new ();
  g_autofree char *text = NULL;
  gsize text_len;
  const void *data;
  gsize len;

  g_return_val_if_fail (id != NULL, FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   "%s: %s", dir, g_strerror (saved));
      return FALSE;
    }
  data = g_bytes_get_data (bytes, &len);
  if (!rdt_file_save_atomic (data_path, data, len, NULL, RDT_SAVE_NONE, NULL, error))
    return FALSE;

  g_key_file_set_int64 (info, GROUP, "pid", getpid ());
  g_key_file_set_int64 (info, GROUP, "saved-at", g_get_real_time () / G_USEC_PER_SEC);
  if (original_path != NULL)
    g_key_file_set_string (info, GROUP, "original", original_path);
  text = g_key_file_to_data (info, &text_len, NULL);
  return rdt_file_save_atomic (info_path, text, text_len, NULL, RDT_SAVE_NONE, NULL, error);
}

void
rdt_recovery_remove (const char *id)
{
  g_autofree char *data_path = NULL;
  g_autofree char *info_path = NULL;

  if (id == NULL)
    return;
  data_path = dup_path (id, ".redoubt");
  info_path = dup_path (id, ".info");
  g_unlink (info_path);
  g_unlink (data_path);
}

static gboolean
process_alive (gint64 pid)
{
  if (pid <= 0)
    return FALSE;
  if (pid == getpid ())
    return TRUE;
  return kill ((pid_t) pid, 0) == 0 || errno == EPERM;
}

static int
compare_entries (gconstpointer a,
                 gconstpointer b)
{
  const RdtRecoveryEntry *ea = *(RdtRecoveryEntry **) a;
  const RdtRecoveryEntry *eb = *(RdtRecoveryEntry **) b;

  return (ea->saved_at > eb->saved_at) - (ea->saved_at < eb->saved_at);
}

GPtrArray *
rdt_recovery_list_orphans (void)
{
  g_autofree char *dir_path = rdt_recovery_dup_dir ();
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  GPtrArray *entries = g_ptr_array_new_with_free_func ((GDestroyNotify) rdt_recovery_entry_free);
  const char *name;

  if (dir == NULL)
    return entries;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autoptr(GKeyFile) info = g_key_file_new ();
      g_autoptr(RdtRecoveryEntry) entry = NULL;

      if (!g_str_has_suffix (name, ".info"))
        continue;
      entry = g_new0 (RdtRecoveryEntry, 1);
      entry->id = g_strndup (name, strlen (name) - strlen (".info"));
      entry->info_path = g_build_filename (dir_path, name, NULL);
      entry->data_path = dup_path (entry->id, ".redoubt");
      if (!g_key_file_load_from_file (info, entry->info_path, G_KEY_FILE_NONE, NULL)
          || !g_file_test (entry->data_path, G_FILE_TEST_IS_REGULAR))
        continue;
      if (process_alive (g_key_file_get_int64 (info, GROUP, "pid", NULL)))
        continue;
      entry->saved_at = g_key_file_get_int64 (info, GROUP, "saved-at", NULL);
      entry->original_path = g_key_file_get_string (info, GROUP, "original", NULL);
      g_ptr_array_add (entries, g_steal_pointer (&entry));
    }
  g_ptr_array_sort (entries, compare_entries);
  return entries;
}

RdtScenario *
rdt_recovery_load (const RdtRecoveryEntry  *entry,
                   GError                 **error)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autofree char *stand_in = NULL;
  const char *path_for_messages;

  g_return_val_if_fail (entry != NULL, NULL);

  bytes = rdt_file_read_bounded (entry->data_path, RDT_FILE_DEFAULT_MAX_SIZE, NULL, error);
  if (bytes == NULL)
    return NULL;
  /* Volume references are relative to the file the user works on. */
  path_for_messages = entry->original_path;
  if (path_for_messages == NULL)
    path_for_messages = stand_in = g_strdup (entry->data_path);
  return rdt_scenario_load_from_bytes (bytes, path_for_messages, diagnostics, error);
}
