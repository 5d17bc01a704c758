#include "config.h"

#include <glib/gi18n.h>

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
  /* Names of the stale temporaries the last save removed (issue 11). */
  char **removed_temporaries;
};

G_DEFINE_FINAL_TYPE (RdtDocument, rdt_document, G_TYPE_OBJECT)

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
  g_clear_pointer (&self->removed_temporaries, g_strfreev);

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
           GError       **error)
{
  g_autoptr(GBytes) bytes = NULL;
  RdtScenario *scenario;

  bytes = rdt_file_read_bounded (path, RDT_FILE_DEFAULT_MAX_SIZE, out_stamp, error);
  if (bytes == NULL)
    return NULL;
  scenario = rdt_scenario_load_from_bytes (bytes, path, diagnostics, error);
  if (scenario == NULL)
    return NULL;
  rdt_scenario_set_path (scenario, path);
  rdt_scenario_set_file_stamp (scenario, out_stamp);
  return scenario;
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
  RdtFileStamp stamp;
  RdtDocument *self;

  g_return_val_if_fail (path != NULL, NULL);

  scenario = load_file (path, &stamp, diagnostics, error);
  if (scenario == NULL)
    return NULL;
  self = rdt_document_new (scenario);
  g_free (self->path);
  self->path = g_strdup (path);
  self->stamp = stamp;
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
    return g_strdup (_("Untitled Map"));
  return g_filename_display_basename (self->path);
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

  /* The stamp protects the file this document was loaded from; a file chosen
   * with Save As was confirmed by the user in the file chooser, and
   * "overwrite" is the user's answer to "it changed on disk". */
  if (same_file && !overwrite)
    expected = self->stamp;
  else
    rdt_file_stamp_clear (&expected);
  rdt_scenario_set_file_stamp (self->scenario, &expected);
  /* The first save of a session over a file keeps a .bak of it. */
  rdt_scenario_set_saved_once (self->scenario, same_file && self->saved_once);
  if (!rdt_scenario_save_to_file (self->scenario, path, error))
    return FALSE;

  self->stamp = *rdt_scenario_get_file_stamp (self->scenario);
  self->saved_once = TRUE;
  /* Issue 11: temporaries an earlier, killed save of this file left. */
  g_strfreev (self->removed_temporaries);
  self->removed_temporaries = rdt_file_remove_stale_temporaries (path, RDT_FILE_STALE_TEMP_SECONDS);
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

gboolean
rdt_document_save_as (RdtDocument  *self,
                      const char   *path,
                      GError      **error)
{
  g_return_val_if_fail (RDT_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  return save_to (self, path, g_strcmp0 (path, self->path) == 0, TRUE, error);
}

gboolean
rdt_document_reload (RdtDocument  *self,
                     GPtrArray    *diagnostics,
                     GError      **error)
{
  RdtScenario *scenario;
  RdtFileStamp stamp;

  g_return_val_if_fail (RDT_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (self->path != NULL, FALSE);

  scenario = load_file (self->path, &stamp, diagnostics, error);
  if (scenario == NULL)
    return FALSE;
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
