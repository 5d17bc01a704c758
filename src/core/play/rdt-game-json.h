/* rdt-game-json.h: the state of a game as JSON (docs/play-json.md; stable:
 * fields are only ever added). */
#pragma once

#include <json-glib/json-glib.h>

#include "rdt-game.h"

G_BEGIN_DECLS

#define RDT_GAME_JSON_VERSION 1

/* (transfer full) the state, and the log when @with_log. */
JsonNode *rdt_game_to_json (RdtGame  *game,
                            gboolean  with_log);

G_END_DECLS
