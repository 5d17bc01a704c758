/* rdt-gridless-view.c: the read-only gridless scenario window (issue 18). */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "rdt-gridless-view.h"
#include "redoubt-render.h"

/* Pixels per inch of table at zoom 1. */
#define VIEW_SCALE 40.0

gboolean
rdt_gridless_view_is_gridless_file (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileInputStream) in = g_file_read (file, NULL, NULL);
  char buf[4096];
  gssize n;

  if (in == NULL)
    return FALSE;
  n = g_input_stream_read (G_INPUT_STREAM (in), buf, sizeof buf - 1, NULL, NULL);
  if (n <= 0)
    return FALSE;
  buf[n] = '\0';
  /* The first element that is not <?xml?> or <!-- -->. */
  for (const char *p = buf; (p = strchr (p, '<')) != NULL; p++)
    {
      if (p[1] == '?' || p[1] == '!')
        continue;
      return g_str_has_prefix (p + 1, "gridless-scenario");
    }
  return FALSE;
}

static void
draw (GtkDrawingArea *area,
      cairo_t        *cr,
      int             width,
      int             height,
      gpointer        data)
{
  const RdtGridless *g = data;
  RdtGridlessRenderOptions options = { TRUE, TRUE, NULL };

  rdt_gridless_render (cr, g, VIEW_SCALE, &options);
}

GtkWindow *
rdt_gridless_view_new (GtkApplication *application,
                       RdtGridless    *gridless,
                       const char     *path)
{
  GtkWidget *window = gtk_application_window_new (application);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *area = gtk_drawing_area_new ();
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *title = g_strdup_printf (_("%s — %s (Pub Battles, read-only view)"), gridless->title, base);

  gtk_window_set_title (GTK_WINDOW (window), title);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_widget_set_name (area, "gridless-view");
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), (int) (gridless->width * VIEW_SCALE));
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), (int) (gridless->height * VIEW_SCALE));
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw, gridless, (GDestroyNotify) rdt_gridless_free);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), area);
  gtk_window_set_child (GTK_WINDOW (window), scrolled);
  return GTK_WINDOW (window);
}
