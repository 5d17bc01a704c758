/* rdt-game-io.h: saving and loading a game in progress (docs/play.md
 * "Saved games").
 *
 * A saved game is a <game> document in the Redoubt namespace, validated by
 * data/schema/redoubt.rng: the scenario embedded whole (so the game does not
 * depend on the scenario file, which play never changes), the seed, the log of
 * actions, and the turn, phase and state digest it reached.  Loading uses the
 * scenario loader's safe settings (rdt-format-private.h), replays the log and
 * refuses a file whose replay does not reach the recorded digest.  Saving is
 * canonical (the same game gives the same bytes) and atomic
 * (rdt_file_save_atomic).
 */
#pragma once

#include <gio/gio.h>

#include "rdt-game.h"

G_BEGIN_DECLS

/* Saved-game version this program writes and reads (the game-version
 * attribute; format-version is the scenario format's). */
#define RDT_GAME_FILE_VERSION 1

GBytes   *rdt_game_to_bytes        (RdtGame     *game,
                                    GError     **error);
gboolean  rdt_game_save_to_file    (RdtGame     *game,
                                    const char  *path,
                                    GError     **error);
RdtGame  *rdt_game_load_from_bytes (GBytes      *bytes,
                                    const char  *path_for_messages,
                                    GPtrArray   *diagnostics,
                                    GError     **error);
RdtGame  *rdt_game_load_from_file  (const char  *path,
                                    GPtrArray   *diagnostics,
                                    GError     **error);

G_END_DECLS
