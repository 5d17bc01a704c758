/* save-loop.c: a helper of tests/test-file-io.c.  Saves the two contents of
 * save-loop-content.h alternately to TARGET, forever, with the stamp check and
 * a .bak on every save, until it is killed.  When its first save is complete
 * it writes "r USEC" to stdout (USEC: how long that save took), so that the
 * parent's random delays start from there and fall at random moments of the
 * following saves. */
#include "config.h"

#include <stdio.h>
#include <unistd.h>

#include "rdt-file-io.h"
#include "save-loop-content.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GBytes) a = NULL;
  g_autoptr(GBytes) b = NULL;
  g_autoptr(GBytes) current = NULL;
  g_autoptr(GError) error = NULL;
  RdtFileStamp stamp;
  const char *target;
  gint64 start;

  if (argc != 2)
    {
      fprintf (stderr, "usage: save-loop TARGET\n");
      return 2;
    }
  target = argv[1];

  a = save_loop_content (0);
  b = save_loop_content (1);
  current = rdt_file_read_bounded (target, 0, &stamp, &error);
  if (current == NULL)
    {
      fprintf (stderr, "save-loop: %s\n", error->message);
      return 1;
    }

  start = g_get_monotonic_time ();
  for (guint64 i = 0;; i++)
    {
      /* Write whichever version is not on disk now, so every save changes
       * the file. */
      GBytes *next = g_bytes_equal (current, a) ? b : a;
      RdtFileStamp new_stamp;

      if (!rdt_file_save_atomic (target,
                                 g_bytes_get_data (next, NULL), g_bytes_get_size (next),
                                 &stamp, RDT_SAVE_KEEP_BACKUP, &new_stamp, &error))
        {
          fprintf (stderr, "save-loop: save %" G_GUINT64_FORMAT ": %s\n", i, error->message);
          return 1;
        }
      stamp = new_stamp;
      g_bytes_unref (current);
      current = g_bytes_ref (next);
      if (i == 0)
        {
          /* "ready", and how long that save took, so the parent can spread
           * its kills over a whole save however loaded the machine is. */
          char line[64];
          int n = g_snprintf (line, sizeof line, "r %" G_GINT64_FORMAT "\n",
                              g_get_monotonic_time () - start);
          if (write (STDOUT_FILENO, line, n) != n)
            return 1;
        }
      start = g_get_monotonic_time ();
    }

  return 0;
}
