#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <gio/gio.h>

#include "rdt-diagnostic.h"
#include "rdt-document.h"
#include "rdt-scenario-io.h"

struct _RdtDocument
{
  GObject parent_instance;

  RdtScenario *scenario;
  RdtUndoStack *undo_stack;
  char *path;
  RdtFileStamp stamp;
  /* The first save of a session keeps a .bak of the file it replaces. */
  gboolean saved_once;
  gboolean modified;
  gboolean dirty;
  /* Issue 11: what loading found in the file (the loader's findings, not the
   * validator's), and what a save over dropped_path would drop. */
  GPtrArray *file_findings;
  GPtrArray *dropped;
  char *dropped_path;
  gboolean drop_confirmed;
  gboolean backup_kept;
  /* Names of the stale temporaries the last save removed (issue 11). */
  char **removed_temporaries;
  /* Files the last Save As copied into the new folder (issue 16). */
  char **carried;
};

G_DEFINE_FINAL_TYPE (RdtDocument, rdt_document, G_TYPE_OBJECT)

G_DEFINE_QUARK (rdt-document-error-quark, rdt_document_error)

enum {
  PROP_0,
  PROP_SCENARIO,
  PROP_PATH,
  PROP_DIRTY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
update_dirty (RdtDocument *self)
{
  gboolean dirty = self->modified || !rdt_undo_stack_is_clean (self->undo_stack);

  if (dirty == self->dirty)
    return;
  self->dirty = dirty;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DIRTY]);
}

static void
on_undo_stack_changed (RdtUndoStack *stack,
                       RdtDocument  *self)
{
  update_dirty (self);
}

static void
rdt_document_dispose (GObject *object)
{
  RdtDocument *self = RDT_DOCUMENT (object);

  if (self->undo_stack != NULL)
    g_signal_handlers_disconnect_by_data (self->undo_stack, self);
  g_clear_object (&self->undo_stack);
  g_clear_object (&self->scenario);

  G_OBJECT_CLASS (rdt_document_parent_class)->dispose (object);
}

static void
rdt_document_finalize (GObject *object)
{
  RdtDocument *self = RDT_DOCUMENT (object);

  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->file_findings, g_ptr_array_unref);
  g_clear_pointer (&self->dropped, g_ptr_array_unref);
  g_clear_pointer (&self->dropped_path, g_free);
  g_clear_pointer (&self->removed_temporaries, g_strfreev);
  g_clear_pointer (&self->carried, g_strfreev);

  G_OBJECT_CLASS (rdt_document_parent_class)->finalize (object);
}

static void
rdt_document_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  RdtDocument *self = RDT_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_SCENARIO:
      g_value_set_object (value, self->scenario);
      break;
    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;
    case PROP_DIRTY:
      g_value_set_boolean (value, self->dirty);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
rdt_document_class_init (RdtDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = rdt_document_dispose;
  object_class->finalize = rdt_document_finalize;
  object_class->get_property = rdt_document_get_property;

  properties[PROP_SCENARIO] =
    g_param_spec_object ("scenario", NULL, NULL, RDT_TYPE_SCENARIO,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PATH] =
    g_param_spec_string ("path", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DIRTY] =
    g_param_spec_boolean ("dirty", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
rdt_document_init (RdtDocument *self)
{
  self->undo_stack = rdt_undo_stack_new (self);
  g_signal_connect (self->undo_stack, "changed",
                    G_CALLBACK (on_undo_stack_changed), self);
  rdt_file_stamp_clear (&self->stamp);
  self->file_findings = rdt_diagnostics_new ();
  self->dropped = rdt_diagnostics_new ();
}

/**
 * rdt_document_new:
 * @scenario: (transfer none): a scenario not yet saved anywhere.
 */
RdtDocument *
rdt_document_new (RdtScenario *scenario)
{
  RdtDocument *self;

  g_return_val_if_fail (RDT_IS_SCENARIO (scenario), NULL);

  self = g_object_new (RDT_TYPE_DOCUMENT, NULL);
  self->scenario = g_object_ref (scenario);
  self->path = g_strdup (rdt_scenario_get_path (scenario));
  return self;
}

static RdtScenario *
load_file (const char    *path,
           RdtFileStamp  *out_stamp,
           GPtrArray     *diagnostics,
           GPtrArray     *file_findings,
           GError       **error)
{
  g_autoptr(GBytes) bytes = NULL;
  RdtScenario *scenario;

  bytes = rdt_file_read_bounded (path, RDT_FILE_DEFAULT_MAX_SIZE, out_stamp, error);
  if (bytes == NULL)
    return NULL;
  scenario = rdt_scenario_load_from_bytes_full (bytes, path, diagnostics, file_findings, error);
  if (scenario == NULL)
    return NULL;
  rdt_scenario_set_path (scenario, path);
  rdt_scenario_set_file_stamp (scenario, out_stamp);
  return scenario;
}

/* Takes @findings (the loader's findings about the file at @path) as the
 * file's findings; the dropped ones become what a save over @path drops. */
static void
set_file_findings (RdtDocument *self,
                   const char  *path,
                   GPtrArray   *findings)
{
  g_ptr_array_set_size (self->dropped, 0);
  for (guint i = 0; i < findings->len; i++)
    {
      RdtDiagnostic *d = g_ptr_array_index (findings, i);

      if (d->dropped)
        g_ptr_array_add (self->dropped, rdt_diagnostic_copy (d));
    }
  g_clear_pointer (&self->file_findings, g_ptr_array_unref);
  self->file_findings = g_ptr_array_ref (findings);
  g_free (self->dropped_path);
  self->dropped_path = self->dropped->len > 0 ? g_strdup (path) : NULL;
  self->drop_confirmed = FALSE;
}

/**
 * rdt_document_new_from_file:
 * @diagnostics: (nullable): receives the loader's RdtDiagnostic findings.
 *
 * Returns: (transfer full) (nullable): the document, or NULL with @error set.
 */
RdtDocument *
rdt_document_new_from_file (const char  *path,
                            GPtrArray   *diagnostics,
                            GError     **error)
{
  g_autoptr(RdtScenario) scenario = NULL;
  g_autoptr(GPtrArray) findings = rdt_diagnostics_new ();
  RdtFileStamp stamp;
  RdtDocument *self;

  g_return_val_if_fail (path != NULL, NULL);

  scenario = load_file (path, &stamp, diagnostics, findings, error);
  if (scenario == NULL)
    return NULL;
  self = rdt_document_new (scenario);
  g_free (self->path);
  self->path = g_strdup (path);
  self->stamp = stamp;
  set_file_findings (self, path, findings);
  return self;
}

/**
 * rdt_document_get_scenario:
 *
 * Returns: (transfer none): the scenario; it is replaced by a reload
 *   (notify::scenario).
 */
RdtScenario *
rdt_document_get_scenario (RdtDocument *self)
{
  g_return_val_if_fail (RDT_IS_DOCUMENT (self), NULL);
  return self->scenario;
}

/**
 * rdt_document_get_undo_stack:
 *
 * Returns: (transfer none)
 */
RdtUndoStack *
rdt_document_get_undo_stack (RdtDocument *self)
{
  g_return_val_if_fail (RDT_IS_DOCUMENT (self), NULL);
  return self->undo_stack;
}

const char *
rdt_document_get_path (RdtDocument *self)
{
  g_return_val_if_fail (RDT_IS_DOCUMENT (self), NULL);
  return self->path;
}

char *
rdt_document_dup_display_name (RdtDocument *self)
{
  g_return_val_if_fail (RDT_IS_DOCUMENT (self), NULL);

  if (self->path == NULL)
    {
      const char *title = rdt_scenario_get_title (self->scenario);
      g_autofree char *stripped = g_strstrip (g_strdup (title ? title : ""));

      /* A new map is called by the title given in New Map (issue 16). */
      if (stripped[0] != '\0')
        return g_steal_pointer (&stripped);
      return g_strdup (_("Untitled Map"));
    }
  return g_filename_display_basename (self->path);
}

/**
 * rdt_document_dup_suggested_file_name:
 *
 * The name Save As proposes: the file's base name, or for a new map its
 * title made into a file name (no folder separators, control characters or
 * leading dots; at most 100 characters) with ".redoubt".
 *
 * Returns: (transfer full): a file name in UTF-8.
 */
char *
rdt_document_dup_suggested_file_name (RdtDocument *self)
{
  g_autofree char *name = NULL;
  GString *out;
  guint n = 0;

  g_return_val_if_fail (RDT_IS_DOCUMENT (self), NULL);

  if (self->path != NULL)
    return g_filename_display_basename (self->path);
  name = rdt_document_dup_display_name (self);
  out = g_string_new (NULL);
  for (const char *p = name; *p != '\0' && n < 100; p = g_utf8_next_char (p), n++)
    {
      gunichar c = g_utf8_get_char (p);

      if (c == '/' || c == '\\' || c == ':' || g_unichar_iscntrl (c))
        c = '-';
      if (out->len == 0 && (c == '.' || g_unichar_isspace (c)))
        continue;
      g_string_append_unichar (out, c);
    }
  if (out->len == 0)
    g_string_append (out, _("Untitled Map"));
  g_string_append (out, ".redoubt");
  return g_string_free (out, FALSE);
}

gboolean
rdt_document_get_dirty (RdtDocument *self)
{
  g_return_val_if_fail (RDT_IS_DOCUMENT (self), FALSE);
  return self->dirty;
}

void
rdt_document_set_modified (RdtDocument *self,
                           gboolean     modified)
{
  g_return_if_fail (RDT_IS_DOCUMENT (self));

  self->modified = !!modified;
  update_dirty (self);
}

const RdtFileStamp *
rdt_document_get_stamp (RdtDocument *self)
{
  g_return_val_if_fail (RDT_IS_DOCUMENT (self), NULL);
  return &self->stamp;
}

gboolean
rdt_document_execute (RdtDocument  *self,
                      RdtCommand   *command,
                      GError      **error)
{
  g_return_val_if_fail (RDT_IS_DOCUMENT (self), FALSE);
  return rdt_undo_stack_execute (self->undo_stack, command, error);
}

gboolean
rdt_document_undo (RdtDocument *self)
{
  g_return_val_if_fail (RDT_IS_DOCUMENT (self), FALSE);
  return rdt_undo_stack_undo (self->undo_stack);
}

gboolean
rdt_document_redo (RdtDocument *self)
{
  g_return_val_if_fail (RDT_IS_DOCUMENT (self), FALSE);
  return rdt_undo_stack_redo (self->undo_stack);
}

/* The loader's findings about a file, or NULL when it cannot be read; a
 * file that is not a scenario the loader can build gives one dropped
 * finding (the whole file). */
static GPtrArray *
findings_of_file (const char *path)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GPtrArray) findings = rdt_diagnostics_new ();
  g_autoptr(GPtrArray) diagnostics = rdt_diagnostics_new ();
  g_autoptr(RdtScenario) scenario = NULL;
  g_autoptr(GError) error = NULL;

  bytes = rdt_file_read_bounded (path, RDT_FILE_DEFAULT_MAX_SIZE, NULL, &error);
  if (bytes == NULL)
    return NULL;
  scenario = rdt_scenario_load_from_bytes_full (bytes, path, diagnostics, findings, &error);
  if (scenario == NULL)
    {
      RdtDiagnostic *d = rdt_diagnostic_new (RDT_SEVERITY_ERROR, path, 0, NULL, error->message,
                                             _("open the file in a text editor"));

      d->dropped = TRUE;
      g_ptr_array_add (findings, d);
    }
  return g_steal_pointer (&findings);
}

static gboolean
has_dropped (GPtrArray *findings)
{
  for (guint i = 0; findings != NULL && i < findings->len; i++)
    if (((RdtDiagnostic *) g_ptr_array_index (findings, i))->dropped)
      return TRUE;
  return FALSE;
}

/* Issue 11: PATH.bak may be the only copy of content a confirmed drop took
 * out of PATH.  It is replaced only by a file that also holds content the
 * model cannot keep (the original of a drop being confirmed now), never by
 * one that lost it. */
static gboolean
backup_must_stay (const char *path)
{
  g_autofree char *bak = g_strconcat (path, ".bak", NULL);
  g_autoptr(GPtrArray) bak_findings = NULL;
  g_autoptr(GPtrArray) file_findings = NULL;
  GStatBuf st;

  /* Only a regular file can hold content; anything else at PATH.bak is left
   * to rdt_file_save_atomic() as before. */
  if (g_stat (bak, &st) != 0 || !S_ISREG (st.st_mode))
    return FALSE;
  bak_findings = findings_of_file (bak);
  /* A .bak this version cannot load at all (a newer format version, a file
   * someone put there) counts as holding what the model cannot keep. */
  if (bak_findings != NULL && !has_dropped (bak_findings))
    return FALSE;
  file_findings = findings_of_file (path);
  return file_findings == NULL || !has_dropped (file_findings);
}

/* Whether @a and @b name the same file: the same path, or the same file
 * on disk (a symbolic or hard link, another spelling of the path). */
static gboolean
same_file_on_disk (const char *a,
                   const char *b)
{
  GStatBuf sa, sb;

  if (a == NULL || b == NULL)
    return FALSE;
  if (g_str_equal (a, b))
    return TRUE;
  return g_stat (a, &sa) == 0 && g_stat (b, &sb) == 0 &&
         sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* Saves through the format's canonical writer, which re-validates the bytes
 * it is about to write and replaces the file atomically. */
static gboolean
save_to (RdtDocument  *self,
         const char   *path,
         gboolean      same_file,
         gboolean      overwrite,
         GError      **error)
{
  RdtFileStamp expected;
  gboolean keep_backup;
  gboolean over_dropped = self->dropped->len > 0 &&
                          same_file_on_disk (path, self->dropped_path);

  /* Issue 11: never write over a file content the model could not keep
   * without the user's explicit agreement (nothing is written). */
  if (over_dropped && !self->drop_confirmed)
    {
      g_set_error (error, RDT_DOCUMENT_ERROR, RDT_DOCUMENT_ERROR_WOULD_DROP,
                   ngettext ("Not saving over %s: it holds %u item the editor could not load, which saving would drop",
                             "Not saving over %s: it holds %u items the editor could not load, which saving would drop",
                             self->dropped->len),
                   path, self->dropped->len);
      return FALSE;
    }

  /* The stamp protects the file this document was loaded from; a file chosen
   * with Save As was confirmed by the user in the file chooser, and
   * "overwrite" is the user's answer to "it changed on disk". */
  if (same_file && !overwrite)
    expected = self->stamp;
  else
    rdt_file_stamp_clear (&expected);
  rdt_scenario_set_file_stamp (self->scenario, &expected);
  /* The first save of a session over a file keeps a .bak of it, unless the
   * .bak holds what an earlier confirmed drop took out of the file. */
  keep_backup = !(same_file && self->saved_once);
  self->backup_kept = keep_backup && backup_must_stay (path);
  if (self->backup_kept)
    keep_backup = FALSE;
  rdt_scenario_set_saved_once (self->scenario, !keep_backup);
  if (!rdt_scenario_save_to_file (self->scenario, path, error))
    return FALSE;

  self->stamp = *rdt_scenario_get_file_stamp (self->scenario);
  self->saved_once = TRUE;
  /* Issue 11: temporaries an earlier, killed save of this file left. */
  g_strfreev (self->removed_temporaries);
  self->removed_temporaries = rdt_file_remove_stale_temporaries (path, RDT_FILE_STALE_TEMP_SECONDS);
  /* The file now holds what the model holds: its findings are those of what
   * was written (a writer bug that writes what the loader drops shows up
   * here), and a confirmed drop is done. */
  {
    g_autoptr(GPtrArray) written = findings_of_file (path);
    g_autoptr(GPtrArray) pending = NULL;
    g_autofree char *pending_path = NULL;

    if (!over_dropped && self->dropped->len > 0)
      {
        /* Saved elsewhere: the original still holds what was dropped. */
        pending = g_steal_pointer (&self->dropped);
        self->dropped = rdt_diagnostics_new ();
        pending_path = g_strdup (self->dropped_path);
      }
    if (written == NULL)
      written = rdt_diagnostics_new ();
    set_file_findings (self, path, written);
    if (pending != NULL && !has_dropped (self->file_findings))
      {
        g_ptr_array_unref (self->dropped);
        self->dropped = g_steal_pointer (&pending);
        g_free (self->dropped_path);
        self->dropped_path = g_steal_pointer (&pending_path);
      }
  }
  if (g_strcmp0 (self->path, path) != 0)
    {
      g_free (self->path);
      self->path = g_strdup (path);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PATH]);
    }
  self->modified = FALSE;
  rdt_undo_stack_mark_clean (self->undo_stack);
  update_dirty (self);
  return TRUE;
}

const char * const *
rdt_document_get_removed_temporaries (RdtDocument *self)
{
  static const char *const none[] = { NULL };

  g_return_val_if_fail (RDT_IS_DOCUMENT (self), none);
  return self->removed_temporaries != NULL ? (const char * const *) self->removed_temporaries : none;
}

gboolean
rdt_document_save (RdtDocument  *self,
                   gboolean      overwrite,
                   GError      **error)
{
  g_return_val_if_fail (RDT_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (self->path != NULL, FALSE);

  return save_to (self, self->path, TRUE, overwrite, error);
}

/* The relative file references of the scenario: underlay, counter art, a
 * volume by href (each checked on load to stay inside the folder). */
static GPtrArray *
references_of (RdtScenario *scenario)
{
  GPtrArray *refs = g_ptr_array_new ();
  const RdtUnderlay *underlay = rdt_scenario_get_underlay (scenario);
  const char *volume = rdt_scenario_get_volume_href (scenario);

  if (underlay != NULL && underlay->href != NULL)
    g_ptr_array_add (refs, underlay->href);
  if (volume != NULL)
    g_ptr_array_add (refs, (gpointer) volume);
  for (guint i = 0; i < rdt_scenario_get_n_units (scenario); i++)
    {
      const RdtUnit *unit = rdt_scenario_get_unit (scenario, i);

      if (unit->art_front != NULL)
        g_ptr_array_add (refs, unit->art_front);
      if (unit->art_back != NULL)
        g_ptr_array_add (refs, unit->art_back);
    }
  return refs;
}

static gboolean
same_contents (const char *a,
               const char *b)
{
  g_autofree char *x = NULL, *y = NULL;
  gsize nx = 0, ny = 0;

  return g_file_get_contents (a, &x, &nx, NULL) && g_file_get_contents (b, &y, &ny, NULL)
         && nx == ny && memcmp (x, y, nx) == 0;
}

/* Issue 16: Save As into another folder keeps the file's relative
 * references working: each referenced file is copied to the same relative
 * path beside the new file (never over a different file: the save is then
 * refused, naming it, before anything is written).  References that are
 * already missing are left as they are (the validator reports them). */
static gboolean
carry_files (RdtDocument  *self,
             const char   *path,
             GError      **error)
{
  g_autofree char *old_dir = NULL;
  g_autofree char *new_dir = NULL;
  g_autoptr(GPtrArray) refs = NULL;
  g_autoptr(GPtrArray) to_copy = g_ptr_array_new ();
  g_autoptr(GStrvBuilder) carried = g_strv_builder_new ();

  g_clear_pointer (&self->carried, g_strfreev);
  if (self->path == NULL)
    return TRUE;
  old_dir = g_path_get_dirname (self->path);
  new_dir = g_path_get_dirname (path);
  {
    g_autoptr(GFile) a = g_file_new_for_path (old_dir);
    g_autoptr(GFile) b = g_file_new_for_path (new_dir);

    if (g_file_equal (a, b) || same_file_on_disk (old_dir, new_dir))
      return TRUE;
  }
  refs = references_of (self->scenario);
  /* First check every one, then copy: a refusal writes nothing. */
  for (guint i = 0; i < refs->len; i++)
    {
      const char *ref = g_ptr_array_index (refs, i);
      g_autofree char *from = NULL;
      g_autofree char *to = NULL;

      if (g_path_is_absolute (ref) || strstr (ref, "..") != NULL)
        continue;
      from = g_build_filename (old_dir, ref, NULL);
      to = g_build_filename (new_dir, ref, NULL);
      if (!g_file_test (from, G_FILE_TEST_IS_REGULAR))
        continue;
      if (g_file_test (to, G_FILE_TEST_EXISTS) || g_file_test (to, G_FILE_TEST_IS_SYMLINK))
        {
          if (g_file_test (to, G_FILE_TEST_IS_REGULAR) && !g_file_test (to, G_FILE_TEST_IS_SYMLINK)
              && same_contents (from, to))
            continue;
          g_set_error (error, RDT_DOCUMENT_ERROR, RDT_DOCUMENT_ERROR_FILE_IN_THE_WAY,
                       _("Not saving into %s: the scenario refers to “%s”, and that folder already has "
                         "a different file of that name (copy it yourself, or save elsewhere)"),
                       new_dir, ref);
          return FALSE;
        }
      g_ptr_array_add (to_copy, (gpointer) ref);
    }
  for (guint i = 0; i < to_copy->len; i++)
    {
      const char *ref = g_ptr_array_index (to_copy, i);
      g_autofree char *from_path = g_build_filename (old_dir, ref, NULL);
      g_autofree char *to_path = g_build_filename (new_dir, ref, NULL);
      g_autofree char *to_parent = g_path_get_dirname (to_path);
      g_autoptr(GFile) from = g_file_new_for_path (from_path);
      g_autoptr(GFile) to = g_file_new_for_path (to_path);
      g_autoptr(GError) local = NULL;

      if (g_mkdir_with_parents (to_parent, 0755) != 0
          || (!g_file_copy (from, to, G_FILE_COPY_NONE, NULL, NULL, NULL, &local)
              && !g_error_matches (local, G_IO_ERROR, G_IO_ERROR_EXISTS)))
        {
          g_set_error (error, RDT_DOCUMENT_ERROR, RDT_DOCUMENT_ERROR_FILE_IN_THE_WAY,
                       _("Not saving into %s: cannot copy “%s” there: %s"), new_dir, ref,
                       local ? local->message : g_strerror (errno));
          return FALSE;
        }
      g_strv_builder_add (carried, ref);
    }
  self->carried = g_strv_builder_end (carried);
  return TRUE;
}

gboolean
rdt_document_save_as (RdtDocument  *self,
                      const char   *path,
                      GError      **error)
{
  g_return_val_if_fail (RDT_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (!carry_files (self, path, error))
    return FALSE;
  return save_to (self, path, g_strcmp0 (path, self->path) == 0, TRUE, error);
}

const char * const *
rdt_document_get_carried_files (RdtDocument *self)
{
  static const char *const none[] = { NULL };

  g_return_val_if_fail (RDT_IS_DOCUMENT (self), none);
  return self->carried != NULL ? (const char * const *) self->carried : none;
}

gboolean
rdt_document_reload (RdtDocument  *self,
                     GPtrArray    *diagnostics,
                     GError      **error)
{
  RdtScenario *scenario;
  RdtFileStamp stamp;
  g_autoptr(GPtrArray) findings = rdt_diagnostics_new ();

  g_return_val_if_fail (RDT_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (self->path != NULL, FALSE);

  scenario = load_file (self->path, &stamp, diagnostics, findings, error);
  if (scenario == NULL)
    return FALSE;
  set_file_findings (self, self->path, findings);
  g_clear_object (&self->scenario);
  self->scenario = scenario;
  self->stamp = stamp;
  self->modified = FALSE;
  rdt_undo_stack_clear (self->undo_stack);
  update_dirty (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SCENARIO]);
  return TRUE;
}

gboolean
rdt_document_changed_on_disk (RdtDocument *self)
{
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (RDT_IS_DOCUMENT (self), FALSE);

  if (self->path == NULL || !self->stamp.valid)
    return FALSE;
  return !rdt_file_check_unchanged (self->path, &self->stamp, &error);
}

GPtrArray *
rdt_document_get_file_findings (RdtDocument *self)
{
  g_return_val_if_fail (RDT_IS_DOCUMENT (self), NULL);
  return self->file_findings;
}

GPtrArray *
rdt_document_get_dropped (RdtDocument *self)
{
  g_return_val_if_fail (RDT_IS_DOCUMENT (self), NULL);
  return self->dropped;
}

const char *
rdt_document_get_dropped_path (RdtDocument *self)
{
  g_return_val_if_fail (RDT_IS_DOCUMENT (self), NULL);
  return self->dropped_path;
}

void
rdt_document_confirm_drop (RdtDocument *self)
{
  g_return_if_fail (RDT_IS_DOCUMENT (self));
  self->drop_confirmed = TRUE;
}

gboolean
rdt_document_get_backup_kept (RdtDocument *self)
{
  g_return_val_if_fail (RDT_IS_DOCUMENT (self), FALSE);
  return self->backup_kept;
}

gboolean
rdt_document_check_file (RdtDocument  *self,
                         GError      **error)
{
  g_autoptr(GPtrArray) findings = NULL;

  g_return_val_if_fail (RDT_IS_DOCUMENT (self), FALSE);

  if (self->path == NULL || !g_file_test (self->path, G_FILE_TEST_EXISTS))
    return TRUE;
  findings = findings_of_file (self->path);
  if (findings == NULL)
    {
      g_set_error (error, RDT_FILE_ERROR, RDT_FILE_ERROR_IO,
                   _("Cannot read %s to see what it holds"), self->path);
      return FALSE;
    }
  set_file_findings (self, self->path, findings);
  return TRUE;
}
