/* rdt-army-morale.c: the Army Morale Track (16.2) as volume data. */
#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>

#include "rdt-army-morale.h"
#include "rdt-game.h"

struct _RdtMoraleTrack {
  GArray *levels;           /* RdtMoraleLevel, highest "from" first */
};

static void
level_clear (gpointer data)
{
  RdtMoraleLevel *level = data;

  g_clear_pointer (&level->id, g_free);
}

static gboolean
parse_cell (const RdtTable *table,
            const char     *row,
            const char     *column,
            int            *out,
            gboolean       *provisional,
            GError        **error)
{
  gboolean p = FALSE;
  const char *text = rdt_table_lookup (table, row, column, &p);
  gint64 v;

  if (text == NULL || !g_ascii_string_to_signed (text[0] == '+' ? text + 1 : text, 10,
                                                 -99, 999, &v, NULL))
    {
      g_set_error (error, RDT_GAME_ERROR, RDT_GAME_ERROR_DATA,
                   _("16.2: the volume’s Army Morale Track row “%s” has no number in column “%s”"),
                   row, column);
      return FALSE;
    }
  *out = (int) v;
  *provisional = *provisional || p;
  return TRUE;
}

static int
compare_from (gconstpointer a,
              gconstpointer b)
{
  const RdtMoraleLevel *la = a, *lb = b;

  return (lb->from > la->from) - (lb->from < la->from);
}

RdtMoraleTrack *
rdt_morale_track_new (RdtVolume  *volume,
                      GError    **error)
{
  g_autoptr(GArray) levels = g_array_new (FALSE, TRUE, sizeof (RdtMoraleLevel));
  const RdtTable *table;
  RdtMoraleTrack *track;

  g_return_val_if_fail (RDT_IS_VOLUME (volume), NULL);

  g_array_set_clear_func (levels, level_clear);
  table = rdt_volume_find_table (volume, "army-morale-levels");
  for (guint i = 0; table != NULL && i < table->rows->len; i++)
    {
      const RdtTableRow *row = g_ptr_array_index (table->rows, i);
      RdtMoraleLevel level = { 0 };

      if (!parse_cell (table, row->key, "from", &level.from, &level.provisional, error) ||
          !parse_cell (table, row->key, "initiative DRM", &level.initiative_drm,
                       &level.provisional, error) ||
          !parse_cell (table, row->key, "unit morale modifier", &level.morale_modifier,
                       &level.provisional, error))
        return NULL;
      level.id = g_strdup (row->key);
      g_array_append_val (levels, level);
    }
  g_array_sort (levels, compare_from);
  track = g_new0 (RdtMoraleTrack, 1);
  track->levels = g_steal_pointer (&levels);
  return track;
}

void
rdt_morale_track_free (RdtMoraleTrack *track)
{
  if (track == NULL)
    return;
  g_clear_pointer (&track->levels, g_array_unref);
  g_free (track);
}

guint
rdt_morale_track_get_n_levels (const RdtMoraleTrack *track)
{
  return track->levels->len;
}

const RdtMoraleLevel *
rdt_morale_track_get_level (const RdtMoraleTrack *track,
                            guint                 index)
{
  g_return_val_if_fail (index < track->levels->len, NULL);
  return &g_array_index (track->levels, RdtMoraleLevel, index);
}

const RdtMoraleLevel *
rdt_morale_track_level (const RdtMoraleTrack *track,
                        int                   army_morale)
{
  for (guint i = 0; i < track->levels->len; i++)
    {
      const RdtMoraleLevel *level = &g_array_index (track->levels, RdtMoraleLevel, i);

      if (army_morale >= level->from)
        return level;
    }
  return NULL;
}
