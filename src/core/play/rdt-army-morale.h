/* rdt-army-morale.h: the Army Morale Track of a volume (16.2), read from its
 * "army-morale-levels" table.
 *
 * The rulebooks state each level's Initiative DRM and unit morale modifier
 * (16.21 High +1 / printed morale, 16.22 Fatigued 0 / -1, 16.23 Wavering -1 /
 * -2) but not the army morale values at which the levels begin: those are
 * printed on the track, so the bundled volumes mark them provisional.  An army
 * at 0 is Demoralized and the game ends (16.3): that is a rule, not data.
 *
 * Table rows: key = level id ("high"), columns "from" (the lowest army morale
 * of the level), "initiative DRM", "unit morale modifier".
 */
#pragma once

#include <glib.h>

#include "rdt-volume.h"

G_BEGIN_DECLS

typedef struct {
  char *id;                 /* "high", "fatigued", "wavering" */
  int from;                 /* lowest army morale at this level */
  int initiative_drm;       /* 16.2: added to the initiative roll (6.1) */
  int morale_modifier;      /* 16.2, 15.32: added to every unit's base morale */
  gboolean provisional;     /* a value not stated in the rulebooks */
} RdtMoraleLevel;

typedef struct _RdtMoraleTrack RdtMoraleTrack;

/* The track of @volume; a volume without rows gives an empty track (every
 * army then has no level, and rdt_morale_track_level() returns NULL). */
RdtMoraleTrack       *rdt_morale_track_new     (RdtVolume            *volume,
                                                GError              **error);
void                  rdt_morale_track_free    (RdtMoraleTrack       *track);
guint                 rdt_morale_track_get_n_levels (const RdtMoraleTrack *track);
const RdtMoraleLevel *rdt_morale_track_get_level    (const RdtMoraleTrack *track,
                                                     guint                 index);
/* The level of an army at @army_morale (> 0), or NULL when the track has no
 * level that low or has no rows (the caller says which rule is undecided). */
const RdtMoraleLevel *rdt_morale_track_level   (const RdtMoraleTrack *track,
                                                int                   army_morale);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RdtMoraleTrack, rdt_morale_track_free)

G_END_DECLS
