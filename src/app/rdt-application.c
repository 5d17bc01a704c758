#include "config.h"

#include <glib/gi18n.h>
#include <string.h>
#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

#include "rdt-application.h"
#include "rdt-gridless-io.h"
#include "rdt-gridless-view.h"
#include "rdt-recovery.h"
#include "redoubt-resources.h"
#include "rdt-window.h"

struct _RdtApplication
{
  GtkApplication parent_instance;

  GSettings *settings;
};

G_DEFINE_FINAL_TYPE (RdtApplication, rdt_application, GTK_TYPE_APPLICATION)

/* Whether a session bus is there to be reached, without connecting to it
 * (which may block or start one): its socket exists. */
static gboolean
session_bus_present (void)
{
  const char *address = g_getenv ("DBUS_SESSION_BUS_ADDRESS");
  const char *runtime = g_getenv ("XDG_RUNTIME_DIR");

  if (address != NULL && address[0] != '\0')
    {
      g_autofree char *path = NULL;
      const char *end;

      if (!g_str_has_prefix (address, "unix:path="))
        return TRUE;            /* abstract sockets, TCP: assume it is there */
      end = strchr (address, ',');
      path = end ? g_strndup (address + 10, end - (address + 10)) : g_strdup (address + 10);
      return g_file_test (path, G_FILE_TEST_EXISTS);
    }
  if (runtime != NULL && runtime[0] != '\0')
    {
      g_autofree char *path = g_build_filename (runtime, "bus", NULL);

      return g_file_test (path, G_FILE_TEST_EXISTS);
    }
  return FALSE;
}

static gpointer
choose_settings_backend (gpointer data)
{
  GSettingsBackend *backend = g_settings_backend_get_default ();

  /* dconf writes through D-Bus: without a session bus every change is
   * refused and bound widgets snap back (the underlay opacity slider did not
   * move).  Then the settings live in memory for this session, silently:
   * the editor works as asked, it only does not remember (issue 16). */
  if (g_strcmp0 (G_OBJECT_TYPE_NAME (backend), "DConfSettingsBackend") == 0 && !session_bus_present ())
    {
      g_object_unref (backend);
      backend = g_memory_settings_backend_new ();
    }
  return backend;
}

/**
 * rdt_application_settings_new:
 *
 * The editor's settings (org.redoubt.Redoubt) on the backend this process
 * uses: the default one, or memory when it is dconf and there is no session
 * bus to write through.
 *
 * Returns: (transfer full): a new #GSettings.
 */
GSettings *
rdt_application_settings_new (void)
{
  static GOnce once = G_ONCE_INIT;
  GSettingsBackend *backend = g_once (&once, choose_settings_backend, NULL);

  return g_settings_new_with_backend (APPLICATION_ID, backend);
}

static RdtWindow *
new_window (RdtApplication *self)
{
  return rdt_window_new (self);
}

/* Offers the recovery files a crashed or killed session left behind, one
 * window each; returns TRUE if any was restored. */
static gboolean
offer_recovery (RdtApplication *self)
{
  g_autoptr(GPtrArray) orphans = rdt_recovery_list_orphans ();

  if (orphans->len == 0)
    return FALSE;
  for (guint i = 0; i < orphans->len; i++)
    {
      RdtRecoveryEntry *entry = g_ptr_array_index (orphans, i);
      RdtWindow *window;

      /* A gridless scenario's autosave (issue 18) is offered in a gridless
       * window on its file (or on the autosave when the file is gone). */
      if (rdt_gridless_view_is_gridless_file (entry->data_path))
        {
          const char *path = entry->original_path != NULL
                             && rdt_gridless_view_is_gridless_file (entry->original_path)
                             ? entry->original_path : entry->data_path;
          RdtGridless *g = rdt_gridless_load_from_file (path, NULL, NULL);
          GtkWindow *gw;

          if (g == NULL)
            continue;
          gw = rdt_gridless_view_new (GTK_APPLICATION (self), g,
                                      entry->original_path != NULL ? entry->original_path : path);
          gtk_window_present (gw);
          rdt_gridless_view_offer_recovery (rdt_gridless_view_get_area (gw), entry->id, entry->data_path);
          continue;
        }
      window = new_window (self);

      gtk_window_present (GTK_WINDOW (window));
      rdt_window_offer_recovery (window, g_ptr_array_index (orphans, i));
    }
  return TRUE;
}

static void
rdt_application_activate (GApplication *app)
{
  RdtApplication *self = RDT_APPLICATION (app);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window != NULL)
    {
      gtk_window_present (window);
      return;
    }
  if (offer_recovery (self))
    return;
  window = GTK_WINDOW (new_window (self));
  gtk_window_present (window);
}

static void
rdt_application_open (GApplication  *app,
                      GFile        **files,
                      int            n_files,
                      const char    *hint)
{
  RdtApplication *self = RDT_APPLICATION (app);

  offer_recovery (self);
  for (int i = 0; i < n_files; i++)
    {
      RdtWindow *window = new_window (self);
      g_autofree char *path = g_file_get_path (files[i]);

      /* A gridless scenario (issue 18) opens in a window of its own: the
       * hex window is only there to report a refusal. */
      if (path != NULL && rdt_gridless_view_is_gridless_file (path))
        {
          if (rdt_window_open_file (window, files[i]))
            {
              gtk_window_destroy (GTK_WINDOW (window));
            }
          else
            gtk_window_present (GTK_WINDOW (window));
          continue;
        }
      gtk_window_present (GTK_WINDOW (window));
      rdt_window_open_file (window, files[i]);
    }
}

static void
app_quit (GSimpleAction *action,
          GVariant      *parameter,
          gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  GList *windows = g_list_copy (gtk_application_get_windows (app));

  /* Each window asks about its own unsaved changes. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
  g_list_free (windows);
}

static void
app_new_window (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  gtk_window_present (GTK_WINDOW (new_window (RDT_APPLICATION (user_data))));
}

static void
app_about (GSimpleAction *action,
           GVariant      *parameter,
           gpointer       user_data)
{
  GtkApplication *app = GTK_APPLICATION (user_data);
  static const char *authors[] = { "The Redoubt developers", NULL };

  gtk_show_about_dialog (gtk_application_get_active_window (app),
                         "program-name", _("Redoubt"),
                         "logo-icon-name", APPLICATION_ID,
                         "version", PACKAGE_VERSION,
                         "comments", _("Map, counter and scenario editor for the Battles of the American Revolution wargames"),
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "authors", authors,
                         /* Translators: put your names here, one per line. */
                         "translator-credits", _("translator-credits"),
                         "website", "https://github.com/redoubt/redoubt",
                         NULL);
}

static void
app_preferences (GSimpleAction *action,
                 GVariant      *parameter,
                 gpointer       user_data)
{
  RdtApplication *self = RDT_APPLICATION (user_data);

  rdt_window_show_preferences (RDT_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (self))),
                               self->settings);
}

static const GActionEntry app_actions[] = {
  { .name = "quit", .activate = app_quit, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "new-window", .activate = app_new_window, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "about", .activate = app_about, .parameter_type = NULL, .state = NULL, .change_state = NULL },
  { .name = "preferences", .activate = app_preferences, .parameter_type = NULL, .state = NULL, .change_state = NULL },
};

/* Every accelerator of the editor, in one place. */
static const struct {
  const char *action;
  const char *accels[3];
} accels[] = {
  { "app.quit", { "<Control>q", NULL } },
  { "app.new-window", { "<Control><Shift>n", NULL } },
  { "app.preferences", { "<Control>comma", NULL } },
  { "win.new", { "<Control>n", NULL } },
  { "win.open", { "<Control>o", NULL } },
  { "win.save", { "<Control>s", NULL } },
  { "win.save-as", { "<Control><Shift>s", NULL } },
  { "win.export", { "<Control>e", NULL } },
  { "win.zoom-fit", { "<Control>9", "<Control>KP_9", NULL } },
  { "win.print", { "<Control>p", NULL } },
  /* Issue 13: play mode. */
  { "win.play", { "<Control><Shift>p", NULL } },
  { "win.next-phase", { "<Control>Return", NULL } },
  { "win.close", { "<Control>w", NULL } },
  { "win.undo", { "<Control>z", NULL } },
  { "win.redo", { "<Control><Shift>z", "<Control>y", NULL } },
  { "win.flip-hexside", { "<Alt>x", NULL } },
  { "win.unit-flip", { "<Control>r", NULL } },
  { "win.unit-edit", { "F2", NULL } },
  { "win.unit-status::parade", { "<Control><Alt>p", NULL } },
  { "win.unit-status::disrupted", { "<Control><Alt>d", NULL } },
  { "win.unit-status::shattered", { "<Control><Alt>s", NULL } },
  { "win.unit-state::pinned", { "<Control><Alt>n", NULL } },
  { "win.unit-state::first-fire", { "<Control><Alt>f", NULL } },
  { "win.unit-box::eliminated", { "<Control><Alt>e", NULL } },
  { "win.unit-box::captured", { "<Control><Alt>c", NULL } },
  /* Issue 16: Take Off the Map, the one counter-menu item without a key. */
  { "win.unit-unplace", { "<Control><Alt>u", NULL } },
  { "win.unit-raise", { "<Control>Up", NULL } },
  { "win.unit-lower", { "<Control>Down", NULL } },
  { "win.unit-to-top", { "<Control><Shift>Up", NULL } },
  { "win.unit-to-bottom", { "<Control><Shift>Down", NULL } },
  { "win.show-help-overlay", { "<Control>question", NULL } },
  { "win.tool::select", { "<Alt>s", NULL } },
  { "win.tool::brush", { "<Alt>b", NULL } },
  { "win.tool::fill", { "<Alt>f", NULL } },
  { "win.tool::pick", { "<Alt>i", NULL } },
  { "win.tool::hexside", { "<Alt>h", NULL } },
  { "win.tool::road", { "<Alt>r", NULL } },
  { "win.tool::area", { "<Alt>a", NULL } },
  { "win.tool::location", { "<Alt>l", NULL } },
  { "win.tool::counter", { "<Alt>c", NULL } },
  { "win.tool::calibrate", { "<Alt>k", NULL } },
};

static void
rdt_application_startup (GApplication *app)
{
  RdtApplication *self = RDT_APPLICATION (app);
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

  G_APPLICATION_CLASS (rdt_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions,
                                   G_N_ELEMENTS (app_actions), app);
  for (gsize i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app),
                                           accels[i].action, accels[i].accels);

  gtk_css_provider_load_from_resource (css, "/org/redoubt/Redoubt/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  gtk_window_set_default_icon_name (APPLICATION_ID);

  if (self->settings == NULL)
    self->settings = rdt_application_settings_new ();
}

static void
rdt_application_dispose (GObject *object)
{
  RdtApplication *self = RDT_APPLICATION (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (rdt_application_parent_class)->dispose (object);
}

static void
rdt_application_class_init (RdtApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = rdt_application_dispose;
  app_class->startup = rdt_application_startup;
  app_class->activate = rdt_application_activate;
  app_class->open = rdt_application_open;
}

static void
rdt_application_init (RdtApplication *self)
{
  /* The resources live in a static library: referencing them keeps the
   * linker from dropping them (their constructor registers them). */
  (void) redoubt_get_resource ();
}

RdtApplication *
rdt_application_new (void)
{
  return g_object_new (RDT_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE,
                       "resource-base-path", "/org/redoubt/Redoubt",
                       NULL);
}

GSettings *
rdt_application_get_settings (RdtApplication *self)
{
  g_return_val_if_fail (RDT_IS_APPLICATION (self), NULL);
  return self->settings;
}
