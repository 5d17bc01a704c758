/* save-loop-content.h: the two contents that tests/save-loop.c saves in turn
 * and tests/test-file-io.c expects to find, byte for byte. */
#pragma once

#include <glib.h>
#include <string.h>

/* Different sizes and different pseudo-random bytes, so that any torn,
 * truncated or mixed file differs from both. */
#define SAVE_LOOP_SIZE_A ((gsize) 2 * 1024 * 1024)
#define SAVE_LOOP_SIZE_B ((gsize) 2 * 1024 * 1024 + 4097)

static inline GBytes *
save_loop_content (int which)
{
  gsize size = which == 0 ? SAVE_LOOP_SIZE_A : SAVE_LOOP_SIZE_B;
  guint8 *buf = g_malloc (size);
  guint32 x = which == 0 ? 0x9e3779b9u : 0x7f4a7c15u;
  int header;

  for (gsize i = 0; i < size; i++)
    {
      /* xorshift32 */
      x ^= x << 13;
      x ^= x >> 17;
      x ^= x << 5;
      buf[i] = (guint8) x;
    }
  header = g_snprintf ((char *) buf, 64, "<!-- save-loop version %c -->\n", which == 0 ? 'A' : 'B');
  (void) header;
  return g_bytes_new_take (buf, size);
}
